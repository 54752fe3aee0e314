// The no-bundler browser files (dist/browser/): the kit's browser entries as self-contained ES
// modules, for pages without a bundler or an import map, under a strict CSP. `npm run build`
// writes them after the package's own build.
//
// One build per entry, its lazy imports inlined: a file imports nothing, so the page's
// `<script type="module" integrity>` pins every byte of it that can run. A module imported by
// another is fetched without an integrity of its own (after a `modulepreload` refused it, a lazy
// `import()` fetched it again and ran it), and only import maps pin one, not in every engine.
import { defineConfig, type EnvironmentOptions } from 'vite'
import { thirdPartyLicenses } from './bench/install/thirdPartyLicenses.js'
import { BROWSER_ENTRIES } from './build/browserEntries.js'
import { integrityManifest } from './build/integrityManifest.js'
import { minifyChunks } from './build/minifyChunks.js'
import { noNodeBuiltins } from './build/noNodeBuiltins.js'
import { ownJitlessZod } from './build/ownJitlessZod.js'
import packageJson from './package.json' with { type: 'json' }

const NAMES = Object.keys(BROWSER_ENTRIES)
// Vite's environment names are identifiers; a file's name may have a dash (signer-client.js).
const environmentOf = (name: string) => name.replaceAll(/\W/g, '_')

/** The build of one entry; the first one empties dist/browser, the others add to it. */
const entryBuild = (name: string): EnvironmentOptions => ({
  consumer: 'client',
  build: {
    emptyOutDir: name === NAMES[0],
    rollupOptions: {
      input: { [name]: BROWSER_ENTRIES[name] as string },
      output: { inlineDynamicImports: true },
    },
  },
})

export default defineConfig({
  plugins: [
    noNodeBuiltins(),
    ownJitlessZod(),
    thirdPartyLicenses(),
    integrityManifest({ package: packageJson.name, version: packageJson.version }),
  ],
  define: { 'process.env.NODE_ENV': '"production"' },
  environments: Object.fromEntries(NAMES.map((name) => [environmentOf(name), entryBuild(name)])),
  // One after the other, sharing the plugins: integrity.json and the licences cover every file.
  builder: {
    sharedConfigBuild: true,
    sharedPlugins: true,
    buildApp: async (builder) => {
      for (const name of NAMES) {
        const environment = builder.environments[environmentOf(name)]
        if (environment) await builder.build(environment)
      }
    },
  },
  build: {
    outDir: 'dist/browser',
    target: 'es2022',
    sourcemap: false,
    // Library mode: also what keeps Vite's preload helper (and its injected links) out.
    lib: { entry: BROWSER_ENTRIES, formats: ['es'], fileName: (_format, name) => `${name}.js` },
    rollupOptions: {
      output: { plugins: [minifyChunks()] },
      // Dependencies' comments Rollup cannot read as annotations (it drops them): nothing to act on.
      onwarn: (warning, warn) => warning.code === 'INVALID_ANNOTATION' || warn(warning),
    },
  },
})
