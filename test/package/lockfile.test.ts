// The committed package-lock.json is one `npm ci` accepts on any platform: every package a locked
// package depends on, its optional platform binaries included (Biome's, esbuild's, Rollup's for
// other systems), has its own entry, and the root entry lists what package.json lists. `npm ci`
// refuses a lock that misses an entry, but only on the platform that needs it; a root entry
// without package.json's peer dependencies it lets through (npm writes them there).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

type Dependencies = Record<string, string>
interface LockEntry {
  name?: string
  version?: string
  dependencies?: Dependencies
  optionalDependencies?: Dependencies
  devDependencies?: Dependencies
  peerDependencies?: Dependencies
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}
interface Lock {
  lockfileVersion: number
  packages: Record<string, LockEntry>
}

const read = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`../../${name}`, import.meta.url), 'utf8')) as T
const lock = read<Lock>('package-lock.json')
const manifest = read<LockEntry>('package.json')

/** Where Node (and npm) finds `name` from the package at `path`: its own node_modules, then each parent's. */
function resolves(packages: Lock['packages'], path: string, name: string): boolean {
  let base = path
  for (;;) {
    if (packages[`${base === '' ? '' : `${base}/`}node_modules/${name}`]) return true
    if (base === '') return false
    const parent = base.lastIndexOf('/node_modules/')
    base = parent === -1 ? '' : base.slice(0, parent)
  }
}

/** Every dependency (optional ones included) of a locked package that has no entry of its own. */
function missingEntries(packages: Lock['packages']): string[] {
  const missing: string[] = []
  for (const [path, entry] of Object.entries(packages)) {
    if (path === '') continue
    for (const kind of ['dependencies', 'optionalDependencies'] as const)
      for (const name of Object.keys(entry[kind] ?? {}))
        if (!resolves(packages, path, name)) missing.push(`${path} -> ${name} (${kind})`)
  }
  return missing
}

describe('package-lock.json', () => {
  it('is a version 3 lock', () => {
    expect(lock.lockfileVersion).toBe(3)
  })

  it("has an entry for every package a locked package depends on, other platforms' optional binaries too", () => {
    const optional = Object.values(lock.packages).flatMap((entry) =>
      Object.keys(entry.optionalDependencies ?? {}),
    )
    // The lock does name other platforms' binaries (so the check below has something to check).
    expect(optional).toContain('@biomejs/cli-darwin-arm64')
    expect(optional).toContain('@esbuild/win32-x64')
    expect(missingEntries(lock.packages)).toEqual([])
  })

  it("would catch a lock written without another platform's binary", () => {
    const packages = { ...lock.packages }
    delete packages['node_modules/@biomejs/cli-darwin-arm64']
    expect(missingEntries(packages)).toEqual([
      'node_modules/@biomejs/biome -> @biomejs/cli-darwin-arm64 (optionalDependencies)',
    ])
  })

  it("root entry lists exactly package.json's name, version and dependencies, peers included", () => {
    const root = lock.packages[''] ?? {}
    for (const field of ['name', 'version'] as const) expect(root[field]).toBe(manifest[field])
    for (const field of [
      'dependencies',
      'devDependencies',
      'optionalDependencies',
      'peerDependencies',
      'peerDependenciesMeta',
    ] as const)
      expect(root[field] ?? {}, field).toEqual(manifest[field] ?? {})
  })
})
