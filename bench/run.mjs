// `npm run bench`: bundle sizes + stamp speed in headless Chromium + sandbox throughput on one core
// (Node), printed as Markdown and saved to bench/out/report.{md,json}. Informational: budgets are
// enforced by `npm run size` instead.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import { measureSandbox, sandboxMarkdown } from './sandbox.mjs'
import { measureSizes, sizeMarkdown } from './size.mjs'
import { measureSpeed } from './speed.mjs'

const ROOT = new URL('..', import.meta.url)
const OUT = new URL('bench/out/', ROOT)
const RATIO_TARGET = 1.2

const readJson = async (path) => JSON.parse(await readFile(new URL(path, ROOT), 'utf8'))
const pkg = await readJson('package.json')
// Installed (not declared) versions: those are what got measured.
const versions = { [pkg.name]: pkg.version }
for (const name of [...Object.keys(pkg.dependencies), 'esbuild', 'playwright']) {
  versions[name] = (await readJson(`node_modules/${name}/package.json`)).version
}

const sizes = await measureSizes()
const speed = await measureSpeed({ iterations: 2000, warmup: 200, batch: 50 })
const sandbox = await measureSandbox()

const raw = speed.ops.raw
const ratios = Object.fromEntries(
  Object.entries(speed.ops).map(([name, op]) => [
    name,
    { median: op.medianUs / raw.medianUs, mean: op.meanUs / raw.meanUs },
  ]),
)
const environment = {
  date: new Date().toISOString(),
  node: process.version,
  chromium: speed.chromium,
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cpus: os.cpus().length,
  platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  versions,
}

const us = (n) => n.toFixed(1)
const markdown = [
  `# ${pkg.name} ${pkg.version} bench`,
  '',
  `${environment.date} · Node ${environment.node} · Chromium ${environment.chromium} (headless) · ${environment.cpu} ×${environment.cpus} · ${environment.platform}`,
  '',
  Object.entries(versions)
    .map(([name, version]) => `${name} ${version}`)
    .join(' · '),
  '',
  '## Bundle size (esbuild, minified, deps included; gzip -9)',
  '',
  'Initial = entry chunk + its static imports; lazy = chunks behind `import()` (the sealed-key curve library, `verifyStamp`’s checker).',
  '',
  sizeMarkdown(sizes),
  '',
  '## Signing speed (headless Chromium)',
  '',
  `Non-extractable P-256 key from \`generateSessionKey()\`; ${speed.payloadBytes}-byte JSON payload; ` +
    `${raw.n} timed ops each after warm-up, in alternating batches; timer step ${us(speed.timerResolutionUs)} µs ` +
    `(cross-origin isolated: ${speed.crossOriginIsolated}).`,
  '',
  '| op | median µs | p95 µs | mean µs | × raw (median) | × raw (mean) |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  ...Object.entries(speed.ops).map(
    ([name, op]) =>
      `| ${name} | ${us(op.medianUs)} | ${us(op.p95Us)} | ${us(op.meanUs)} | ${ratios[name].median.toFixed(2)} | ${ratios[name].mean.toFixed(2)} |`,
  ),
  '',
  'raw = `crypto.subtle.sign` (ECDSA, SHA-256) of the same payload, pre-encoded; ' +
    'stamp = `stamp(payload, key)` from src/stamp (UTF-8 encode, sign, low-S DER, hex, JSON, base64url). ' +
    'Its output is checked with `verifyStamp()` before timing.',
  '',
  `Synchronous JS per stamp (encode payload, DER, hex, JSON, base64url; bulk-timed): ${us(speed.encodeUs)} µs.`,
  '',
  `stamp / raw (median): **${ratios.stamp.median.toFixed(2)}** (target ≤ ${RATIO_TARGET}: ${
    ratios.stamp.median <= RATIO_TARGET ? 'ok' : 'over'
  }).`,
  '',
  '## Sandbox throughput (one core)',
  '',
  sandboxMarkdown(sandbox),
].join('\n')

console.log(markdown)
await mkdir(OUT, { recursive: true })
await writeFile(new URL('report.md', OUT), `${markdown}\n`)
await writeFile(
  new URL('report.json', OUT),
  `${JSON.stringify(
    { environment, sizes, speed: { ...speed, ratios, ratioTarget: RATIO_TARGET }, sandbox },
    null,
    2,
  )}\n`,
)
console.log('\nwrote bench/out/report.md and bench/out/report.json')
