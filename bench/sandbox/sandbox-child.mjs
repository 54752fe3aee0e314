// Runs inside the pinned child process that bench/sandbox/sandbox.mjs starts (bundled by esbuild from the
// kit's TypeScript sources and bench/sandbox-*.mjs). `node child.mjs throughput|memory OUT.json
// [key=value …]`: runs one measurement and writes its result as JSON to OUT.json.

import { readFileSync, writeFileSync } from 'node:fs'
import { base64UrlToBytes } from '../../src/crypto/base64UrlToBytes.ts'
import { derSignatureToRaw } from '../../src/crypto/derSignatureToRaw.ts'
import { hexToBytes } from '../../src/crypto/hexToBytes.ts'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.ts'
import { generateSessionKey } from '../../src/keys/sessionKey.ts'
import { stamp } from '../../src/stamp/stamp.ts'
import { verifyStamp } from '../../src/stamp/verifyStamp.ts'
import { attributeSubtle, subtleRows } from './sandbox-attribute.mjs'
import { createCustomer, expect, json, otpLogin, sandboxTime, startSandbox } from './sandbox-harness.mjs'
import { measureMemory } from './sandbox-memory.mjs'
import { measurePasskeyLogins } from './sandbox-passkeys.mjs'
import { timeLoop } from './sandbox-timing.mjs'

const [mode, outPath, ...settings] = process.argv.slice(2)
const opts = Object.fromEntries(settings.map((s) => s.split('=')).map(([k, v]) => [k, Number(v)]))
// Which throughput parts run: 1 OTP logins, 2 verifyStamp, 4 signed retries, 8 passkey logins.
const phases = opts.phases ?? 15

const subtleCalls = opts.attribute ? attributeSubtle() : undefined
const subtleReport = (perOps) => (subtleCalls ? subtleRows(subtleCalls, perOps) : undefined)
const clearSubtle = () => subtleCalls?.clear()

function affinity() {
  try {
    return /^Cpus_allowed_list:\s*(.+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 'unknown'
  } catch {
    return 'unknown'
  }
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

async function throughput() {
  const { customers, loginWarmup, logins, verifyWarmup, verifies, retryWarmup, retries, stampKeys } = opts
  const result = {}

  // 1. Complete OTP logins, rotating over the EMAIL_OTP credentials of `customers` customers.
  if (phases & 1) {
    const s = await startSandbox({}, clearSubtle)
    const people = []
    for (let i = 0; i < customers; i++) people.push(await createCustomer(s, i))
    const run = await timeLoop(
      (i) => otpLogin(s, people[i % people.length]),
      { warmup: loginWarmup, count: logins },
      s.reset,
    )
    result.logins = {
      ...run,
      customers,
      warmup: loginWarmup,
      ...sandboxTime(run, s.meter),
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
        clearSubtle,
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
    const s = await startSandbox({}, clearSubtle)
    const people = []
    for (let i = 0; i < customers; i++) {
      const customer = await createCustomer(s, i)
      people.push({ ...customer, key: await otpLogin(s, customer) })
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
          json('PATCH', { privateEnabled: i % 2 === 1 }),
        )
        const account = await response.json()
        const statuses = s.meter.statuses.slice(first).join(',')
        expect(
          statuses === '202,200' && account.privateEnabled === (i % 2 === 1),
          `signed retry answered ${statuses}`,
        )
      },
      { warmup: retryWarmup, count: retries },
      s.reset,
    )
    result.signedRetry = {
      ...run,
      customers,
      warmup: retryWarmup,
      ...sandboxTime(run, s.meter),
      subtle: subtleReport(run.n),
    }
  }

  // 3. Complete passkey sign-ins (bench/sandbox/sandbox-passkeys.mjs).
  if (phases & 8) {
    result.passkeyLogins = await measurePasskeyLogins(opts, { onReset: clearSubtle, report: subtleReport })
  }
  return result
}

const measure = { throughput, memory: () => measureMemory(opts) }[mode]
if (!measure) throw new Error(`unknown mode ${mode}`)
const result = await measure()
writeFileSync(
  outPath,
  JSON.stringify({
    mode,
    node: process.version,
    openssl: process.versions.openssl,
    cpusAllowed: affinity(),
    uvThreadpoolSize: process.env.UV_THREADPOOL_SIZE ?? null,
    ...result,
  }),
)
