// The no-bundler browser files' sizes (dist/browser, written by `npm run build`): each file is all a
// page loads for it (it imports nothing, not even on first use), minified and gzipped (-9) as a
// server would send it.
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const DIR = new URL('../../dist/browser/', import.meta.url)

/**
 * Limits on the gzipped bytes of no-bundler files. wallet.js, the whole kit in one file (elements,
 * HPKE, the curves and WebAuthn's library included, as nothing loads later): 81.6 KB until the
 * wire schemas stopped using zod's record, tuple, URL, ISO and prefix parsers (about 1.8 KB).
 * Toward 40 KB.
 */
export const BROWSER_FILE_BUDGETS = [{ name: 'wallet.js', limit: 81408 }]

/**
 * The budgets of BROWSER_FILE_BUDGETS with the measured `files`: { name, gzip, limit, ok }; a
 * file that is missing is over.
 */
export function checkBrowserFiles(files) {
  return BROWSER_FILE_BUDGETS.map(({ name, limit }) => {
    const gzip = files.find((file) => file.name === name)?.gzip ?? Number.POSITIVE_INFINITY
    return { name, gzip, limit, ok: gzip <= limit }
  })
}

/**
 * The size of every file of dist/browser/integrity.json.
 * @returns {{ name: string, raw: number, gzip: number }[]}
 */
export function measureBrowserFiles() {
  const { files } = JSON.parse(readFileSync(new URL('integrity.json', DIR), 'utf8'))
  return Object.keys(files).map((name) => {
    const bytes = readFileSync(new URL(name, DIR))
    return { name, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
}

/** The browser files' section of the size report. */
export function browserFilesMarkdown(entries) {
  return [
    '| no-bundler file (dist/browser) | min | gzip |',
    '| --- | ---: | ---: |',
    ...entries.map((e) => `| ${e.name} | ${e.raw} B | ${e.gzip} B |`),
  ].join('\n')
}
