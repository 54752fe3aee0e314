// The cross-engine runner's page server: the test page and, same-origin, the browser tests'
// backend (the relay in front of an in-process sandbox).
import { defineConfig } from 'vite'
import { walletBackend } from '../browser/walletBackend.js'

export default defineConfig({
  root: new URL('../..', import.meta.url).pathname,
  plugins: [walletBackend()],
  // WebAuthn refuses IP hosts, and the page's origin is the relay's allowed one.
  server: { host: 'localhost', port: 0, hmr: false },
  cacheDir: 'node_modules/.vite/engines',
  // Every dependency pre-bundled before the first load: one found mid-run would reload the page.
  optimizeDeps: {
    entries: ['test/engines/page.html'],
    include: [
      'idb-keyval',
      '@simplewebauthn/browser',
      '@hpke/core',
      'zod/mini',
      '@noble/curves/nist.js',
      'axe-core',
    ],
    noDiscovery: true,
  },
  logLevel: 'warn',
})
