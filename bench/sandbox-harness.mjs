// The sandbox bench's in-process sandbox, its relay and the kit-side steps every part shares:
// creating customers and signing in with an email OTP. Runs in the child process (bundled).
import { withWalletSignature } from '../src/fetch/withWalletSignature.ts'
import { generateSessionKey } from '../src/keys/sessionKey.ts'
import { encryptOtp } from '../src/otp/encryptOtp.ts'
import { createSandbox } from '../src/sandbox/index.ts'

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
 * A quiet sandbox (no OTP log; `challengeIntervalMs: 0`, no challenge rate limit, unless
 * `rateLimited`) and the relay an integrator's backend would be: HTTP Basic added, answered
 * in-process. Time spent inside `sandbox.fetch` is summed per leg (`METHOD last-segment`, `+sig` when
 * the request carries a wallet signature). `reset()` clears the meter (and calls `onReset`) when the
 * timed part starts.
 */
export async function startSandbox({ rateLimited = false } = {}, onReset = () => {}) {
  const sandbox = await createSandbox({ log: () => {}, ...(rateLimited ? {} : { challengeIntervalMs: 0 }) })
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
    onReset()
    meter.ms = 0
    meter.legs.clear()
    meter.statuses.length = 0
  }
  return { sandbox, base, api, meter, reset }
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

/** What the harness's createCustomer does: the customer, then its wallet and EMAIL_OTP credential. */
export async function createCustomer({ base, api }, n) {
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
  const accountId = accounts.data[0]?.id
  expect(accountId?.startsWith('InternalAccount:'), 'the new customer has no embedded wallet')
  const credentials = await (await api(`${base}/auth/credentials?accountId=${accountId}`)).json()
  expect(credentials.data[0]?.type === 'EMAIL_OTP', 'the new wallet has no EMAIL_OTP credential')
  return { customerId: customer.id, accountId, emailCredentialId: credentials.data[0].id }
}

/** One complete email-OTP sign-in through the kit; returns the TEK, now the session key. */
export async function otpLogin(s, customer) {
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
