// The built site, as the docs tests read it. npm test builds it first (npm run docs); a test run on
// its own builds it when it is missing.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ROOT, SITE } from './markdown.js'

/** Builds the site if it is not there (npm run docs). */
export function ensureSite(): void {
  if (existsSync(`${SITE}index.html`)) return
  execFileSync(process.execPath, [`${ROOT}node_modules/typedoc/bin/typedoc`], { cwd: ROOT, stdio: 'inherit' })
}

/** Every file of the site, relative to it. */
export function siteFiles(): Set<string> {
  return new Set(
    readdirSync(SITE, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(SITE, join(entry.parentPath, entry.name)).replaceAll('\\', '/')),
  )
}

/** Every HTML page of the site (path relative to it → text). */
export function sitePages(): Map<string, string> {
  return new Map(
    [...siteFiles()]
      .filter((file) => file.endsWith('.html'))
      .map((file) => [file, readFileSync(`${SITE}${file}`, 'utf8')]),
  )
}
