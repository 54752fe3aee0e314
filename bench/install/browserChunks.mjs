// The browser entries stay clean of the server libraries now bundled into dist: every chunk a browser
// entry reaches (static and dynamic imports, transitively) holds no code from a package outside
// `dependencies` (read from the chunk's source map) and imports no package outside `dependencies` /
// `peerDependencies` and no Node built-in. The import graph is esbuild's (it bundles the entry from
// dist with those packages external), so it is the graph an app's bundler would follow.
import { readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { build } from 'esbuild'
import { isCodeEntry, isNodeEntry } from './installTypes.mjs'

/** npm package of a source-map source path (innermost node_modules), or undefined for our own code. */
export function packageOfSource(source) {
  const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)
  return match?.[1]
}

/** Package name of an import specifier (`hono/http-exception` → `hono`), or undefined if relative. */
const packageOfSpecifier = (specifier) =>
  specifier.startsWith('.') || specifier.startsWith('/')
    ? undefined
    : specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/')

/** `{ subpath: dist file }` of the browser entries in package.json's exports. */
export function browserEntries(pkg) {
  return Object.fromEntries(
    Object.entries(pkg.exports)
      .filter(([subpath]) => isCodeEntry(subpath) && !isNodeEntry(subpath))
      .map(([subpath, target]) => [subpath, typeof target === 'string' ? target : target.default]),
  )
}

/**
 * Follows every browser entry's chunks in `root`'s built dist. `problems`: sentences naming each
 * chunk that holds or imports server-side code (empty when all are clean); `imported`: the
 * packages those chunks import (what a browser app's install is for).
 */
export async function inspectBrowserChunks({ root }) {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'))
  const allowed = new Set(Object.keys(pkg.dependencies ?? {}))
  const external = [...allowed, ...Object.keys(pkg.peerDependencies ?? {})]
  const problems = []
  const imported = new Set()
  const sourcesOf = new Map()
  for (const [subpath, file] of Object.entries(browserEntries(pkg))) {
    const bundled = await build({
      absWorkingDir: root,
      entryPoints: [file],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      outdir: 'out',
      splitting: true,
      external: ['node:*', ...external.flatMap((name) => [name, `${name}/*`])],
      logLevel: 'silent',
    }).catch((error) => error)
    if (bundled instanceof Error) {
      // An import esbuild cannot follow for a browser (a bare `crypto`, a missing chunk) is itself a finding.
      const reason = bundled.errors?.[0]?.text ?? bundled.message
      problems.push(`The ${subpath} entry (${file}) does not bundle for a browser: ${reason}.`)
      continue
    }
    for (const [input, { imports }] of Object.entries(bundled.metafile.inputs)) {
      const chunk = relative(root, join(root, input))
      for (const { path, external } of imports) {
        if (!external) continue
        const name = packageOfSpecifier(path)
        if (name && !path.startsWith('node:')) imported.add(name)
        if (path.startsWith('node:') || (name && !allowed.has(name)))
          problems.push(
            `${chunk}, reached from the ${subpath} entry, imports ${path}, which a browser app must not load.`,
          )
      }
      if (!sourcesOf.has(chunk)) {
        const map = await readFile(join(root, `${chunk}.map`), 'utf8').then(JSON.parse, () => undefined)
        sourcesOf.set(chunk, map?.sources)
      }
      const sources = sourcesOf.get(chunk)
      if (!sources) {
        problems.push(`${chunk}, reached from the ${subpath} entry, has no source map to tell what it holds.`)
        continue
      }
      const foreign = [...new Set(sources.map(packageOfSource).filter((name) => name && !allowed.has(name)))]
      if (foreign.length)
        problems.push(
          `${chunk}, reached from the ${subpath} entry, holds code from ${foreign.join(', ')}, which only the Node entries may bundle.`,
        )
    }
  }
  return { problems: [...new Set(problems)], imported: [...imported].sort() }
}

/** `inspectBrowserChunks`'s problems alone. */
export const browserChunkProblems = async (options) => (await inspectBrowserChunks(options)).problems
