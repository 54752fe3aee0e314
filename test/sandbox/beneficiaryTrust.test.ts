// Beneficiary trust with SCA, as the service's contract has it: an EU customer trusts one of its
// external accounts (a challenge, then its proof), and payments to it go without a per-payment
// challenge until it is untrusted the same way; a trusted account cannot be deleted. Wrong, other
// and lapsed proofs, the lockout, the platform's accounts and customers who need no SCA.
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { describe, expect, it } from 'vitest'
import { utf8 } from '../../src/crypto/utf8.js'
import { SCA_CHALLENGE_TTL_MS } from '../../src/sandbox/money/scaChallenges.js'
import { TRUST_CHALLENGE_MAX_FAILURES } from '../../src/sandbox/sca/beneficiaryTrustRoutes.js'
import { SCA_LOCKOUT_FAILURES } from '../../src/sandbox/sca/scaLockout.js'
import {
  createCustomer,
  createExternalAccount,
  createQuote,
  fund,
  type Harness,
  otpSignIn,
  quoteOf,
  SIGNED,
  startHarness,
} from './harness.js'
import { enrolScaPasskey, payingCustomer, SCA_CODE } from './scaCustomer.js'
import { softwareAuthenticator } from './softwareAuthenticator.js'

const T0 = Date.parse('2026-03-02T10:00:00.000Z')
const FUNDS = 50_000_000

const path = (id: string, act: string) => `/customers/external-accounts/${id}/${act}`
const start = (h: Harness, id: string, act: 'trust' | 'untrust') => h.call('POST', path(id, act))
const confirm = (h: Harness, id: string, act: 'trust' | 'untrust', body: unknown) =>
  h.call('POST', path(id, `${act}/confirm`), body)

/** A French customer, SCA-ready and funded, with a EUR account of its own to pay. */
async function payerWithBeneficiary(h: Harness) {
  const payer = await payingCustomer(h, 'FR')
  await fund(h, payer.accountId, FUNDS)
  const beneficiaryId = await createExternalAccount(h, payer.customerId, '1234', 'EUR')
  return { payer, beneficiaryId }
}

/** Starts a trust change and answers its challenge with the sandbox code: `{ trusted }`. */
async function change(h: Harness, id: string, act: 'trust' | 'untrust') {
  const started = await start(h, id, act)
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  const challenge = started.body.scaChallenge as { id: string }
  const confirmed = await confirm(h, id, act, { challengeId: challenge.id, code: SCA_CODE })
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
  return confirmed.body
}

/** Quotes 10 USDB from the payer's wallet to the account and executes it: the quote it answers. */
async function pay(h: Harness, accountId: string, destinationId: string) {
  const quote = await createQuote(h, {
    source: { sourceType: 'ACCOUNT', accountId },
    destination: { destinationType: 'ACCOUNT', accountId: destinationId },
  })
  return quoteOf(await h.call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED))
}

describe('beneficiary trust', () => {
  it('trusts with an SMS code, pays without a challenge, refuses the delete, untrusts and challenges again', async () => {
    const h = await startHarness({ now: () => T0 })
    const { payer, beneficiaryId } = await payerWithBeneficiary(h)

    // Before any trust, a payment to the account meets its challenge.
    expect((await pay(h, payer.accountId, beneficiaryId)).status).toBe('PENDING_AUTHORIZATION')

    const started = await start(h, beneficiaryId, 'trust')
    expect(started.status).toBe(200)
    const challenge = started.body.scaChallenge as Record<string, unknown>
    expect(challenge).toMatchObject({ factor: 'SMS_OTP', availableFactors: ['SMS_OTP'] })
    expect(challenge.id).toMatch(/^ScaChallenge:/)
    expect(Date.parse(String(challenge.expiresAt))).toBe(T0 + SCA_CHALLENGE_TTL_MS)
    expect(challenge.passkeyAssertionOptions).toBeUndefined()
    const confirmed = await confirm(h, beneficiaryId, 'trust', { challengeId: challenge.id, code: SCA_CODE })
    expect([confirmed.status, confirmed.body]).toEqual([200, { trusted: true }])
    // Answered once: the same proof again has nothing to answer.
    const again = await confirm(h, beneficiaryId, 'trust', { challengeId: challenge.id, code: SCA_CODE })
    expect([again.status, again.body.code]).toEqual([400, 'INVALID_INPUT'])

    const trustedPayment = await pay(h, payer.accountId, beneficiaryId)
    expect(trustedPayment.status).toBe('PROCESSING')
    expect(trustedPayment.scaChallenge ?? undefined).toBeUndefined()

    const refused = await h.call('DELETE', `/customers/external-accounts/${beneficiaryId}`)
    expect([refused.status, refused.body.code]).toEqual([409, 'BENEFICIARY_TRUSTED'])

    expect(await change(h, beneficiaryId, 'untrust')).toEqual({ trusted: false })
    expect((await pay(h, payer.accountId, beneficiaryId)).status).toBe('PENDING_AUTHORIZATION')
    const deleted = await h.call('DELETE', `/customers/external-accounts/${beneficiaryId}`)
    expect(deleted.status).toBe(204)
  })

  it('trusts only the account named, for its own customer: another account and another customer pay with a challenge', async () => {
    const h = await startHarness({ now: () => T0 })
    const { payer, beneficiaryId } = await payerWithBeneficiary(h)
    const otherAccount = await createExternalAccount(h, payer.customerId, '5678', 'EUR')
    expect(await change(h, beneficiaryId, 'trust')).toEqual({ trusted: true })
    expect((await pay(h, payer.accountId, otherAccount)).status).toBe('PENDING_AUTHORIZATION')
    // Another EU customer paying the same account: the trust is not theirs.
    const stranger = await payingCustomer(h, 'DE')
    await fund(h, stranger.accountId, FUNDS)
    expect((await pay(h, stranger.accountId, beneficiaryId)).status).toBe('PENDING_AUTHORIZATION')
  })

  it('refuses a wrong code, another challenge, a confirm of the other change and a lapsed challenge', async () => {
    const h = await startHarness({ now: () => T0 })
    const { beneficiaryId } = await payerWithBeneficiary(h)
    const started = await start(h, beneficiaryId, 'trust')
    const challengeId = (started.body.scaChallenge as { id: string }).id
    for (const body of [
      { challengeId, code: '000000' },
      { challengeId: 'ScaChallenge:other', code: SCA_CODE },
      { code: SCA_CODE },
      { challengeId },
      { challengeId, code: SCA_CODE, passkeyAssertion: { credentialId: 'x' }, origin: 'https://x.example' },
    ]) {
      const reply = await confirm(h, beneficiaryId, 'trust', body)
      expect([reply.status, reply.body.code], JSON.stringify(body)).toEqual([400, 'INVALID_INPUT'])
    }
    const other = await confirm(h, beneficiaryId, 'untrust', { challengeId, code: SCA_CODE })
    expect([other.status, other.body.code]).toEqual([400, 'INVALID_INPUT'])

    h.sandbox.clock.advance(SCA_CHALLENGE_TTL_MS)
    const late = await confirm(h, beneficiaryId, 'trust', { challengeId, code: SCA_CODE })
    expect([late.status, late.body.code]).toEqual([400, 'INVALID_INPUT'])
    expect(String(late.body.message)).toMatch(/expired/)
    // A new start is a new challenge, and it works.
    expect(await change(h, beneficiaryId, 'trust')).toEqual({ trusted: true })
  })

  it('drops a challenge after repeated wrong codes, and locks after more (400 with lockedUntil)', async () => {
    const h = await startHarness({ now: () => T0 })
    const { beneficiaryId } = await payerWithBeneficiary(h)
    let wrong = 0
    const startAndFail = async (times: number) => {
      const challengeId = ((await start(h, beneficiaryId, 'trust')).body.scaChallenge as { id: string }).id
      for (let i = 0; i < times; i++) {
        const reply = await confirm(h, beneficiaryId, 'trust', { challengeId, code: '000000' })
        expect(reply.status).toBe(400)
        wrong++
      }
      return challengeId
    }
    const dropped = await startAndFail(TRUST_CHALLENGE_MAX_FAILURES)
    const afterDrop = await confirm(h, beneficiaryId, 'trust', { challengeId: dropped, code: SCA_CODE })
    expect([afterDrop.status, String(afterDrop.body.message)]).toEqual([
      400,
      expect.stringMatching(/start one/),
    ])
    await startAndFail(SCA_LOCKOUT_FAILURES - wrong)
    const challengeId = ((await start(h, beneficiaryId, 'trust')).body.scaChallenge as { id: string }).id
    const locked = await confirm(h, beneficiaryId, 'trust', { challengeId, code: SCA_CODE })
    expect([locked.status, locked.body.code]).toEqual([400, 'INVALID_INPUT'])
    expect(locked.body.details).toMatchObject({ reason: 'ACCOUNT_LOCKED', lockedUntil: expect.any(String) })
  })

  it('answers 409 for a customer who needs no SCA, 404 for the platform’s accounts and unknown ones', async () => {
    const h = await startHarness({ now: () => T0 })
    const us = await createCustomer(h)
    const usAccount = await createExternalAccount(h, us.customerId, '1234')
    for (const act of ['trust', 'untrust'] as const) {
      const reply = await start(h, usAccount, act)
      expect([reply.status, reply.body.code]).toEqual([409, 'CONFLICT'])
      const confirmed = await confirm(h, usAccount, act, { code: SCA_CODE })
      expect([confirmed.status, confirmed.body.code]).toEqual([409, 'CONFLICT'])
    }
    const platform = await h.call('POST', '/platform/external-accounts', {
      currency: 'USD',
      accountInfo: {
        accountType: 'USD_ACCOUNT',
        accountNumber: '1234',
        routingNumber: '021000021',
        beneficiary: { beneficiaryType: 'BUSINESS', legalName: 'Platform' },
      },
    })
    for (const id of [platform.body.id as string, 'ExternalAccount:nope']) {
      const reply = await start(h, id, 'trust')
      expect([reply.status, reply.body.code]).toEqual([404, 'REFERENCE_NOT_FOUND'])
    }
  })

  it('takes the enrolled SCA passkey, signed over this challenge only', async () => {
    const h = await startHarness()
    const { rpId, origins } = h.sandbox.config
    const origin = origins[0] as string
    const { payer, beneficiaryId } = await payerWithBeneficiary(h)
    await otpSignIn(h, payer.emailCredentialId, payer.accountId)
    const authenticator = await softwareAuthenticator(rpId, origin)
    await enrolScaPasskey(h, { customerId: payer.customerId, authenticator, origin })

    const started = await start(h, beneficiaryId, 'trust')
    const challenge = started.body.scaChallenge as Record<string, unknown>
    expect(challenge).toMatchObject({ factor: 'PASSKEY', availableFactors: ['SMS_OTP', 'PASSKEY'] })
    const options = challenge.passkeyAssertionOptions as {
      challenge: string
      allowCredentials: Array<{ id: string }>
    }
    expect(options.allowCredentials.map((each) => each.id)).toEqual([authenticator.credentialId])
    const otherChallenge = isoBase64URL.fromBuffer(utf8('f'.repeat(64)))
    const wrong = await confirm(h, beneficiaryId, 'trust', {
      challengeId: challenge.id,
      passkeyAssertion: await authenticator.assert(otherChallenge),
      origin,
    })
    expect([wrong.status, wrong.body.code]).toEqual([400, 'INVALID_INPUT'])
    const done = await confirm(h, beneficiaryId, 'trust', {
      challengeId: challenge.id,
      passkeyAssertion: await authenticator.assert(options.challenge),
      origin,
    })
    expect([done.status, done.body]).toEqual([200, { trusted: true }])
  })
})
