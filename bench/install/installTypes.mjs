// The public types of every entry compile in a browser app's install (skipLibCheck off, with our own
// tsc): no public type names a library the app did not install. Browser entries are checked without
// Node's types (a browser app has none); the Node entries (relay, sandbox, testing) with them, as a
// Node app has them. The entries made for one framework (the React and Vue typings, the Playwright
// fixture) name that framework, which an app using them has: they are checked in groups of their own
// with that framework's types taken from our own install (mapped with `paths`), never in the group
// of the plain browser entries.
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * Subpaths made for one framework → the packages their types name (the app using them has them;
 * a plain browser app does not). Each group is checked with those packages mapped from our install.
 * `bundlerOnly`: React and Vue apps are built with a bundler, and their types are the slowest to
 * check, so the node16 run is skipped for them.
 */
export const FRAMEWORK_PEERS = {
  './elements/react': { group: 'frameworks', packages: { react: '@types/react' }, bundlerOnly: true },
  './elements/vue': { group: 'frameworks', packages: { vue: 'vue' }, bundlerOnly: true },
  './testing/playwright': { group: 'playwright', packages: { '@playwright/test': '@playwright/test' } },
}

/** Subpaths of code: not `./package.json`, nor the signer document's static files (`./signer-document/*`). */
export const isCodeEntry = (subpath) => !subpath.endsWith('.json') && !subpath.includes('*')

/** Subpaths that run in Node only: their types may use Node's. */
export const isNodeEntry = (subpath) =>
  subpath === './relay' ||
  subpath === './sandbox' ||
  subpath === './signer' ||
  subpath === './testing' ||
  subpath.startsWith('./testing/')

const RESOLUTIONS = [
  { module: 'node16', moduleResolution: 'node16' },
  { module: 'esnext', moduleResolution: 'bundler' },
]

/** A .ts module importing every one of `subpaths` of the package `name`. */
export function importEvery(name, subpaths) {
  const specifier = (subpath) => (subpath === '.' ? name : `${name}/${subpath.slice(2)}`)
  const lines = subpaths.map((subpath, i) => `import * as entry${i} from '${specifier(subpath)}'`)
  lines.push(`export const entries = [${subpaths.map((_, i) => `entry${i}`).join(', ')}]`, '')
  return lines.join('\n')
}

/**
 * The groups `checkPublicTypes` compiles: { name, subpaths, node (Node's types), packages (mapped),
 * bundlerOnly }.
 */
export function typeGroups(subpaths) {
  const groups = new Map()
  for (const subpath of subpaths) {
    const peer = FRAMEWORK_PEERS[subpath]
    const node = isNodeEntry(subpath)
    const name = peer?.group ?? (node ? 'node' : 'browser')
    const group = groups.get(name) ?? {
      name,
      subpaths: [],
      node,
      packages: {},
      bundlerOnly: Boolean(peer?.bundlerOnly),
    }
    group.subpaths.push(subpath)
    Object.assign(group.packages, peer?.packages)
    groups.set(name, group)
  }
  return [...groups.values()]
}

/**
 * Type-checks, in `appDir`, files importing every code subpath of the installed package with
 * `root`'s TypeScript, under node16 and bundler resolution. Returns sentences naming what failed.
 */
export async function checkPublicTypes(appDir, { root }) {
  const pkg = JSON.parse(
    await readFile(join(appDir, 'node_modules/embedded-wallet-auth/package.json'), 'utf8'),
  )
  const groups = typeGroups(Object.keys(pkg.exports).filter(isCodeEntry))
  const tsc = join(root, 'node_modules/typescript/bin/tsc')
  const fromRoot = (dir) => join(root, 'node_modules', dir)
  // The package's types file itself: node16's ESM resolution does not look into a mapped directory.
  const typesOf = async (dir) => {
    const manifest = JSON.parse(await readFile(join(fromRoot(dir), 'package.json'), 'utf8'))
    return join(fromRoot(dir), manifest.types ?? manifest.typings ?? 'index.d.ts')
  }
  const runs = []
  for (const group of groups) {
    await writeFile(join(appDir, `types-${group.name}.ts`), importEvery(pkg.name, group.subpaths))
    const paths = {}
    for (const [name, dir] of Object.entries(group.packages)) paths[name] = [await typesOf(dir)]
    for (const resolution of RESOLUTIONS.filter(
      (r) => !group.bundlerOnly || r.moduleResolution === 'bundler',
    )) {
      const config = `tsconfig.${group.name}.${resolution.moduleResolution}.json`
      await writeFile(
        join(appDir, config),
        JSON.stringify({
          compilerOptions: {
            ...resolution,
            target: 'es2022',
            lib: ['es2022', 'dom', 'dom.iterable'],
            strict: true,
            noEmit: true,
            skipLibCheck: false,
            // TypeScript's own lib files need no checking here (and take most of the time).
            skipDefaultLibCheck: true,
            // Node's types from our own install: a Node app has @types/node, the browser app here not.
            types: group.node ? ['node'] : [],
            ...(group.node ? { typeRoots: [fromRoot('@types')] } : {}),
            ...(Object.keys(paths).length ? { paths } : {}),
          },
          files: [`types-${group.name}.ts`],
        }),
      )
      const setting = [
        `${resolution.moduleResolution} resolution`,
        group.node ? 'with Node types' : 'without Node types',
        ...Object.keys(group.packages).map((name) => `with ${name}`),
      ].join(', ')
      runs.push(
        run(process.execPath, [tsc, '-p', config], { cwd: appDir, maxBuffer: 16 * 1024 * 1024 }).then(
          () => undefined,
          (error) => {
            const errors = `${error.stdout ?? ''}`.split('\n').filter((line) => line.includes('error TS'))
            return `The public types of ${group.subpaths.join(', ')} do not compile in an app's install of the package (${setting}): ${errors.slice(0, 5).join(' / ') || error.message}`
          },
        ),
      )
    }
  }
  return (await Promise.all(runs)).filter(Boolean)
}
