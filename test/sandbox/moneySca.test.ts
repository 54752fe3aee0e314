// Strong customer authentication on quotes, as the service's contract has it: account-funded
// quotes of customers in an SCA region meet their challenge at /execute (200 PENDING_AUTHORIZATION),
// are released by the authorization, and cannot be executed twice; real-time-funded ones answer 202
// with the challenges first and their payment instructions withheld. Wrong proofs, rate limits,
// re-sent codes, the factor choice and a lapsed challenge.
import { describe, expect, it } from 'vitest'
import { AUTHORIZE_BACKOFF_MS, SCA_RESEND_INTERVAL_MS } from '../../src/sandbox/money/quoteRoutes.js'
import { SCA_CHALLENGE_TTL_MS } from '../../src/sandbox/money/scaChallenges.js'
import { SCA_LOCKOUT_FAILURES, SCA_LOCKOUT_MS } from '../../src/sandbox/sca/scaLockout.js'
import { authorizeSca } from '../../src/sca/authorizeSca.js'
import type { Quote } from '../../src/wire/quote.js'
import {
  balance,
  createQuote,
  fund,
  getQuote,
  type Harness,
  quoteOf,
  quoteToUma,
  SIGNED,
  startHarness,
} from './harness.js'
import { payingCustomer } from './scaCustomer.js'

const T0 = Date.parse('2026-03-02T10:00:00.000Z')
const FUNDS = 50_000_000
const RIGHT = { code: '123456' }
const WRONG = { code: '000000' }

const setup = () => startHarness({ now: () => T0 })

/** A funded customer living in `country`, and a 10 USDB quote from its wallet to a test UMA address. */
async function payerWithQuote(h: Harness, country: string) {
  const payer = await payingCustomer(h, country)
  await fund(h, payer.accountId, FUNDS)
  const quote = await quoteToUma(h, payer.accountId, `$success.eur@${h.sandbox.config.umaDomain}`)
  return { payer, quote }
}

const execute = (h: Harness, quote: Quote, body: unknown = {}) =>
  h.call('POST', `/quotes/${quote.id}/execute`, body, SIGNED)
const authorize = (h: Harness, quote: Quote, body: unknown) =>
  h.call('POST', `/quotes/${quote.id}/authorize`, body)
const resend = (h: Harness, quote: Quote) => h.call('POST', `/quotes/${quote.id}/authorize/resend`)
const transactionStatus = async (h: Harness, quote: Quote) =>
  (await h.call('GET', `/transactions/${quote.transactionId}`)).body.status

describe('SCA at execute (account-funded quotes)', () => {
  it('creates the quote as usual, challenges at execute, refuses a second execute, releases on the right code', async () => {
    const h = await setup()
    const { payer, quote } = await payerWithQuote(h, 'DE')
    expect(quote.status).toBe('PENDING')
    expect(quote.scaChallenge).toBeUndefined()

    const executed = quoteOf(await execute(h, quote))
    expect(executed.status).toBe('PENDING_AUTHORIZATION')
    const challenge = executed.scaChallenge
    expect(challenge).toMatchObject({ factor: 'SMS_OTP', availableFactors: ['SMS_OTP'] })
    expect(challenge?.id).toMatch(/^ScaChallenge:/)
    // A pre-funded send is one undistinguished step.
    expect(challenge?.purpose).toBeUndefined()
    expect(Date.parse(challenge?.expiresAt ?? '')).toBe(T0 + SCA_CHALLENGE_TTL_MS)
    expect(await transactionStatus(h, quote)).toBe('PENDING_AUTHORIZATION')
    expect(await balance(h, payer.accountId)).toBe(FUNDS)

    const again = await execute(h, quote)
    expect([again.status, again.body.code]).toEqual([409, 'CONFLICT'])
    const wrong = await authorize(h, quote, WRONG)
    expect([wrong.status, wrong.body.code]).toEqual([400, 'INVALID_INPUT'])
    expect((await getQuote(h, quote.id)).scaChallenge?.id).toBe(challenge?.id)

    const released = quoteOf(await authorize(h, quote, { ...RIGHT, endUserIpAddress: '203.0.113.42' }))
    expect(released.status).toBe('PROCESSING')
    expect(released.scaChallenge).toBeUndefined()
    expect(await balance(h, payer.accountId)).toBe(FUNDS - quote.totalSendingAmount)
    const late = await authorize(h, quote, RIGHT)
    expect([late.status, late.body.code]).toEqual([409, 'CONFLICT'])
    h.sandbox.clock.advance(3_000)
    expect((await getQuote(h, quote.id)).status).toBe('COMPLETED')
    expect(await transactionStatus(h, quote)).toBe('COMPLETED')
  })

  it('runs through the kit authorizeSca loop until the status leaves PENDING_AUTHORIZATION', async () => {
    const h = await setup()
    const { quote } = await payerWithQuote(h, 'FR')
    const executed = quoteOf(await execute(h, quote))
    let steps = 0
    const done = await authorizeSca({
      subject: executed,
      onChallenge: async () => {
        steps++
        return RIGHT
      },
      authorize: async (proof) => quoteOf(await authorize(h, quote, proof)),
      now: () => h.sandbox.clock.now(),
    })
    expect(steps).toBe(1)
    expect(done.status).toBe('PROCESSING')
  })

  it('refuses bodies that are not one proof with 400, and proofs for a quote without SCA with 409', async () => {
    const h = await setup()
    const { quote } = await payerWithQuote(h, 'AT')
    quoteOf(await execute(h, quote))
    const assertion = {
      credentialId: 'Y3JlZA',
      clientDataJson: 'e30',
      authenticatorData: 'AAAA',
      signature: 'c2ln',
    }
    for (const body of [
      {},
      { code: null, passkeyAssertion: null },
      { otpCode: '123456' },
      { code: 123456 },
      { code: '123456', passkeyAssertion: assertion, origin: 'http://localhost:5173' },
      { passkeyAssertion: assertion },
      '{nope',
    ]) {
      const reply = await authorize(h, quote, body)
      expect([reply.status, reply.body.code], JSON.stringify(body)).toEqual([400, 'INVALID_INPUT'])
    }
    // SMS_OTP is the only factor without a passkey: an assertion answers nothing.
    const passkey = await authorize(h, quote, {
      passkeyAssertion: assertion,
      origin: 'http://localhost:5173',
    })
    expect([passkey.status, passkey.body.code]).toEqual([400, 'INVALID_INPUT'])

    const { quote: plain } = await payerWithQuote(h, 'US')
    for (const call of [() => authorize(h, plain, RIGHT), () => resend(h, plain)]) {
      const reply = await call()
      expect([reply.status, reply.body.code]).toEqual([409, 'CONFLICT'])
    }
    expect(quoteOf(await execute(h, plain)).status).toBe('PROCESSING')
  })

  it('answers repeated wrong codes with 429 and Retry-After, then takes the right one', async () => {
    const h = await setup()
    const { quote } = await payerWithQuote(h, 'NL')
    quoteOf(await execute(h, quote))
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await authorize(h, quote, WRONG)).body.code).toBe('INVALID_INPUT')
    }
    const limited = await h.api(`${h.base}/quotes/${quote.id}/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(RIGHT),
    })
    expect([limited.status, (await limited.json()).code]).toEqual([429, 'RATE_LIMITED'])
    expect(Number(limited.headers.get('Retry-After'))).toBe(AUTHORIZE_BACKOFF_MS / 1000)
    h.sandbox.clock.advance(AUTHORIZE_BACKOFF_MS)
    expect(quoteOf(await authorize(h, quote, RIGHT)).status).toBe('PROCESSING')
  })

  it('locks authorizing (423 ACCOUNT_LOCKED) after ten wrong proofs in a row, for a while', async () => {
    const h = await setup()
    const { payer, quote } = await payerWithQuote(h, 'LU')
    quoteOf(await execute(h, quote))
    for (let attempt = 0; attempt < SCA_LOCKOUT_FAILURES; attempt++) {
      h.sandbox.clock.advance(AUTHORIZE_BACKOFF_MS)
      expect((await authorize(h, quote, WRONG)).body.code, `attempt ${attempt}`).toBe('INVALID_INPUT')
    }
    const locked = await authorize(h, quote, RIGHT)
    expect([locked.status, locked.body.code]).toEqual([423, 'ACCOUNT_LOCKED'])
    expect(locked.body.details).toMatchObject({ suspended: false, failedAttempts: SCA_LOCKOUT_FAILURES })
    expect(Date.parse(String((locked.body.details as { lockedUntil: string }).lockedUntil))).toBe(
      h.sandbox.clock.now() + SCA_LOCKOUT_MS,
    )
    // The lock is the customer's: another payment meets it too, until it ends.
    const next = await quoteToUma(h, payer.accountId, `$success.eur@${h.sandbox.config.umaDomain}`)
    quoteOf(await execute(h, next))
    expect((await authorize(h, next, RIGHT)).status).toBe(423)
    h.sandbox.clock.advance(SCA_LOCKOUT_MS)
    const later = await quoteToUma(h, payer.accountId, `$success.eur@${h.sandbox.config.umaDomain}`)
    quoteOf(await execute(h, later))
    expect(quoteOf(await authorize(h, later, RIGHT)).status).toBe('PROCESSING')
  })

  it('re-sends the code (204), at most every 30 seconds (429), without extending the challenge', async () => {
    const logged: string[] = []
    const hh = await startHarness({ now: () => T0, log: (line) => logged.push(line) })
    const { quote } = await payerWithQuote(hh, 'IE')
    const executed = quoteOf(await execute(hh, quote))
    const tooSoon = await hh.api(`${hh.base}/quotes/${quote.id}/authorize/resend`, { method: 'POST' })
    expect([tooSoon.status, Number(tooSoon.headers.get('Retry-After'))]).toEqual([
      429,
      SCA_RESEND_INTERVAL_MS / 1000,
    ])
    hh.sandbox.clock.advance(SCA_RESEND_INTERVAL_MS)
    const sent = await hh.api(`${hh.base}/quotes/${quote.id}/authorize/resend`, { method: 'POST' })
    expect(sent.status).toBe(204)
    expect(await sent.text()).toBe('')
    expect(logged.filter((line) => line.includes(quote.id))).toHaveLength(2)
    expect((await getQuote(hh, quote.id)).scaChallenge).toEqual(executed.scaChallenge)
    expect((await resend(hh, quote)).status).toBe(429)
  })

  it('picks the factor from scaFactor: TOTP and a passkey the customer lacks are 400, ignored without SCA', async () => {
    const h = await setup()
    const { quote } = await payerWithQuote(h, 'ES')
    for (const scaFactor of ['TOTP', 'PASSKEY', 'EMAIL']) {
      const reply = await execute(h, quote, { scaFactor })
      expect([reply.status, reply.body.code], scaFactor).toEqual([400, 'INVALID_INPUT'])
    }
    expect(quoteOf(await execute(h, quote, { scaFactor: 'SMS_OTP' })).scaChallenge?.factor).toBe('SMS_OTP')

    const { quote: plain } = await payerWithQuote(h, 'US')
    expect(quoteOf(await execute(h, plain, { scaFactor: 'TOTP' })).status).toBe('PROCESSING')
  })

  it('fails the quote and its transaction (SCA_NOT_COMPLETED) when the challenge lapses; no money moves', async () => {
    const h = await setup()
    const { payer, quote } = await payerWithQuote(h, 'IT')
    const executed = quoteOf(await execute(h, quote))
    h.sandbox.clock.set(Date.parse(executed.scaChallenge?.expiresAt ?? ''))
    const failed = await getQuote(h, quote.id)
    expect(failed.status).toBe('FAILED')
    expect(failed.scaChallenge).toBeUndefined()
    const transaction = await h.call('GET', `/transactions/${quote.transactionId}`)
    expect(transaction.body).toMatchObject({ status: 'FAILED', failureReason: 'SCA_NOT_COMPLETED' })
    for (const call of [() => authorize(h, quote, RIGHT), () => resend(h, quote), () => execute(h, quote)]) {
      const reply = await call()
      expect([reply.status, reply.body.code]).toEqual([409, 'CONFLICT'])
    }
    expect(await balance(h, payer.accountId)).toBe(FUNDS)
  })

  it('checks the funds again when the authorization releases the payment', async () => {
    const h = await setup()
    const { payer, quote } = await payerWithQuote(h, 'BE')
    quoteOf(await execute(h, quote))
    const usd = (
      (await h.call('GET', `/customers/internal-accounts?customerId=${payer.customerId}&type=INTERNAL_FIAT`))
        .body.data as Array<{ id: string }>
    )[0]
    expect(usd).toBeDefined()
    // The wallet's money leaves by another quote meanwhile.
    const drain = await createQuote(h, {
      source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: usd?.id },
      lockedCurrencyAmount: 45_000_000,
    })
    quoteOf(await execute(h, drain))
    quoteOf(await authorize(h, drain, RIGHT))
    const poor = await authorize(h, quote, RIGHT)
    expect([poor.status, poor.body.code]).toEqual([400, 'INVALID_AMOUNT'])
    expect((await getQuote(h, quote.id)).status).toBe('PENDING_AUTHORIZATION')
    await fund(h, payer.accountId, FUNDS)
    expect(quoteOf(await authorize(h, quote, RIGHT)).status).toBe('PROCESSING')
  })
})

describe('SCA at creation (real-time-funded quotes)', () => {
  it('answers 202 with the challenges first, withholds the instructions, then /sandbox/send pays', async () => {
    const h = await setup()
    const payer = await payingCustomer(h, 'NL')
    const created = await h.call('POST', '/quotes', {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'EUR', customerId: payer.customerId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.mxn@sandbox.uma.example' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 10_000,
    })
    const quote = quoteOf(created, 202)
    expect(quote.status).toBe('PENDING_AUTHORIZATION')
    expect(quote.paymentInstructions).toBeUndefined()
    expect(quote.scaChallenge?.purpose).toBe('CURRENCY_CONVERSION')
    const blocked = await h.call('POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'EUR' })
    expect([blocked.status, blocked.body.code]).toEqual([400, 'INVALID_INPUT'])
    const noExecute = await execute(h, quote)
    expect([noExecute.status, noExecute.body.code]).toEqual([400, 'INVALID_INPUT'])

    const second = quoteOf(await authorize(h, quote, RIGHT))
    expect(second.status).toBe('PENDING_AUTHORIZATION')
    expect(second.scaChallenge?.purpose).toBe('PAYOUT')
    expect(second.scaChallenge?.id).not.toBe(quote.scaChallenge?.id)
    const ready = quoteOf(await authorize(h, quote, RIGHT))
    expect(ready.status).toBe('PENDING')
    const info = ready.paymentInstructions?.[0]?.accountOrWalletInfo
    expect(info?.accountType).toBe('EUR_ACCOUNT')
    expect(info?.reference).toMatch(/^SBX-/)

    const wrongCurrency = await h.call('POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' })
    expect([wrongCurrency.status, wrongCurrency.body.code]).toEqual([400, 'INVALID_CURRENCY'])
    const paid = await h.call('POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'EUR' })
    expect(paid.status).toBe(200)
    expect(paid.body).toMatchObject({
      id: quote.transactionId,
      type: 'OUTGOING',
      status: 'PROCESSING',
      source: { sourceType: 'REALTIME_FUNDING', currency: 'EUR', customerId: payer.customerId },
    })
    const twice = await h.call('POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'EUR' })
    expect([twice.status, twice.body.code]).toEqual([400, 'INVALID_INPUT'])
    h.sandbox.clock.advance(3_000)
    expect((await getQuote(h, quote.id)).status).toBe('COMPLETED')
  })

  it('needs one undistinguished step in one currency, and none for the platform or outside SCA regions', async () => {
    const h = await setup()
    const payer = await payingCustomer(h, 'PT')
    const body = (customerId?: string) => ({
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD', ...(customerId ? { customerId } : {}) },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 10_000,
    })
    const same = quoteOf(await h.call('POST', '/quotes', body(payer.customerId)), 202)
    expect(same.scaChallenge?.purpose).toBeUndefined()
    expect(quoteOf(await authorize(h, same, RIGHT)).status).toBe('PENDING')
    const us = await payingCustomer(h, 'US')
    expect(quoteOf(await h.call('POST', '/quotes', body(us.customerId)), 201).status).toBe('PENDING')
    expect(quoteOf(await h.call('POST', '/quotes', body()), 201).paymentInstructions).toHaveLength(1)
  })

  it('fails a real-time-funded transaction whose payment does not match the quote', async () => {
    const h = await setup()
    const quote = await createQuote(h, {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
      lockedCurrencyAmount: 10_000,
    })
    const paid = await h.call('POST', '/sandbox/send', {
      quoteId: quote.id,
      currencyCode: 'USD',
      currencyAmount: 9_999,
    })
    expect(paid.body).toMatchObject({ status: 'FAILED', failureReason: 'FUNDING_AMOUNT_MISMATCH' })
  })

  it('expires with its challenge unanswered', async () => {
    const h = await setup()
    const payer = await payingCustomer(h, 'FI')
    const quote = quoteOf(
      await h.call('POST', '/quotes', {
        source: { sourceType: 'REALTIME_FUNDING', currency: 'EUR', customerId: payer.customerId },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 10_000,
      }),
      202,
    )
    h.sandbox.clock.set(Date.parse(quote.expiresAt))
    const expired = await getQuote(h, quote.id)
    expect(expired.status).toBe('EXPIRED')
    expect(expired.scaChallenge).toBeUndefined()
    const tooLate = await authorize(h, quote, RIGHT)
    expect([tooLate.status, tooLate.body.code]).toEqual([409, 'CONFLICT'])
    expect(await transactionStatus(h, quote)).toBe('EXPIRED')
  })
})
