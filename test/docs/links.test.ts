// Every internal link of the docs resolves: in the markdown sources (README.md, the start page and
// the guides, as GitHub shows them) and in the built site (every page and anchor a link names).
import { existsSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { markdownFiles, ROOT, readMarkdown } from './markdown.js'
import { markdownLinkErrors } from './markdownLinks.js'
import { ensureSite, siteFiles, sitePages } from './site.js'
import { siteLinkErrors } from './siteLinks.js'

describe('the links of the markdown sources', () => {
  const pages = new Map(markdownFiles().map((file) => [file, readMarkdown(file)]))
  const exists = (path: string) => existsSync(`${ROOT}${path}`)

  it('resolve: every relative link names a file, every #fragment a heading of it', () => {
    const links = [...pages.values()].flatMap((text) => [...text.matchAll(/\]\((?!https?:)[^)]+\)/g)])
    expect(links.length).toBeGreaterThan(30)
    expect(markdownLinkErrors({ pages, exists })).toEqual([])
  })

  it('would catch a link to a missing file and to a missing heading, and takes a heading with code as GitHub does', () => {
    const planted = new Map([
      ...pages,
      [
        'docs/guides/planted.md',
        '# Planted\n\n## Testing: `embedded-wallet-auth/testing`\n\n' +
          '[a](./nowhere.md) [b](./client.md#no-such-heading) [c](./client.md) [d](#planted) ' +
          '[e](#testing-embedded-wallet-authtesting)\n',
      ],
    ])
    expect(markdownLinkErrors({ pages: planted, exists })).toEqual([
      'docs/guides/planted.md: ./nowhere.md (no such file)',
      'docs/guides/planted.md: ./client.md#no-such-heading (no such heading)',
    ])
  })
})

describe('the links of the built site', () => {
  beforeAll(ensureSite, 300_000)

  it('resolve: every local href names a file of the site, every #fragment an id in that page', () => {
    const pages = sitePages()
    expect(pages.size).toBeGreaterThan(200)
    expect(siteLinkErrors({ pages, files: siteFiles() })).toEqual([])
  })

  it('would catch a link to a missing page and to a missing anchor', () => {
    const pages = new Map([
      [
        'index.html',
        '<h2 id="top">Top</h2><a href="documents/Nowhere.html">x</a><a href="#nope">y</a><a href="#top">z</a>',
      ],
    ])
    expect(siteLinkErrors({ pages, files: new Set(pages.keys()) })).toEqual([
      'index.html: documents/Nowhere.html (no such file)',
      'index.html: #nope (no such anchor)',
    ])
  })
})
