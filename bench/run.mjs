// `npm run bench`: sizes (esbuild and Vite, next to the peer SDK), speed in headless Chromium (next
// to the raw sign and the peer), the kit's own cost per signed call in Chromium (one tab, 8 tabs),
// signer mode beside page-held (a signed call, the page's bundle, the signer document's first load),
// the kit's overhead on a signed-retry round trip, the relay's calls to the service per flow, the sandbox's throughput on one core and 200k customers in one sandbox, in one run. Writes bench/BENCHMARKS.md (the copy the README links) and
// bench/out/report.json. Informational: `npm run size` enforces the budgets in CI. The headline figures
// of the BENCHMARKS.md it replaces stay beside the new ones (bench/out/ is not committed: that file is
// what holds the previous run's figures).
// `node bench/run.mjs --signer-only`: the signer-mode sections alone, put into the existing files.
import { execFileSync } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { installMarkdown, measureInstall, packAndInstall, removeInstall } from './install/installSize.mjs'
import { measureSandbox, sandboxMarkdown } from './sandbox/sandbox.mjs'
import { customersMarkdown, measureCustomers } from './sandbox/sandbox-customers.mjs'
import { besideBefore } from './shared/besideBefore.mjs'
import { previousRun } from './shared/previousRun.mjs'
import { measureSigner, signerMarkdown, spliceSignerSections } from './signer/signerSections.mjs'
import { browserFilesMarkdown, measureBrowserFiles } from './size/browserFilesSize.mjs'
import { measurePeerSizes, peerSizeMarkdown } from './size/peerSize.mjs'
import { measureSizes, sizeMarkdown } from './size/size.mjs'
import { measureRelayCalls, relayCallsMarkdown } from './speed/relayCalls.mjs'
import { measureRoundTrip, roundTripMarkdown } from './speed/roundTrip.mjs'
import { measureSignedCall, signedCallMarkdown } from './speed/signedCall.mjs'
import { measureSpeed, speedMarkdown } from './speed/speed.mjs'

const ROOT = new URL('..', import.meta.url)

const readJson = async (path) => JSON.parse(await readFile(new URL(path, ROOT), 'utf8'))
const pkg = await readJson('package.json')
// Installed (not declared) versions: those are what got measured.
const MEASURED_PACKAGES = [
  ...Object.keys(pkg.dependencies),
  ...Object.keys(pkg.devDependencies).filter((name) => name.startsWith('@turnkey/')),
  'esbuild',
  'vite',
  'playwright',
]
const versions = { [pkg.name]: pkg.version }
for (const name of MEASURED_PACKAGES) {
  versions[name] = (await readJson(`node_modules/${name}/package.json`)).version
}

const step = async (what, measure) => {
  const started = performance.now()
  process.stderr.write(`bench: ${what}…`)
  const result = await measure()
  process.stderr.write(` ${((performance.now() - started) / 1000).toFixed(0)} s\n`)
  return result
}

const ROUND_TRIP_TITLE = '## Signed-retry round trip, kit overhead (Node, in-process sandbox)'

/** The table columns whose figures are shown beside the previous run's (header names). */
const COMPARED_COLUMNS = [
  // sizes: per entry, the budgets, the no-bundler files, the install, the signer-mode page client
  'esbuild initial gzip',
  'Vite initial gzip',
  'size',
  'Vite (not enforced)',
  'limit',
  'gzip',
  'initial gzip',
  // timings: signing, OTP, sealed key, restore, round trip, sandbox, signer mode
  'median µs',
  'p95 µs',
  '× raw',
  '× ours',
  'median ms',
  'p95 ms',
  'median',
  'p95',
  'signed call (median / p95)',
  'kit’s own cost (median / p95)',
  'per second',
  'sandbox alone /s',
]

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim()

/** The commit measured, and whether the tree had changes on top of it. */
const commitOfTree = () =>
  `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? ' with uncommitted changes' : ''}`

const BENCHMARKS = new URL('bench/BENCHMARKS.md', ROOT)

/** The BENCHMARKS.md about to be replaced, and the run it describes (`{ date, commit }`). */
async function readPrevious() {
  const markdown = await readFile(BENCHMARKS, 'utf8').catch(() => '')
  const run = previousRun(markdown)
  if (!run) return { markdown, run: undefined }
  // A document written before the commit was recorded: the commit it was last committed in.
  const commit =
    run.commit ??
    `bench/BENCHMARKS.md as committed in ${git('log', '-1', '--format=%h', '--', 'bench/BENCHMARKS.md')}`
  return { markdown, run: { date: run.date, commit } }
}

if (process.argv.includes('--signer-only')) {
  // The signer document measured is this tree's.
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'ignore' })
  const signer = await measureSigner(step)
  const previous = await readFile(BENCHMARKS, 'utf8')
  const sections = besideBefore(signerMarkdown(signer), previous, { columns: COMPARED_COLUMNS })
  await writeFile(BENCHMARKS, spliceSignerSections(previous, sections, ROUND_TRIP_TITLE))
  const reportPath = new URL('bench/out/report.json', ROOT)
  const report = await readFile(reportPath, 'utf8').then(JSON.parse, () => ({}))
  await mkdir(new URL('bench/out/', ROOT), { recursive: true })
  await writeFile(reportPath, `${JSON.stringify({ ...report, signer }, null, 2)}\n`)
  console.log(sections)
  console.log('\nput the signer-mode sections into bench/BENCHMARKS.md and bench/out/report.json')
  process.exit(0)
}

const previous = await readPrevious()
const sizes = await step('sizes', () => measureSizes())
const peerSizes = await step('peer sizes', () => measurePeerSizes(sizes))
const installed = await step('install size', async () => {
  // The install packs dist: built now, so that it is this tree's and not an older build's.
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'ignore' })
  const install = await packAndInstall({ root: fileURLToPath(ROOT) })
  try {
    return await measureInstall(install.appDir)
  } finally {
    await removeInstall(install)
  }
})
const browserFiles = measureBrowserFiles() // dist/browser, built with the install above
const speed = await step('speed in Chromium', () => measureSpeed())
const signedCall = await step('signed call in Chromium', () => measureSignedCall())
const signer = await measureSigner(step) // dist/signer-document built with the install above
const roundTrip = await step('signed-retry round trip', () => measureRoundTrip())
const relayCalls = await step('relay calls per flow', () => measureRelayCalls())
const sandbox = await step('sandbox throughput', () => measureSandbox())
const customers = await step('sandbox at 200k customers', () => measureCustomers())

const environment = {
  date: new Date().toISOString(),
  commit: commitOfTree(),
  comparedWith: previous.run ?? null,
  node: process.version,
  chromium: speed.chromium,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cpus: os.cpus().length,
  loadAverage: os.loadavg().map((n) => n.toFixed(2)),
  platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  versions,
}

const comparedLine = previous.run
  ? `- compared with the run of ${previous.run.date} (${previous.run.commit}): “(was x)” after a figure is ` +
    'that run’s (sections it measured on their own give their date there), “(was –)” one it did not record.'
  : '- no previous bench/BENCHMARKS.md to compare with: every “(was –)”.'

const fresh = [
  `# ${pkg.name} ${pkg.version}: benchmarks`,
  '',
  'Written by `npm run bench` (bench/run.mjs); every number below comes from the one run described here,',
  'but those in “(was …)”: the previous run’s, from the document this one replaced. These machines are',
  'shared and noisy: compare the ratios, which are measured side by side, more than the absolute times.',
  '',
  `- ${environment.date}; commit ${environment.commit}; Node ${environment.node}; Chromium ${environment.chromium} (headless)`,
  `- ${environment.cpu} ×${environment.cpus}; ${environment.platform}; load average at the end ${environment.loadAverage.join(' / ')}`,
  `- ${Object.entries(versions)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ')}`,
  comparedLine,
  '',
  '## Bundle size: esbuild and Vite',
  '',
  'Minified, dependencies included, each chunk gzipped (-9). Initial = the entry chunk and its static imports;',
  'lazy = chunks behind `import()` (HPKE, the sealed-key curve, `verifyStamp`’s checker), fetched on first use.',
  '',
  sizeMarkdown(sizes),
  '',
  '## The no-bundler browser files',
  '',
  'What a page without a bundler loads from `dist/browser/`: one file, a self-contained ES module with every',
  'dependency inside, that imports nothing, not even on first use (the page pins all it runs with one integrity).',
  "Vite's library build, one per file, minified by esbuild; each file gzipped (-9).",
  '',
  browserFilesMarkdown(browserFiles),
  '',
  '## Bundle size next to the peer SDK',
  '',
  peerSizeMarkdown(peerSizes),
  '',
  installMarkdown(installed),
  '',
  speedMarkdown(speed),
  '',
  signedCallMarkdown(signedCall),
  '',
  signerMarkdown(signer),
  '',
  roundTripMarkdown(roundTrip),
  '',
  relayCallsMarkdown(relayCalls),
  '',
  '## Sandbox throughput (one core)',
  '',
  sandboxMarkdown(sandbox),
  '',
  customersMarkdown(customers),
].join('\n')
const markdown = besideBefore(fresh, previous.markdown, { columns: COMPARED_COLUMNS })

console.log(markdown)
await writeFile(BENCHMARKS, `${markdown}\n`)
await mkdir(new URL('bench/out/', ROOT), { recursive: true })
await writeFile(
  new URL('bench/out/report.json', ROOT),
  `${JSON.stringify({ environment, sizes, browserFiles, peerSizes, installed, speed, signedCall, signer, roundTrip, relayCalls, sandbox, customers }, null, 2)}\n`,
)
console.log('\nwrote bench/BENCHMARKS.md and bench/out/report.json')
