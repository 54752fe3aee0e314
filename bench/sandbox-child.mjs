// Runs inside the pinned child process that bench/sandbox.mjs starts (bundled by esbuild from the
// kit's TypeScript sources). `node child.mjs throughput|memory OUT.json [key=value …]`: runs one
// measurement and writes its result as JSON to OUT.json.

import { readFileSync, writeFileSync } from 'node:fs'
import { base64UrlToBytes } from '../src/crypto/base64UrlToBytes.ts'
import { derSignatureToRaw } from '../src/crypto/derSignatureToRaw.ts'
import { hexToBytes } from '../src/crypto/hexToBytes.ts'
import { withWalletSignature } from '../src/fetch/withWalletSignature.ts'
import { generateSessionKey } from '../src/keys/sessionKey.ts'
import { encryptOtp } from '../src/otp/encryptOtp.ts'
import { createSandbox } from '../src/sandbox/index.ts'
import { stamp } from '../src/stamp/stamp.ts'
import { verifyStamp } from '../src/stamp/verifyStamp.ts'

const [mode, outPath, ...settings] = process.argv.slice(2)
const opts = Object.fromEntries(settings.map((s) => s.split('=')).map(([k, v]) => [k, Number(v)]))
// Which throughput parts run: 1 logins, 2 verifyStamp, 4 signed retries.
const phases = opts.phases ?? 7

/**
 * Diagnostic (`attribute=1`, not for timing: it captures a stack per call): the wall time of every
 * `crypto.subtle` call, keyed by operation and the nearest two functions of the bundle (kit or
 * sandbox code) on the async stack. Run one after another on one core, a call's wall time is its
 * cost, thread-pool hop included, which a CPU profile of the main thread cannot attribute.
 */
function attributeSubtle() {
  const subtle = globalThis.crypto.subtle
  const table = new Map()
  const self = new URL(import.meta.url).pathname
  for (const name of [
    'digest',
    'generateKey',
    'exportKey',
    'importKey',
    'sign',
    'verify',
    'deriveBits',
    'encrypt',
    'decrypt',
  ]) {
    const original = subtle[name].bind(subtle)
    subtle[name] = async (...args) => {
      const lines = new Error().stack.split('\n').slice(2)
      const frames = lines
        .filter((line) => line.includes(self) && !line.includes('subtle.<computed>'))
        .map((line) =>
          line
            .trim()
            .replace(/^at (async )?/, '')
            .replace(/ \(.*$/, ''),
        )
      const via = lines.some((line) => line.includes('/@hpke/')) ? ' (via @hpke/core)' : ''
      const algorithm =
        name === 'importKey' || name === 'exportKey'
          ? (args[2]?.name ?? args[2] ?? args[0])
          : (args[0]?.name ?? args[0])
      const key = `${name} ${typeof algorithm === 'string' ? algorithm : ''} <- ${frames.slice(0, 2).join(' < ')}${via}`
      const t0 = performance.now()
      try {
        return await original(...args)
      } finally {
        const entry = table.get(key) ?? { n: 0, ms: 0 }
        entry.n++
        entry.ms += performance.now() - t0
        table.set(key, entry)
      }
    }
  }
  return table
}
const subtleCalls = opts.attribute ? attributeSubtle() : undefined
const subtleReport = (perOps) => {
  if (!subtleCalls) return undefined
  const rows = [...subtleCalls]
    .map(([call, { n, ms }]) => ({ call, perOp: n / perOps, usPerOp: (ms * 1000) / perOps }))
    .sort((a, b) => b.usPerOp - a.usPerOp)
  subtleCalls.clear()
  return rows
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]

/** ops/s and per-op latency (µs) of `samples` (ms each) over `elapsedMs` of wall time. */
function stats(samples, elapsedMs) {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    n: samples.length,
    elapsedMs,
    perSecond: (samples.length * 1000) / elapsedMs,
    meanUs: (elapsedMs * 1000) / samples.length,
    medianUs: quantile(sorted, 0.5) * 1000,
    p95Us: quantile(sorted, 0.95) * 1000,
    p99Us: quantile(sorted, 0.99) * 1000,
  }
}

/** Runs `op(i)` `warmup` times untimed, then `count` times timed, one after another. */
async function timeLoop(op, { warmup, count }, onTimedStart = () => {}) {
  for (let i = 0; i < warmup; i++) await op(i)
  onTimedStart()
  const samples = new Array(count)
  const cpu = process.cpuUsage()
  const start = performance.now()
  for (let i = 0; i < count; i++) {
    const t0 = performance.now()
    await op(warmup + i)
    samples[i] = performance.now() - t0
  }
  const elapsedMs = performance.now() - start
  const { user, system } = process.cpuUsage(cpu)
  // CPU time of the whole process (main thread and thread pool) over wall time: about 1 when the
  // core was ours throughout, lower when other processes got it (or the process sat idle).
  const cpuMs = (user + system) / 1000
  return {
    ...stats(samples, elapsedMs),
    cpuMs,
    cpuPerOpUs: (cpuMs * 1000) / count,
    cpuShare: cpuMs / elapsedMs,
  }
}

function affinity() {
  try {
    return /^Cpus_allowed_list:\s*(.+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

const json = (method, body) => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
})

function expect(condition, message) {
  if (!condition) throw new Error(`sandbox bench: ${message}`)
}

/**
 * A quiet sandbox (no OTP log, no challenge rate limit) and the relay an integrator's backend
 * would be: HTTP Basic added, answered in-process. Time spent inside `sandbox.fetch` is summed per
 * leg (`METHOD last-segment`, `+sig` when the request carries a wallet signature).
 */
async function startSandbox() {
  const sandbox = await createSandbox({ challengeIntervalMs: 0, log: () => {} })
  const authorization = `Basic ${btoa(`${sandbox.clientId}:${sandbox.clientSecret}`)}`
  const base = `http://sandbox.test${sandbox.basePath}`
  const meter = { ms: 0, legs: new Map(), statuses: [] }
  const api = async (input, init) => {
    const request = new Request(input, init)
    request.headers.set('Authorization', authorization)
    const t0 = performance.now()
    const response = await sandbox.fetch(request)
    const ms = performance.now() - t0
    meter.ms += ms
    meter.statuses.push(response.status)
    const path = new URL(request.url).pathname
    const leg = `${request.method} ${path.slice(path.lastIndexOf('/') + 1).replace(/^[A-Za-z]+:.*/, '{id}')}${
      request.headers.has('Service-Wallet-Signature') ? ' +sig' : ''
    }`
    const entry = meter.legs.get(leg) ?? { n: 0, ms: 0 }
    entry.n++
    entry.ms += ms
    meter.legs.set(leg, entry)
    return response
  }
  const reset = () => {
    subtleCalls?.clear()
    meter.ms = 0
    meter.legs.clear()
    meter.statuses.length = 0
  }
  return { sandbox, base, api, meter, reset }
}

/** What the harness's createCustomer does: the customer, then its wallet and EMAIL_OTP credential. */
async function createCustomer({ base, api }, n) {
  const email = `bench-${n}@example.com`
  const created = await api(
    `${base}/customers`,
    json('POST', { customerType: 'INDIVIDUAL', fullName: 'Ada Lovelace', email }),
  )
  expect(created.status === 201, `POST /customers answered ${created.status}`)
  const customer = await created.json()
  const accounts = await (
    await api(`${base}/customers/internal-accounts?customerId=${customer.id}&type=EMBEDDED_WALLET`)
  ).json()
  const accountId = accounts.data[0].id
  const credentials = await (await api(`${base}/auth/credentials?accountId=${accountId}`)).json()
  expect(credentials.data[0]?.type === 'EMAIL_OTP', 'the new wallet has no EMAIL_OTP credential')
  return { customerId: customer.id, accountId, emailCredentialId: credentials.data[0].id }
}

/** One complete email-OTP sign-in through the kit; returns the TEK, now the session key. */
async function login(s, customer) {
  const { base, api, sandbox, meter } = s
  const first = meter.statuses.length
  const challenge = await api(`${base}/auth/credentials/${customer.emailCredentialId}/challenge`, {
    method: 'POST',
  })
  const { otpEncryptionTargetBundle } = await challenge.json()
  const tek = await generateSessionKey()
  const encryptedOtpBundle = await encryptOtp({
    otpCode: '000000',
    targetBundle: otpEncryptionTargetBundle,
    publicKey: tek.publicKey,
    trustedSigners: [sandbox.signerPublicKey],
  })
  // Leg 1 answers 202; the wrapper stamps its payloadToSign with the TEK and replays (leg 2).
  const verify = withWalletSignature(api, { getKey: () => tek, now: sandbox.clock.now })
  const response = await verify(
    `${base}/auth/credentials/${customer.emailCredentialId}/verify`,
    json('POST', { type: 'EMAIL_OTP', encryptedOtpBundle }),
  )
  const session = await response.json()
  const statuses = meter.statuses.slice(first).join(',')
  expect(statuses === '200,202,200', `login answered ${statuses}`)
  expect(session.accountId === customer.accountId && session.id?.startsWith('Session:'), 'no AuthSession')
  return tek
}

/**
 * Reference for a login: only the public-key and AEAD WebCrypto calls one sign-in cannot avoid, 19
 * in a row with real data flow and no HTTP, schemas or key schedule (the bundle signer's key is
 * imported once). Client: TEK keygen and export, bundle verify, HPKE seal (import target, ephemeral
 * keygen and export, ECDH, AES-GCM), stamp. Sandbox: target keygen and export, bundle sign, HPKE
 * open (import enc, ECDH, AES-GCM), TEK import and stamp verify.
 */
function loginCryptoFloor() {
  const subtle = globalThis.crypto.subtle
  const ecdsa = { name: 'ECDSA', namedCurve: 'P-256' }
  const ecdh = { name: 'ECDH', namedCurve: 'P-256' }
  const sha256 = { name: 'ECDSA', hash: 'SHA-256' }
  const bytes = (n) => crypto.getRandomValues(new Uint8Array(n))
  const message = bytes(300)
  let signer
  return async () => {
    signer ??= await subtle.generateKey(ecdsa, false, ['sign', 'verify'])
    // sandbox: /challenge
    const target = await subtle.generateKey(ecdh, false, ['deriveBits'])
    const targetPublic = await subtle.exportKey('raw', target.publicKey)
    const bundleSignature = await subtle.sign(sha256, signer.privateKey, message)
    // client: TEK, bundle check, HPKE seal
    const tek = await subtle.generateKey(ecdsa, false, ['sign', 'verify'])
    const tekPublic = await subtle.exportKey('raw', tek.publicKey)
    expect(await subtle.verify(sha256, signer.publicKey, bundleSignature, message), 'floor: bundle')
    const recipient = await subtle.importKey('raw', targetPublic, ecdh, false, [])
    const ephemeral = await subtle.generateKey(ecdh, false, ['deriveBits'])
    const enc = await subtle.exportKey('raw', ephemeral.publicKey)
    const senderSecret = await subtle.deriveBits(
      { name: 'ECDH', public: recipient },
      ephemeral.privateKey,
      256,
    )
    const iv = bytes(12)
    const sealKey = await subtle.importKey('raw', senderSecret, 'AES-GCM', false, ['encrypt'])
    const ciphertext = await subtle.encrypt({ name: 'AES-GCM', iv }, sealKey, message.subarray(0, 100))
    // sandbox: verify leg 1 (HPKE open)
    const encKey = await subtle.importKey('raw', enc, ecdh, false, [])
    const recipientSecret = await subtle.deriveBits({ name: 'ECDH', public: encKey }, target.privateKey, 256)
    const openKey = await subtle.importKey('raw', recipientSecret, 'AES-GCM', false, ['decrypt'])
    await subtle.decrypt({ name: 'AES-GCM', iv }, openKey, ciphertext)
    // client: stamp; sandbox: verify leg 2
    const stampSignature = await subtle.sign(sha256, tek.privateKey, message)
    const tekKey = await subtle.importKey('raw', tekPublic, ecdsa, false, ['verify'])
    expect(await subtle.verify(sha256, tekKey, stampSignature, message), 'floor: stamp')
  }
}

/** A signed-retry payloadToSign like the sandbox's (~330 bytes), different for every `i`. */
function payloadFor(i) {
  return JSON.stringify({
    organizationId: 'Organization:9d2f6a0e-5b1c-4c8e-9a4f-2b7d3e1f0a6c',
    parameters: {
      operation: `PATCH /2025-10-13/internal-accounts/InternalAccount:${crypto.randomUUID()}`,
      accountId: `InternalAccount:${crypto.randomUUID()}`,
      bodySha256: `${i.toString(16).padStart(8, '0')}${'ab'.repeat(28)}`,
    },
    timestampMs: String(1_760_000_000_000 + i),
    type: 'ACTIVITY_TYPE_UPDATE_WALLET',
  })
}

const legsOf = (meter, perOps) =>
  Object.fromEntries(
    [...meter.legs].map(([leg, { n, ms }]) => [
      leg,
      { n, meanUs: (ms * 1000) / n, perOpUs: (ms * 1000) / perOps },
    ]),
  )

async function throughput() {
  const { customers, loginWarmup, logins, verifyWarmup, verifies, retryWarmup, retries, stampKeys } = opts
  const result = {}

  // 1. Complete OTP logins, rotating over the EMAIL_OTP credentials of `customers` customers.
  if (phases & 1) {
    const s = await startSandbox()
    const people = []
    for (let i = 0; i < customers; i++) people.push(await createCustomer(s, i))
    const run = await timeLoop(
      (i) => login(s, people[i % people.length]),
      {
        warmup: loginWarmup,
        count: logins,
      },
      s.reset,
    )
    result.logins = {
      ...run,
      customers,
      warmup: loginWarmup,
      sandboxMs: s.meter.ms,
      sandboxShare: s.meter.ms / run.elapsedMs,
      sandboxOnlyPerSecond: (run.n * 1000) / s.meter.ms,
      legs: legsOf(s.meter, run.n),
      subtle: subtleReport(run.n),
    }
    result.loginFloor = await timeLoop(loginCryptoFloor(), { warmup: loginWarmup, count: logins })
  }

  // 2a. verifyStamp alone on valid stamps: `stampKeys` keys, each with its own payload.
  if (phases & 2) {
    const items = []
    for (let i = 0; i < stampKeys; i++) {
      const key = await generateSessionKey()
      const payload = payloadFor(i)
      items.push({ key, payload, header: await stamp(payload, key) })
    }
    for (const { key, payload, header } of items) {
      const { valid, publicKey } = await verifyStamp(header, payload)
      expect(valid && publicKey === key.publicKey, 'a fresh stamp does not verify')
    }
    let invalid = 0
    result.verifyStamp = {
      ...(await timeLoop(
        async (i) => {
          const { header, payload } = items[i % items.length]
          if (!(await verifyStamp(header, payload)).valid) invalid++
        },
        { warmup: verifyWarmup, count: verifies },
        () => subtleCalls?.clear(),
      )),
      keys: stampKeys,
      warmup: verifyWarmup,
    }
    result.verifyStamp.subtle = subtleReport(result.verifyStamp.n)
    expect(invalid === 0, `${invalid} valid stamps did not verify`)

    // Reference: the same signatures checked by WebCrypto alone, keys imported once (the ceiling).
    const raw = []
    for (const { key, payload, header } of items) {
      const { signature } = JSON.parse(new TextDecoder().decode(base64UrlToBytes(header)))
      raw.push({
        publicKey: key.keyPair.publicKey,
        signature: derSignatureToRaw(hexToBytes(signature)),
        message: new TextEncoder().encode(payload),
      })
    }
    const ecdsa = { name: 'ECDSA', hash: 'SHA-256' }
    result.rawVerify = await timeLoop(
      async (i) => {
        const { publicKey, signature, message } = raw[i % raw.length]
        if (!(await crypto.subtle.verify(ecdsa, publicKey, signature, message))) invalid++
      },
      { warmup: verifyWarmup, count: verifies },
    )
    expect(invalid === 0, 'raw verification failed')
  }

  // 2b. Full signed retries: PATCH /internal-accounts/{id} -> 202 -> stamp -> retry -> 200, with
  //     the session keys of `customers` signed-in customers (a fresh sandbox, one session each).
  if (phases & 4) {
    const s = await startSandbox()
    const people = []
    for (let i = 0; i < customers; i++) {
      const customer = await createCustomer(s, i)
      people.push({ ...customer, key: await login(s, customer) })
    }
    const signed = people.map(({ key }) =>
      withWalletSignature(s.api, { getKey: () => key, now: s.sandbox.clock.now }),
    )
    const run = await timeLoop(
      async (i) => {
        const person = people[i % people.length]
        const first = s.meter.statuses.length
        const response = await signed[i % people.length](
          `${s.base}/internal-accounts/${person.accountId}`,
          json('PATCH', { benchCounter: i }),
        )
        const account = await response.json()
        const statuses = s.meter.statuses.slice(first).join(',')
        expect(statuses === '202,200' && account.benchCounter === i, `signed retry answered ${statuses}`)
      },
      { warmup: retryWarmup, count: retries },
      s.reset,
    )
    result.signedRetry = {
      ...run,
      customers,
      warmup: retryWarmup,
      sandboxMs: s.meter.ms,
      sandboxShare: s.meter.ms / run.elapsedMs,
      sandboxOnlyPerSecond: (run.n * 1000) / s.meter.ms,
      legs: legsOf(s.meter, run.n),
      subtle: subtleReport(run.n),
    }
  }
  return result
}

const rss = () => {
  globalThis.gc?.()
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage()
  return { rss, heapUsed, external, arrayBuffers }
}

async function memory() {
  const { memoryCustomers } = opts
  const s = await startSandbox()
  await createCustomer(s, -1) // load every module the loop uses before the baseline
  const before = rss()
  const marks = []
  const start = performance.now()
  let last = start
  for (let i = 0; i < memoryCustomers; i++) {
    await createCustomer(s, i)
    if ((i + 1) % 1000 === 0) {
      s.reset() // the relay's own per-request records are not the sandbox's memory
      const now = performance.now()
      marks.push({ customers: i + 1, msPer1000: now - last })
      last = now
    }
  }
  const elapsedMs = performance.now() - start
  const after = rss()
  return {
    customers: memoryCustomers,
    gcExposed: typeof globalThis.gc === 'function',
    before,
    after,
    perCustomerBytes: {
      rss: (after.rss - before.rss) / memoryCustomers,
      heapUsed: (after.heapUsed - before.heapUsed) / memoryCustomers,
    },
    creation: { elapsedMs, perSecond: (memoryCustomers * 1000) / elapsedMs, marks },
  }
}

const measure = { throughput, memory }[mode]
if (!measure) throw new Error(`unknown mode ${mode}`)
const result = await measure()
writeFileSync(
  outPath,
  JSON.stringify({
    mode,
    node: process.version,
    cpusAllowed: affinity(),
    uvThreadpoolSize: process.env.UV_THREADPOOL_SIZE ?? null,
    ...result,
  }),
)
