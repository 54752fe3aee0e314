// The no-bundler browser files as `npm run build` wrote them (dist/browser): one file per entry,
// each in the integrity manifest with the hash of its bytes, importing nothing (its lazy parts
// inlined, so the page's integrity on its script pins all it can run), and carrying its own zod,
// jitless from the start and apart from the page's.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { BROWSER_ENTRIES } from '../../build/browserEntries.js'
import { type IntegrityManifest, integrityOf } from '../../build/integrityManifest.js'

const DIR = new URL('../../dist/browser/', import.meta.url)
const manifest = JSON.parse(readFileSync(new URL('integrity.json', DIR), 'utf8')) as IntegrityManifest
const read = (name: string) => readFileSync(new URL(name, DIR), 'utf8')

/** Every specifier a minified module imports: statically (`from"…"`, `import"…"`) and lazily (any `import(…)`). */
function specifiers(code: string) {
  const all = (pattern: RegExp) => [...code.matchAll(pattern)].map((match) => match[1] as string)
  return {
    imports: all(/(?:\bfrom|\bimport)\s*["']([^"']+)["']/g),
    lazyImports: all(/\bimport\s*\(([^)]*)\)/g),
  }
}

describe('the no-bundler browser files', () => {
  const javascript = readdirSync(DIR, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js'))
    .map((name) => name.replaceAll('\\', '/'))
    .sort()

  it('has one file per entry, and the manifest lists them and nothing else', () => {
    const entries = Object.keys(BROWSER_ENTRIES).map((name) => `${name}.js`)
    expect(javascript).toEqual(entries.sort())
    expect(Object.keys(manifest.files).sort()).toEqual(javascript)
  })

  it('lists the Subresource Integrity hash of every file as it is', () => {
    for (const name of javascript) {
      const bytes = readFileSync(new URL(name, DIR))
      expect([name, manifest.files[name]?.integrity]).toEqual([name, integrityOf(bytes)])
      expect(manifest.files[name]?.bytes).toBe(bytes.length)
    }
  })

  it('imports nothing, lazily or not: what the page pins is all that runs', () => {
    for (const name of javascript) {
      expect([name, specifiers(read(name))]).toEqual([name, { imports: [], lazyImports: [] }])
      expect([name, manifest.files[name]?.imports, manifest.files[name]?.lazyImports]).toEqual([name, [], []])
    }
  })

  it("bundles zod with settings of its own, jitless, never the page's shared ones", () => {
    const all = javascript.map(read).join('\n')
    expect(all).not.toContain('__zod_globalConfig')
    expect(all).toMatch(/\{\s*jitless:\s*(?:!0|true)\s*\}/)
  })
})
