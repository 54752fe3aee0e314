// The no-bundler browser files' sizes (dist/browser, written by `npm run build`), per entry as a
// page loads it: the entry and every module it imports statically (initial), and what it imports
// on first use (lazy), each file gzipped (-9) as a server would send it.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const DIR = new URL('../dist/browser/', import.meta.url)

/** Every file reached from `names` through `edges` (`imports` or `lazyImports`), `names` excluded. */
function reached(files, names, edges) {
  const seen = new Set()
  const walk = (name) => {
    for (const next of files[name]?.[edges] ?? []) {
      if (!seen.has(next) && !names.includes(next)) {
        seen.add(next)
        walk(next)
      }
    }
  }
  for (const name of names) walk(name)
  return [...seen]
}

/** Raw and gzip bytes of `names` together. */
function sizeOf(names) {
  let raw = 0
  let gzip = 0
  for (const name of names) {
    const bytes = readFileSync(new URL(name, DIR))
    raw += bytes.length
    gzip += gzipSync(bytes, { level: 9 }).length
  }
  return { files: names.length, raw, gzip }
}

/**
 * The sizes of each entry of dist/browser/integrity.json that is not a chunk.
 * @returns {{ name: string, initial: { files: number, raw: number, gzip: number }, lazy: { files: number, raw: number, gzip: number } }[]}
 */
export function measureBrowserFiles() {
  const { files } = JSON.parse(readFileSync(new URL('integrity.json', DIR), 'utf8'))
  return Object.keys(files)
    .filter((name) => !name.startsWith('chunks/'))
    .map((name) => {
      const initial = [name, ...reached(files, [name], 'imports')]
      const lazyRoots = [...new Set(initial.flatMap((file) => files[file].lazyImports))]
      const lazy = [...new Set([...lazyRoots, ...reached(files, lazyRoots, 'imports')])].filter(
        (file) => !initial.includes(file),
      )
      return { name, initial: sizeOf(initial), lazy: sizeOf(lazy) }
    })
}

/** The browser files' section of the size report. */
export function browserFilesMarkdown(entries) {
  return [
    '| no-bundler file (dist/browser) | initial files | initial min | initial gzip | lazy files | lazy gzip |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...entries.map(
      (e) =>
        `| ${e.name} | ${e.initial.files} | ${e.initial.raw} B | ${e.initial.gzip} B | ${e.lazy.files} | ${e.lazy.gzip} B |`,
    ),
  ].join('\n')
}
