// Runs in the child Node process that bench/speed/roundTrip.mjs starts (bundled by esbuild from the
// kit's TypeScript sources): `node child.mjs OUT.json [key=value …]`. Times signed-retry round
// trips through the kit's withWalletSignature against the in-process sandbox (no network), with
// the time spent below the kit metered per call, and writes the result as JSON to OUT.json.
import { writeFileSync } from 'node:fs'
import { ECDSA_SHA256 } from '../../src/crypto/ecdsaParams.ts'
import { utf8 } from '../../src/crypto/utf8.ts'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.ts'
import { checkPayload } from '../../src/intent/checkPayload.ts'
import { generateSessionKey } from '../../src/keys/sessionKey.ts'
import { encryptOtp } from '../../src/otp/encryptOtp.ts'
import { sessionFromAuthSession } from '../../src/session/sessionFromAuthSession.ts'
import { stamp } from '../../src/stamp/stamp.ts'
import { startTestSandbox } from '../../src/testing/startTestSandbox.ts'
import { stats, timeAlternating } from '../shared/timing.mjs'

const [outPath, ...settings] = process.argv.slice(2)
const counts = Object.fromEntries(settings.map((s) => s.split('=')).map(([k, v]) => [k, Number(v)]))

const json = (method, body) => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})

function expect(condition, message) {
  if (!condition) throw new Error(`round-trip bench: ${message}`)
}

/**
 * The testing entry's sandbox (quiet; no challenge rate limit) with one customer, behind the relay
 * an integrator's backend would be (HTTP Basic added, answered in-process). `meter` sums, since its
 * last reset, the time spent below the kit (relay + sandbox) and inside `sandbox.fetch` alone.
 */
async function startSandbox() {
  const testing = await startTestSandbox({
    challengeIntervalMs: 0,
    customers: [{ email: 'bench@example.com' }],
  })
  const { sandbox, authorization } = testing
  const meter = { belowMs: 0, sandboxMs: 0, statuses: [] }
  // Not `testing.fetch`: the meter splits the relay's share (the request copy and its header) from
  // the time inside `sandbox.fetch`, which `testing.fetch` would hide inside one call.
  const relay = async (input, init) => {
    const t0 = performance.now()
    const request = new Request(input, init)
    request.headers.set('Authorization', authorization)
    const t1 = performance.now()
    const response = await sandbox.fetch(request)
    const t2 = performance.now()
    meter.belowMs += t2 - t0
    meter.sandboxMs += t2 - t1
    meter.statuses.push(response.status)
    return response
  }
  const reset = () => {
    meter.belowMs = 0
    meter.sandboxMs = 0
    meter.statuses.length = 0
  }
  return { testing, sandbox, base: testing.baseUrl, relay, meter, reset }
}

/** The seeded customer, signed in by email OTP through the kit: its account and session key. */
async function signedInCustomer({ testing, sandbox, base, relay }) {
  const [{ customerId, accountId, emailCredentialId: credentialId }] = testing.customers
  const challenge = await relay(`${base}/auth/credentials/${credentialId}/challenge`, { method: 'POST' })
  const { otpEncryptionTargetBundle } = await challenge.json()
  const tek = await generateSessionKey()
  const encryptedOtpBundle = await encryptOtp({
    otpCode: testing.otpCode,
    targetBundle: otpEncryptionTargetBundle,
    publicKey: tek.publicKey,
    trustedSigners: [sandbox.signerPublicKey],
  })
  const verify = withWalletSignature(relay, { getKey: () => tek, now: sandbox.clock.now })
  const response = await verify(
    `${base}/auth/credentials/${credentialId}/verify`,
    json('POST', { type: 'EMAIL_OTP', encryptedOtpBundle }),
  )
  const { key } = await sessionFromAuthSession({
    response: await response.json(),
    pendingKey: tek,
    credential: { credentialId, accountId, type: 'EMAIL_OTP' },
  })
  return { customerId, accountId, key }
}

const s = await startSandbox()
const { customerId, accountId, key } = await signedInCustomer(s)
const url = `${s.base}/internal-accounts/${accountId}`

// A real payloadToSign of this operation, for the reference ops (an unsigned first leg: 202).
const challenge = await (await s.relay(url, json('PATCH', { privateEnabled: false }))).json()
const payload = challenge.payloadToSign
expect(typeof payload === 'string', 'the first leg did not answer a signed-retry challenge')
const payloadBytes = utf8(payload)

// The intent check the client runs on this route: the activity type and the session's organization.
const intent = {
  type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
  organizationId: JSON.parse(payload).organizationId,
}
const signed = withWalletSignature(s.relay, { getKey: () => key, now: s.sandbox.clock.now, expect: intent })

let counter = 0
const ops = {
  // The whole signed retry as an app calls it; returns what the meter saw below the kit.
  roundTrip: async () => {
    s.reset()
    const response = await signed(url, json('PATCH', { privateEnabled: ++counter % 2 === 1 }))
    const { belowMs, sandboxMs, statuses } = s.meter
    return { belowMs, sandboxMs, statuses: statuses.join(','), status: response.status }
  },
  stamp: () => stamp(payload, key),
  intentCheck: () => checkPayload(payload, intent),
  checkedStamp: () => {
    checkPayload(payload, intent)
    return stamp(payload, key)
  },
  raw: () => crypto.subtle.sign(ECDSA_SHA256, key.keyPair.privateKey, payloadBytes),
}
const timings = await timeAlternating(ops, counts)

const trips = timings.roundTrip
for (const { statuses, status } of trips.results) {
  expect(statuses === '202,200' && status === 200, `a signed retry answered ${statuses}`)
}
const { data } = await (
  await s.relay(`${s.base}/customers/internal-accounts?customerId=${customerId}`)
).json()
const last = data.find((account) => account.id === accountId)
expect(last?.privateEnabled === (counter % 2 === 1), 'the last PATCH did not land')

const below = trips.results.map((r) => r.belowMs)
const inside = trips.results.map((r) => r.sandboxMs)
writeFileSync(
  outPath,
  JSON.stringify({
    node: process.version,
    operation: 'PATCH /internal-accounts/{id}',
    payloadBytes: payloadBytes.length,
    counts,
    roundTrip: stats(trips.ms),
    belowKit: stats(below),
    sandbox: stats(inside),
    relay: stats(below.map((ms, i) => ms - inside[i])),
    kit: stats(trips.ms.map((ms, i) => ms - below[i])),
    stamp: stats(timings.stamp.ms),
    intentCheck: stats(timings.intentCheck.ms),
    checkedStamp: stats(timings.checkedStamp.ms),
    raw: stats(timings.raw.ms),
  }),
)
