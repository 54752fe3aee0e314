import { afterEach, assert, beforeEach, describe, expect, it, vi } from 'vitest'
import { commands } from 'vitest/browser'
import { WalletAuthError, type WalletAuthErrorCode } from '../../src/errors.js'
import { knownPasskeys, passkeyAssertion, passkeyRegistration } from '../../src/passkey/index.js'
import { passkeyScaAuthorization } from '../../src/sca/passkeyScaAuthorization.js'
import { addVirtualAuthenticator } from '../browser/virtualAuthenticator.js'

// Written here rather than taken from the kit, so the tests state the encodings independently.
const base64url = (binary: string) => btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const fromBase64url = (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/'))
const randomHex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')

interface ClientData {
  type: string
  challenge: string
  origin: string
}
const clientData = (clientDataJson: string): ClientData => JSON.parse(fromBase64url(clientDataJson))

async function expectWalletAuthError(promise: Promise<unknown>, code: WalletAuthErrorCode) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(WalletAuthError)
  expect(error).toMatchObject({ code })
}

/** Registers a passkey on the virtual authenticator through the kit; the backend verifies it. */
async function registerPasskey() {
  const optionsJSON = await commands.passkeyRegistrationOptions('alice@example.com')
  const body = await passkeyRegistration({ optionsJSON, nickname: 'Test device' })
  const { credentialId, clientDataJson, attestationObject, transports } = body.attestation
  const credential = await commands.verifyPasskeyRegistration(
    {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJson,
        attestationObject,
        transports,
      },
      clientExtensionResults: {},
    },
    { expectedChallenge: optionsJSON.challenge, expectedOrigin: location.origin },
  )
  assert(credential, 'the backend refused the registration')
  return { optionsJSON, body, credential }
}

beforeEach(async () => {
  // Before any WebAuthn call: without an authenticator the call would wait for a user forever.
  const removeAuthenticator = await addVirtualAuthenticator()
  return removeAuthenticator
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('passkeyRegistration', () => {
  it('returns a registration body whose attestation the backend verifies', async () => {
    const { optionsJSON, body, credential } = await registerPasskey()

    expect(body).toMatchObject({ type: 'PASSKEY', challenge: optionsJSON.challenge, nickname: 'Test device' })
    expect(body.attestation.credentialId).toBe(credential.id)
    expect(clientData(body.attestation.clientDataJson)).toMatchObject({
      type: 'webauthn.create',
      challenge: optionsJSON.challenge,
    })
  })
})

describe('passkeyAssertion', () => {
  it('signs the UTF-8 bytes of the hex challenge, as the backend verifies', async () => {
    const { credential } = await registerPasskey()
    const challenge = randomHex(32)
    const expectedChallenge = base64url(challenge) // the 64 ASCII bytes of the hex text

    const assertion = await passkeyAssertion({
      challenge,
      rpId: 'localhost',
      allowCredentials: [{ id: credential.id }],
    })

    expect(assertion.credentialId).toBe(credential.id)
    expect(clientData(assertion.clientDataJson)).toMatchObject({
      type: 'webauthn.get',
      challenge: expectedChallenge,
    })
    const verified = await commands.verifyPasskeyAuthentication(
      {
        id: assertion.credentialId,
        rawId: assertion.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: assertion.clientDataJson,
          authenticatorData: assertion.authenticatorData,
          signature: assertion.signature,
          userHandle: assertion.userHandle,
        },
        clientExtensionResults: {},
      },
      { expectedChallenge, expectedOrigin: location.origin, credential },
    )
    expect(verified).toBe(true)
  })

  it('maps NotAllowedError for a credential this browser never saw to PASSKEY_NOT_ON_DEVICE', async () => {
    await registerPasskey()
    const unknownId = base64url(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))

    await expectWalletAuthError(
      passkeyAssertion({
        challenge: randomHex(32),
        rpId: 'localhost',
        allowCredentials: [{ id: unknownId }],
        timeout: 1_000,
      }),
      'PASSKEY_NOT_ON_DEVICE',
    )
  })

  it('maps NotAllowedError for a credential registered here to PASSKEY_CANCELLED (the dialog closed)', async () => {
    const unknownId = base64url(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    // Known to this browser, yet absent from the authenticator: the browser ends it as a closed dialog.
    knownPasskeys.remember(unknownId)
    await expectWalletAuthError(
      passkeyAssertion({
        challenge: randomHex(32),
        rpId: 'localhost',
        allowCredentials: [{ id: unknownId }],
        timeout: 1_000,
      }),
      'PASSKEY_CANCELLED',
    )
    knownPasskeys.forget(unknownId)
  })

  it('maps an RP id of another domain (SecurityError) to PASSKEY_INVALID_DOMAIN', async () => {
    const { credential } = await registerPasskey()
    await expectWalletAuthError(
      passkeyAssertion({
        challenge: randomHex(32),
        rpId: 'example.com',
        allowCredentials: [{ id: credential.id }],
      }),
      'PASSKEY_INVALID_DOMAIN',
    )
  })

  it('refuses a page outside allowedOrigins before any prompt', async () => {
    const get = vi.spyOn(navigator.credentials, 'get')

    await expectWalletAuthError(
      passkeyAssertion({ challenge: randomHex(32), allowedOrigins: ['https://elsewhere.example'] }),
      'PASSKEY_ORIGIN_NOT_ALLOWED',
    )
    expect(get).not.toHaveBeenCalled()
  })

  it.each(['not hex', 'AB'.repeat(32), 'abc'])(
    'refuses the challenge %j before any prompt',
    async (challenge) => {
      const get = vi.spyOn(navigator.credentials, 'get')

      await expectWalletAuthError(passkeyAssertion({ challenge }), 'INVALID_ARGUMENT')
      expect(get).not.toHaveBeenCalled()
    },
  )
})

describe('passkeyScaAuthorization', () => {
  const scaChallenge = (options: Record<string, unknown> | null, allowedOrigins: string[] | null) => ({
    id: 'ScaChallenge:1',
    expiresAt: new Date(Date.now() + 300_000).toISOString(),
    factor: 'PASSKEY',
    availableFactors: ['SMS_OTP', 'PASSKEY'],
    passkeyAssertionOptions: options,
    passkeyAllowedOrigins: allowedOrigins,
  })

  it('runs the opaque assertion options and echoes the allowed page origin', async () => {
    const { credential } = await registerPasskey()
    const challenge = base64url(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    const options = {
      challenge,
      rpId: 'localhost',
      allowCredentials: [{ id: credential.id, type: 'public-key' }],
    }
    const authorization = await passkeyScaAuthorization(scaChallenge(options, [location.origin]))
    expect(authorization.origin).toBe(location.origin)
    expect(clientData(authorization.passkeyAssertion.clientDataJson)).toMatchObject({
      type: 'webauthn.get',
      challenge,
    })
    const verified = await commands.verifyPasskeyAuthentication(
      {
        id: authorization.passkeyAssertion.credentialId,
        rawId: authorization.passkeyAssertion.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: authorization.passkeyAssertion.clientDataJson,
          authenticatorData: authorization.passkeyAssertion.authenticatorData,
          signature: authorization.passkeyAssertion.signature,
        },
        clientExtensionResults: {},
      },
      { expectedChallenge: challenge, expectedOrigin: location.origin, credential },
    )
    expect(verified).toBe(true)
  })

  it('refuses a page origin the challenge does not allow, and a challenge without options', async () => {
    const get = vi.spyOn(navigator.credentials, 'get')
    const options = { challenge: base64url('x'.repeat(32)), rpId: 'localhost' }
    await expectWalletAuthError(
      passkeyScaAuthorization(scaChallenge(options, ['https://wallet.example'])),
      'PASSKEY_ORIGIN_NOT_ALLOWED',
    )
    await expectWalletAuthError(passkeyScaAuthorization(scaChallenge(null, null)), 'INVALID_RESPONSE')
    expect(get).not.toHaveBeenCalled()
  })
})
