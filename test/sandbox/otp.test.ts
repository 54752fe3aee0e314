import { p256 } from '@noble/curves/nist.js'
import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import { formatHpkeBuf, hpkeEncrypt } from '@turnkey/crypto'
import { describe, expect, it } from 'vitest'
import { bytesToHex } from '../../src/crypto/bytesToHex.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
import { hpkeSeal } from '../../src/crypto/hpke.js'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { encryptOtp } from '../../src/otp/encryptOtp.js'
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

  it('answers a wrong code with 401 UNAUTHORIZED and the reason, and takes the right one after it', async () => {
    const h = await startHarness()
    const { emailCredentialId } = await createCustomer(h)
    const { tek, seal } = await otpChallenge(h, emailCredentialId)
    const verify = withWalletSignature(h.api, { getKey: () => tek })
    const url = `${h.base}/auth/credentials/${emailCredentialId}/verify`
    const attempt = async (code: string) =>
      verify(url, json('POST', { type: 'EMAIL_OTP', encryptedOtpBundle: await seal(code) }))
    const error = await expectCode(() => attempt('123456'), 'UNAUTHORIZED')
    expect(error).toMatchObject({ status: 401, reason: 'Invalid OTP code' })
    // A mistyped code is corrected under the same issuance, with no new challenge (rate-limited).
    expect((await attempt('000000')).status).toBe(200)
    // The right code used the issuance up.
    expect(await expectCode(() => attempt('000000'), 'UNAUTHORIZED')).toMatchObject({
      reason: expect.stringMatching(/No unused OTP/),
    })
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

  it('rate-limits verify with 429 and Retry-After after five failures in five minutes', async () => {
    const h = await startHarness({ challengeIntervalMs: 0 })
    const { accountId, emailCredentialId } = await createCustomer(h)
    const attempt = async (otpCode: string) => {
      const { seal } = await otpChallenge(h, emailCredentialId)
      return h.call('POST', `/auth/credentials/${emailCredentialId}/verify`, {
        type: 'EMAIL_OTP',
        encryptedOtpBundle: await seal(otpCode),
      })
    }
    for (let failures = 0; failures < 5; failures++) {
      expect((await attempt('111111')).body).toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
      h.sandbox.clock.advance(10_000)
    }
    const limited = await h.api(`${h.base}/auth/credentials/${emailCredentialId}/verify`, {
      method: 'POST',
      body: JSON.stringify({ type: 'EMAIL_OTP', encryptedOtpBundle: '{}' }),
    })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toBe(String(5 * 60 - 50))
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' })
    // Even the right code waits for the window to end; then it signs in.
    expect((await attempt('000000')).status).toBe(429)
    h.sandbox.clock.advance(5 * 60_000)
    await otpSignIn(h, emailCredentialId, accountId)
  })

  it('adds an SMS_OTP credential on the phone on file (signed by the email session) and activates it with the bundle of its 201', async () => {
    const h = await startHarness()
    const phoneNumber = '+15555550100'
    const { accountId, emailCredentialId } = await createCustomer(h, { phoneNumber })
    await otpSignIn(h, emailCredentialId, accountId)
    const body = { type: 'SMS_OTP', accountId }
    const challenge = await h.call('POST', '/auth/credentials', body)
    expect(challenge.status).toBe(202)
    expect(challenge.body.type).toBe('SMS_OTP')
    const payload = JSON.parse(challenge.body.payloadToSign as string)
    expect(payload.type).toBe('ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER')
    expect(payload.parameters).toMatchObject({ userPhoneNumber: phoneNumber })
    const created = await h.signed(`${h.base}/auth/credentials`, json('POST', body))
    expect(created.status).toBe(201)
    const sms = await created.json()
    expect(sms).toMatchObject({ type: 'SMS_OTP', nickname: phoneNumber })
    // The code went out with the 201: its bundle activates the credential, no /challenge needed.
    const tek = await generateSessionKey()
    const encryptedOtpBundle = await encryptOtp({
      otpCode: '000000',
      targetBundle: sms.otpEncryptionTargetBundle,
      publicKey: tek.publicKey,
      trustedSigners: [h.sandbox.signerPublicKey],
    })
    const verified = await withWalletSignature(h.api, { getKey: () => tek })(
      `${h.base}/auth/credentials/${sms.id}/verify`,
      json('POST', { type: 'SMS_OTP', encryptedOtpBundle }),
    )
    expect(verified.status).toBe(200)
    expect(await verified.json()).toMatchObject({ accountId, type: 'SMS_OTP', nickname: phoneNumber })
    await expectCode(
      () => h.signed(`${h.base}/auth/credentials`, json('POST', body)),
      'SMS_OTP_CREDENTIAL_ALREADY_EXISTS',
    )
  })

  it('needs a phone number on file to add SMS_OTP: MISSING_MANDATORY_USER_INFO', async () => {
    const h = await startHarness()
    const { accountId, emailCredentialId } = await createCustomer(h)
    await otpSignIn(h, emailCredentialId, accountId)
    const added = await h.call('POST', '/auth/credentials', { type: 'SMS_OTP', accountId })
    expect(added.body).toMatchObject({ status: 400, code: 'MISSING_MANDATORY_USER_INFO' })
  })

  it('checks one OTP credential of a type per account when it stores it, not only at the 202', async () => {
    const h = await startHarness({ challengeIntervalMs: 0 })
    const { accountId, emailCredentialId } = await createCustomer(h, { phoneNumber: '+15555550123' })
    const { key } = await otpSignIn(h, emailCredentialId, accountId)
    const body = JSON.stringify({ type: 'SMS_OTP', accountId })
    const url = `${h.base}/auth/credentials`
    // Two 202s before either is answered: both pass the check when they are issued.
    const first = await (await h.api(url, { method: 'POST', body })).json()
    const second = await (await h.api(url, { method: 'POST', body })).json()
    const retry = async (challenge: { payloadToSign: string; requestId: string }) =>
      h.api(url, {
        method: 'POST',
        body,
        headers: {
          'Service-Wallet-Signature': await stamp(challenge.payloadToSign, key),
          'Request-Id': challenge.requestId,
        },
      })
    expect((await retry(first)).status).toBe(201)
    const refused = await retry(second)
    expect(await refused.json()).toMatchObject({ status: 400, code: 'SMS_OTP_CREDENTIAL_ALREADY_EXISTS' })
  })

  it.each([
    ['off the curve', `02${'00'.repeat(31)}01`],
    ['not a key', 'hello'],
    ['uncompressed, off the curve', `04${'00'.repeat(63)}01`],
  ])('answers a TEK %s in the OTP bundle with 400 INVALID_INPUT', async (_name, publicKey) => {
    const h = await startHarness()
    const { emailCredentialId } = await createCustomer(h)
    const challenge = await h.call('POST', `/auth/credentials/${emailCredentialId}/challenge`, {})
    const { data } = JSON.parse(challenge.body.otpEncryptionTargetBundle as string)
    const { targetPublic } = JSON.parse(new TextDecoder().decode(hexToBytes(data)))
    const sealed = await hpkeSeal({
      recipientPublicKey: hexToBytes(targetPublic),
      plaintext: new TextEncoder().encode(JSON.stringify({ otp_code: '000000', public_key: publicKey })),
    })
    const encryptedOtpBundle = JSON.stringify({
      encappedPublic: bytesToHex(sealed.enc),
      ciphertext: bytesToHex(sealed.ciphertext),
    })
    const reply = await h.call('POST', `/auth/credentials/${emailCredentialId}/verify`, {
      type: 'EMAIL_OTP',
      encryptedOtpBundle,
    })
    expect(reply.body).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
  })

  it('opens a TEK sent uncompressed, as the service guide script sends it (its own HPKE and stamper)', async () => {
    const h = await startHarness()
    const { accountId, emailCredentialId } = await createCustomer(h)
    const challenge = await h.call('POST', `/auth/credentials/${emailCredentialId}/challenge`, {})
    const targetBundle = challenge.body.otpEncryptionTargetBundle as string
    // The guide's helper: a node:crypto key pair, the uncompressed TEK in the plaintext, the enclave
    // provider's HPKE, and its API-key stamper (which names the key compressed).
    const privHex = bytesToHex(p256.utils.randomSecretKey())
    const pubHex = bytesToHex(p256.getPublicKey(hexToBytes(privHex), false))
    const { targetPublic } = JSON.parse(new TextDecoder().decode(hexToBytes(JSON.parse(targetBundle).data)))
    const sealed = hpkeEncrypt({
      plainTextBuf: new TextEncoder().encode(JSON.stringify({ otp_code: '000000', public_key: pubHex })),
      targetKeyBuf: hexToBytes(targetPublic),
    })
    const encryptedOtpBundle = formatHpkeBuf(sealed)
    const body = JSON.stringify({ type: 'EMAIL_OTP', encryptedOtpBundle })
    const url = `${h.base}/auth/credentials/${emailCredentialId}/verify`
    const first = await h.api(url, { method: 'POST', body })
    expect(first.status).toBe(202)
    const { payloadToSign, requestId } = await first.json()
    const stamper = new ApiKeyStamper({
      apiPublicKey: bytesToHex(p256.getPublicKey(hexToBytes(privHex), true)),
      apiPrivateKey: privHex,
    })
    const { stampHeaderValue } = await stamper.stamp(payloadToSign)
    const second = await h.api(url, {
      method: 'POST',
      body,
      headers: { 'Service-Wallet-Signature': stampHeaderValue, 'Request-Id': requestId },
    })
    expect(second.status).toBe(200)
    expect(await second.json()).toMatchObject({ accountId, type: 'EMAIL_OTP' })
  })
})
