import { playwright } from '@vitest/browser-playwright'
import type { Plugin as EsbuildPlugin } from 'esbuild'
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

// React 18 for the React wrappers' browser test, installed as react18 and react-dom18 beside the
// root's React 19. react-dom18 requires `react` and `react-dom` by name, which npm cannot give it
// (.npmrc): in the pre-bundle, those two names from inside react-dom18 are react18 and react-dom18.
const react18Deps: EsbuildPlugin = {
  name: 'react18-deps',
  setup(build) {
    build.onResolve({ filter: /^react(-dom)?$/ }, (args) =>
      /[\\/]node_modules[\\/]react-dom18[\\/]/.test(args.importer)
        ? build.resolve(`${args.path}18`, { kind: args.kind, resolveDir: args.resolveDir })
        : undefined,
    )
  },
}

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
          esbuildOptions: { plugins: [react18Deps] },
        },
        test: {
          name: 'browser',
          include: ['test/**/*.browser.test.ts'],
          // A condition a test waits for gets 5 s, not 1: the browser tests share two cores with
          // the node tests, and a sign-in through relay and sandbox took over a second under load.
          expect: { poll: { timeout: 5_000 } },
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
