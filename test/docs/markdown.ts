// The project's markdown as its reader sees it: README.md and every page of docs/ (the site's start
// page and guides), their fenced blocks (each with the heading it sits under) and their sections.
// Used by the docs tests (snippets, links, prose) and elements/frameworksReadme.test.ts.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The repository's root directory (with a trailing slash). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Where the built site is (npm run docs; git-ignored). */
export const SITE = `${ROOT}docs/site/`

/** The markdown files a reader reads, relative to the root: README.md, then docs/ (not the built site). */
export function markdownFiles(): string[] {
  const docs = readdirSync(`${ROOT}docs`, { recursive: true, encoding: 'utf8' })
    .map((path) => `docs/${path.replaceAll('\\', '/')}`)
    .filter((path) => path.endsWith('.md') && !path.startsWith('docs/site/'))
    .sort()
  return ['README.md', ...docs]
}

/** The text of a markdown file, `path` relative to the root. */
export function readMarkdown(path: string): string {
  return readFileSync(`${ROOT}${path}`, 'utf8')
}

/** One fenced block of a markdown file. */
export interface MarkdownBlock {
  /** The heading the block sits under (the nearest one above it), without the hashes. */
  heading: string
  /** The fence's language (`ts`, `tsx`, `html`, `sh`, …; empty when none is given). */
  lang: string
  code: string
  /** 1-based line of the opening fence. */
  line: number
}

/** Every fenced block of `markdown`, with the heading it sits under. */
export function markdownBlocks(markdown: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = []
  const lines = markdown.split('\n')
  let heading = ''
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? ''
    const title = /^#{1,6} (.*)$/.exec(line)
    if (title) heading = title[1] ?? ''
    const fence = /^```(\w*)\s*$/.exec(line)
    if (!fence) continue
    const start = index
    const body: string[] = []
    for (index++; index < lines.length && !/^```\s*$/.test(lines[index] ?? ''); index++)
      body.push(lines[index] ?? '')
    blocks.push({ heading, lang: fence[1] ?? '', code: `${body.join('\n')}\n`, line: start + 1 })
  }
  return blocks
}

/** The module script of an HTML block, if it has one. */
export function moduleScript(html: string): string | undefined {
  return /<script type="module">\n([\s\S]*?)<\/script>/.exec(html)?.[1]
}

/** The text of the section under `heading` (`## Title`, up to the next heading of that level or above). */
export function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`)
  if (start === -1) throw new Error(`no section ${heading}`)
  const level = /^#+/.exec(heading)?.[0] ?? '##'
  const rest = markdown.slice(start + heading.length + 2)
  const next = rest.search(new RegExp(`^#{1,${level.length}} `, 'm'))
  return markdown.slice(start, next === -1 ? undefined : start + heading.length + 2 + next)
}
