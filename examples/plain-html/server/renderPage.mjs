// The page's HTML, its double-braced values filled in at serve time from the kit's manifest and
// the page's own files: the integrity values the browser checks cannot drift from what is served.
import { readFile } from 'node:fs/promises'
import { sriOf } from './kitFiles.mjs'

/** The page's own files (HTML template, script, stylesheet). */
export const PAGE_DIR = new URL('../page/', import.meta.url)

const escapeAttribute = (value) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

/**
 * The page, ready to serve: the signer document's URL in its meta tag, and the integrity of every
 * script and stylesheet it names. A kit file it names must import nothing: an imported module is
 * fetched without an integrity, so the page could not pin it.
 *
 * @example
 * ```js
 * const html = await renderPage({ manifest: await readKitManifest(), signerUrl: 'http://localhost:8794/signer.html' })
 * ```
 * @param {{ manifest: { files: Record<string, { integrity: string, imports: string[], lazyImports: string[] }> }, signerUrl: string }} options
 */
export async function renderPage({ manifest, signerUrl }) {
  const template = await readFile(new URL('index.html', PAGE_DIR), 'utf8')
  const integrityOf = async (path) => {
    if (path.startsWith('/kit/')) {
      const file = manifest.files[path.slice('/kit/'.length)]
      if (!file) throw new Error(`${path} is not in the kit's integrity.json`)
      if (file.imports.length || file.lazyImports.length)
        throw new Error(`${path} imports other files, which no integrity on this page would pin`)
      return file.integrity
    }
    return sriOf(await readFile(new URL(path.slice(1), PAGE_DIR)))
  }
  const values = new Map([['signerUrl', escapeAttribute(signerUrl)]])
  for (const [, path] of template.matchAll(/\{\{integrity ([^}]+)\}\}/g))
    values.set(`integrity ${path}`, await integrityOf(path))
  return template.replace(/\{\{([^}]+)\}\}/g, (_match, key) => {
    const value = values.get(key)
    if (value === undefined) throw new Error(`The page template names an unknown value {{${key}}}`)
    return value
  })
}
