// Passkey SCA verified for real: a software authenticator (P-256, "none" attestation) enrols a
// passkey as an EU customer's SCA factor (/sca/factors), then answers the passkeyAssertionOptions
// of the challenges that `scaFactor: PASSKEY` asks for, at execute and at the creation of a real-time-funded quote.
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { describe, expect, it } from 'vitest'
import { utf8 } from '../../src/crypto/utf8.js'
import type { Quote } from '../../src/wire/quote.js'
import { fund, type Harness, otpSignIn, quoteOf, quoteToUma, SIGNED, startHarness } from './harness.js'
import { enrolScaPasskey, payingCustomer } from './scaCustomer.js'
import { softwareAuthenticator } from './softwareAuthenticator.js'

type AssertionOptions = { challenge: string; rpId: string; allowCredentials: Array<{ id: string }> }

/**
 * An Austrian customer signed in, SCA-ready (verified phone, SCA login), with a passkey enrolled as
 * its SCA factor through the factor routes.
 */
async function customerWithPasskey(h: Harness) {
  const { rpId, origins } = h.sandbox.config
  const origin = origins[0] as string
  const customer = await payingCustomer(h, 'AT')
  await otpSignIn(h, customer.emailCredentialId, customer.accountId)
  const authenticator = await softwareAuthenticator(rpId, origin)
  await enrolScaPasskey(h, { customerId: customer.customerId, authenticator, origin })
  return { ...customer, authenticator, origin }
}

const authorize = (h: Harness, quote: Quote, body: unknown) =>
  h.call('POST', `/quotes/${quote.id}/authorize`, body)

/** A real-time-funded quote of `customerId` to a sandbox UMA address, its steps answered by passkey (202). */
async function realTimeFundedQuote(h: Harness, customerId: string, currency: string) {
  return quoteOf(
    await h.call('POST', '/quotes', {
      source: { sourceType: 'REALTIME_FUNDING', currency, customerId },
      destination: {
        destinationType: 'UMA_ADDRESS',
        umaAddress: `$success.usd@${h.sandbox.config.umaDomain}`,
      },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 10_000,
      scaFactor: 'PASSKEY',
    }),
    202,
  )
}

describe('passkey SCA on quotes', () => {
  it('verifies the execute challenge against its own challenge, origin and the customer passkey', async () => {
    const h = await startHarness()
    const { accountId, authenticator, origin } = await customerWithPasskey(h)
    await fund(h, accountId, 50_000_000)
    const quote = await quoteToUma(h, accountId, `$success.eur@${h.sandbox.config.umaDomain}`)
    const executed = quoteOf(
      await h.call('POST', `/quotes/${quote.id}/execute`, { scaFactor: 'PASSKEY' }, SIGNED),
    )
    const challenge = executed.scaChallenge
    expect(challenge).toMatchObject({ factor: 'PASSKEY', availableFactors: ['SMS_OTP', 'PASSKEY'] })
    expect(challenge?.passkeyAllowedOrigins ?? undefined).toBeUndefined()
    const options = challenge?.passkeyAssertionOptions as AssertionOptions
    expect(options.rpId).toBe(h.sandbox.config.rpId)
    expect(options.allowCredentials.map((credential) => credential.id)).toEqual([authenticator.credentialId])
    const resend = await h.call('POST', `/quotes/${quote.id}/authorize/resend`)
    expect([resend.status, resend.body.code]).toEqual([409, 'CONFLICT'])

    // Signed over another challenge, or run on another origin: refused.
    const otherChallenge = isoBase64URL.fromBuffer(utf8('f'.repeat(64)))
    for (const body of [
      { passkeyAssertion: await authenticator.assert(otherChallenge), origin },
      { passkeyAssertion: await authenticator.assert(options.challenge), origin: 'https://evil.example' },
    ]) {
      const reply = await authorize(h, quote, body)
      expect([reply.status, reply.body.code]).toEqual([400, 'INVALID_INPUT'])
    }
    const done = await authorize(h, quote, {
      passkeyAssertion: await authenticator.assert(options.challenge),
      origin,
    })
    expect(quoteOf(done).status).toBe('PROCESSING')
  })

  it('takes one assertion per challenge through the two steps of a real-time-funded quote', async () => {
    const h = await startHarness()
    const { customerId, authenticator, origin } = await customerWithPasskey(h)
    const quote = await realTimeFundedQuote(h, customerId, 'EUR')
    const first = quote.scaChallenge?.passkeyAssertionOptions as AssertionOptions
    expect(quote.scaChallenge).toMatchObject({ factor: 'PASSKEY', purpose: 'CURRENCY_CONVERSION' })
    const firstProof = await authenticator.assert(first.challenge)
    const afterFirst = quoteOf(await authorize(h, quote, { passkeyAssertion: firstProof, origin }))
    expect(afterFirst.scaChallenge).toMatchObject({ factor: 'PASSKEY', purpose: 'PAYOUT' })
    const second = afterFirst.scaChallenge?.passkeyAssertionOptions as AssertionOptions
    expect(second.challenge).not.toBe(first.challenge)
    // The first step's assertion does not answer the second.
    const replay = await authorize(h, quote, { passkeyAssertion: firstProof, origin })
    expect([replay.status, replay.body.code]).toEqual([400, 'INVALID_INPUT'])
    const done = await authorize(h, quote, {
      passkeyAssertion: await authenticator.assert(second.challenge),
      origin,
    })
    expect(quoteOf(done).status).toBe('PENDING')
  })

  it('accepts the legacy passkey signature from an allowed origin and the enrolled passkey only', async () => {
    const h = await startHarness()
    const { customerId, authenticator } = await customerWithPasskey(h)
    const quote = await realTimeFundedQuote(h, customerId, 'USD')
    const assertion = {
      credentialId: authenticator.credentialId,
      clientDataJson: 'e30',
      authenticatorData: 'AAAA',
      signature: 'sandbox-valid-passkey-signature',
    }
    const elsewhere = await authorize(h, quote, {
      passkeyAssertion: assertion,
      origin: 'https://evil.example',
    })
    expect([elsewhere.status, elsewhere.body.code]).toEqual([400, 'INVALID_INPUT'])
    const unenrolled = await authorize(h, quote, {
      passkeyAssertion: { ...assertion, credentialId: 'Y3JlZA' },
      origin: h.sandbox.config.origins[0],
    })
    expect([unenrolled.status, unenrolled.body.code]).toEqual([400, 'INVALID_INPUT'])
    const legacy = await authorize(h, quote, {
      passkeyAssertion: assertion,
      origin: h.sandbox.config.origins[0],
    })
    expect(quoteOf(legacy).status).toBe('PENDING')
  })
})
