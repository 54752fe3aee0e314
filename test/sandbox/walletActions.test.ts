import { validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { describe, expect, it } from 'vitest'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { generateRecipientKey } from '../../src/session/generateRecipientKey.js'
import { openWalletExport } from '../../src/session/openWalletExport.js'
import { sessionFromAuthSession } from '../../src/session/sessionFromAuthSession.js'
import { expectCode } from '../helpers/expectCode.js'
import { createCustomer, json, otpSignIn, startHarness } from './harness.js'

describe('credentials, sessions and the wallet against the sandbox', () => {
  it('revokes a credential only with a session of another credential, and revokes its sessions', async () => {
    const h = await startHarness()
    const { accountId, emailCredentialId } = await createCustomer(h, { phoneNumber: '+15555550100' })
    const email = await otpSignIn(h, emailCredentialId, accountId)
    const sms = await (
      await h.signed(`${h.base}/auth/credentials`, json('POST', { type: 'SMS_OTP', accountId }))
    ).json()
    // Signed by the email session: the email credential cannot revoke itself.
    await expectCode(
      () => h.signed(`${h.base}/auth/credentials/${emailCredentialId}`, { method: 'DELETE' }),
      'WALLET_SIGNATURE_INVALID',
    )
    h.sandbox.clock.advance(30_000) // the 201's code went out: a new one after the interval
    await otpSignIn(h, sms.id, accountId, 'SMS_OTP')
    expect(
      (await h.signed(`${h.base}/auth/credentials/${emailCredentialId}`, { method: 'DELETE' })).status,
    ).toBe(204)
    const list = await (await h.api(`${h.base}/auth/credentials?accountId=${accountId}`)).json()
    expect(list.data.map((c: { id: string }) => c.id)).toEqual([sms.id])
    const sessions = await (await h.api(`${h.base}/auth/sessions?accountId=${accountId}`)).json()
    expect(sessions.data.map((s: { id: string }) => s.id)).not.toContain(email.metadata.sessionId)
    // The last credential stays.
    const error = await expectCode(
      () => h.signed(`${h.base}/auth/credentials/${sms.id}`, { method: 'DELETE' }),
      'INVALID_INPUT',
    )
    expect(error.status).toBe(400)
  })

  it('refreshes a session into a new one (201, new id) and retires the old one', async () => {
    const h = await startHarness()
    const { accountId, emailCredentialId } = await createCustomer(h)
    const { metadata } = await otpSignIn(h, emailCredentialId, accountId)
    const next = await generateSessionKey()
    const challenge = await h.call('POST', `/auth/sessions/${metadata.sessionId}/refresh`, {
      clientPublicKey: next.publicKey,
    })
    expect(challenge.body).not.toHaveProperty('type')
    expect(JSON.parse(challenge.body.payloadToSign as string)).toMatchObject({
      type: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2',
      parameters: { targetPublicKey: next.publicKey },
    })
    const response = await h.signed(
      `${h.base}/auth/sessions/${metadata.sessionId}/refresh`,
      json('POST', { clientPublicKey: next.publicKey }),
    )
    expect(response.status).toBe(201)
    const refreshed = await sessionFromAuthSession({
      response: await response.json(),
      pendingKey: next,
      credential: { credentialId: emailCredentialId, accountId, type: 'EMAIL_OTP' },
    })
    expect(refreshed.metadata.sessionId).not.toBe(metadata.sessionId)
    const sessions = await (await h.api(`${h.base}/auth/sessions?accountId=${accountId}`)).json()
    expect(sessions.data.map((s: { id: string }) => s.id)).toEqual([refreshed.metadata.sessionId])
    // The old key no longer signs; the new one does.
    await expectCode(
      () => h.signed(`${h.base}/internal-accounts/${accountId}`, json('PATCH', { privateEnabled: true })),
      'WALLET_SIGNATURE_INVALID',
    )
    h.session.key = refreshed.key
    expect(
      (await h.signed(`${h.base}/internal-accounts/${accountId}`, json('PATCH', { privateEnabled: true })))
        .status,
    ).toBe(200)
  })

  it('lists only active sessions: expiry after 15 minutes of sandbox time, revocation', async () => {
    const h = await startHarness()
    const { accountId, emailCredentialId } = await createCustomer(h)
    const first = await otpSignIn(h, emailCredentialId, accountId)
    h.sandbox.clock.advance(31_000)
    const second = await otpSignIn(h, emailCredentialId, accountId)
    const list = async () =>
      (await (await h.api(`${h.base}/auth/sessions?accountId=${accountId}`)).json()).data.map(
        (s: { id: string }) => s.id,
      )
    expect(await list()).toEqual([first.metadata.sessionId, second.metadata.sessionId])
    // Any active session may revoke another.
    expect(
      (await h.signed(`${h.base}/auth/sessions/${first.metadata.sessionId}`, { method: 'DELETE' })).status,
    ).toBe(204)
    expect(await list()).toEqual([second.metadata.sessionId])
    h.sandbox.clock.advance(15 * 60_000)
    expect(await list()).toEqual([])
    await expectCode(
      () => h.signed(`${h.base}/internal-accounts/${accountId}`, json('PATCH', { privateEnabled: true })),
      'WALLET_SIGNATURE_INVALID',
    )
  })

  it('exports the wallet sealed to the client key, signed by the export signer', async () => {
    const h = await startHarness()
    const { accountId, emailCredentialId } = await createCustomer(h)
    await otpSignIn(h, emailCredentialId, accountId)
    const recipient = await generateRecipientKey()
    const challenge = await h.call('POST', `/internal-accounts/${accountId}/export`, {
      clientPublicKey: recipient.publicKeyUncompressed,
    })
    expect(challenge.body).not.toHaveProperty('type')
    expect(JSON.parse(challenge.body.payloadToSign as string)).toMatchObject({
      type: 'ACTIVITY_TYPE_EXPORT_WALLET',
      parameters: { targetPublicKey: recipient.publicKeyUncompressed, walletId: accountId },
    })
    const response = await h.signed(
      `${h.base}/internal-accounts/${accountId}/export`,
      json('POST', { clientPublicKey: recipient.publicKeyUncompressed }),
    )
    const { id, encryptedWalletCredentials } = await response.json()
    expect(id).toBe(accountId)
    const mnemonic = await openWalletExport(encryptedWalletCredentials, recipient.keyPair, {
      trustedSigners: [h.sandbox.exportSignerPublicKey],
    })
    expect(mnemonic.split(' ')).toHaveLength(12)
    // A real BIP-39 phrase: English words and a valid checksum.
    expect(validateMnemonic(mnemonic, wordlist)).toBe(true)
    // Only the export signer is trusted for exports, not the OTP signer.
    await expectCode(
      () =>
        openWalletExport(encryptedWalletCredentials, recipient.keyPair, {
          trustedSigners: [h.sandbox.signerPublicKey],
        }),
      'UNTRUSTED_SIGNER',
    )
  })

  it('registers nothing but the first credential without a signature', async () => {
    const h = await startHarness()
    const created = await (
      await h.api(
        `${h.base}/customers`,
        json('POST', { customerType: 'INDIVIDUAL', fullName: 'No Email', phoneNumber: '+15555550199' }),
      )
    ).json()
    const accounts = await (
      await h.api(`${h.base}/customers/internal-accounts?customerId=${created.id}`)
    ).json()
    const accountId = accounts.data[0].id
    const first = await h.api(`${h.base}/auth/credentials`, json('POST', { type: 'SMS_OTP', accountId }))
    expect(first.status).toBe(201)
    const key = await generateSessionKey()
    const second = await withWalletSignature(h.api, { getKey: () => key })(
      `${h.base}/auth/credentials`,
      json('POST', { type: 'EMAIL_OTP', accountId }),
    ).catch((error: unknown) => error)
    expect(second).toMatchObject({ code: 'MISSING_MANDATORY_USER_INFO', status: 400 }) // no email on file
  })
})

describe('revocations', () => {
  it('revokes a session with a 202 naming it and its credential type, then answers 404 for it', async () => {
    const h = await startHarness()
    const { accountId, emailCredentialId } = await createCustomer(h)
    const { metadata } = await otpSignIn(h, emailCredentialId, accountId)
    const path = `/auth/sessions/${metadata.sessionId}`
    const challenge = await h.call('DELETE', path)
    expect(challenge.status).toBe(202)
    expect(challenge.body.type).toBe('EMAIL_OTP')
    expect(JSON.parse(challenge.body.payloadToSign as string)).toMatchObject({
      type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
      parameters: { apiKeyIds: [metadata.sessionId] },
    })
    expect((await h.signed(`${h.base}${path}`, { method: 'DELETE' })).status).toBe(204)
    expect((await h.call('DELETE', path)).body).toMatchObject({ status: 404, code: 'REFERENCE_NOT_FOUND' })
  })

  it('revokes an OTP credential with the activity that clears its contact', async () => {
    const h = await startHarness()
    const { accountId, emailCredentialId } = await createCustomer(h, { phoneNumber: '+15555550177' })
    await otpSignIn(h, emailCredentialId, accountId)
    const sms = await (
      await h.signed(`${h.base}/auth/credentials`, json('POST', { type: 'SMS_OTP', accountId }))
    ).json()
    const challenge = await h.call('DELETE', `/auth/credentials/${sms.id}`)
    expect(challenge.body.type).toBe('SMS_OTP')
    expect(JSON.parse(challenge.body.payloadToSign as string)).toMatchObject({
      type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
      parameters: { userPhoneNumber: '' },
    })
  })
})

describe('refresh rules', () => {
  it('refreshes only an active session, and only with its own key', async () => {
    const h = await startHarness()
    const { accountId, emailCredentialId } = await createCustomer(h)
    const first = await otpSignIn(h, emailCredentialId, accountId)
    h.sandbox.clock.advance(31_000)
    const second = await otpSignIn(h, emailCredentialId, accountId)
    const next = await generateSessionKey()
    // Signed by the second session, for the first one: refused.
    await expectCode(
      () =>
        h.signed(
          `${h.base}/auth/sessions/${first.metadata.sessionId}/refresh`,
          json('POST', { clientPublicKey: next.publicKey }),
        ),
      'WALLET_SIGNATURE_INVALID',
    )
    // A revoked session cannot be brought back by refreshing it.
    expect(
      (await h.signed(`${h.base}/auth/sessions/${first.metadata.sessionId}`, { method: 'DELETE' })).status,
    ).toBe(204)
    const revoked = await h.api(
      `${h.base}/auth/sessions/${first.metadata.sessionId}/refresh`,
      json('POST', { clientPublicKey: next.publicKey }),
    )
    expect(await revoked.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
    expect(second.metadata.sessionId).toBeTruthy()
  })
})
