// Passkey SCA steps verified for real: a software authenticator (P-256, "none" attestation)
// registers a passkey on an EU customer's wallet, then answers each step's passkeyAssertionOptions.
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'
import { describe, expect, it } from 'vitest'
import { concatBytes } from '../../src/crypto/concatBytes.js'
import { rawSignatureToDer } from '../../src/crypto/rawSignatureToDer.js'
import { utf8 } from '../../src/crypto/utf8.js'
import { createCustomer, json, otpSignIn, quoteOf, quoteToUma, startHarness } from './harness.js'

const sha256 = async (bytes: Uint8Array) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))

/** A minimal platform authenticator in software: one credential, a signature counter. */
async function softwareAuthenticator(rpId: string, origin: string) {
  const keyPair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey))
  const rawId = crypto.getRandomValues(new Uint8Array(16))
  const credentialId = isoBase64URL.fromBuffer(rawId)
  const rpIdHash = await sha256(utf8(rpId))
  let counter = 0
  const clientData = (type: string, challenge: string) =>
    utf8(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  const counterBytes = () =>
    new Uint8Array([counter >>> 24, (counter >>> 16) & 0xff, (counter >>> 8) & 0xff, counter & 0xff])

  return {
    credentialId,
    register(challenge: string) {
      const coseKey = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, raw.slice(1, 33)],
        [-3, raw.slice(33)],
      ])
      const authData = concatBytes(
        rpIdHash,
        new Uint8Array([0x45]), // user present, user verified, attested credential data
        counterBytes(),
        new Uint8Array(16), // AAGUID
        new Uint8Array([0, rawId.length]),
        rawId,
        isoCBOR.encode(coseKey),
      )
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as never,
      )
      return {
        credentialId,
        clientDataJson: isoBase64URL.fromBuffer(clientData('webauthn.create', challenge)),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      }
    },
    async assert(challenge: string) {
      counter++
      const clientDataJson = clientData('webauthn.get', challenge)
      const authenticatorData = concatBytes(rpIdHash, new Uint8Array([0x05]), counterBytes())
      const signed = concatBytes(authenticatorData, await sha256(clientDataJson))
      const signature = new Uint8Array(
        await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keyPair.privateKey, signed),
      )
      return {
        credentialId,
        clientDataJson: isoBase64URL.fromBuffer(clientDataJson),
        authenticatorData: isoBase64URL.fromBuffer(authenticatorData),
        signature: isoBase64URL.fromBuffer(rawSignatureToDer(signature)),
      }
    },
  }
}

describe('passkey SCA on quotes', () => {
  it('verifies each step against its own challenge, origin and the customer passkey', async () => {
    const h = await startHarness()
    const { rpId, origins } = h.sandbox.config
    const origin = origins[0] as string
    const { accountId, emailCredentialId } = await createCustomer(h, { address: { country: 'AT' } })
    await otpSignIn(h, emailCredentialId, accountId)
    const authenticator = await softwareAuthenticator(rpId, origin)
    const registrationChallenge = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)))
    const registered = await h.signed(
      `${h.base}/auth/credentials`,
      json('POST', {
        type: 'PASSKEY',
        accountId,
        nickname: 'Laptop',
        challenge: registrationChallenge,
        attestation: authenticator.register(registrationChallenge),
      }),
    )
    expect(registered.status).toBe(201)

    const quote = await quoteToUma(h, accountId, `$success.eur@${h.sandbox.config.umaDomain}`)
    const first = quote.scaChallenge
    expect(first).toMatchObject({ factor: 'PASSKEY', purpose: 'CURRENCY_CONVERSION' })
    expect(first?.passkeyAllowedOrigins ?? undefined).toBeUndefined()
    const options = first?.passkeyAssertionOptions as {
      challenge: string
      rpId: string
      allowCredentials: Array<{ id: string }>
    }
    expect(options.rpId).toBe(rpId)
    expect(options.allowCredentials.map((credential) => credential.id)).toEqual([authenticator.credentialId])

    // Signed over another challenge, or run on another origin: refused.
    const otherChallenge = isoBase64URL.fromBuffer(utf8('f'.repeat(64)))
    for (const body of [
      { passkeyAssertion: await authenticator.assert(otherChallenge), origin },
      { passkeyAssertion: await authenticator.assert(options.challenge), origin: 'https://evil.example' },
    ]) {
      const reply = await h.call('POST', `/quotes/${quote.id}/authorize`, body)
      expect([reply.status, reply.body.code]).toEqual([400, 'INVALID_SCA_PROOF'])
    }

    const firstProof = await authenticator.assert(options.challenge)
    const afterFirst = quoteOf(
      await h.call('POST', `/quotes/${quote.id}/authorize`, { passkeyAssertion: firstProof, origin }),
    )
    expect(afterFirst.scaChallenge?.purpose).toBe('PAYOUT')
    const second = afterFirst.scaChallenge?.passkeyAssertionOptions as { challenge: string }
    expect(second.challenge).not.toBe(options.challenge)
    // The first step's assertion does not answer the second.
    const replay = await h.call('POST', `/quotes/${quote.id}/authorize`, {
      passkeyAssertion: firstProof,
      origin,
    })
    expect([replay.status, replay.body.code]).toEqual([400, 'INVALID_SCA_PROOF'])

    const done = await h.call('POST', `/quotes/${quote.id}/authorize`, {
      passkeyAssertion: await authenticator.assert(second.challenge),
      origin,
    })
    expect(quoteOf(done).status).toBe('PENDING')
  })
})
