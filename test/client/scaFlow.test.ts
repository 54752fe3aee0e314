// Strong customer authentication from a page: the client, through the integrator's relay, against
// the in-process sandbox. An EU customer has its phone verified from creation (its SMS factor),
// enrols TOTP, is asked for an SCA login by its first payment (a typed step, not a dead end), logs
// in, and the same payment resumes; the relay keeps each page to its own customer.
import { describe, expect, it } from 'vitest'
import { createWalletAuth } from '../../src/client/index.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import type { ScaStep } from '../../src/sca/authorizeSca.js'
import { scaLoginRequired } from '../../src/sca/scaLoginRequired.js'
import { expectCode } from '../helpers/expectCode.js'
import { createCustomer, fund, type Harness, quoteToUma, startHarness } from '../sandbox/harness.js'
import { customerRelay } from './customerRelay.js'

const PARIS = { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' }
const SPRINGFIELD = {
  line1: '1 Main St',
  city: 'Springfield',
  postalCode: '12345',
  country: 'US',
  state: 'IL',
}
const CODE = '123456'
const IP = '203.0.113.42'

/**
 * A customer living at `address` (with a phone unless `withPhone` is false) and a page's client
 * signed in to its wallet through the relay.
 */
async function pageOf(h: Harness, address: Record<string, string>, { withPhone = true } = {}) {
  const customer = await createCustomer(h, { address, ...(withPhone ? { phoneNumber: '+33612345678' } : {}) })
  const relay = customerRelay(h, customer.customerId)
  const wallet = createWalletAuth({
    baseUrl: 'http://app.test/wallet',
    fetch: (input, init) => relay(new Request(input, init)),
    keyStore: createKeyStore({ indexedDB: null, now: h.sandbox.clock.now }),
    trustedSigners: [h.sandbox.signerPublicKey],
    now: h.sandbox.clock.now,
  })
  await wallet.emailOtp.send(customer.emailCredentialId)
  await wallet.emailOtp.verify(customer.emailCredentialId, '000000')
  return { customer, wallet }
}

describe('SCA from a page, through relay and sandbox', () => {
  it('has its phone verified from creation; the first payment asks for an SCA login, then the same step resumes', async () => {
    const h = await startHarness()
    const { customer, wallet } = await pageOf(h, PARIS)
    const id = customer.customerId
    const view = await h.call('GET', `/customers/${id}`)
    expect(view.body).toMatchObject({
      contactVerification: { email: 'VERIFIED', phone: 'VERIFIED' },
      kycStatus: 'APPROVED',
    })
    expect(await wallet.sca.factors(id)).toEqual([{ factor: 'SMS_OTP' }])
    await expectCode(() => wallet.customers.sendVerificationCode(id, 'phone'), 'CONFLICT')

    await fund(h, customer.accountId, 50_000_000)
    const quote = await quoteToUma(h, customer.accountId, `$success.eur@${h.sandbox.config.umaDomain}`)
    const quoteId = String(quote.id)
    const asked: ScaStep[] = []
    const onScaChallenge = (step: ScaStep) => {
      asked.push(step)
      return { code: CODE }
    }
    // No SCA session yet: the payment's step waits for the login, named as such (not a refused code).
    const refused = await expectCode(
      () => wallet.quotes.execute(quoteId, { onScaChallenge }),
      'SCA_SESSION_REQUIRED',
    )
    expect(refused.status).toBe(409)
    expect(scaLoginRequired(refused)).toEqual({ quoteId, scaChallengeId: asked[0]?.challenge.id })
    expect(scaLoginRequired(new Error('other'))).toBeUndefined()
    expect((await wallet.quotes.get(quoteId)).status).toBe('PENDING_AUTHORIZATION')

    const started = await wallet.sca.startLogin(id, 'SMS_OTP')
    expect(started.challengeId).toEqual(expect.any(String))
    // A wrong code leaves the login open: the same start takes the right one.
    await expectCode(
      () => wallet.sca.completeLogin(id, { started, code: '000000', endUserIpAddress: IP }),
      'INVALID_INPUT',
    )
    const done = await wallet.sca.completeLogin(id, { started, code: CODE, endUserIpAddress: IP })
    expect(done.status).toBe('SUCCESS')
    expect(Date.parse(done.sessionExpiresAt ?? '')).toBeGreaterThan(h.sandbox.clock.now())

    // Executing again resumes the same step (nothing executed twice), and the same code is taken.
    const payment = await wallet.quotes.execute(quoteId, { onScaChallenge })
    expect(payment.released).toBe(true)
    expect(asked.map((step) => step.challenge.id)).toEqual([asked[0]?.challenge.id, asked[0]?.challenge.id])
  })

  it('verifies a phone added after creation, which makes it the SMS factor', async () => {
    const h = await startHarness()
    const { customer, wallet } = await pageOf(h, PARIS, { withPhone: false })
    const id = customer.customerId
    expect(await wallet.sca.factors(id)).toEqual([])
    await expectCode(() => wallet.sca.startLogin(id, 'SMS_OTP'), 'INVALID_INPUT')
    await h.call('PATCH', `/customers/${id}`, { customerType: 'INDIVIDUAL', phoneNumber: '+33612345679' })
    await wallet.customers.sendVerificationCode(id, 'phone')
    await expectCode(() => wallet.customers.confirmVerificationCode(id, 'phone', '000000'), 'INVALID_INPUT')
    const verified = await wallet.customers.confirmVerificationCode(id, 'phone', CODE)
    expect(verified.contactVerification).toMatchObject({ phone: 'VERIFIED' })
    expect(await wallet.sca.factors(id)).toEqual([{ factor: 'SMS_OTP' }])
  })

  it('enrols TOTP with its first code and logs in with it', async () => {
    const h = await startHarness()
    const { customer, wallet } = await pageOf(h, PARIS)
    const id = customer.customerId
    const start = await wallet.sca.startTotp(id)
    expect(start.totpUri.startsWith('otpauth://totp/')).toBe(true)
    await expectCode(
      () => wallet.sca.confirmTotp(id, { secret: start.secret, code: '000000' }),
      'INVALID_INPUT',
    )
    const recoveryCodes = await wallet.sca.confirmTotp(id, { secret: start.secret, code: CODE })
    expect(recoveryCodes.length).toBeGreaterThan(0)
    expect((await wallet.sca.factors(id)).map((view) => view.factor)).toEqual(['SMS_OTP', 'TOTP'])
    const started = await wallet.sca.startLogin(id, 'TOTP')
    expect((await wallet.sca.completeLogin(id, { started, code: CODE, endUserIpAddress: IP })).status).toBe(
      'SUCCESS',
    )
  })

  it('asks for the code of a code login before sending anything', async () => {
    const h = await startHarness()
    const { customer, wallet } = await pageOf(h, PARIS)
    const started = { factor: 'SMS_OTP', challengeId: 'c' }
    await expectCode(
      () => wallet.sca.completeLogin(customer.customerId, { started, endUserIpAddress: IP }),
      'INVALID_ARGUMENT',
    )
  })

  it('is the service’s 409 for a customer who does not need SCA', async () => {
    const h = await startHarness()
    const { customer, wallet } = await pageOf(h, SPRINGFIELD)
    const id = customer.customerId
    await expectCode(() => wallet.customers.sendVerificationCode(id, 'phone'), 'CONFLICT')
    await expectCode(() => wallet.sca.factors(id), 'CONFLICT')
    await expectCode(() => wallet.sca.startLogin(id, 'SMS_OTP'), 'CONFLICT')
  })

  it('refuses, at the relay, every SCA call naming another customer', async () => {
    const h = await startHarness()
    const ada = await pageOf(h, PARIS)
    const bob = await pageOf(h, PARIS, { withPhone: false })
    const other = bob.customer.customerId
    await h.call('PATCH', `/customers/${other}`, { customerType: 'INDIVIDUAL', phoneNumber: '+33612345679' })
    await bob.wallet.customers.sendVerificationCode(other, 'phone')
    const calls = [
      () => ada.wallet.sca.factors(other),
      () => ada.wallet.sca.startLogin(other, 'SMS_OTP'),
      () =>
        ada.wallet.sca.completeLogin(other, {
          started: { factor: 'SMS_OTP' },
          code: CODE,
          endUserIpAddress: IP,
        }),
      () => ada.wallet.sca.startTotp(other),
      () => ada.wallet.sca.confirmTotp(other, { secret: 'ab', code: CODE }),
      () => ada.wallet.sca.removeFactor(other, 'credential1'),
      () => ada.wallet.customers.sendVerificationCode(other, 'email'),
      () => ada.wallet.customers.confirmVerificationCode(other, 'phone', CODE),
    ]
    for (const call of calls) expect((await expectCode(call, 'FORBIDDEN')).status).toBe(403)
    // Bob's phone code is still pending, untouched by Ada's attempt.
    const verified = await bob.wallet.customers.confirmVerificationCode(other, 'phone', CODE)
    expect(verified.contactVerification).toMatchObject({ phone: 'VERIFIED' })
  })
})
