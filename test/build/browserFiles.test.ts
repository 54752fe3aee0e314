// The no-bundler browser files as `npm run build` wrote them (dist/browser): every file is in the
// integrity manifest with the hash of its bytes, imports only by relative path what the manifest
// says it imports, and carries its own zod, jitless from the start and apart from the page's.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { BROWSER_ENTRIES } from '../../build/browserEntries.js'
import { type IntegrityManifest, integrityOf } from '../../build/integrityManifest.js'

const DIR = new URL('../../dist/browser/', import.meta.url)
const manifest = JSON.parse(readFileSync(new URL('integrity.json', DIR), 'utf8')) as IntegrityManifest
const read = (name: string) => readFileSync(new URL(name, DIR), 'utf8')

/** Every specifier a minified module imports: statically (`from"…"`, `import"…"`) and lazily. */
function specifiers(code: string) {
  const all = (pattern: RegExp) => [...code.matchAll(pattern)].map((match) => match[1] as string)
  return {
    imports: all(/(?:\bfrom|\bimport)\s*["']([^"']+)["']/g),
    lazyImports: all(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  }
}

/** `specifier` of a module at `from` as a path under dist/browser. */
function resolved(from: string, specifier: string): string {
  return new URL(specifier, new URL(from, 'file:///browser/')).pathname.slice('/browser/'.length)
}

describe('the no-bundler browser files', () => {
  const javascript = readdirSync(DIR, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js'))
    .map((name) => name.replaceAll('\\', '/'))
    .sort()

  it('has one file per entry, and the manifest lists every JavaScript file and nothing else', () => {
    for (const name of Object.keys(BROWSER_ENTRIES)) expect(javascript).toContain(`${name}.js`)
    expect(Object.keys(manifest.files).sort()).toEqual(javascript)
    expect(javascript.length).toBeGreaterThan(Object.keys(BROWSER_ENTRIES).length)
  })

  it('lists the Subresource Integrity hash of every file as it is', () => {
    for (const name of javascript) {
      const bytes = readFileSync(new URL(name, DIR))
      expect([name, manifest.files[name]?.integrity]).toEqual([name, integrityOf(bytes)])
      expect(manifest.files[name]?.bytes).toBe(bytes.length)
    }
  })

  it('imports by relative path only, exactly what the manifest says', () => {
    for (const name of javascript) {
      const found = specifiers(read(name))
      for (const specifier of [...found.imports, ...found.lazyImports]) {
        expect([name, specifier]).toEqual([name, expect.stringMatching(/^\.\.?\//)])
      }
      expect(found.imports.map((s) => resolved(name, s)).sort()).toEqual(
        [...(manifest.files[name]?.imports ?? [])].sort(),
      )
      expect([...new Set(found.lazyImports.map((s) => resolved(name, s)))].sort()).toEqual(
        [...(manifest.files[name]?.lazyImports ?? [])].sort(),
      )
    }
  })

  it('keeps its lazy parts lazy: HPKE is imported on first use, never statically by the wallet', () => {
    const { files } = manifest
    const reached = (edges: 'imports' | 'lazyImports', from: string[]) => {
      const seen = new Set<string>()
      const walk = (name: string) => {
        for (const next of files[name]?.[edges] ?? []) {
          if (!seen.has(next)) {
            seen.add(next)
            walk(next)
          }
        }
      }
      for (const name of from) walk(name)
      return seen
    }
    const initial = new Set(['wallet.js', ...reached('imports', ['wallet.js'])])
    const onFirstUse = [...initial].flatMap((name) => files[name]?.lazyImports ?? [])
    // The module that exports hpkeOpen (a minified export names it `… as hpkeOpen`).
    const hpke = javascript.filter((name) => /export\s*\{[^}]*\bhpkeOpen\b/.test(read(name)))
    expect(hpke.length).toBe(1)
    for (const name of hpke) {
      expect(initial.has(name)).toBe(false)
      expect(onFirstUse).toContain(name)
    }
  })

  it("bundles zod with settings of its own, jitless, never the page's shared ones", () => {
    const all = javascript.map(read).join('\n')
    expect(all).not.toContain('__zod_globalConfig')
    expect(all).toMatch(/\{\s*jitless:\s*(?:!0|true)\s*\}/)
  })
})
