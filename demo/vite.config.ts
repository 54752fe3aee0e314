import { fileURLToPath } from 'node:url'
import { defineConfig, type Rollup } from 'vite'
import { demoBackend } from './server/demoBackend.js'
import { DEFAULT_DEMO_PORT, demoStartupProblem } from './server/demoStartupProblem.js'

const demoRoot = fileURLToPath(new URL('.', import.meta.url))
const repositoryRoot = fileURLToPath(new URL('..', import.meta.url))

// Checked once per process: when Vite reloads this file on a change, the page's port is busy with
// its own previous server.
const CHECKED = Symbol.for('embedded-wallet-auth.demo.startup-checked')
const startup = globalThis as { [CHECKED]?: boolean }

export default defineConfig(async ({ command }) => {
  if (command === 'serve' && !startup[CHECKED]) {
    startup[CHECKED] = true
    // A busy port or a wrong setting is one sentence naming the variable to set, not a stack trace.
    const problem = await demoStartupProblem(process.env)
    if (problem) {
      console.error(`\n  ${problem}\n`)
      process.exit(1)
    }
  }
  return {
    root: demoRoot,
    // Its own pre-bundle cache, so that the demo and the browser tests do not invalidate each other's.
    cacheDir: fileURLToPath(new URL('../node_modules/.vite/demo', import.meta.url)),
    server: {
      // WebAuthn refuses IP hosts: the page must be on localhost.
      host: 'localhost',
      port: Number(process.env.DEMO_PORT?.trim() || DEFAULT_DEMO_PORT),
      strictPort: true,
      // The relay answers CORS itself, for the signer's origin only (withSignerOrigins); Vite's own
      // CORS would answer the signer's preflights first, and for any localhost origin.
      cors: false,
      // The page imports the kit from ../src.
      fs: { allow: [repositoryRoot] },
      // DEMO_WATCH=0 (the e2e suite): no file watching and no live reload, so that an edit made
      // while the suite runs does not reload a page in the middle of a test.
      ...(process.env.DEMO_WATCH === '0' ? { hmr: false, watch: null } : {}),
    },
    plugins: [demoBackend()],
    // Pre-bundled up front: discovering them mid-session reloads the page.
    optimizeDeps: { include: ['idb-keyval', '@simplewebauthn/browser', '@hpke/core', 'zod/mini'] },
    build: {
      target: 'es2022',
      // @hpke/common imports Node's "crypto" only where `globalThis.crypto` is missing (Node 18 and
      // older); a browser never reaches it, so Vite's "externalized for browser compatibility" is noise.
      rollupOptions: {
        onwarn(warning: Rollup.RollupLog, warn: Rollup.LoggingFunction) {
          if (!warning.message.includes('@hpke/common')) warn(warning)
        },
      },
    },
  }
})
