// Sandbox throughput on one core: complete email-OTP logins, stamp verifications and signed retries
// against the in-process sandbox (`sandbox.fetch`, no network), and the memory of 10,000 customers.
// The kit and the sandbox are bundled from src/ with esbuild and run in a child Node process pinned
// to CPU 0 (`taskset -c 0` when available; SANDBOX_BENCH_CPU=n picks another) with
// UV_THREADPOOL_SIZE=1, so that WebCrypto's libuv thread pool cannot spread work over other cores.
//
// `node bench/sandbox.mjs [--quick] [--cpu-prof]` prints the section alone (`npm run bench` includes
// it); --cpu-prof writes a V8 profile of the throughput child to bench/out/sandbox/profiles/.
// Diagnosis: `--only=logins,verify,retry` runs only those parts; `--attribute` times every
// crypto.subtle call and names the kit/sandbox functions that made it.
import { spawn, spawnSync } from 'node:child_process'
import { mkdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const OUT = fileURLToPath(new URL('out/sandbox/', import.meta.url))

/** What the sandbox should sustain on one core. */
export const SANDBOX_TARGETS = { loginsPerSecond: 300, verificationsPerSecond: 5000 }

/** Counts of the default run (`npm run bench`). */
export const SANDBOX_DEFAULTS = {
  customers: 50, // customers signed in in rotation (logins, signed retries)
  loginWarmup: 200,
  logins: 2000,
  stampKeys: 100, // distinct keys and payloads for verifyStamp
  verifyWarmup: 1000,
  verifies: 10000,
  retryWarmup: 200,
  retries: 2000,
  memoryCustomers: 10000,
}

/** Node source bundle of the child: the kit and sandbox from src/, npm packages left external. */
async function bundleChild() {
  const outfile = `${OUT}child.mjs`
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['bench/sandbox-child.mjs'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  })
  return outfile
}

/** `taskset -c 0` (or SANDBOX_BENCH_CPU) as a command prefix when it works here, else nothing (and why). */
function pinning() {
  const cpu = process.env.SANDBOX_BENCH_CPU ?? '0'
  const probe = spawnSync('taskset', ['-c', cpu, process.execPath, '-e', ''], { stdio: 'ignore' })
  if (probe.status === 0) return { applied: true, prefix: ['taskset', '-c', cpu], tool: `taskset -c ${cpu}` }
  return {
    applied: false,
    prefix: [],
    tool: null,
    reason: probe.error ? `taskset unavailable (${probe.error.code})` : `taskset exited ${probe.status}`,
  }
}

/** Runs one measurement in a fresh (pinned) child and returns its JSON result. */
async function runChild(child, pin, mode, counts, nodeArgs = []) {
  const outPath = `${OUT}${mode}.json`
  await rm(outPath, { force: true })
  const [command, ...args] = [
    ...pin.prefix,
    process.execPath,
    ...nodeArgs,
    child,
    mode,
    outPath,
    ...Object.entries(counts).map(([k, v]) => `${k}=${v}`),
  ]
  const code = await new Promise((resolve, reject) => {
    const proc = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, UV_THREADPOOL_SIZE: '1' },
    })
    proc.on('error', reject)
    proc.on('exit', (status, signal) => resolve(signal ?? status))
  })
  if (code !== 0) throw new Error(`sandbox bench child (${mode}) exited with ${code}`)
  return JSON.parse(await readFile(outPath, 'utf8'))
}

/**
 * Measures the sandbox on one core: logins/s, verifyStamp/s, signed retries/s (one child process)
 * and the RSS of `memoryCustomers` customers (a second, fresh child). `cpuProf` writes a V8 CPU
 * profile of the throughput child.
 */
export async function measureSandbox(options = {}) {
  const { cpuProf = false, ...overrides } = options
  const counts = { ...SANDBOX_DEFAULTS, ...overrides }
  await mkdir(OUT, { recursive: true })
  const child = await bundleChild()
  const pin = pinning()
  const loadBefore = os.loadavg()[0]
  const throughput = await runChild(child, pin, 'throughput', counts, cpuProfArgs(cpuProf))
  const memory = await runChild(child, pin, 'memory', counts, ['--expose-gc'])
  const { logins, verifyStamp, signedRetry } = throughput
  return {
    pinning: {
      applied: pin.applied,
      tool: pin.tool,
      ...(pin.reason ? { reason: pin.reason } : {}),
      cpusAllowed: throughput.cpusAllowed,
      uvThreadpoolSize: throughput.uvThreadpoolSize,
      // Pinning keeps the bench on one core, not other processes off it: say how busy the machine was.
      loadAverage1m: { before: loadBefore, after: os.loadavg()[0], cpus: os.cpus().length },
    },
    counts,
    targets: {
      ...SANDBOX_TARGETS,
      loginsOk: logins.perSecond >= SANDBOX_TARGETS.loginsPerSecond,
      verificationsOk: verifyStamp.perSecond >= SANDBOX_TARGETS.verificationsPerSecond,
      signedRetriesOk: signedRetry.perSecond >= SANDBOX_TARGETS.verificationsPerSecond,
    },
    logins,
    verifyStamp,
    loginFloor: throughput.loginFloor,
    rawVerify: throughput.rawVerify,
    signedRetry,
    memory,
    ...(cpuProf ? { profiles: `${OUT}profiles` } : {}),
  }
}

const cpuProfArgs = (on) => (on ? ['--cpu-prof', `--cpu-prof-dir=${OUT}profiles`] : [])

/**
 * Diagnosis: only some throughput parts (`phases`: 1 logins, 2 verifyStamp, 4 signed retries),
 * optionally profiled, or with every `crypto.subtle` call timed and attributed (`attribute`).
 */
export async function diagnoseSandbox({ phases = 7, attribute = false, cpuProf = false, ...overrides } = {}) {
  const counts = { ...SANDBOX_DEFAULTS, ...overrides, phases, attribute: attribute ? 1 : 0 }
  await mkdir(OUT, { recursive: true })
  return runChild(await bundleChild(), pinning(), 'throughput', counts, cpuProfArgs(cpuProf))
}

const int = (n) => Math.round(n).toLocaleString('en-US')
const us = (n) => n.toFixed(0)
const pct = (n) => `${(n * 100).toFixed(0)} %`
const mb = (bytes) => (bytes / 2 ** 20).toFixed(1)
const verdict = (ok, target) => `≥ ${int(target)}: ${ok ? 'ok' : '**missed**'}`

function legRows(legs) {
  return Object.entries(legs).map(
    ([leg, { n, meanUs, perOpUs }]) => `| ${leg} | ${int(n)} | ${us(meanUs)} | ${us(perOpUs)} |`,
  )
}

/** The body of the "Sandbox throughput (one core)" section of the bench report. */
export function sandboxMarkdown(result) {
  const { pinning, counts, targets, logins, loginFloor, verifyStamp, rawVerify, signedRetry, memory } = result
  const { loadAverage1m: load } = pinning
  const pinned = pinning.applied
    ? `pinned with \`${pinning.tool}\` (allowed CPUs: ${pinning.cpusAllowed})`
    : `**not pinned** (${pinning.reason}; allowed CPUs: ${pinning.cpusAllowed})`
  const row = (name, r, target = '') =>
    `| ${name} | **${int(r.perSecond)}** | ${us(r.medianUs)} | ${us(r.p95Us)} | ${us(r.cpuPerOpUs)} | ${pct(r.cpuShare)} | ${int(r.n)} | ${target} |`
  return [
    `One child Node process ${pinned}, UV_THREADPOOL_SIZE=${pinning.uvThreadpoolSize} (WebCrypto's thread pool ` +
      'shares the core); kit and sandbox bundled from src/ with esbuild; requests go to `sandbox.fetch` ' +
      'in-process (no network) through a relay that adds HTTP Basic. One operation at a time after warm-up. ' +
      'The client side (TEK generation, bundle check, HPKE seal, stamping, the signed-retry wrapper) runs in ' +
      'the same process and is included in the login and signed-retry rates.',
    '',
    '| operation | per second | median µs | p95 µs | CPU µs/op | CPU share | timed | target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    row(
      'OTP login: challenge, `encryptOtp`, verify → 202, stamp, verify → 200',
      logins,
      verdict(targets.loginsOk, targets.loginsPerSecond),
    ),
    row('ref: the 19 WebCrypto calls a login cannot avoid, alone', loginFloor),
    row(
      '`verifyStamp(header, payload)`, 100 keys',
      verifyStamp,
      verdict(targets.verificationsOk, targets.verificationsPerSecond),
    ),
    row('ref: `crypto.subtle.verify`, keys imported once', rawVerify),
    row(
      'signed retry: PATCH /internal-accounts/{id} → 202, stamp, retry → 200',
      signedRetry,
      verdict(targets.signedRetriesOk, targets.verificationsPerSecond),
    ),
    '',
    'CPU µs/op: CPU time of the whole process (main thread, thread pool, V8 helpers) per operation; CPU ' +
      'share: that CPU time over wall time (below 100 % when other processes got the core). ' +
      `Load average (1 min) ${load.before.toFixed(2)} before, ${load.after.toFixed(2)} after, on ${load.cpus} CPUs: ` +
      'pinning keeps the bench on one core, not other processes off it.',
    '',
    `Logins rotate over the EMAIL_OTP credentials of ${counts.customers} customers (sandbox with ` +
      `\`challengeIntervalMs: 0\`, \`log: () => {}\`), ${int(logins.warmup)} warm-up, ${int(logins.n)} timed. Time inside ` +
      `\`sandbox.fetch\`: ${pct(logins.sandboxShare)} of the login, i.e. **${int(logins.sandboxOnlyPerSecond)} logins/s ` +
      'for the sandbox alone**; the rest is client side. The reference row runs only the public-key and AES-GCM ' +
      'calls of one login (both sides), without HTTP, schemas or the HPKE key schedule. verifyStamp rotates ' +
      `over ${counts.stampKeys} keys and payloads (${int(verifyStamp.warmup)} warm-up). Signed retries rotate over ` +
      `the session keys of ${counts.customers} signed-in customers in a fresh sandbox; time inside \`sandbox.fetch\`: ` +
      `${pct(signedRetry.sandboxShare)}, i.e. **${int(signedRetry.sandboxOnlyPerSecond)}/s for the sandbox alone**.`,
    '',
    'Time inside `sandbox.fetch` per request:',
    '',
    '| request | count | mean µs | µs per login / retry |',
    '| --- | ---: | ---: | ---: |',
    ...legRows(logins.legs),
    ...legRows(signedRetry.legs),
    '',
    `Memory (a second pinned child, \`--expose-gc\`, GC before each reading): ${int(memory.customers)} customers, ` +
      'each with its embedded wallet and EMAIL_OTP credential, created as the test harness does (POST /customers, ' +
      `GET its wallet, GET its credentials), take RSS from ${mb(memory.before.rss)} MB to ` +
      `**${mb(memory.after.rss)} MB** (heap used ${mb(memory.before.heapUsed)} → ${mb(memory.after.heapUsed)} MB; ` +
      `≈ ${int(memory.perCustomerBytes.rss)} B RSS and ${int(memory.perCustomerBytes.heapUsed)} B heap per customer). ` +
      `Creation: ${int(memory.creation.perSecond)} customers/s overall; ms per 1,000: ` +
      `${memory.creation.marks.map((m) => int(m.msPer1000)).join(', ')} (the two GETs scan every account and credential).`,
  ].join('\n')
}

const QUICK = {
  loginWarmup: 50,
  logins: 300,
  verifyWarmup: 200,
  verifies: 2000,
  retryWarmup: 50,
  retries: 300,
  memoryCustomers: 2000,
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const flag = (name) => process.argv.includes(`--${name}`)
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7)
  const counts = flag('quick') ? QUICK : {}
  if (only || flag('attribute')) {
    // e.g. `node bench/sandbox.mjs --only=logins --attribute`, or `--only=verify --cpu-prof`
    const bits = { logins: 1, verify: 2, retry: 4 }
    const phases = only ? only.split(',').reduce((mask, name) => mask | (bits[name] ?? 0), 0) : 7
    const result = await diagnoseSandbox({
      ...counts,
      phases,
      attribute: flag('attribute'),
      cpuProf: flag('cpu-prof'),
    })
    for (const part of ['logins', 'loginFloor', 'verifyStamp', 'rawVerify', 'signedRetry']) {
      const r = result[part]
      if (!r) continue
      console.log(
        `\n${part}: ${int(r.perSecond)}/s, median ${us(r.medianUs)} µs, CPU ${us(r.cpuPerOpUs)} µs/op ` +
          `(${int(1e6 / r.cpuPerOpUs)}/s of CPU; share ${pct(r.cpuShare)}; ${r.n} timed)`,
      )
      for (const [leg, l] of Object.entries(r.legs ?? {}))
        console.log(`  sandbox.fetch ${leg}: ${us(l.meanUs)} µs`)
      for (const row of r.subtle ?? []) {
        console.log(`  ${us(row.usPerOp).padStart(6)} µs/op  ×${row.perOp.toFixed(2)}  ${row.call}`)
      }
    }
    if (flag('attribute')) console.log('\n(attribute: stack capture per call inflates every time above)')
  } else {
    const result = await measureSandbox({ ...counts, cpuProf: flag('cpu-prof') })
    console.log(sandboxMarkdown(result))
    if (result.profiles) console.log(`\nCPU profiles in ${result.profiles}`)
  }
}
