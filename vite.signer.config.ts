// The signer document (dist/signer-document/): the page an integrator serves on an origin of its
// own, and its one module, self-contained (dynamic imports inlined), pinned by the page's integrity.
import { defineConfig } from 'vite'
import { minifyChunks } from './build/minifyChunks.js'
import { noNodeBuiltins } from './build/noNodeBuiltins.js'
import { ownJitlessZod } from './build/ownJitlessZod.js'
import { signerDocument } from './build/signerDocument.js'
import packageJson from './package.json' with { type: 'json' }

export default defineConfig({
  plugins: [
    noNodeBuiltins(),
    ownJitlessZod(),
    signerDocument({ package: packageJson.name, version: packageJson.version }),
  ],
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: 'dist/signer-document',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    lib: { entry: { signer: 'src/signer/signerDocument.ts' }, formats: ['es'], fileName: () => 'signer.js' },
    rollupOptions: {
      output: { inlineDynamicImports: true, plugins: [minifyChunks()] },
      onwarn: (warning, warn) => warning.code === 'INVALID_ANNOTATION' || warn(warning),
    },
  },
})
