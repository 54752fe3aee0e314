// The kit in real Chromium against the sandbox over HTTP: a passkey added while signed in with an
// email OTP, then a sign-in with it in both session-key modes, WebAuthn by a virtual authenticator.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { generateSessionKey, type SessionKey } from '../../src/keys/sessionKey.js'
import { encryptOtp } from '../../src/otp/encryptOtp.js'
import { passkeyAssertion, passkeyRegistration } from '../../src/passkey/index.js'
import { generateRecipientKey } from '../../src/session/generateRecipientKey.js'
import { sessionFromAuthSession } from '../../src/session/sessionFromAuthSession.js'
import type { BrowserSandbox } from '../browser/commands.js'
import { addVirtualAuthenticator } from '../browser/virtualAuthenticator.js'

let sandbox: BrowserSandbox
const session: { key?: SessionKey } = {}

const api: typeof fetch = (input, init) => {
  const request = new Request(input, init)
  request.headers.set('Authorization', sandbox.authorization)
  return fetch(request)
}
const signed = withWalletSignature(api, { getKey: () => session.key })
const post = (path: string, body?: unknown, init: RequestInit = {}) =>
  signed(`${sandbox.baseUrl}${path}`, {
    method: 'POST',
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

beforeAll(async () => {
  sandbox = await commands.startSandbox()
})
afterAll(async () => {
  await commands.stopSandbox(sandbox.baseUrl)
})
beforeEach(async () => addVirtualAuthenticator())

async function signUpWithEmail() {
  const { accountId, emailCredentialId: credentialId } = await commands.createCustomer(sandbox.baseUrl, {
    fullName: 'Grace Hopper',
  })
  const { otpEncryptionTargetBundle } = await (
    await post(`/auth/credentials/${credentialId}/challenge`)
  ).json()
  const tek = await generateSessionKey()
  const encryptedOtpBundle = await encryptOtp({
    otpCode: '000000',
    targetBundle: otpEncryptionTargetBundle,
    publicKey: tek.publicKey,
    trustedSigners: [sandbox.signerPublicKey],
  })
  const verify = withWalletSignature(api, { getKey: () => tek })
  const response = await verify(`${sandbox.baseUrl}/auth/credentials/${credentialId}/verify`, {
    method: 'POST',
    body: JSON.stringify({ type: 'EMAIL_OTP', encryptedOtpBundle }),
  })
  const { key } = await sessionFromAuthSession({
    response: await response.json(),
    pendingKey: tek,
    credential: { credentialId, accountId, type: 'EMAIL_OTP' },
  })
  session.key = key
  return accountId
}

describe('passkeys against the sandbox over HTTP', () => {
  it.each(['client-held', 'sealed'] as const)(
    'adds a passkey, then signs in with it (%s key)',
    async (mode) => {
      const accountId = await signUpWithEmail()
      const optionsJSON = await commands.passkeyRegistrationOptions('grace@example.com')
      const registration = await passkeyRegistration({ optionsJSON, nickname: 'Chromium' })
      const created = await post('/auth/credentials', { ...registration, accountId })
      expect(created.status).toBe(201)
      const passkey = await created.json()
      expect(passkey).toMatchObject({
        type: 'PASSKEY',
        nickname: 'Chromium',
        credentialId: registration.attestation.credentialId,
      })

      // Registering the same authenticator credential again is refused.
      const again = await post('/auth/credentials', { ...registration, accountId }).catch(
        (error: unknown) => error,
      )
      expect(again).toMatchObject({ code: 'PASSKEY_CREDENTIAL_ALREADY_EXISTS', status: 400 })

      const sessionKey = await generateSessionKey()
      const recipient = await generateRecipientKey()
      const clientPublicKey = mode === 'client-held' ? sessionKey.publicKey : recipient.publicKeyUncompressed
      const { challenge, requestId } = await (
        await post(`/auth/credentials/${passkey.id}/challenge`, { clientPublicKey })
      ).json()
      const assertion = await passkeyAssertion({
        challenge,
        rpId: 'localhost',
        allowCredentials: [{ id: passkey.credentialId }],
      })
      const verifyUrl = `${sandbox.baseUrl}/auth/credentials/${passkey.id}/verify`
      const verified = await api(verifyUrl, {
        method: 'POST',
        headers: { 'Request-Id': requestId },
        body: JSON.stringify({ type: 'PASSKEY', assertion }),
      })
      expect(verified.status).toBe(200)
      const { key } = await sessionFromAuthSession({
        response: await verified.json(),
        pendingKey: mode === 'client-held' ? sessionKey : recipient,
        credential: { credentialId: passkey.id, accountId, type: 'PASSKEY' },
      })
      session.key = key
      expect(key.keyPair.privateKey.extractable).toBe(false)
      // The passkey session signs: its own revocation of the email credential.
      const list = await (await api(`${sandbox.baseUrl}/auth/credentials?accountId=${accountId}`)).json()
      const email = list.data.find((c: { type: string }) => c.type === 'EMAIL_OTP')
      const revoked = await signed(`${sandbox.baseUrl}/auth/credentials/${email.id}`, { method: 'DELETE' })
      expect(revoked.status).toBe(204)

      // The challenge was single-use.
      const replay = await api(verifyUrl, {
        method: 'POST',
        headers: { 'Request-Id': requestId },
        body: JSON.stringify({ type: 'PASSKEY', assertion }),
      })
      expect(replay.status).toBe(401)
      expect(await replay.json()).toMatchObject({ code: 'UNAUTHORIZED' })
    },
  )

  it('refuses an assertion over another challenge, and a verify without Request-Id', async () => {
    const accountId = await signUpWithEmail()
    const optionsJSON = await commands.passkeyRegistrationOptions('grace@example.com')
    const registration = await passkeyRegistration({ optionsJSON, nickname: 'Chromium' })
    const passkey = await (await post('/auth/credentials', { ...registration, accountId })).json()
    const clientPublicKey = (await generateSessionKey()).publicKey
    const { requestId } = await (
      await post(`/auth/credentials/${passkey.id}/challenge`, { clientPublicKey })
    ).json()
    const assertion = await passkeyAssertion({
      challenge: 'ab'.repeat(32),
      rpId: 'localhost',
      allowCredentials: [{ id: passkey.credentialId }],
    })
    const verifyUrl = `${sandbox.baseUrl}/auth/credentials/${passkey.id}/verify`
    const body = JSON.stringify({ type: 'PASSKEY', assertion })
    const wrong = await api(verifyUrl, { method: 'POST', headers: { 'Request-Id': requestId }, body })
    expect(await wrong.json()).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
      reason: expect.stringMatching(/challenge/i),
    })
    const missing = await api(verifyUrl, { method: 'POST', body })
    expect(await missing.json()).toMatchObject({ status: 401, code: 'REQUEST_ID_MISSING' })
  })
})
