// The links of markdown sources as GitHub shows them: a relative link names a file that exists, and
// its #fragment a heading of that file (GitHub's slugs). {@link …} tags are TypeDoc's to check (a
// broken one fails npm run docs); links with a scheme (https:, mailto:) leave the repository.
import { dirname, posix } from 'node:path'

/** What the link check is given: the markdown files (path relative to the root → text), and the other files. */
export interface MarkdownLinkSources {
  pages: Map<string, string>
  /** Whether a path (relative to the root) is a file or directory of the repository. */
  exists: (path: string) => boolean
}

/** A markdown file without its fenced blocks. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```\s*$/gm, '')
}

/** The prose of a markdown file: its fenced blocks and code spans blanked out. */
function prose(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '')
}

/** GitHub's id for each heading of `markdown`, a repeated one suffixed -1, -2, … */
export function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>()
  const seen = new Map<string, number>()
  // A heading's code spans count: GitHub keeps their text in the id (without the backticks).
  for (const [, title = ''] of withoutFences(markdown).matchAll(/^#{1,6} (.*)$/gm)) {
    const base = title
      .replace(/`/g, '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    slugs.add(count === 0 ? base : `${base}-${count}`)
  }
  return slugs
}

/** Every broken relative link of the pages, as `page: target (why)`. */
export function markdownLinkErrors({ pages, exists }: MarkdownLinkSources): string[] {
  const errors: string[] = []
  for (const [page, markdown] of pages)
    for (const [, target = ''] of prose(markdown).matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z][\w+.-]*:/i.test(target)) continue
      const [path = '', fragment] = target.split('#')
      const file = path === '' ? page : posix.normalize(posix.join(dirname(page), decodeURI(path)))
      if (!pages.has(file) && !exists(file)) errors.push(`${page}: ${target} (no such file)`)
      else if (
        fragment !== undefined &&
        file.endsWith('.md') &&
        !headingSlugs(pages.get(file) ?? '').has(fragment)
      )
        errors.push(`${page}: ${target} (no such heading)`)
    }
  return errors
}
