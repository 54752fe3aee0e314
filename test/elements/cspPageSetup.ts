// First module of the strict-CSP page (see cspAgent.ts): what must hold before the kit loads.
import { config } from 'zod/mini'

// Without 'unsafe-eval', zod must not build parsers with `new Function` (its probe alone would be
// a violation): the README's advice, as an app under this policy follows it.
config({ jitless: true })

// Vitest's transform routes the kit's dynamic imports (HPKE, loaded on first use) through its
// runner; a page of our own has none, so they load as they are.
const global = globalThis as { __vitest_browser_runner__?: unknown }
global.__vitest_browser_runner__ ??= { wrapDynamicImport: (load: () => unknown) => load() }
