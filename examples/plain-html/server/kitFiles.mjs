// The kit's no-bundler browser files (dist/browser/) as the page's backend serves them: their
// manifest of integrity hashes.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

/** Where `vite build -c vite.browser.config.ts` writes the files. */
export const KIT_DIR = fileURLToPath(new URL('../../../dist/browser/', import.meta.url))

/**
 * The manifest `dist/browser/integrity.json`: `{ package, version, files }`, each file with its
 * `integrity`, `bytes`, `imports` and `lazyImports` (paths relative to dist/browser; both empty:
 * every file is self-contained).
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
