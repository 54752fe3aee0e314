// Bundle size as an app built with Vite ships it: a production app build (Rollup, esbuild minify,
// es2022), dependencies included, dynamic import() targets split into lazy chunks. Not a library build:
// Vite leaves whitespace in library-mode ES output, which no app ships. Nothing is written to disk.
import { build } from 'vite'
import { entrySource, ROOT, splitChunks } from './chunkGraph.mjs'

const ENTRY = 'virtual:size-entry'
const LAZY = 'virtual:size-lazy' // a stand-in lazy module, for vitePreloadHelperSize()

/** Vite config for one virtual entry; the repo's vite.config.ts (library build, deps external) is not read. */
const config = (source, onwarn) => ({
  configFile: false,
  envDir: false,
  publicDir: false,
  root: ROOT,
  mode: 'production',
  logLevel: 'silent',
  plugins: [
    {
      name: 'size-entry',
      resolveId: (id) => (id === ENTRY || id === LAZY ? `\0${id}` : null),
      load: (id) => (id === `\0${ENTRY}` ? source : id === `\0${LAZY}` ? 'export const lazy = 1' : null),
    },
  ],
  build: {
    write: false,
    target: 'es2022',
    reportCompressedSize: false,
    rollupOptions: {
      input: ENTRY,
      // Keep every export (an app uses the whole entry) but let Rollup add exports to the entry chunk,
      // as in an app build, rather than emit a re-export facade chunk.
      preserveEntrySignatures: 'allow-extension',
      onwarn,
    },
  },
})

async function chunksOf(source) {
  const warnings = []
  const result = await build(config(source, (warning) => warnings.push(warning.code ?? 'WARNING')))
  const output = (Array.isArray(result) ? result[0] : result).output
  const chunks = new Map()
  let entry
  for (const chunk of output) {
    if (chunk.type !== 'chunk') continue
    if (chunk.isEntry) entry = chunk.fileName
    chunks.set(chunk.fileName, {
      code: chunk.code,
      imports: chunk.imports,
      // Rollup lists tree-shaken modules too, with nothing rendered.
      modules: Object.entries(chunk.modules)
        .filter(([, module]) => module.renderedLength > 0)
        .map(([id]) => (id.startsWith(ROOT) ? id.slice(ROOT.length) : id)), // as esbuild names them
    })
  }
  return { chunks, entry, warnings }
}

/**
 * → { initial, lazy, modules, warnings, ms }: initial/lazy as from splitChunks; modules = every source
 * path rendered into the bundle; warnings = Rollup warning codes with their counts.
 */
export async function viteSize(specifiers) {
  const started = performance.now()
  const { chunks, entry, warnings } = await chunksOf(entrySource(specifiers))
  const counts = {}
  for (const code of warnings) counts[code] = (counts[code] ?? 0) + 1
  return {
    ...splitChunks(chunks, entry),
    modules: [...chunks.values()].flatMap((chunk) => chunk.modules),
    warnings: counts,
    ms: Math.round(performance.now() - started),
  }
}

/**
 * Gzipped bytes of Vite's own preload helper, which an app build adds to the initial chunk of any
 * entry with an import() (once per app): an entry that is nothing but one dynamic import.
 */
export async function vitePreloadHelperSize() {
  const { chunks, entry } = await chunksOf(`export const load = () => import(${JSON.stringify(LAZY)})`)
  return splitChunks(chunks, entry).initial.gzip
}
