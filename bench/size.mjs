// Bundle-size measurement: what an app actually ships for each entry point, dependencies included.
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Entry name → source modules it exports (one module = one subpath export of package.json). */
export const ENTRIES = {
  index: ['src/index.ts'],
  client: ['src/client/index.ts'],
  stamp: ['src/stamp/index.ts'],
  keys: ['src/keys/index.ts'],
  fetch: ['src/fetch/index.ts'],
  otp: ['src/otp/index.ts'],
  session: ['src/session/index.ts'],
  passkey: ['src/passkey/index.ts'],
  oauth: ['src/oauth/index.ts'],
  wire: ['src/wire/index.ts'],
  sca: ['src/sca/index.ts'],
  crypto: ['src/crypto/index.ts'],
  errors: ['src/errors.ts'],
  // What an app doing plain signed-retry requests imports.
  'keys+stamp+fetch': ['src/keys/index.ts', 'src/stamp/index.ts', 'src/fetch/index.ts'],
}

/**
 * Limits on the gzipped bytes of an entry's initial chunk(s); lazy chunks are not counted.
 * `enforced: false` = a target: reported, but `npm run size` does not fail on it (yet).
 */
export const BUDGETS = [
  { name: 'stamp', limit: 2048, enforced: true },
  {
    name: 'keys+stamp+fetch',
    limit: 8192,
    enforced: false,
    note: 'target, not enforced yet: zod in fetch',
  },
  { name: 'index', limit: 40960, enforced: true },
]

/** Packages the stamp entry must never pull in (they are big and stamping needs none of them). */
export const STAMP_FORBIDDEN = ['@hpke/', '@simplewebauthn/', 'zod']

// Each entry is one virtual module re-exporting its sources, so a combined entry is bundled the
// way an app importing several subpaths would be (shared code counted once).
const virtualEntry = (modules) => ({
  name: 'virtual-entry',
  setup(b) {
    b.onResolve({ filter: /^virtual:entry$/ }, () => ({ path: 'entry', namespace: 'virtual' }))
    b.onLoad({ filter: /.*/, namespace: 'virtual' }, () => ({
      contents: modules.map((m) => `export * from ${JSON.stringify(`./${m}`)}`).join('\n'),
      resolveDir: ROOT,
      loader: 'js',
    }))
  },
})

const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length

/** npm package names found in the bundle's inputs (`node_modules/<pkg>/…`). */
function packagesOf(inputs) {
  const names = new Set()
  for (const path of inputs) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)
    if (match) names.add(match[1])
  }
  return [...names].sort()
}

/** Bundles one entry and splits its outputs into initial (entry + static imports) and lazy chunks. */
export async function measureEntry(name, modules) {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['virtual:entry'],
    plugins: [virtualEntry(modules)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    splitting: true, // dynamic import() targets become their own chunks
    outdir: 'bench/out/size', // only names the chunks: nothing is written
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const contents = new Map(result.outputFiles.map((f) => [f.path, f.contents]))
  const outputs = result.metafile.outputs
  const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint)
  // Initial = the entry chunk plus every chunk reached through static imports (loaded up front).
  const initial = new Set()
  const visit = (path) => {
    if (initial.has(path)) return
    initial.add(path)
    for (const imp of outputs[path].imports) if (imp.kind === 'import-statement') visit(imp.path)
  }
  visit(entry)
  const sum = (paths) => {
    const files = paths.map((path) => contents.get(`${ROOT}${path}`))
    return {
      chunks: files.length,
      minified: files.reduce((n, f) => n + f.length, 0),
      gzip: files.reduce((n, f) => n + gzipSize(f), 0), // each chunk is its own HTTP response
    }
  }
  const lazy = Object.keys(outputs).filter((path) => path.endsWith('.js') && !initial.has(path))
  const inputsOf = (paths) => paths.flatMap((path) => Object.keys(outputs[path].inputs))
  return {
    name,
    modules,
    initial: { ...sum([...initial]), packages: packagesOf(inputsOf([...initial])) },
    lazy: { ...sum(lazy), packages: packagesOf(inputsOf(lazy)) },
    inputs: Object.keys(result.metafile.inputs),
  }
}

/** Measures every entry and checks the budgets and the stamp entry's forbidden packages. */
export async function measureSizes() {
  const entries = []
  for (const [name, modules] of Object.entries(ENTRIES)) entries.push(await measureEntry(name, modules))
  const stamp = entries.find((e) => e.name === 'stamp')
  // Whole metafile, lazy chunks included: the stamp path must not reach these at all.
  const forbidden = stamp.inputs.filter((path) =>
    STAMP_FORBIDDEN.some((pkg) => path.includes(`node_modules/${pkg}`)),
  )
  const budgets = BUDGETS.map((budget) => {
    const gzip = entries.find((e) => e.name === budget.name).initial.gzip
    return { ...budget, gzip, ok: gzip <= budget.limit }
  })
  for (const e of entries) delete e.inputs // only needed for the check above; keeps the JSON small
  return {
    entries,
    budgets,
    stampForbidden: forbidden,
    // Targets (`enforced: false`) are reported but never fail the run.
    ok: forbidden.length === 0 && budgets.every((b) => b.ok || !b.enforced),
  }
}

/** Markdown for the size part of the report. */
export function sizeMarkdown({ entries, budgets, stampForbidden }) {
  const lines = [
    '| entry | initial min | initial gzip | lazy min | lazy gzip | npm packages (lazy ones in brackets) |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
  ]
  for (const e of entries) {
    const lazy = e.lazy.chunks ? [`${e.lazy.minified} B`, `${e.lazy.gzip} B`] : ['–', '–']
    const lazyPkgs = e.lazy.packages.length ? ` (${e.lazy.packages.join(', ')})` : ''
    lines.push(
      `| ${e.name} | ${e.initial.minified} B | ${e.initial.gzip} B | ${lazy.join(' | ')} | ${e.initial.packages.join(', ') || '–'}${lazyPkgs} |`,
    )
  }
  lines.push('', '| budget (initial gzip) | size | limit | enforced | |', '| --- | ---: | ---: | --- | --- |')
  for (const b of budgets) {
    const status = b.ok ? 'ok' : b.enforced ? '**OVER**' : 'over target'
    const enforced = b.enforced ? 'yes' : `no (${b.note ?? 'target'})`
    lines.push(`| ${b.name} | ${b.gzip} B | ${b.limit} B | ${enforced} | ${status} |`)
  }
  lines.push(
    '',
    stampForbidden.length
      ? `**stamp entry pulls in forbidden code:** ${stampForbidden.join(', ')}`
      : `stamp entry: no ${STAMP_FORBIDDEN.map((p) => p.replace(/\/$/, '')).join(', ')} code (checked in the esbuild metafile inputs).`,
  )
  return lines.join('\n')
}
