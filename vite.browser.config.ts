// The no-bundler browser files (dist/browser/): the kit's browser entries as self-contained ES
// modules with relative imports only, for pages without a bundler or an import map, under a strict
// CSP. `npm run build` writes them after the package's own build.
import { defineConfig } from 'vite'
import { thirdPartyLicenses } from './bench/thirdPartyLicenses.js'
import { BROWSER_ENTRIES } from './build/browserEntries.js'
import { integrityManifest } from './build/integrityManifest.js'
import { minifyChunks } from './build/minifyChunks.js'
import { noNodeBuiltins } from './build/noNodeBuiltins.js'
import { ownJitlessZod } from './build/ownJitlessZod.js'
import packageJson from './package.json' with { type: 'json' }

export default defineConfig({
  plugins: [
    noNodeBuiltins(),
    ownJitlessZod(),
    thirdPartyLicenses(),
    integrityManifest({ package: packageJson.name, version: packageJson.version }),
  ],
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: 'dist/browser',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    lib: { entry: BROWSER_ENTRIES, formats: ['es'], fileName: (_format, name) => `${name}.js` },
    rollupOptions: {
      output: { chunkFileNames: 'chunks/[hash].js', plugins: [minifyChunks()] },
      // Dependencies' comments Rollup cannot read as annotations (it drops them): nothing to act on.
      onwarn: (warning, warn) => warning.code === 'INVALID_ANNOTATION' || warn(warning),
    },
  },
})
