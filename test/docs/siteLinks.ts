// The links of the built site: every href or src to a local file names one the site has, and its
// #fragment an id (or name) in that page. Links with a scheme (https:) leave the site.
import { posix } from 'node:path'

/** What the link check is given: the site's HTML pages (path relative to the site → text) and all its files. */
export interface SiteLinkSources {
  pages: Map<string, string>
  files: Set<string>
}

/** The ids and names a page's links can point at. */
function anchorsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/\s(?:id|name)="([^"]+)"/g)].map(([, id = '']) => id))
}

/** Every broken local link of the site, as `page: target (why)`. */
export function siteLinkErrors({ pages, files }: SiteLinkSources): string[] {
  const anchors = new Map<string, Set<string>>()
  const errors: string[] = []
  for (const [page, html] of pages)
    for (const [, raw = ''] of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      const target = raw.replaceAll('&amp;', '&')
      if (/^[a-z][\w+.-]*:/i.test(target) || target === '' || target === '#') continue
      const [path = '', fragment] = target.replace(/\?[^#]*/, '').split('#')
      const file =
        path === '' ? page : posix.normalize(posix.join(posix.dirname(page), decodeURIComponent(path)))
      if (!files.has(file)) {
        errors.push(`${page}: ${target} (no such file)`)
        continue
      }
      if (fragment === undefined || fragment === '' || !file.endsWith('.html')) continue
      if (!anchors.has(file)) anchors.set(file, anchorsOf(pages.get(file) ?? ''))
      if (!anchors.get(file)?.has(decodeURIComponent(fragment)))
        errors.push(`${page}: ${target} (no such anchor)`)
    }
  return errors
}
