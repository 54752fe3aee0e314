import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  collectBundledPackages,
  licensesMarkdown,
  packageRootOf,
  thirdPartyLicenses,
} from '../../bench/install/thirdPartyLicenses.js'

const ROOT = join(import.meta.dirname, '../..')
const modules = (root: string) => join(ROOT, 'node_modules', root)
const versionOf = async (name: string) =>
  JSON.parse(await readFile(join(modules(name), 'package.json'), 'utf8')).version as string

describe('third-party licences', () => {
  it('finds the package a module belongs to (the innermost node_modules)', () => {
    expect(packageRootOf('/repo/node_modules/hono/dist/hono.js')).toBe('/repo/node_modules/hono')
    expect(packageRootOf('/repo/node_modules/@hono/node-server/dist/index.mjs')).toBe(
      '/repo/node_modules/@hono/node-server',
    )
    expect(packageRootOf('/repo/node_modules/a/node_modules/tslib/tslib.es6.js?commonjs-proxy')).toBe(
      '/repo/node_modules/a/node_modules/tslib',
    )
    expect(packageRootOf('\0/repo/node_modules/b/index.js')).toBe('/repo/node_modules/b')
    expect(packageRootOf('/repo/src/sandbox/app.ts')).toBeUndefined()
    expect(packageRootOf('\0commonjsHelpers.js')).toBeUndefined()
  })

  it('collects each package once with its licence and notice files, skipping our own code', async () => {
    const packages = await collectBundledPackages([
      { id: join(modules('hono'), 'dist/hono.js'), file: 'chunks/b.js' },
      { id: join(modules('hono'), 'dist/request.js'), file: 'chunks/a.js' },
      { id: join(modules('@scure/bip39'), 'index.js'), file: 'chunks/a.js' },
      { id: join(ROOT, 'src/sandbox/app.ts'), file: 'chunks/a.js' },
    ])
    expect(packages.map(({ name, version, license, files }) => ({ name, version, license, files }))).toEqual([
      {
        name: '@scure/bip39',
        version: await versionOf('@scure/bip39'),
        license: 'MIT',
        files: ['chunks/a.js'],
      },
      {
        name: 'hono',
        version: await versionOf('hono'),
        license: 'MIT',
        files: ['chunks/a.js', 'chunks/b.js'],
      },
    ])
    const hono = packages[1]
    expect(hono?.notices.map((notice) => notice.file)).toContain('LICENSE')
    expect(hono?.notices[0]?.text).toMatch(/Permission is hereby granted/)
  })

  it('writes each package with its notices in a fence its text cannot close', () => {
    const markdown = licensesMarkdown([
      {
        name: 'ticks',
        version: '1.0.0',
        license: 'MIT',
        notices: [{ file: 'LICENSE', text: 'a ```` b' }],
        files: ['relay.js'],
      },
      { name: 'bare', version: '2.0.0', license: 'ISC', notices: [], files: ['chunks/x.js'] },
    ])
    expect(markdown).toContain('## ticks 1.0.0\n\nLicence: MIT.\nBundled into: `relay.js`.')
    expect(markdown).toContain('LICENSE:\n\n`````text\na ```` b\n`````')
    expect(markdown).toContain('## bare 2.0.0\n\nLicence: ISC.')
    expect(markdown).toContain('ships no licence file')
  })

  it('emits THIRD-PARTY-LICENSES.md for the modules chunks render, not the tree-shaken ones', async () => {
    const plugin = thirdPartyLicenses()
    const emitted: { fileName?: string; source?: string | Uint8Array }[] = []
    const chunk = (fileName: string, ids: Record<string, number>) => ({
      type: 'chunk',
      fileName,
      modules: Object.fromEntries(
        Object.entries(ids).map(([id, renderedLength]) => [id, { renderedLength }]),
      ),
    })
    const bundle = {
      'relay.js': chunk('relay.js', { [join(modules('hono'), 'dist/hono.js')]: 120 }),
      'chunks/x.js': chunk('chunks/x.js', {
        [join(modules('@scure/bip39'), 'index.js')]: 0,
        [join(ROOT, 'src/relay/createRelay.ts')]: 300,
      }),
      'README.md': { type: 'asset', fileName: 'README.md' },
    }
    const generateBundle = plugin.generateBundle as unknown as (
      this: { emitFile: (file: (typeof emitted)[number]) => string },
      options: unknown,
      bundle: unknown,
    ) => Promise<void>
    await generateBundle.call(
      {
        emitFile: (file) => {
          emitted.push(file)
          return 'ref'
        },
      },
      {},
      bundle,
    )
    expect(emitted.map((file) => file.fileName)).toEqual(['THIRD-PARTY-LICENSES.md'])
    const source = String(emitted[0]?.source)
    expect(source).toContain('## hono ')
    expect(source).toContain('Bundled into: `relay.js`.')
    expect(source).not.toContain('@scure/bip39')
    expect(plugin.apply).toBe('build')
  })
})
