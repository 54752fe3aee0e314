// Runs in the child Node process that bench/speed/relayCalls.mjs starts (bundled by esbuild from the
// kit's TypeScript sources): `node child.mjs OUT.json latencyMs=50`. Drives each flow through a
// relay in front of the in-process sandbox, three ways (a hook that asks the service nothing; the
// README's `isOwnedBy` hook with an ownership store that keeps nothing, which makes the lookups of
// the relay before it remembered; the same hook with the default store), counting the calls from
// relay to service and timing each flow with every call held back `latencyMs`, as a network would.
import { writeFileSync } from 'node:fs'
import { quoteWalletPayload } from '../../src/client/quoteWalletPayload.ts'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.ts'
import { utf8 } from '../../src/crypto/utf8.ts'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.ts'
import { generateSessionKey } from '../../src/keys/sessionKey.ts'
import { encryptOtp } from '../../src/otp/encryptOtp.ts'
import { createRelay } from '../../src/relay/createRelay.ts'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.ts'
import { startTestSandbox } from '../../src/testing/startTestSandbox.ts'
import { softwareAuthenticator } from '../../test/sandbox/softwareAuthenticator.ts'

const [outPath, ...settings] = process.argv.slice(2)
const { latencyMs = 50 } = Object.fromEntries(
  settings.map((s) => s.split('=')).map(([k, v]) => [k, Number(v)]),
)

const json = (method, body, headers = {}) => ({
  method,
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

function expect(condition, message) {
  if (!condition) throw new Error(`relay-calls bench: ${message}`)
}

const FORGETFUL = { has: async () => false, add: async () => {} }

/** The relay three ways over one sandbox; `page` is the signed-in user's browser on it. */
function relayOf(testing, mode, { customerId, accountId }) {
  const meter = { calls: 0 }
  const accountIds = mode === 'isOwnedBy with accountIds, now' ? [accountId] : []
  const relay = createRelay({
    ...testing.relayOptions,
    authorize:
      mode === 'own records'
        ? () => true
        : (_request, _target, { isOwnedBy }) => isOwnedBy(customerId, { accountIds }),
    ...(mode === 'isOwnedBy, before' ? { ownershipStore: FORGETFUL } : {}),
    onError: () => {},
    fetch: async (request) => {
      meter.calls++
      await new Promise((resolve) => setTimeout(resolve, latencyMs))
      return testing.relayOptions.fetch(request)
    },
  })
  const page = (input, init) => relay(new Request(input, init))
  return { page, meter }
}

async function emailSignIn({ testing, base, page, customer }) {
  testing.clock.advance(testing.sandbox.config.challengeIntervalMs)
  const challenge = await page(`${base}/auth/credentials/${customer.emailCredentialId}/challenge`, {
    method: 'POST',
  })
  expect(challenge.status === 200, `challenge answered ${challenge.status}`)
  const { otpEncryptionTargetBundle } = await challenge.json()
  const tek = await generateSessionKey()
  const encryptedOtpBundle = await encryptOtp({
    otpCode: testing.otpCode,
    targetBundle: otpEncryptionTargetBundle,
    publicKey: tek.publicKey,
    trustedSigners: [testing.sandbox.signerPublicKey],
  })
  const verify = withWalletSignature(page, { getKey: () => tek, now: testing.clock.now })
  const response = await verify(
    `${base}/auth/credentials/${customer.emailCredentialId}/verify`,
    json('POST', { type: 'EMAIL_OTP', encryptedOtpBundle }),
  )
  expect(response.status === 200, `verify answered ${response.status}`)
  return { key: tek, sessionId: (await response.json()).id }
}

async function refresh({ testing, base, page, session }) {
  const signed = withWalletSignature(page, { getKey: () => session.key, now: testing.clock.now })
  const clientPublicKey = (await generateSessionKey()).publicKey
  const response = await signed(
    `${base}/auth/sessions/${session.sessionId}/refresh`,
    json('POST', { clientPublicKey }),
  )
  expect(response.status === 201, `refresh answered ${response.status}`)
}

async function signedPatch({ testing, base, page, customer, session: { key } }) {
  const signed = withWalletSignature(page, { getKey: () => key, now: testing.clock.now })
  const response = await signed(
    `${base}/internal-accounts/${customer.accountId}`,
    json('PATCH', { privateEnabled: true }),
  )
  expect(response.status === 200, `PATCH answered ${response.status}`)
}

async function quoteExecute({ testing, base, page, customer, session: { key } }) {
  const created = await page(
    `${base}/quotes`,
    json('POST', {
      source: { sourceType: 'ACCOUNT', accountId: customer.accountId },
      destination: {
        destinationType: 'UMA_ADDRESS',
        umaAddress: `$success.usd@${testing.sandbox.config.umaDomain}`,
      },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000_000,
    }),
  )
  expect(created.status === 201, `quote answered ${created.status}`)
  const quote = await created.json()
  const executed = await page(
    `${base}/quotes/${quote.id}/execute`,
    json(
      'POST',
      {},
      {
        [WALLET_SIGNATURE_HEADER]: await stamp(quoteWalletPayload(quote), key),
        'Idempotency-Key': crypto.randomUUID(),
      },
    ),
  )
  expect(executed.status === 200, `execute answered ${executed.status}`)
}

async function registerPasskey({ testing, base, page, customer, session: { key } }) {
  const { rpId, origins } = testing.sandbox.config
  const authenticator = await softwareAuthenticator(rpId, origins[0])
  const challenge = bytesToBase64Url(crypto.getRandomValues(new Uint8Array(32)))
  const signed = withWalletSignature(page, { getKey: () => key, now: testing.clock.now })
  const created = await signed(
    `${base}/auth/credentials`,
    json('POST', {
      type: 'PASSKEY',
      accountId: customer.accountId,
      challenge,
      nickname: 'bench passkey',
      attestation: authenticator.register(challenge),
    }),
  )
  expect(created.status === 201, `passkey registration answered ${created.status}`)
  return { passkeyId: (await created.json()).id, authenticator }
}

async function passkeySignIn({ testing, base, page, passkey }) {
  testing.clock.advance(testing.sandbox.config.challengeIntervalMs)
  const clientPublicKey = (await generateSessionKey()).publicKey
  const path = `${base}/auth/credentials/${passkey.passkeyId}`
  const issued = await page(`${path}/challenge`, json('POST', { clientPublicKey }))
  const { challenge, requestId } = await issued.json()
  const assertion = await passkey.authenticator.assert(bytesToBase64Url(utf8(challenge)))
  const verified = await page(
    `${path}/verify`,
    json('POST', { type: 'PASSKEY', assertion }, { 'Request-Id': requestId }),
  )
  expect(verified.status === 200, `passkey verify answered ${verified.status}`)
}

/** One new customer's flows in order through a fresh relay in `mode`: calls and ms per flow. */
async function runFlows(testing, mode) {
  const customer = await testing.createCustomer()
  await testing.fund(customer.accountId, 50_000_000)
  const { page, meter } = relayOf(testing, mode, customer)
  const s = { testing, base: 'http://app.test', page, customer }
  const rows = []
  const measure = async (flow, run) => {
    const calls = meter.calls
    const started = performance.now()
    const result = await run()
    rows.push({ flow, calls: meter.calls - calls, ms: performance.now() - started })
    return result
  }
  s.session = await measure('email-OTP sign-in, first of this user', () => emailSignIn(s))
  await measure('signed PATCH (privacy), after the sign-in', () => signedPatch(s))
  await measure('quote, then execute it', () => quoteExecute(s))
  s.passkey = await measure('passkey registration (202, signed retry)', () => registerPasskey(s))
  await measure('passkey sign-in', () => passkeySignIn(s))
  s.session = await measure('email-OTP sign-in, second of this user', () => emailSignIn(s))
  await measure('session refresh (202, signed retry)', () => refresh(s))
  return rows
}

const testing = await startTestSandbox({})
const modes = ['own records', 'isOwnedBy, before', 'isOwnedBy, now', 'isOwnedBy with accountIds, now']
const results = {}
for (const mode of modes) results[mode] = await runFlows(testing, mode)
await testing.close()
writeFileSync(outPath, JSON.stringify({ node: process.version, latencyMs, modes, results }, null, 2))
