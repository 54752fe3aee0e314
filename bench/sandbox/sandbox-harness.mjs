// The sandbox bench's in-process sandbox, its relay and the kit-side steps every part shares:
// creating customers and signing in with an email OTP. Runs in the child process (bundled).
import { withWalletSignature } from '../../src/fetch/withWalletSignature.ts'
import { generateSessionKey } from '../../src/keys/sessionKey.ts'
import { encryptOtp } from '../../src/otp/encryptOtp.ts'
import { startTestSandbox } from '../../src/testing/startTestSandbox.ts'

/** JSON request options. */
export const json = (method, body) => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
})

export function expect(condition, message) {
  if (!condition) throw new Error(`sandbox bench: ${message}`)
}

/**
 * The testing entry's sandbox (quiet; `challengeIntervalMs: 0`, no challenge rate limit, unless
 * `rateLimited`) and the relay an integrator's backend would be: HTTP Basic added, answered
 * in-process. Time spent inside `sandbox.fetch` is summed per leg (`METHOD last-segment`, `+sig` when
 * the request carries a wallet signature). `reset()` clears the meter (and calls `onReset`) when the
 * timed part starts.
 */
export async function startSandbox({ rateLimited = false } = {}, onReset = () => {}) {
  const testing = await startTestSandbox(rateLimited ? {} : { challengeIntervalMs: 0 })
  const { sandbox, authorization } = testing
  const base = testing.baseUrl
  const meter = { ms: 0, legs: new Map(), statuses: [] }
  // The meter times `sandbox.fetch` alone: `testing.fetch` would add its own copy of the request
  // (body included) to every leg's time, so the header is added here, before the clock starts.
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
    onReset()
    meter.ms = 0
    meter.legs.clear()
    meter.statuses.length = 0
  }
  return { testing, sandbox, base, api, meter, reset }
}

/**
 * The share of a timed run spent inside `sandbox.fetch` (the rest is client side), the rate the
 * sandbox alone would sustain, and the time per request leg.
 */
export function sandboxTime(run, meter) {
  return {
    sandboxMs: meter.ms,
    sandboxShare: meter.ms / run.elapsedMs,
    sandboxOnlyPerSecond: (run.n * 1000) / meter.ms,
    legs: Object.fromEntries(
      [...meter.legs].map(([leg, { n, ms }]) => [
        leg,
        { n, meanUs: (ms * 1000) / n, perOpUs: (ms * 1000) / run.n },
      ]),
    ),
  }
}

/**
 * A customer with its embedded wallet and EMAIL_OTP credential: the testing entry's `createCustomer`
 * (what the test harness uses too). Its requests bypass the meter: no part reads the meter for
 * customers (the memory part times their creation on the wall clock).
 */
export async function createCustomer({ testing }, n) {
  const { customerId, accountId, emailCredentialId } = await testing.createCustomer({
    email: `bench-${n}@example.com`,
  })
  return { customerId, accountId, emailCredentialId }
}

/** One complete email-OTP sign-in through the kit; returns the TEK, now the session key. */
export async function otpLogin(s, customer) {
  const { base, api, sandbox, meter, testing } = s
  const first = meter.statuses.length
  const challenge = await api(`${base}/auth/credentials/${customer.emailCredentialId}/challenge`, {
    method: 'POST',
  })
  const { otpEncryptionTargetBundle } = await challenge.json()
  const tek = await generateSessionKey()
  const encryptedOtpBundle = await encryptOtp({
    otpCode: testing.otpCode,
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
