// Every exported name of each public entry has a reference page in the built site, reached from its
// entry's module page, and that page shows its @example (a value's; test/package/tsdoc.test.ts holds every
// exported value to having one) or, for a type without one, its summary.
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { SITE } from './markdown.js'
import { type PublicExport, publicEntries, publicExports } from './publicExports.js'
import { ensureSite, siteFiles } from './site.js'

/** A page's text as a reader sees it: tags gone, entities decoded, white space collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
}

/** What is wrong with the reference page of each export of a module page (module page path → its html). */
function referenceErrors(
  modulePage: string,
  html: string,
  exports: PublicExport[],
  files: Set<string>,
): string[] {
  const errors: string[] = []
  for (const { name, isValue, summary, example } of exports) {
    // The module page's entry for the name (ids are lowercased: errorSentence and ErrorSentence differ
    // only by a suffix), a reference to another entry's page shown as `name → target`.
    const entry = [...html.matchAll(/<dt class="tsd-member-summary"[^>]*>([\s\S]*?)<\/dt>/g)]
      .map(([, dt = '']) => dt)
      .find((dt) => {
        const label = visibleText(dt).trim()
        return label === name || label.startsWith(`${name} → `)
      })
    const href = [...(entry ?? '').matchAll(/<a href="([^"#][^"]*)"/g)].at(-1)?.[1]
    const page = href && new URL(href, `file:///${modulePage}`).pathname.slice(1)
    if (!page || !files.has(page)) {
      errors.push(`${name}: no reference page from ${modulePage}`)
      continue
    }
    const text = visibleText(readFileSync(`${SITE}${page}`, 'utf8'))
    const firstLine = example
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.replace(/\s+/g, ' ')
      .trim()
    if (firstLine !== undefined ? !text.includes(firstLine) : isValue)
      errors.push(`${name}: ${page} does not show its example`)
    else if (firstLine === undefined && (summary === '' || !text.includes(summary.replace(/\s+/g, ' '))))
      errors.push(`${name}: ${page} does not show its summary`)
  }
  return errors
}

describe('the API reference of the site', () => {
  beforeAll(ensureSite, 300_000)
  const exports = publicExports()

  it('covers every public entry, and they export names', () => {
    expect([...exports.keys()]).toEqual([...publicEntries().keys()])
    expect([...exports.values()].flat().length).toBeGreaterThan(200)
  }, 60_000)

  it.each([...publicEntries().keys()])('has a page with its example for every export of %s', (specifier) => {
    const modulePage = `modules/${specifier.replaceAll('/', '_')}.html`
    const files = siteFiles()
    expect(files).toContain(modulePage)
    const html = readFileSync(`${SITE}${modulePage}`, 'utf8')
    expect(referenceErrors(modulePage, html, exports.get(specifier) ?? [], files)).toEqual([])
  })

  it('would catch an export without a page and a page without its example', () => {
    const modulePage = 'modules/embedded-wallet-auth_client.html'
    const html = readFileSync(`${SITE}${modulePage}`, 'utf8')
    const planted = [
      { name: 'notInTheSite', isValue: true, summary: 'Nothing.', example: 'notInTheSite()' },
      { name: 'createWalletAuth', isValue: true, summary: '', example: 'an example the page does not show' },
      {
        name: 'WalletAuthOptions',
        isValue: false,
        summary: 'A summary the page does not show.',
        example: '',
      },
    ]
    expect(referenceErrors(modulePage, html, planted, siteFiles())).toEqual([
      `notInTheSite: no reference page from ${modulePage}`,
      'createWalletAuth: functions/embedded-wallet-auth_client.createWalletAuth.html does not show its example',
      'WalletAuthOptions: interfaces/embedded-wallet-auth_client.WalletAuthOptions.html does not show its summary',
    ])
  })
})
