import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Plugin } from 'vite'

/** One npm package whose code the build put inside dist, with what its licence asks us to ship. */
export interface BundledPackage {
  name: string
  version: string
  /** The SPDX expression from its package.json, or `UNKNOWN`. */
  license: string
  /** Its LICENSE / LICENCE / COPYING / NOTICE / COPYRIGHT… files (name and text), as found in the package. */
  notices: { file: string; text: string }[]
  /** The dist files holding its code. */
  files: string[]
}

/** One bundled module: its id (absolute path) and the dist file it ended up in. */
export interface BundledModule {
  id: string
  file: string
}

const NODE_MODULES = '/node_modules/'
const NOTICE_FILE = /^(licen[cs]e|copying|notice|copyright)/i

/** The directory of the npm package a module id belongs to (the innermost node_modules), if any. */
export function packageRootOf(id: string): string | undefined {
  const path = id.replace(/^\0/, '').split('?')[0]?.replaceAll('\\', '/') ?? ''
  const at = path.lastIndexOf(NODE_MODULES)
  if (at === -1) return undefined
  const segments = path.slice(at + NODE_MODULES.length).split('/')
  const depth = segments[0]?.startsWith('@') ? 2 : 1
  return `${path.slice(0, at + NODE_MODULES.length)}${segments.slice(0, depth).join('/')}`
}

function licenseOf(manifest: { license?: unknown; licenses?: unknown }): string {
  const { license, licenses } = manifest
  if (typeof license === 'string') return license
  if (license && typeof license === 'object' && 'type' in license) return String(license.type)
  if (Array.isArray(licenses))
    return licenses.map((entry) => (typeof entry === 'string' ? entry : String(entry?.type))).join(' OR ')
  return 'UNKNOWN'
}

/** The packages `modules` come from, one entry per name and version, sorted by name. */
export async function collectBundledPackages(modules: BundledModule[]): Promise<BundledPackage[]> {
  const byRoot = new Map<string, Set<string>>()
  for (const { id, file } of modules) {
    const root = packageRootOf(id)
    if (root === undefined) continue
    const files = byRoot.get(root) ?? new Set<string>()
    files.add(file)
    byRoot.set(root, files)
  }
  const byKey = new Map<string, BundledPackage>()
  for (const [root, files] of byRoot) {
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'))
    const key = `${manifest.name}@${manifest.version}`
    const known = byKey.get(key)
    if (known) {
      known.files = [...new Set([...known.files, ...files])].sort()
      continue
    }
    const notices = []
    for (const entry of (await readdir(root, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (entry.isFile() && NOTICE_FILE.test(entry.name))
        notices.push({ file: entry.name, text: (await readFile(join(root, entry.name), 'utf8')).trim() })
    }
    byKey.set(key, {
      name: manifest.name,
      version: manifest.version,
      license: licenseOf(manifest),
      notices,
      files: [...files].sort(),
    })
  }
  return [...byKey.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  )
}

/** THIRD-PARTY-LICENSES.md for `packages`. */
export function licensesMarkdown(packages: BundledPackage[]): string {
  const lines = [
    '# Third-party licences',
    '',
    'Code from the packages below is bundled into this package’s dist (the relay, the sandbox and its',
    'command; the browser entries bundle none and import their dependencies instead). Each package’s',
    'licence and notices follow, as found in the package. Written by the build (bench/install/thirdPartyLicenses.ts).',
  ]
  if (packages.length === 0) lines.push('', 'No third-party code is bundled.')
  for (const pkg of packages) {
    lines.push('', `## ${pkg.name} ${pkg.version}`, '', `Licence: ${pkg.license}.`)
    lines.push(`Bundled into: ${pkg.files.map((file) => `\`${file}\``).join(', ')}.`)
    if (pkg.notices.length === 0)
      lines.push('', 'The package ships no licence file; its package.json names the licence above.')
    for (const notice of pkg.notices) {
      // A fence longer than any backtick run in the text.
      const fence = '`'.repeat(Math.max(3, ...(notice.text.match(/`+/g) ?? []).map((run) => run.length + 1)))
      lines.push('', `${notice.file}:`, '', `${fence}text`, notice.text, fence)
    }
  }
  return `${lines.join('\n')}\n`
}

/**
 * A build plugin writing dist/THIRD-PARTY-LICENSES.md: the name, version, licence and licence files
 * of every npm package with code inside the bundle (external imports are not in it), since shipping
 * MIT or Apache code means shipping its notices. No dependency: Rollup's own chunk data says which
 * modules each chunk renders.
 */
export function thirdPartyLicenses(): Plugin {
  // Every file's modules, across the builds sharing this plugin (the browser files: one per entry).
  const modulesOf = new Map<string, BundledModule[]>()
  return {
    name: 'third-party-licenses',
    apply: 'build',
    async generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        modulesOf.set(
          output.fileName,
          Object.entries(output.modules)
            .filter(([, info]) => info.renderedLength > 0)
            .map(([id]) => ({ id, file: output.fileName })),
        )
      }
      this.emitFile({
        type: 'asset',
        fileName: 'THIRD-PARTY-LICENSES.md',
        source: licensesMarkdown(await collectBundledPackages([...modulesOf.values()].flat())),
      })
    },
  }
}
