// The page's Content-Security-Policy has no 'unsafe-eval': zod must not compile its parsers with
// `new Function`. main.ts imports this module first, before any of the kit's.
import { config } from 'zod/mini'

config({ jitless: true })
