import { describe, expect, it } from 'vitest'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { stamp } from '../../src/stamp/stamp.js'
import { AuthSession, parseWire } from '../../src/wire/index.js'
import { expectCode } from '../helpers/expectCode.js'
import { createCustomer, json, otpChallenge, otpSignIn, startHarness } from './harness.js'

describe('email OTP sign-in against the sandbox', () => {
  it('signs in with the kit: a session keyed by the TEK that then signs actions', async () => {
    const h = await startHarness()
    const { accountId, emailCredentialId } = await createCustomer(h)
    const { key, metadata } = await otpSignIn(h, emailCredentialId, accountId)
    expect(metadata).toMatchObject({ accountId, credentialId: emailCredentialId, type: 'EMAIL_OTP' })
    expect(metadata.sessionId).toMatch(/^Session:/)
    const sessions = await (await h.api(`${h.base}/auth/sessions?accountId=${accountId}`)).json()
    expect(sessions.data.map((s: { id: string }) => s.id)).toEqual([metadata.sessionId])
    // A signed action with the new key: revoking its own session.
    expect(
      (await h.signed(`${h.base}/auth/sessions/${metadata.sessionId}`, { method: 'DELETE' })).status,
    ).toBe(204)
    expect(key.keyPair.privateKey.extractable).toBe(false)
  })

  it('answers a wrong code with 401 UNAUTHORIZED and the reason, and burns the bundle', async () => {
    const h = await startHarness()
    const { emailCredentialId } = await createCustomer(h)
    const { tek, seal } = await otpChallenge(h, emailCredentialId)
    const wrong = await seal('123456')
    const verify = withWalletSignature(h.api, { getKey: () => tek })
    const url = `${h.base}/auth/credentials/${emailCredentialId}/verify`
    const error = await expectCode(
      () => verify(url, json('POST', { type: 'EMAIL_OTP', encryptedOtpBundle: wrong })),
      'UNAUTHORIZED',
    )
    expect(error).toMatchObject({ status: 401, reason: 'Invalid OTP code' })
    // The bundle was for one issuance: even the right code now needs a new challenge.
    const right = await seal('000000')
    await expectCode(
      () => verify(url, json('POST', { type: 'EMAIL_OTP', encryptedOtpBundle: right })),
      'UNAUTHORIZED',
    )
  })

  it('accepts the second leg only when signed by the TEK inside the bundle', async () => {
    const h = await startHarness({ challengeIntervalMs: 0 })
    const { emailCredentialId } = await createCustomer(h)
    const url = `${h.base}/auth/credentials/${emailCredentialId}/verify`
    /** A first leg: a fresh code sealed to a fresh TEK, answered by a 202. */
    const firstLeg = async () => {
      const { tek, seal } = await otpChallenge(h, emailCredentialId)
      const body = JSON.stringify({ type: 'EMAIL_OTP', encryptedOtpBundle: await seal('000000') })
      const response = await h.api(url, { method: 'POST', body })
      expect(response.status).toBe(202)
      const challenge = await response.json()
      expect(challenge.type).toBe('EMAIL_OTP')
      expect(challenge.payloadToSign.split('.')).toHaveLength(3) // JWT-shaped
      const retry = async (signer: typeof tek) =>
        h.api(url, {
          method: 'POST',
          body,
          headers: {
            'Service-Wallet-Signature': await stamp(challenge.payloadToSign, signer),
            'Request-Id': challenge.requestId,
          },
        })
      return { tek, retry }
    }
    const attempt = await firstLeg()
    const signedByOther = await attempt.retry(await generateSessionKey())
    expect(await signedByOther.json()).toMatchObject({ status: 401, code: 'WALLET_SIGNATURE_INVALID' })
    // The request id is spent by that attempt, even for the right key.
    expect(await (await attempt.retry(attempt.tek)).json()).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    })
    const next = await firstLeg()
    const signed = await next.retry(next.tek)
    expect(signed.status).toBe(200)
    const session = parseWire(AuthSession, await signed.json(), 'AuthSession')
    expect('encryptedSessionSigningKey' in session).toBe(false)
  })

  it('rate-limits challenges with 429 and Retry-After, until the interval has passed', async () => {
    const h = await startHarness({ challengeIntervalMs: 30_000 })
    const { emailCredentialId } = await createCustomer(h)
    const challenge = () =>
      h.api(`${h.base}/auth/credentials/${emailCredentialId}/challenge`, { method: 'POST' })
    expect((await challenge()).status).toBe(200)
    h.sandbox.clock.advance(10_000)
    const limited = await challenge()
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toBe('20')
    expect(await limited.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' })
    h.sandbox.clock.advance(20_000)
    expect((await challenge()).status).toBe(200)
  })

  it('signs in with SMS OTP once the credential is added (signed by the email session)', async () => {
    const h = await startHarness()
    const { accountId, emailCredentialId } = await createCustomer(h)
    await otpSignIn(h, emailCredentialId, accountId)
    const created = await h.signed(
      `${h.base}/auth/credentials`,
      json('POST', { type: 'SMS_OTP', accountId, phoneNumber: '+15555550100' }),
    )
    expect(created.status).toBe(201)
    const sms = await created.json()
    expect(sms).toMatchObject({ type: 'SMS_OTP', nickname: '+15555550100' })
    const { metadata } = await otpSignIn(h, sms.id, accountId, 'SMS_OTP')
    expect(metadata.type).toBe('SMS_OTP')
    await expectCode(
      () =>
        h.signed(
          `${h.base}/auth/credentials`,
          json('POST', { type: 'SMS_OTP', accountId, phoneNumber: '+15555550101' }),
        ),
      'CREDENTIAL_ALREADY_EXISTS',
    )
  })
})
