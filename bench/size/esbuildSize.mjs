// Bundle size as an app bundled with esbuild ships it: minified ESM for the browser, dependencies
// included, dynamic import() targets split into lazy chunks. Nothing is written to disk.
import { build } from 'esbuild'
import { entrySource, ROOT, splitChunks } from './chunkGraph.mjs'

const virtualEntry = (source) => ({
  name: 'virtual-entry',
  setup(b) {
    b.onResolve({ filter: /^virtual:entry$/ }, () => ({ path: 'entry', namespace: 'virtual' }))
    b.onLoad({ filter: /.*/, namespace: 'virtual' }, () => ({
      contents: source,
      resolveDir: ROOT,
      loader: 'js',
    }))
  },
})

/**
 * → { initial, lazy, inputs, ms }: initial/lazy as from splitChunks; inputs = every source path in the
 * bundle (lazy chunks included), for checks of what an entry pulls in. `source`: the entry module,
 * by default one re-exporting everything of `specifiers` (an app importing one name would say so);
 * `plugins`: more esbuild plugins (one that stands in for a package, to see what it costs).
 */
export async function esbuildSize(specifiers, { source = entrySource(specifiers), plugins = [] } = {}) {
  const started = performance.now()
  // Browser platform + minify also sets process.env.NODE_ENV to "production", as an app build does.
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['virtual:entry'],
    plugins: [virtualEntry(source), ...plugins],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    splitting: true,
    outdir: 'bench/out/size', // only names the chunks: nothing is written
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const contents = new Map(result.outputFiles.map((file) => [file.path, file.contents]))
  const chunks = new Map()
  let entry
  for (const [path, output] of Object.entries(result.metafile.outputs)) {
    if (!path.endsWith('.js')) continue
    if (output.entryPoint === 'virtual:entry') entry = path // dynamic import() targets are entry points too
    chunks.set(path, {
      code: contents.get(`${ROOT}${path}`),
      imports: output.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path),
      modules: Object.keys(output.inputs),
    })
  }
  return {
    ...splitChunks(chunks, entry),
    inputs: Object.keys(result.metafile.inputs),
    ms: Math.round(performance.now() - started),
  }
}
