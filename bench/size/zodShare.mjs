// What zod costs an entry's first load: its size minus its size built with zod's exports replaced by
// a stand-in that does nothing. The schemas are still built (as calls of the stand-in), so what is
// left over is zod's own code.
import * as zod from 'zod/mini'
import { esbuildSize } from './esbuildSize.mjs'

// Every name zod/mini exports, each the same callable that returns itself, whatever is read of it.
const STAND_IN = `const s = new Proxy(() => s, { get: () => s })
export { ${Object.keys(zod)
  .map((name) => `s as ${name}`)
  .join(', ')} }`

const withoutZod = {
  name: 'without-zod',
  setup(b) {
    b.onResolve({ filter: /^zod(\/|$)/ }, () => ({ path: 'zod', namespace: 'zod-stand-in' }))
    b.onLoad({ filter: /.*/, namespace: 'zod-stand-in' }, () => ({ contents: STAND_IN, loader: 'js' }))
  },
}

/**
 * zod's share of the initial gzip of the entry made of `modules` (source paths from the repo root),
 * given its measured `initialGzip`.
 */
export async function zodShare(modules, initialGzip) {
  const specifiers = modules.map((m) => `./${m}`)
  const without = await esbuildSize(specifiers, { plugins: [withoutZod] })
  return initialGzip - without.initial.gzip
}
