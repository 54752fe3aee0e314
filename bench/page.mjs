// Runs in the browser (bundled by esbuild with the kit's TypeScript sources).

import { binaryToBase64Url } from '../src/crypto/bytesToBase64Url.ts'
import { bytesToHex } from '../src/crypto/bytesToHex.ts'
import { ECDSA_SHA256 } from '../src/crypto/ecdsaParams.ts'
import { rawSignatureToDer } from '../src/crypto/rawSignatureToDer.ts'
import { utf8 } from '../src/crypto/utf8.ts'
import { generateSessionKey } from '../src/keys/index.ts'
import { STAMP_SCHEME, stamp, verifyStamp } from '../src/stamp/index.ts'

// A realistic signed-retry payloadToSign (~300 bytes of compact JSON).
const PAYLOAD = JSON.stringify({
  organizationId: 'Organization:9d2f6a0e-5b1c-4c8e-9a4f-2b7d3e1f0a6c',
  parameters: {
    bodySha256: 'a3f1c2d4e5b6a7980112233445566778899aabbccddeeff00112233445566778',
  },
  requestId: 'Request:7e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b',
  timestampMs: '1700000000000',
  type: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION',
})

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b)
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length
  // performance.now() is in ms; report µs.
  return {
    n: samples.length,
    medianUs: quantile(sorted, 0.5) * 1e3,
    p95Us: quantile(sorted, 0.95) * 1e3,
    meanUs: mean * 1e3,
  }
}

/** Times `op` once per iteration, `count` times, appending each duration (ms) to `out`. */
async function timeBatch(op, count, out) {
  for (let i = 0; i < count; i++) {
    const t0 = performance.now()
    await op()
    out?.push(performance.now() - t0)
  }
}

globalThis.runBench = async ({ iterations = 2000, warmup = 200, batch = 50 } = {}) => {
  const key = await generateSessionKey()
  const bytes = utf8(PAYLOAD)
  const privateKey = key.keyPair.privateKey

  // Same key, same payload, same WebCrypto parameters: the gap is stamp()'s own work.
  const ops = {
    raw: () => crypto.subtle.sign(ECDSA_SHA256, privateKey, bytes),
    stamp: () => stamp(PAYLOAD, key),
  }

  // Sanity: what we time are real, verifying stamps from a non-extractable key.
  if (privateKey.extractable) throw new Error('the session key is extractable')
  if (!(await verifyStamp(await ops.stamp(), PAYLOAD)).valid) throw new Error('stamp does not verify')
  const names = Object.keys(ops)
  const samples = Object.fromEntries(names.map((n) => [n, []]))

  // Alternate batches, reversing the order every round (ABBA…), so drift and noise hit all ops alike.
  const rounds = Math.ceil((warmup + iterations) / batch)
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...names].reverse() : names
    const timed = round * batch >= warmup
    for (const name of order) await timeBatch(ops[name], batch, timed ? samples[name] : null)
  }

  // The synchronous JS work each stamp() adds around the signature (the same steps as
  // src/stamp/stamp.ts, with the same src functions), timed in bulk because it is too fast for
  // one-op timing. The replica must still produce a verifying stamp, or it has drifted from stamp().
  const raw = new Uint8Array(await ops.raw())
  const encode = () => {
    utf8(PAYLOAD)
    const signature = bytesToHex(rawSignatureToDer(raw))
    return binaryToBase64Url(
      `{"publicKey":"${key.publicKey}","scheme":"${STAMP_SCHEME}","signature":"${signature}"}`,
    )
  }
  if (!(await verifyStamp(encode(), PAYLOAD)).valid) throw new Error('encode replica does not verify')
  const encodeUs = bulkUs(encode)

  return {
    payloadBytes: bytes.length,
    crossOriginIsolated: globalThis.crossOriginIsolated,
    timerResolutionUs: timerResolutionUs(),
    ops: Object.fromEntries(names.map((n) => [n, stats(samples[n])])),
    encodeUs,
  }
}

/** Mean µs per call of a synchronous function, over enough calls to dwarf the timer resolution. */
function bulkUs(fn, count = 20000) {
  for (let i = 0; i < 2000; i++) fn()
  const t0 = performance.now()
  for (let i = 0; i < count; i++) fn()
  return ((performance.now() - t0) / count) * 1e3
}

/** Smallest non-zero step of performance.now(), in µs (5 when cross-origin isolated, else 100). */
function timerResolutionUs() {
  let min = Number.POSITIVE_INFINITY
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now()
    let t1 = performance.now()
    while (t1 === t0) t1 = performance.now()
    min = Math.min(min, t1 - t0)
  }
  return min * 1e3
}
