// The second security round's sandbox findings, each pinned by a fixed test: a stamp spent on one
// request id only, per-account credential rules under concurrent registrations, wrong OTP codes of
// every shape, and stamps by another account's live session.
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { describe, expect, it } from 'vitest'
import { quoteWalletPayload } from '../../src/client/quoteWalletPayload.js'
import type { SessionKey } from '../../src/keys/sessionKey.js'
import { stamp } from '../../src/stamp/stamp.js'
import {
  createCustomer,
  fund,
  type Harness,
  json,
  otpChallenge,
  otpSignIn,
  quoteToUma,
  startHarness,
} from './harness.js'
import { softwareAuthenticator } from './softwareAuthenticator.js'

interface Challenge {
  payloadToSign: string
  requestId: string
}

/** A first leg that must be a 202, read as its challenge. */
async function challengeOf(h: Harness, url: string, body: string, method = 'POST'): Promise<Challenge> {
  const response = await h.api(url, { method, body, headers: { 'Content-Type': 'application/json' } })
  const answer = await response.json()
  expect(response.status, JSON.stringify(answer)).toBe(202)
  return answer
}

/** The signed retry of a 202, stamped by `key` over `payload`, read as status and error code. */
async function retry(
  h: Harness,
  url: string,
  body: string,
  options: { key: SessionKey; payload: string; requestId: string; method?: string },
): Promise<{ status: number; code?: string }> {
  const response = await h.api(url, {
    method: options.method ?? 'POST',
    body,
    headers: {
      'Content-Type': 'application/json',
      'Service-Wallet-Signature': await stamp(options.payload, options.key),
      'Request-Id': options.requestId,
    },
  })
  const answer = await response.json()
  return { status: response.status, ...(answer.code ? { code: answer.code } : {}) }
}

/** A customer signed in by email OTP, and the session key it signs with. */
async function signedInCustomer(h: Harness, fields: Record<string, unknown> = {}) {
  const customer = await createCustomer(h, fields)
  const { key } = await otpSignIn(h, customer.emailCredentialId, customer.accountId)
  return { ...customer, key }
}

describe('red-team findings in the sandbox', () => {
  it('spends a stamp on one request id: two 202s of one millisecond, same body, do not share it', async () => {
    const h = await startHarness()
    const { accountId, key } = await signedInCustomer(h)
    const url = `${h.base}/internal-accounts/${accountId}`
    const body = JSON.stringify({ privateEnabled: true })
    // The harness clock stands still: both 202s are issued in the same millisecond.
    const first = await challengeOf(h, url, body, 'PATCH')
    const second = await challengeOf(h, url, body, 'PATCH')
    const sent = { key, payload: first.payloadToSign, method: 'PATCH' }
    expect(await retry(h, url, body, { ...sent, requestId: first.requestId })).toEqual({ status: 200 })
    expect(await retry(h, url, body, { ...sent, requestId: second.requestId })).toEqual({
      status: 401,
      code: 'WALLET_SIGNATURE_INVALID',
    })
  })

  it('executes one quote per stamp: two identical quotes of one millisecond do not share it', async () => {
    const h = await startHarness()
    const { accountId, key } = await signedInCustomer(h)
    await fund(h, accountId, 50_000_000)
    const uma = `$success.usd@${h.sandbox.config.umaDomain}`
    const first = await quoteToUma(h, accountId, uma)
    const second = await quoteToUma(h, accountId, uma)
    const payloadOf = (quote: typeof first) => quoteWalletPayload(quote)
    expect(payloadOf(first)).toEqual(expect.any(String))
    const header = { 'Service-Wallet-Signature': await stamp(String(payloadOf(first)), key) }
    expect((await h.call('POST', `/quotes/${first.id}/execute`, {}, header)).status).toBe(200)
    const replayed = await h.call('POST', `/quotes/${second.id}/execute`, {}, header)
    expect([replayed.status, replayed.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID'])
  })

  it('keeps one SMS_OTP credential per account when three registrations race', async () => {
    const h = await startHarness()
    const { accountId, key } = await signedInCustomer(h, { phoneNumber: '+15555550142' })
    const url = `${h.base}/auth/credentials`
    const body = JSON.stringify({ type: 'SMS_OTP', accountId })
    // Every 202 is issued before any registration is stored: each passed the rules then.
    const challenges = [
      await challengeOf(h, url, body),
      await challengeOf(h, url, body),
      await challengeOf(h, url, body),
    ]
    const outcomes = await Promise.all(
      challenges.map((c) => retry(h, url, body, { key, payload: c.payloadToSign, requestId: c.requestId })),
    )
    expect(outcomes.map((o) => o.status).sort()).toEqual([201, 400, 400])
    expect(outcomes.filter((o) => o.status === 400).map((o) => o.code)).toEqual([
      'SMS_OTP_CREDENTIAL_ALREADY_EXISTS',
      'SMS_OTP_CREDENTIAL_ALREADY_EXISTS',
    ])
    const listed = await (await h.api(`${url}?accountId=${accountId}`)).json()
    expect(listed.data.filter((c: { type: string }) => c.type === 'SMS_OTP')).toHaveLength(1)
  })

  it('registers one WebAuthn credential id on one account only when two accounts race for it', async () => {
    const h = await startHarness()
    const alice = await signedInCustomer(h)
    const bob = await signedInCustomer(h)
    const { rpId, origins } = h.sandbox.config
    const authenticator = await softwareAuthenticator(rpId, origins[0] as string)
    const url = `${h.base}/auth/credentials`
    const bodyFor = (accountId: string) => {
      const challenge = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)))
      const attestation = authenticator.register(challenge)
      return JSON.stringify({ type: 'PASSKEY', accountId, nickname: 'Key', challenge, attestation })
    }
    const legs = []
    for (const { key, accountId } of [alice, bob]) {
      const body = bodyFor(accountId)
      legs.push({ key, body, challenge: await challengeOf(h, url, body) })
    }
    // Both 202s stand before either registration is stored: the race is at the retries.
    const outcomes = await Promise.all(
      legs.map(({ key, body, challenge }) =>
        retry(h, url, body, { key, payload: challenge.payloadToSign, requestId: challenge.requestId }),
      ),
    )
    expect(outcomes.map((o) => o.status).sort()).toEqual([201, 400])
    expect(outcomes.find((o) => o.status === 400)?.code).toBe('PASSKEY_CREDENTIAL_ALREADY_EXISTS')
    const passkeys = []
    for (const { accountId } of [alice, bob]) {
      const listed = await (await h.api(`${url}?accountId=${accountId}`)).json()
      passkeys.push(...listed.data.filter((c: { type: string }) => c.type === 'PASSKEY'))
    }
    expect(passkeys).toHaveLength(1)
  })

  it.each([
    ['five digits', '00000'],
    ['seven digits', '0000000'],
    ['the right digits and one more letter', '000000a'],
    ['six letters', 'OOOOOO'],
    ['letters', 'abcdef'],
  ])('refuses a wrong OTP code of another shape: %s', async (_name, otpCode) => {
    const h = await startHarness()
    const { emailCredentialId } = await createCustomer(h)
    const { seal } = await otpChallenge(h, emailCredentialId)
    const sealed = await seal(otpCode)
    const response = await h.api(
      `${h.base}/auth/credentials/${emailCredentialId}/verify`,
      json('POST', { type: 'EMAIL_OTP', encryptedOtpBundle: sealed }),
    )
    expect(await response.json()).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
      reason: 'Invalid OTP code',
    })
  })

  it("refuses a stamp by another account's active session", async () => {
    const h = await startHarness()
    const alice = await signedInCustomer(h)
    const mallory = await signedInCustomer(h)
    const sessions = await (await h.api(`${h.base}/auth/sessions?accountId=${mallory.accountId}`)).json()
    expect(sessions.data).toHaveLength(1)
    const url = `${h.base}/internal-accounts/${alice.accountId}`
    const body = JSON.stringify({ privateEnabled: true })
    const { payloadToSign, requestId } = await challengeOf(h, url, body, 'PATCH')
    const method = 'PATCH'
    expect(
      await retry(h, url, body, { key: mallory.key, payload: payloadToSign, requestId, method }),
    ).toEqual({ status: 401, code: 'WALLET_SIGNATURE_INVALID' })
    // Alice's own session still signs the same change.
    const again = await challengeOf(h, url, body, 'PATCH')
    expect(
      await retry(h, url, body, {
        key: alice.key,
        payload: again.payloadToSign,
        requestId: again.requestId,
        method,
      }),
    ).toEqual({ status: 200 })
  })
})
