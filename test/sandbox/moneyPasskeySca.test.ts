// Passkey SCA steps verified for real: a software authenticator (P-256, "none" attestation)
// registers a passkey on an EU customer's wallet, then answers each step's passkeyAssertionOptions.
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { describe, expect, it } from 'vitest'
import { utf8 } from '../../src/crypto/utf8.js'
import { createCustomer, json, otpSignIn, quoteOf, quoteToUma, startHarness } from './harness.js'
import { softwareAuthenticator } from './softwareAuthenticator.js'

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
