import { fileURLToPath } from 'node:url'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { thirdPartyLicenses } from './bench/install/thirdPartyLicenses.js'
import { entrySources } from './build/entrySources.mjs'
import packageJson from './package.json' with { type: 'json' }
import { chromiumLaunchOptions } from './test/browser/chromium.mjs'
import { commands } from './test/browser/commands.js'
import { walletBackend } from './test/browser/walletBackend.js'

// One library entry per subpath export of package.json (`.` is `index`, `./x` is `x`), and the CLI.
const ENTRIES = [...entrySources(packageJson.exports)].map(([subpath, source]) => [
  subpath === '.' ? 'index' : subpath.slice(2),
  source,
])

// What the package's user installs stays outside the bundle: its dependencies (what the browser
// code runs) and its optional peers. The relay's and sandbox's server-only libraries are
// devDependencies, bundled into the Node entries, so a browser app does not install them.
const external = [
  ...Object.keys(packageJson.dependencies),
  ...Object.keys((packageJson as { peerDependencies?: Record<string, string> }).peerDependencies ?? {}),
]

// React 18 for the React wrappers' browser test: its own package, test/fixtures/react18 (`npm test`
// installs it first, test/fixtures/ensureFixtures.mjs), apart from the root's React 19. The test
// imports it as react18 and react-dom18; from inside the fixture, react-dom finds the fixture's react.
const REACT_18 = fileURLToPath(new URL('./test/fixtures/react18/node_modules/', import.meta.url))
const react18Aliases = { react18: `${REACT_18}react`, 'react-dom18': `${REACT_18}react-dom` }

export default defineConfig({
  // dist/THIRD-PARTY-LICENSES.md: the notices of the libraries bundled into the Node entries.
  plugins: [thirdPartyLicenses()],
  build: {
    target: 'es2022',
    sourcemap: true,
    lib: {
      entry: {
        ...Object.fromEntries(ENTRIES),
        'sandbox-cli': 'src/sandbox/cli.ts',
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: (id) =>
        id.startsWith('node:') || external.some((dep) => id === dep || id.startsWith(`${dep}/`)),
      output: { chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
  // WebAuthn refuses IP hosts: the browser tests' page must be on localhost.
  server: { host: 'localhost' },
  test: {
    // test/RELIABILITY.md is written from the figures the reliability tests record.
    reporters: ['default', './test/reliability/reliabilityReporter.ts'],
    // No test may fail for being slow on a busy machine (2 cores kept at load 10): a test waits for
    // conditions, each with its own bound, and the whole test gets a minute, not Vitest's 5 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.browser.test.ts'],
        },
      },
      {
        extends: true,
        // The page's own backend: the relay in front of an in-process sandbox, same-origin.
        plugins: [walletBackend()],
        resolve: { alias: react18Aliases },
        // Pre-bundled up front: discovering them mid-run reloads the page under the tests.
        optimizeDeps: {
          include: [
            'idb-keyval',
            '@simplewebauthn/browser',
            '@hpke/core',
            'zod/mini',
            // The elements' tests: axe-core, and the frameworks they are rendered in.
            'axe-core',
            'react',
            'react-dom',
            'react-dom/client',
            'react18',
            'react-dom18',
            'react-dom18/client',
            'vue',
          ],
        },
        test: {
          name: 'browser',
          include: ['test/**/*.browser.test.ts'],
          // A condition a test waits for gets 15 s, not 1: the browser tests share two cores with
          // the node tests, and a sign-in through relay and sandbox took seconds under load.
          expect: { poll: { timeout: 15_000 } },
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: 'chromium' }],
            api: { host: 'localhost' },
            commands,
          },
        },
      },
    ],
  },
})
