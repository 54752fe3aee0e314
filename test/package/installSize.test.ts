import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { browserChunkProblems, packageOfSource } from '../../bench/install/browserChunks.mjs'
import {
  INSTALL_BUDGET,
  type InstallMeasure,
  installMarkdown,
  installProblems,
  replaceSection,
  requiredClosure,
  SECTION_HEADING,
} from '../../bench/install/installSize.mjs'
import { importEvery, typeGroups } from '../../bench/install/installTypes.mjs'
import { shippedLicenseProblems } from '../../bench/install/shippedLicenses.mjs'

const installOf = (names: string[], bytes = 1_000_000): InstallMeasure => ({
  packages: names.map((name) => ({ path: `node_modules/${name}`, name, version: '1.0.0', bytes: 1000 })),
  count: names.length,
  bytes,
})

describe('install size limits', () => {
  const lean = ['embedded-wallet-auth', '@hpke/core', '@hpke/common', 'zod']

  it('says nothing within the budget', () => {
    expect(installProblems(installOf(lean), { ownName: 'embedded-wallet-auth' })).toEqual([])
  })

  it('names the packages when there are too many', () => {
    const names = [...lean, 'hono', '@hono/node-server', 'a', 'b', 'c']
    const [problem, ...rest] = installProblems(installOf(names), { ownName: 'embedded-wallet-auth' })
    expect(rest).toEqual([])
    expect(problem).toContain(
      `9 packages, more than ${INSTALL_BUDGET.packages}: @hono/node-server, @hpke/common`,
    )
    expect(problem).toContain('hono, zod (besides embedded-wallet-auth)')
  })

  it('names only what no browser entry needs when it knows what they import', () => {
    const install = installOf([...lean, 'hono', '@hono/node-server', 'tslib', 'tsyringe', 'other'])
    const requires: Record<string, string[]> = {
      'embedded-wallet-auth': ['@hpke/core', 'zod', 'hono', '@hono/node-server', 'tsyringe'],
      '@hpke/core': ['@hpke/common'],
      '@hono/node-server': ['hono'],
      tsyringe: ['tslib'],
    }
    for (const pkg of install.packages) pkg.requires = requires[pkg.name] ?? []
    // tsyringe's own, older tslib, nested: found before the top-level one.
    install.packages.push({
      path: 'node_modules/tsyringe/node_modules/tslib',
      name: 'tslib',
      version: '1.0.0',
      bytes: 1,
    })
    install.count = install.packages.length
    const used = ['@hpke/core', 'zod']
    expect([...requiredClosure(install.packages, ['tsyringe'])]).toEqual([
      'node_modules/tsyringe',
      'node_modules/tsyringe/node_modules/tslib',
    ])
    expect(installProblems(install, { ownName: 'embedded-wallet-auth', used })).toEqual([
      'A browser app installs 10 packages, more than 8, and no browser entry needs these 6: @hono/node-server, hono, other, tslib, tsyringe, tsyringe/node_modules/tslib (a server-only library back in "dependencies"?).',
    ])
  })

  it('names the largest packages when the bytes are over', () => {
    const problems = installProblems(installOf(lean, INSTALL_BUDGET.bytes + 1), {
      ownName: 'embedded-wallet-auth',
    })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain('over the 16.0 MB budget')
  })
})

describe('the BENCHMARKS.md section', () => {
  const section = installMarkdown(installOf(['embedded-wallet-auth', 'zod'], 2_500_000))
  const document = '# Benchmarks\n\n## Bundle size\n\nsizes\n\n## Signing speed\n\nspeed\n'

  it('lists each package and the total', () => {
    expect(section.startsWith(`${SECTION_HEADING}\n`)).toBe(true)
    expect(section).toContain('| zod | 1.0.0 |')
    expect(section).toContain('**2 packages** | | **2.5 MB**')
  })

  it('goes after the size sections the first time, and replaces itself after', () => {
    const once = replaceSection(document, section)
    expect(once).toBe(`# Benchmarks\n\n## Bundle size\n\nsizes\n\n${section}\n\n## Signing speed\n\nspeed\n`)
    const other = installMarkdown(installOf(['embedded-wallet-auth'], 1_000_000))
    const twice = replaceSection(once, other)
    expect(twice).toBe(`# Benchmarks\n\n## Bundle size\n\nsizes\n\n${other}\n\n## Signing speed\n\nspeed\n`)
    expect(replaceSection(twice, other)).toBe(twice)
  })

  it('is appended to a document without the speed sections, and replaced at its end', () => {
    const once = replaceSection('# Benchmarks\n', section)
    expect(once).toBe(`# Benchmarks\n\n${section}\n`)
    expect(replaceSection(once, section)).toBe(once)
  })
})

describe('public types check', () => {
  it('puts the framework typings and the Node entries in groups of their own', () => {
    const groups = typeGroups(['.', './client', './elements/react', './elements/vue', './relay', './sandbox'])
    expect(groups).toEqual([
      { name: 'browser', subpaths: ['.', './client'], node: false, packages: {}, bundlerOnly: false },
      {
        name: 'frameworks',
        subpaths: ['./elements/react', './elements/vue'],
        node: false,
        packages: { react: '@types/react', vue: 'vue' },
        bundlerOnly: true,
      },
      { name: 'node', subpaths: ['./relay', './sandbox'], node: true, packages: {}, bundlerOnly: false },
    ])
    expect(typeGroups(['./testing', './testing/playwright']).map((g) => [g.name, g.node])).toEqual([
      ['node', true],
      ['playwright', true],
    ])
  })

  it('imports every subpath', () => {
    expect(importEvery('pkg', ['.', './relay'])).toBe(
      "import * as entry0 from 'pkg'\nimport * as entry1 from 'pkg/relay'\nexport const entries = [entry0, entry1]\n",
    )
  })
})

describe('browser chunks', () => {
  let root: string | undefined
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true })
  })

  // A built package: a browser entry with a static and a lazy chunk, and a Node entry bundling hono.
  async function builtPackage(lazy: { code: string; sources: string[] }) {
    root = await mkdtemp(join(os.tmpdir(), 'ewa-chunks-'))
    const files: Record<string, string> = {
      'package.json': JSON.stringify({
        name: 'kit',
        dependencies: { zod: '^4.0.0' },
        peerDependencies: { '@playwright/test': '*' },
        exports: {
          '.': { types: './dist/index.d.ts', default: './dist/index.js' },
          './relay': { default: './dist/relay.js' },
          './package.json': './package.json',
        },
      }),
      'dist/index.js':
        "import { z } from 'zod'\nimport { a } from './chunks/a.js'\nexport const later = () => import('./chunks/lazy.js')\nexport { a, z }\n",
      'dist/index.js.map': JSON.stringify({ sources: ['../src/index.ts'] }),
      'dist/chunks/a.js': 'export const a = 1\n',
      'dist/chunks/a.js.map': JSON.stringify({ sources: ['../../src/a.ts'] }),
      'dist/chunks/lazy.js': lazy.code,
      'dist/chunks/lazy.js.map': JSON.stringify({ sources: lazy.sources }),
      'dist/relay.js': "import { createServer } from 'node:http'\nexport { createServer }\n",
      'dist/relay.js.map': JSON.stringify({ sources: ['../node_modules/hono/dist/index.js'] }),
    }
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true })
      await writeFile(join(root, path), text)
    }
    return root
  }

  it('finds nothing when the browser entries reach only our code and dependencies', async () => {
    const dir = await builtPackage({ code: 'export const lazy = 2\n', sources: ['../../src/lazy.ts'] })
    expect(await browserChunkProblems({ root: dir })).toEqual([])
  })

  it('names a lazily reached chunk holding a server library, or importing Node or a peer', async () => {
    const dir = await builtPackage({
      code: "import 'node:http'\nimport '@playwright/test'\nexport const lazy = 2\n",
      sources: [
        '../../src/lazy.ts',
        '../../node_modules/hono/dist/hono.js',
        '../../node_modules/zod/index.js',
      ],
    })
    const problems = await browserChunkProblems({ root: dir })
    expect(problems).toHaveLength(3)
    expect(
      problems.every((problem) => problem.startsWith('dist/chunks/lazy.js, reached from the . entry')),
    ).toBe(true)
    expect(problems.join('\n')).toMatch(
      /imports node:http[\s\S]*imports @playwright\/test[\s\S]*code from hono,/,
    )
  })

  it('names a browser entry esbuild cannot bundle for a browser, in a sentence', async () => {
    const dir = await builtPackage({
      code: "import { randomUUID } from 'crypto'\nexport { randomUUID }\n",
      sources: [],
    })
    const problems = await browserChunkProblems({ root: dir })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^The \. entry \(.*\) does not bundle for a browser: .*crypto.*\.$/)
  })

  it('reads the package of a source path', () => {
    expect(packageOfSource('../../node_modules/@hono/node-server/dist/index.mjs')).toBe('@hono/node-server')
    expect(packageOfSource('../../node_modules/tsyringe/node_modules/tslib/tslib.es6.js')).toBe('tslib')
    expect(packageOfSource('../../src/sandbox/app.ts')).toBeUndefined()
  })
})

describe('shipped licences', () => {
  let dir: string | undefined
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  async function packageWith(notices?: string) {
    dir = await mkdtemp(join(os.tmpdir(), 'ewa-licences-'))
    await mkdir(join(dir, 'dist/chunks'), { recursive: true })
    await writeFile(
      join(dir, 'dist/chunks/server.js.map'),
      JSON.stringify({ sources: ['../../node_modules/hono/dist/hono.js', '../../src/sandbox/app.ts'] }),
    )
    await writeFile(join(dir, 'dist/index.js.map'), JSON.stringify({ sources: ['../src/index.ts'] }))
    if (notices !== undefined) await writeFile(join(dir, 'dist/THIRD-PARTY-LICENSES.md'), notices)
    return dir
  }

  it('finds every bundled package in THIRD-PARTY-LICENSES.md', async () => {
    expect(
      await shippedLicenseProblems(await packageWith('# Third-party licences\n\n## hono 4.0.0\n')),
    ).toEqual([])
  })

  it('names a bundled package without its licence, or a missing file', async () => {
    expect(
      await shippedLicenseProblems(await packageWith('# Third-party licences\n\n## zod 4.0.0\n')),
    ).toEqual(['dist/THIRD-PARTY-LICENSES.md lacks the licences of hono, whose code the package bundles.'])
    await rm(join(dir ?? '', 'dist/THIRD-PARTY-LICENSES.md'))
    expect((await shippedLicenseProblems(dir ?? ''))[0]).toContain('ships no dist/THIRD-PARTY-LICENSES.md')
  })
})
