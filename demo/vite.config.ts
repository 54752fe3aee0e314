import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { demoBackend } from './server/demoBackend.js'

const demoRoot = fileURLToPath(new URL('.', import.meta.url))
const repositoryRoot = fileURLToPath(new URL('..', import.meta.url))

export default defineConfig({
  root: demoRoot,
  // Its own pre-bundle cache, so that the demo and the browser tests do not invalidate each other's.
  cacheDir: fileURLToPath(new URL('../node_modules/.vite/demo', import.meta.url)),
  server: {
    // WebAuthn refuses IP hosts: the page must be on localhost.
    host: 'localhost',
    port: Number(process.env.DEMO_PORT ?? 5173),
    strictPort: true,
    // The page imports the kit from ../src.
    fs: { allow: [repositoryRoot] },
  },
  plugins: [demoBackend()],
  // Pre-bundled up front: discovering them mid-session reloads the page.
  optimizeDeps: { include: ['idb-keyval', '@simplewebauthn/browser', '@hpke/core', 'zod/mini'] },
  build: { target: 'es2022' },
})
