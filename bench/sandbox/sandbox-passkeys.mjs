// Passkey sign-ins per second against the in-process sandbox: /challenge for a fresh session key,
// a WebAuthn assertion from a software authenticator (test/sandbox/softwareAuthenticator.ts, P-256,
// signature counter), /verify, session. Runs in the child process (bundled).
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.ts'
import { utf8 } from '../../src/crypto/utf8.ts'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.ts'
import { generateSessionKey } from '../../src/keys/sessionKey.ts'
import { softwareAuthenticator } from '../../test/sandbox/softwareAuthenticator.ts'
import { createCustomer, expect, json, otpLogin, sandboxTime, startSandbox } from './sandbox-harness.mjs'
import { timeLoop } from './sandbox-timing.mjs'

/** Registers a passkey on a signed-in customer's wallet (POST /auth/credentials, 202, signed retry). */
async function registerPasskey(s, customer, sessionKey, n) {
  const { rpId, origins } = s.sandbox.config
  const authenticator = await softwareAuthenticator(rpId, origins[0])
  const challenge = bytesToBase64Url(crypto.getRandomValues(new Uint8Array(32)))
  const signed = withWalletSignature(s.api, { getKey: () => sessionKey, now: s.sandbox.clock.now })
  const created = await signed(
    `${s.base}/auth/credentials`,
    json('POST', {
      type: 'PASSKEY',
      accountId: customer.accountId,
      challenge,
      nickname: `bench passkey ${n}`,
      attestation: authenticator.register(challenge),
    }),
  )
  const body = await created.json()
  expect(created.status === 201 && body.type === 'PASSKEY', `passkey registration answered ${created.status}`)
  return { ...customer, passkeyId: body.id, authenticator }
}

/** One complete passkey sign-in with a new client-held session key (the kit's default mode). */
async function passkeyLogin(s, person) {
  const first = s.meter.statuses.length
  const key = await generateSessionKey()
  const path = `${s.base}/auth/credentials/${person.passkeyId}`
  const issued = await s.api(`${path}/challenge`, json('POST', { clientPublicKey: key.publicKey }))
  const { challenge, requestId } = await issued.json()
  // The WebAuthn challenge is the UTF-8 of the hex text (wire-formats section 7).
  const assertion = await person.authenticator.assert(bytesToBase64Url(utf8(challenge)))
  const response = await s.api(`${path}/verify`, {
    ...json('POST', { type: 'PASSKEY', assertion }),
    headers: { 'Content-Type': 'application/json', 'Request-Id': requestId },
  })
  const session = await response.json()
  const statuses = s.meter.statuses.slice(first).join(',')
  expect(statuses === '200,200', `passkey sign-in answered ${statuses}`)
  expect(session.type === 'PASSKEY' && session.accountId === person.accountId, 'no AuthSession')
}

/**
 * Passkey sign-ins in rotation over `passkeys` customers, each registered once in setup (customer,
 * OTP sign-in, signed passkey registration). The sandbox keeps its default challenge rate limit
 * (`challengeIntervalMs`, 30 s per credential): at the start of every round over the credentials
 * its clock is moved forward by that interval (`sandbox.clock.advance`), so no challenge is refused
 * and the sandbox clock runs ahead as a long-lived sandbox's would (expired challenges get pruned).
 */
export async function measurePasskeyLogins({ passkeys, passkeyWarmup, passkeyLogins }, hooks = {}) {
  const s = await startSandbox({ rateLimited: true }, hooks.onReset)
  const interval = s.sandbox.config.challengeIntervalMs
  const people = []
  for (let i = 0; i < passkeys; i++) {
    const customer = await createCustomer(s, i)
    people.push(await registerPasskey(s, customer, await otpLogin(s, customer), i))
  }
  const clockStart = s.sandbox.clock.now()
  let advancedMs = 0
  const run = await timeLoop(
    async (i) => {
      if (i > 0 && i % people.length === 0) {
        s.sandbox.clock.advance(interval)
        advancedMs += interval
      }
      await passkeyLogin(s, people[i % people.length])
    },
    { warmup: passkeyWarmup, count: passkeyLogins },
    s.reset,
  )
  return {
    ...run,
    passkeys,
    warmup: passkeyWarmup,
    challengeIntervalMs: interval,
    sandboxClockAdvancedMs: advancedMs,
    sandboxClockRanMs: s.sandbox.clock.now() - clockStart,
    ...sandboxTime(run, s.meter),
    subtle: hooks.report?.(run.n),
  }
}
