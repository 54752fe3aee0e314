// The kit's no-bundler browser files (dist/browser/) as the page's backend serves them: their
// manifest of integrity hashes, and every module an entry can run.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

/** Where `vite build -c vite.browser.config.ts` writes the files. */
export const KIT_DIR = fileURLToPath(new URL('../../../dist/browser/', import.meta.url))

/**
 * The manifest `dist/browser/integrity.json`: `{ package, version, files }`, each file with its
 * `integrity`, `bytes`, `imports` and `lazyImports` (paths relative to dist/browser).
 *
 * @example
 * ```js
 * const manifest = await readKitManifest()
 * manifest.files['wallet.js'].integrity // 'sha384-…'
 * ```
 * @param {string} [dir] the directory of the browser files (default: the package's dist/browser)
 */
export async function readKitManifest(dir = KIT_DIR) {
  return JSON.parse(await readFile(`${dir}integrity.json`, 'utf8'))
}

/**
 * Every module `entry` may run, itself first: its static imports and its lazy ones, followed
 * through the whole graph. A page preloads them all with their integrity, so that none is
 * fetched unchecked, even a lazy one loaded long after the page started.
 *
 * @example
 * ```js
 * moduleClosure(manifest, 'wallet.js') // ['wallet.js', 'chunks/…js', …]
 * ```
 * @param {{ files: Record<string, { imports: string[], lazyImports: string[] }> }} manifest
 * @param {string} entry a path of the manifest, e.g. `wallet.js`
 * @returns {string[]}
 */
export function moduleClosure(manifest, entry) {
  const found = new Set()
  const visit = (path) => {
    if (found.has(path)) return
    const file = manifest.files[path]
    if (!file) throw new Error(`${path} is not in the kit's integrity.json: build the browser files again.`)
    found.add(path)
    for (const next of [...file.imports, ...file.lazyImports]) visit(next)
  }
  visit(entry)
  return [...found]
}

/**
 * The Subresource Integrity value of `bytes` (SHA-384, as the kit's manifest writes them).
 *
 * @example
 * ```js
 * sriOf(await readFile('page/app.js')) // 'sha384-…'
 * ```
 * @param {Uint8Array} bytes
 */
export function sriOf(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`
}
