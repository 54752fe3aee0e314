// Sandbox throughput on one core: complete email-OTP logins, passkey logins, stamp verifications
// and signed retries against the in-process sandbox (`sandbox.fetch`, no network), then the memory
// and creation time of 10,000 accounts (customer, embedded wallet, EMAIL_OTP credential).
// The kit and the sandbox are bundled from src/ with esbuild and run in a child Node process pinned
// to CPU 0 (`taskset -c 0` when available; SANDBOX_BENCH_CPU=n picks another) with
// UV_THREADPOOL_SIZE=1, so that WebCrypto's libuv thread pool cannot spread work over other cores.
// The child's parts: bench/sandbox/sandbox-child.mjs (entry, OTP logins, verifyStamp, signed retries),
// sandbox-passkeys.mjs, sandbox-memory.mjs, sandbox-harness.mjs (sandbox, relay, customers, OTP
// sign-in), sandbox-timing.mjs, sandbox-attribute.mjs; the report: sandbox-markdown.mjs.
//
// `node bench/sandbox/sandbox.mjs [--quick] [--cpu-prof]` prints the section alone (`npm run bench` includes
// it); --cpu-prof writes a V8 profile of the throughput child to bench/out/sandbox/profiles/.
// Diagnosis: `--only=logins,passkeys,verify,retry,memory` runs only those parts; `--attribute`
// times every crypto.subtle call and names the kit/sandbox functions that made it.
import { spawn, spawnSync } from 'node:child_process'
import { mkdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { bundleChild } from '../shared/bundleChild.mjs'
import { sandboxMarkdown } from './sandbox-markdown.mjs'

export { sandboxMarkdown }

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const OUT = fileURLToPath(new URL('../out/sandbox/', import.meta.url))

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
  passkeys: 50, // customers with a registered passkey, signed in in rotation
  passkeyWarmup: 200,
  passkeyLogins: 2000,
  memoryCustomers: 10000, // accounts: customer + embedded wallet + EMAIL_OTP credential
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
 * Measures the sandbox on one core: OTP logins/s, verifyStamp/s, signed retries/s and passkey
 * logins/s (one child process), then the RSS and creation time of `memoryCustomers` accounts (a
 * second, fresh child). `cpuProf` writes a V8 CPU profile of the throughput child.
 */
export async function measureSandbox(options = {}) {
  const { cpuProf = false, ...overrides } = options
  const counts = { ...SANDBOX_DEFAULTS, ...overrides }
  await mkdir(OUT, { recursive: true })
  const child = await bundleChild('bench/sandbox/sandbox-child.mjs', `${OUT}child.mjs`)
  const pin = pinning()
  const loadBefore = os.loadavg()[0]
  const throughput = await runChild(child, pin, 'throughput', counts, cpuProfArgs(cpuProf))
  const memory = await runChild(child, pin, 'memory', counts, ['--expose-gc'])
  const { logins, verifyStamp, signedRetry, passkeyLogins } = throughput
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
    runtime: { node: throughput.node, openssl: throughput.openssl },
    counts,
    targets: {
      ...SANDBOX_TARGETS,
      // What the sandbox sustains: the time inside `sandbox.fetch` (the client side runs in browsers).
      loginsOk: logins.sandboxOnlyPerSecond >= SANDBOX_TARGETS.loginsPerSecond,
      // The same with the kit's client side on the same core.
      loginsEndToEndOk: logins.perSecond >= SANDBOX_TARGETS.loginsPerSecond,
      verificationsOk: verifyStamp.perSecond >= SANDBOX_TARGETS.verificationsPerSecond,
    },
    logins,
    loginFloor: throughput.loginFloor,
    passkeyLogins,
    verifyStamp,
    rawVerify: throughput.rawVerify,
    signedRetry,
    memory,
    ...(cpuProf ? { profiles: `${OUT}profiles` } : {}),
  }
}

const cpuProfArgs = (on) => (on ? ['--cpu-prof', `--cpu-prof-dir=${OUT}profiles`] : [])

/**
 * Diagnosis: only some throughput parts (`phases`: 1 OTP logins, 2 verifyStamp, 4 signed retries,
 * 8 passkey logins), optionally profiled, or with every `crypto.subtle` call timed and attributed
 * (`attribute`); `memory` runs the memory child too.
 */
export async function diagnoseSandbox({
  phases = 15,
  memory = false,
  attribute = false,
  cpuProf = false,
  ...overrides
} = {}) {
  const counts = { ...SANDBOX_DEFAULTS, ...overrides, phases, attribute: attribute ? 1 : 0 }
  await mkdir(OUT, { recursive: true })
  const child = await bundleChild('bench/sandbox/sandbox-child.mjs', `${OUT}child.mjs`)
  const pin = pinning()
  const throughput = phases ? await runChild(child, pin, 'throughput', counts, cpuProfArgs(cpuProf)) : {}
  return memory
    ? { ...throughput, memory: await runChild(child, pin, 'memory', counts, ['--expose-gc']) }
    : throughput
}

const int = (n) => Math.round(n).toLocaleString('en-US')
const us = (n) => n.toFixed(0)
const pct = (n) => `${(n * 100).toFixed(0)} %`

const QUICK = {
  loginWarmup: 50,
  logins: 300,
  verifyWarmup: 200,
  verifies: 2000,
  retryWarmup: 50,
  retries: 300,
  passkeyWarmup: 50,
  passkeyLogins: 300,
  memoryCustomers: 2000,
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const flag = (name) => process.argv.includes(`--${name}`)
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7)
  const counts = flag('quick') ? QUICK : {}
  if (only || flag('attribute')) {
    // e.g. `node bench/sandbox/sandbox.mjs --only=logins --attribute`, or `--only=verify --cpu-prof`
    const bits = { logins: 1, verify: 2, retry: 4, passkeys: 8 }
    const phases = only ? only.split(',').reduce((mask, name) => mask | (bits[name] ?? 0), 0) : 15
    const result = await diagnoseSandbox({
      ...counts,
      phases,
      memory: only?.split(',').includes('memory') ?? false,
      attribute: flag('attribute'),
      cpuProf: flag('cpu-prof'),
    })
    for (const part of ['logins', 'loginFloor', 'verifyStamp', 'rawVerify', 'signedRetry', 'passkeyLogins']) {
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
    const { memory } = result
    if (memory) {
      const mb = (bytes) => (bytes / 2 ** 20).toFixed(1)
      console.log(
        `\nmemory: ${int(memory.accounts)} accounts, RSS ${mb(memory.before.rss)} → ${mb(memory.after.rss)} MB ` +
          `(at start ${mb(memory.atStart.rss)}), heap used ${mb(memory.before.heapUsed)} → ` +
          `${mb(memory.after.heapUsed)} MB; created in ${(memory.creation.elapsedMs / 1000).toFixed(1)} s, ms per ` +
          `1,000: ${memory.creation.marks.map((m) => int(m.msPer1000)).join(', ')}`,
      )
    }
    if (flag('attribute')) console.log('\n(attribute: stack capture per call inflates every time above)')
  } else {
    const result = await measureSandbox({ ...counts, cpuProf: flag('cpu-prof') })
    console.log(sandboxMarkdown(result))
    if (result.profiles) console.log(`\nCPU profiles in ${result.profiles}`)
  }
}
