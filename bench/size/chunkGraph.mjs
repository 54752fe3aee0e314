// What both bundlers' size measurements share: the virtual entry they bundle, and how a chunk graph
// becomes "initial" (downloaded up front) and "lazy" (behind import()) byte counts.
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * One module re-exporting every specifier (`./src/…` from the repo root, or a package name): an app
 * importing several subpaths or packages at once, so shared code is counted once.
 */
export const entrySource = (specifiers) =>
  specifiers.map((specifier) => `export * from ${JSON.stringify(specifier)}`).join('\n')

const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length

/** npm package names of module paths; the innermost node_modules wins (nested copies are their own). */
function packagesOf(paths) {
  const names = new Set()
  for (const path of paths) {
    const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)
    if (match) names.add(match[1])
  }
  return [...names].sort()
}

/**
 * `chunks`: Map of chunk name → { code (string or bytes), imports (static imports' chunk names),
 * modules (source paths bundled into it) }. Initial = the entry chunk plus every chunk reached through
 * static imports; lazy = every other chunk. Each chunk is gzipped on its own: each is its own response.
 */
export function splitChunks(chunks, entry) {
  const initial = new Set()
  const visit = (name) => {
    if (initial.has(name)) return
    initial.add(name)
    for (const imported of chunks.get(name).imports) visit(imported)
  }
  visit(entry)
  const lazy = [...chunks.keys()].filter((name) => !initial.has(name))
  const total = (names) => {
    const parts = names.map((name) => chunks.get(name))
    const bytes = parts.map((part) => (typeof part.code === 'string' ? Buffer.from(part.code) : part.code))
    return {
      chunks: parts.length,
      minified: bytes.reduce((n, b) => n + b.length, 0),
      gzip: bytes.reduce((n, b) => n + gzipSize(b), 0),
      packages: packagesOf(parts.flatMap((part) => part.modules)),
    }
  }
  return { initial: total([...initial]), lazy: total(lazy) }
}
