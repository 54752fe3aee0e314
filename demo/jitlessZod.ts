// The page runs under a Content-Security-Policy without 'unsafe-eval'. zod decides whether to
// compile its object parsers with `new Function` when each object schema is built, so it must be
// told not to before any schema module runs: main.ts imports this module first.
import { config } from 'zod/mini'

config({ jitless: true })
