// What a browser app installs with the package as it would be published: `npm pack`, then
// `npm install <tarball>` into an empty app in a temp dir (outside the repo, so nothing resolves from
// the repo's own node_modules). Counts the installed packages and their bytes, renders the
// BENCHMARKS.md section and says what is over the limits.
import { execFile } from 'node:child_process'
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * The limits `npm test` enforces (`--check`). Packages: the issue's limit (the browser code runs
 * five dependencies, two of them with one dependency each: 7, plus the package itself). Bytes (the
 * sum of file sizes): the 8-package install measured 13.5 MB on 2026-11-23 (zod alone 6.1 MB; our
 * own package 3.9 MB, 2.7 MB of it source maps); 16 MB leaves ~19 % for our own growth and the
 * dependency updates the lock takes in (the install uses the lock's versions). Going back to server libraries in `dependencies` trips the package
 * count at once, whatever the bytes.
 */
export const INSTALL_BUDGET = { packages: 8, bytes: 16_000_000 }

/**
 * The install before the server libraries were bundled (commit c8f7990, measured on 2026-11-23 with
 * `node bench/install-size.mjs --root <a worktree of c8f7990, built>`): 35 packages (tslib installed
 * twice, once nested: 36 entries), 16.1 MB of files, 29.1 MB allocated on disk (the issue's "27 MB"
 * is `du -h`'s figure for it).
 */
export const BEFORE = { commit: 'c8f7990', packages: 36, distinct: 35, bytes: 16_095_208, disk: 29_110_272 }

/** Heading of the BENCHMARKS.md section this file writes. */
export const SECTION_HEADING = '## Install size of a browser app'

/** name → version of every package our lock installs for users (not a devDependency), top level only. */
async function lockedRuntimeVersions(root) {
  const lock = JSON.parse(await readFile(join(root, 'package-lock.json'), 'utf8'))
  const versions = {}
  for (const [path, entry] of Object.entries(lock.packages)) {
    const name = path.startsWith('node_modules/') ? path.slice('node_modules/'.length) : ''
    if (name === '' || name.includes('/node_modules/') || entry.dev || entry.devOptional) continue
    versions[name] = entry.version
  }
  return versions
}

/**
 * Packs `root` (a built checkout) and installs the tarball into a new empty app in a temp dir.
 * Returns { dir (remove it when done), appDir, tarball }.
 */
export async function packAndInstall({ root }) {
  const dir = await mkdtemp(join(os.tmpdir(), 'ewa-install-'))
  // The checkout is built already: no prepack build, whose output would land in pack's JSON.
  const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  })
  const tarball = join(dir, JSON.parse(stdout)[0].filename)
  const appDir = join(dir, 'app')
  await mkdir(appDir)
  // The versions our lock holds, not the newest the ranges allow: the check measures this commit,
  // whatever the registry published since, and (with --prefer-offline, after our own `npm ci`) comes
  // from npm's cache.
  const app = { private: true, type: 'module', overrides: await lockedRuntimeVersions(root) }
  await writeFile(join(appDir, 'package.json'), `${JSON.stringify(app)}\n`)
  await run('npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: appDir,
    maxBuffer: 64 * 1024 * 1024,
  })
  return { dir, appDir, tarball }
}

/** Removes what packAndInstall made. */
export const removeInstall = ({ dir }) => rm(dir, { recursive: true, force: true })

/** Bytes allocated on disk under `path`, directories included (what `du` counts). */
async function diskBytes(path) {
  let total = (await lstat(path)).blocks * 512
  for (const entry of await readdir(path, { withFileTypes: true })) {
    const child = join(path, entry.name)
    total += entry.isDirectory() ? await diskBytes(child) : (await lstat(child)).blocks * 512
  }
  return total
}

/** Bytes of the files under `path`; `skip` = directory names not to enter. Symlinks are not counted. */
async function fileBytes(path, skip = new Set()) {
  let total = 0
  for (const entry of await readdir(path, { withFileTypes: true })) {
    const child = join(path, entry.name)
    if (entry.isDirectory()) {
      if (!skip.has(entry.name)) total += await fileBytes(child, skip)
    } else if (entry.isFile()) total += (await lstat(child)).size
  }
  return total
}

/**
 * What is installed in `appDir`: every entry of node_modules/.package-lock.json (ours included,
 * nested copies counted on their own) with its version and file bytes (its nested node_modules
 * excluded), the bytes of every file under node_modules, and what they take on disk (`du`).
 */
export async function measureInstall(appDir) {
  const lock = JSON.parse(await readFile(join(appDir, 'node_modules/.package-lock.json'), 'utf8'))
  const packages = []
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.startsWith('node_modules/')) continue
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
    const bytes = await fileBytes(join(appDir, path), new Set(['node_modules']))
    const requires = Object.keys({
      ...entry.dependencies,
      ...entry.optionalDependencies,
      ...entry.peerDependencies,
    })
    packages.push({ path, name, version: entry.version, bytes, requires })
  }
  packages.sort((a, b) => b.bytes - a.bytes || a.path.localeCompare(b.path))
  const nodeModules = join(appDir, 'node_modules')
  return {
    packages,
    count: packages.length,
    bytes: await fileBytes(nodeModules),
    disk: await diskBytes(nodeModules),
  }
}

/**
 * Install paths of `names` and of everything they require, found as Node finds them (the requiring
 * package's own node_modules first, then each parent's).
 */
export function requiredClosure(packages, names) {
  const byPath = new Map(packages.map((p) => [p.path, p]))
  const found = new Set()
  const visit = (from, name) => {
    for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
      const path = `${dir ? `${dir}/` : ''}node_modules/${name}`
      const pkg = byPath.get(path)
      if (pkg) {
        if (found.has(path)) return
        found.add(path)
        for (const required of pkg.requires ?? []) visit(path, required)
        return
      }
      if (!dir) return
    }
  }
  for (const name of names) visit('', name)
  return found
}

/**
 * Sentences saying what is over INSTALL_BUDGET; empty when the install is within it. `used`: the
 * packages the browser entries import; the sentence then names what is installed beyond them and
 * what they require.
 */
export function installProblems({ packages, count, bytes }, { ownName, used, budget = INSTALL_BUDGET }) {
  const problems = []
  if (count > budget.packages) {
    // Ours, and what the browser code imports with all they require; not what ours requires.
    const needed = requiredClosure(packages, used ?? []).add(`node_modules/${ownName}`)
    const label = (p) => p.path.replace(/^node_modules\//, '')
    const extra = used ? packages.filter((p) => !needed.has(p.path)).map(label) : []
    const others = packages.filter((p) => p.name !== ownName).map(label)
    problems.push(
      extra.length
        ? `A browser app installs ${count} packages, more than ${budget.packages}, and no browser entry needs these ${extra.length}: ${extra.sort().join(', ')} (a server-only library back in "dependencies"?).`
        : `A browser app installs ${count} packages, more than ${budget.packages}: ${others.sort().join(', ')} (besides ${ownName}).`,
    )
  }
  if (bytes > budget.bytes) {
    const top = packages
      .slice(0, 3)
      .map((p) => `${p.name} ${mb(p.bytes)}`)
      .join(', ')
    problems.push(
      `A browser app's install is ${mb(bytes)}, over the ${mb(budget.bytes)} budget (largest: ${top}).`,
    )
  }
  return problems
}

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`

/** The BENCHMARKS.md section (heading included) for one measurement. */
export function installMarkdown(
  { packages, count, bytes, disk },
  { budget = INSTALL_BUDGET, before = BEFORE } = {},
) {
  return [
    SECTION_HEADING,
    '',
    'What `npm install embedded-wallet-auth` adds to an empty browser app: the packed tarball as it would be',
    'published, installed into a temp dir (bench/install-size.mjs). Sizes are sums of file sizes.',
    `\`npm test\` (\`npm run check:install\`) fails above ${budget.packages} packages or ${mb(budget.bytes)}. In the same install it also`,
    'starts the installed `embedded-wallet-sandbox` command and creates a customer on it, runs the relay in',
    'front of an in-process sandbox and the testing entry’s sandbox on a port, and compiles every entry’s',
    'public types (skipLibCheck off; the browser entries without Node’s types, the Node entries with them,',
    'the React and Vue typings and the Playwright fixture with their framework’s): Node users need nothing',
    'more. The browser entries’ chunks are checked to hold no server-side code, and the package to ship',
    'the licences of the code it bundles (dist/THIRD-PARTY-LICENSES.md).',
    '',
    '| package | version | size |',
    '| --- | --- | ---: |',
    ...packages.map((p) => `| ${p.path.replace(/^node_modules\//, '')} | ${p.version} | ${mb(p.bytes)} |`),
    `| **${count} packages** | | **${mb(bytes)}** |`,
    '',
    ...(disk ? [`On disk (allocated blocks, as \`du\` counts): ${mb(disk)}.`, ''] : []),
    `Before the relay's and sandbox's libraries (hono, @hono/node-server, @simplewebauthn/server, @scure/bip39)`,
    `were bundled into the Node entries (${before.commit}): ${before.distinct} packages (${before.packages} with a nested copy),`,
    `${mb(before.bytes)} of files, ${mb(before.disk)} on disk.`,
  ].join('\n')
}

/**
 * `document` with its `SECTION_HEADING` section replaced by `section`; without one, the section goes
 * before the speed sections (after the size ones), or at the end.
 */
export function replaceSection(document, section) {
  const start = document.indexOf(`${SECTION_HEADING}\n`)
  if (start !== -1) {
    const next = document.indexOf('\n## ', start + SECTION_HEADING.length)
    const end = next === -1 ? document.length : next + 1
    const tail = document.slice(end)
    return `${document.slice(0, start)}${section}\n${tail ? `\n${tail}` : ''}`
  }
  const speed = document.indexOf('\n## Signing speed')
  if (speed === -1) return `${document.replace(/\n*$/, '\n\n')}${section}\n`
  return `${document.slice(0, speed + 1)}${section}\n\n${document.slice(speed + 1)}`
}
