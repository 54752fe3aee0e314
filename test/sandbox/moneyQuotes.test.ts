// Quotes against the in-process sandbox: pricing, SCA steps, execution, the destination and UMA
// outcome tables moved through with the sandbox clock, idempotency and the error codes.
import { describe, expect, it } from 'vitest'
import { LEGACY_SIGNATURE } from '../../src/sandbox/signedRetry.js'
import { authorizeSca } from '../../src/sca/authorizeSca.js'
import { WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import {
  balance,
  createCustomer,
  createExternalAccount,
  createQuote,
  fund,
  getQuote,
  type Harness,
  quoteOf,
  quoteToUma,
  startHarness,
} from './harness.js'

const T0 = Date.parse('2026-03-02T10:00:00.000Z')
const SIGNED = { [WALLET_SIGNATURE_HEADER]: LEGACY_SIGNATURE }

/** A sandbox whose clock stands still at T0 unless a test moves it. */
const setup = () => startHarness({ now: () => T0 })

/** A customer living in `country` (which decides on SCA), with its wallet. */
function customer(h: Harness, country = 'US', fields: Record<string, unknown> = {}) {
  return createCustomer(h, {
    address: { line1: '1 Main St', city: 'Town', postalCode: '12345', country },
    ...fields,
  })
}

/** A US customer's funded wallet paying 100.00 USD to an external account numbered `accountNumber`. */
async function fundedQuoteTo(h: Harness, accountNumber: string, currency = 'USD') {
  const payer = await customer(h)
  const destination = await createExternalAccount(h, payer.customerId, accountNumber, currency)
  await fund(h, payer.accountId, 50_000)
  const quote = await createQuote(h, {
    source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
    destination: { destinationType: 'ACCOUNT', accountId: destination },
  })
  return { payer, quote }
}

describe('POST /quotes', () => {
  it('prices a quote by the spec rules and gives an embedded-wallet source its payloadToSign', async () => {
    const h = await setup()
    const payer = await customer(h, 'US')
    const destination = await createExternalAccount(h, payer.customerId, '000123456789', 'EUR')
    const quote = await createQuote(h, {
      source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: destination },
      description: 'Rent',
    })

    expect(quote.id).toMatch(/^Quote:/)
    expect(quote.status).toBe('PENDING')
    expect(quote.scaChallenge).toBeUndefined()
    expect(quote.transactionId).toBeUndefined()
    expect(quote.sendingCurrency).toEqual({
      code: 'USD',
      name: 'United States Dollar',
      symbol: '$',
      decimals: 2,
    })
    expect(quote.receivingCurrency).toMatchObject({ code: 'EUR', decimals: 2 })
    expect(quote.totalSendingAmount).toBe(10_000)
    expect(quote.totalReceivingAmount).toBeGreaterThan(0)
    expect(quote.exchangeRate).toBeGreaterThan(0)
    expect(quote.feesIncluded).toBeGreaterThanOrEqual(quote.platformFeesIncluded ?? 0)
    expect(quote.platformFeesIncluded).toBeGreaterThan(0)
    const details = quote.rateDetails
    if (!details) throw new Error('no rateDetails')
    expect(details.gridApiVariableFeeAmount).toBe(
      Math.round(quote.totalSendingAmount * details.gridApiVariableFeeRate),
    )
    expect(quote.feesIncluded).toBeGreaterThanOrEqual(
      details.gridApiFixedFee + details.gridApiVariableFeeAmount + (quote.platformFeesIncluded ?? 0),
    )
    // What is left after fees, converted at the quoted rate, is what arrives (to rounding).
    const converted = (quote.totalSendingAmount - quote.feesIncluded) / 100 / quote.exchangeRate
    expect(Math.abs(converted * 100 - quote.totalReceivingAmount)).toBeLessThanOrEqual(1)
    const window = Date.parse(quote.expiresAt) - Date.parse(quote.createdAt)
    expect(window).toBeGreaterThanOrEqual(60_000)
    expect(window).toBeLessThanOrEqual(5 * 60_000)

    const [instruction] = quote.paymentInstructions ?? []
    expect(instruction?.accountOrWalletInfo.accountType).toBe('EMBEDDED_WALLET')
    const payload = instruction?.accountOrWalletInfo.payloadToSign
    expect(typeof payload).toBe('string')
    expect(JSON.parse(payload as string)).toMatchObject({
      parameters: {
        quoteId: quote.id,
        totalSendingAmount: 10_000,
        totalReceivingAmount: quote.totalReceivingAmount,
      },
      type: 'ACTIVITY_TYPE_EXECUTE_QUOTE',
    })
  })

  it('locks the receiving amount when asked to', async () => {
    const h = await setup()
    const payer = await customer(h)
    const destination = await createExternalAccount(h, payer.customerId, '000123456789', 'MXN')
    const quote = await createQuote(h, {
      source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: destination },
      lockedCurrencySide: 'RECEIVING',
      lockedCurrencyAmount: 200_000,
    })
    expect(quote.totalReceivingAmount).toBe(200_000)
    expect(quote.totalSendingAmount).toBeGreaterThan(200_000 * quote.exchangeRate)
  })

  it('answers bad input with the Error object, never a 500', async () => {
    const h = await setup()
    const payer = await customer(h)
    const valid = {
      source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000,
    }
    const cases: Array<[unknown, number, string]> = [
      ['{"source":', 400, 'INVALID_INPUT'],
      [[], 400, 'INVALID_INPUT'],
      [{ ...valid, lockedCurrencyAmount: 10.5 }, 400, 'INVALID_INPUT'],
      [{ ...valid, lockedCurrencyAmount: 0 }, 400, 'INVALID_INPUT'],
      [{ ...valid, lockedCurrencyAmount: '100' }, 400, 'INVALID_INPUT'],
      [{ ...valid, lockedCurrencySide: 'BOTH' }, 400, 'INVALID_INPUT'],
      [{ ...valid, source: { sourceType: 'CARD' } }, 400, 'INVALID_INPUT'],
      [
        { ...valid, destination: { destinationType: 'UMA_ADDRESS', umaAddress: 'not-an-address' } },
        400,
        'INVALID_INPUT',
      ],
      [{ ...valid, lockedCurrencyAmount: 1 }, 400, 'AMOUNT_TOO_SMALL'],
      [{ ...valid, customerId: 'Customer:00000000-0000-4000-8000-000000000000' }, 404, 'USER_NOT_FOUND'],
      [
        { ...valid, source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:nope' } },
        404,
        'INTERNAL_ACCOUNT_NOT_FOUND',
      ],
      [
        { ...valid, destination: { destinationType: 'ACCOUNT', accountId: 'ExternalAccount:nope' } },
        404,
        'EXTERNAL_ACCOUNT_NOT_FOUND',
      ],
      [
        { ...valid, source: { sourceType: 'REALTIME_FUNDING', currency: 'XYZ' } },
        400,
        'UNSUPPORTED_CURRENCY',
      ],
      [{ ...valid, source: { sourceType: 'REALTIME_FUNDING', currency: 'USDC' } }, 400, 'INVALID_INPUT'],
    ]
    for (const [body, status, code] of cases) {
      const reply = await h.call('POST', '/quotes', body)
      expect([reply.status, reply.body.code], JSON.stringify(body)).toEqual([status, code])
      expect(reply.body).toMatchObject({ status, message: expect.any(String) })
    }
  })
})

describe('SCA on quotes', () => {
  it('takes an EU customer through two challenges (SMS 123456), then executes', async () => {
    const h = await setup()
    const payer = await customer(h, 'DE')
    const destination = await createExternalAccount(h, payer.customerId, '000123456789', 'EUR')
    await fund(h, payer.accountId, 20_000)
    const quote = await createQuote(h, {
      source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: destination },
    })
    expect(quote.status).toBe('PENDING_AUTHORIZATION')
    const first = quote.scaChallenge
    expect(first).toMatchObject({
      factor: 'SMS_OTP',
      availableFactors: ['SMS_OTP', 'PASSKEY'],
      purpose: 'CURRENCY_CONVERSION',
    })
    expect(first?.id).toMatch(/^ScaChallenge:/)
    expect(Date.parse(first?.expiresAt ?? '')).toBeGreaterThan(T0)

    // Not executable while authorization is pending; a wrong code moves nothing.
    const early = await h.call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED)
    expect([early.status, early.body.code]).toEqual([409, 'SCA_AUTHORIZATION_REQUIRED'])
    const wrong = await h.call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '000000' })
    expect([wrong.status, wrong.body.code]).toEqual([400, 'INVALID_SCA_PROOF'])
    expect((await getQuote(h, quote.id)).scaChallenge?.id).toBe(first?.id)

    const afterFirst = quoteOf(await h.call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '123456' }))
    expect(afterFirst.status).toBe('PENDING_AUTHORIZATION')
    expect(afterFirst.scaChallenge?.purpose).toBe('PAYOUT')
    expect(afterFirst.scaChallenge?.id).toMatch(/^ScaChallenge:/)
    expect(afterFirst.scaChallenge?.id).not.toBe(first?.id)

    const afterSecond = quoteOf(await h.call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '123456' }))
    expect(afterSecond.status).toBe('PENDING')
    expect(afterSecond.scaChallenge).toBeUndefined()
    const again = await h.call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '123456' })
    expect([again.status, again.body.code]).toEqual([409, 'SCA_NOT_PENDING'])

    const executed = quoteOf(await h.call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED))
    expect(executed.status).toBe('PROCESSING')
    expect(executed.transactionId).toMatch(/^Transaction:/)
    h.sandbox.clock.advance(3_000)
    expect((await getQuote(h, quote.id)).status).toBe('COMPLETED')
  })

  it('runs through the kit authorizeSca loop', async () => {
    const h = await setup()
    const payer = await customer(h, 'FR')
    const quote = await quoteToUma(h, payer.accountId, '$success.eur@sandbox.uma.example')
    const purposes: Array<string | null> = []
    const done = await authorizeSca({
      subject: quote,
      onChallenge: async ({ purpose }) => {
        purposes.push(purpose)
        return { otpCode: '123456' }
      },
      authorize: async (proof) =>
        expect((await h.call('POST', `/quotes/${quote.id}/authorize`, proof)).status).toBe(200),
      reload: () => getQuote(h, quote.id),
      now: () => h.sandbox.clock.now(),
    })
    expect(purposes).toEqual(['CURRENCY_CONVERSION', 'PAYOUT'])
    expect(done.status).toBe('PENDING')
  })

  it('accepts the legacy passkey signature from an allowed origin and refuses wrong passkey proofs', async () => {
    const h = await setup()
    const payer = await customer(h, 'IT')
    const quote = await quoteToUma(h, payer.accountId, '$success.usd@sandbox.uma.example')
    const assertion = { credentialId: 'Y3JlZA', clientDataJson: 'e30', authenticatorData: 'AAAA' }
    const origin = h.sandbox.config.origins[0]
    const refusals: Array<[unknown, number, string]> = [
      [
        { passkeyAssertion: { ...assertion, signature: 'sandbox-valid-passkey-signature' } },
        400,
        'INVALID_INPUT',
      ],
      [
        {
          passkeyAssertion: { ...assertion, signature: 'sandbox-valid-passkey-signature' },
          origin: 'https://evil.example',
        },
        400,
        'INVALID_SCA_PROOF',
      ],
      [{ passkeyAssertion: { ...assertion, signature: 'MEUCIQ' }, origin }, 400, 'INVALID_SCA_PROOF'],
      [{}, 400, 'INVALID_INPUT'],
      [{ otpCode: 123456 }, 400, 'INVALID_INPUT'],
    ]
    for (const [body, status, code] of refusals) {
      const reply = await h.call('POST', `/quotes/${quote.id}/authorize`, body)
      expect([reply.status, reply.body.code], JSON.stringify(body)).toEqual([status, code])
    }
    const legacy = {
      passkeyAssertion: { ...assertion, signature: 'sandbox-valid-passkey-signature' },
      origin,
    }
    expect(quoteOf(await h.call('POST', `/quotes/${quote.id}/authorize`, legacy)).scaChallenge?.purpose).toBe(
      'PAYOUT',
    )
    expect(quoteOf(await h.call('POST', `/quotes/${quote.id}/authorize`, legacy)).status).toBe('PENDING')
  })

  it('honours challenge and quote expiry', async () => {
    const h = await setup()
    const payer = await customer(h, 'ES')
    const quote = await quoteToUma(h, payer.accountId, '$success.usd@sandbox.uma.example')
    h.sandbox.clock.set(Date.parse(quote.scaChallenge?.expiresAt ?? ''))
    const late = await h.call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '123456' })
    expect([late.status, late.body.code]).toEqual([400, 'SCA_CHALLENGE_EXPIRED'])
    h.sandbox.clock.set(Date.parse(quote.expiresAt))
    const expired = await getQuote(h, quote.id)
    expect(expired.status).toBe('EXPIRED')
    expect(expired.scaChallenge).toBeUndefined()
    const tooLate = await h.call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '123456' })
    expect([tooLate.status, tooLate.body.code]).toEqual([400, 'QUOTE_EXPIRED'])
  })

  it('answers 409 for a quote that needs no SCA', async () => {
    const h = await setup()
    const payer = await customer(h, 'US')
    const quote = await quoteToUma(h, payer.accountId, '$success.usd@sandbox.uma.example')
    const reply = await h.call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '123456' })
    expect([reply.status, reply.body.code]).toEqual([409, 'SCA_NOT_REQUIRED'])
  })

  it('withholds real-time funding instructions until SCA is done, then /sandbox/send pays the quote', async () => {
    const h = await setup()
    const payer = await customer(h, 'NL')
    const quote = await createQuote(h, {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'EUR', customerId: payer.customerId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.mxn@sandbox.uma.example' },
    })
    expect(quote.status).toBe('PENDING_AUTHORIZATION')
    expect(quote.paymentInstructions).toBeUndefined()
    const blocked = await h.call('POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'EUR' })
    expect([blocked.status, blocked.body.code]).toEqual([409, 'SCA_AUTHORIZATION_REQUIRED'])

    await h.call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '123456' })
    const ready = quoteOf(await h.call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '123456' }))
    expect(ready.status).toBe('PENDING')
    const info = ready.paymentInstructions?.[0]?.accountOrWalletInfo
    expect(info?.accountType).toBe('EUR_ACCOUNT')
    expect(info?.reference).toMatch(/^SBX-/)

    const notThisWay = await h.call('POST', `/quotes/${quote.id}/execute`, {})
    expect([notThisWay.status, notThisWay.body.code]).toEqual([400, 'QUOTE_NOT_FUNDED'])
    const wrongCurrency = await h.call('POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' })
    expect([wrongCurrency.status, wrongCurrency.body.code]).toEqual([400, 'CURRENCY_MISMATCH'])
    const paid = quoteOf(await h.call('POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'EUR' }))
    expect(paid.status).toBe('PROCESSING')
    expect(paid.receivingCurrency.code).toBe('MXN')
    h.sandbox.clock.advance(3_000)
    expect((await getQuote(h, quote.id)).status).toBe('COMPLETED')
  })

  it('gives the platform itself (no customer) real-time funding instructions at once, per network', async () => {
    const h = await setup()
    const quote = await createQuote(h, {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USDC', cryptoNetwork: 'SOLANA' },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
      lockedCurrencyAmount: 25_000_000,
    })
    expect(quote.status).toBe('PENDING')
    expect(quote.sendingCurrency).toMatchObject({ code: 'USDC', decimals: 6 })
    expect(quote.paymentInstructions?.[0]?.accountOrWalletInfo.accountType).toBe('SOLANA_WALLET')
    const brl = await createQuote(h, {
      source: { sourceType: 'REALTIME_FUNDING', currency: 'BRL' },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
    })
    expect(brl.paymentInstructions?.[0]?.accountOrWalletInfo.qrCode).toEqual(expect.any(String))
  })
})

describe('POST /quotes/{quoteId}/execute', () => {
  it('needs the wallet signature, the funds and an unexpired quote', async () => {
    const h = await setup()
    const payer = await customer(h)
    const quote = await quoteToUma(h, payer.accountId, '$success.usd@sandbox.uma.example')
    const unsigned = await h.call('POST', `/quotes/${quote.id}/execute`)
    expect([unsigned.status, unsigned.body.code]).toEqual([401, 'WALLET_SIGNATURE_MISSING'])
    const malformed = await h.call(
      'POST',
      `/quotes/${quote.id}/execute`,
      {},
      { [WALLET_SIGNATURE_HEADER]: 'not-a-stamp' },
    )
    expect([malformed.status, malformed.body.code]).toEqual([401, 'WALLET_SIGNATURE_MALFORMED'])
    const poor = await h.call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED)
    expect([poor.status, poor.body.code]).toEqual([400, 'INSUFFICIENT_FUNDS'])
    const badBody = await h.call('POST', `/quotes/${quote.id}/execute`, '{nope', SIGNED)
    expect([badBody.status, badBody.body.code]).toEqual([400, 'INVALID_INPUT'])

    await fund(h, payer.accountId, quote.totalSendingAmount)
    h.sandbox.clock.set(Date.parse(quote.expiresAt))
    const expired = await h.call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED)
    expect([expired.status, expired.body.code]).toEqual([400, 'QUOTE_EXPIRED'])
    expect(await balance(h, payer.accountId)).toBe(quote.totalSendingAmount)
  })

  it('returns the first result for a repeated Idempotency-Key and executes once', async () => {
    const h = await setup()
    const { payer, quote } = await fundedQuoteTo(h, '000123456789')
    const headers = { ...SIGNED, 'Idempotency-Key': 'pay-rent-march' }
    const first = await h.call('POST', `/quotes/${quote.id}/execute`, {}, headers)
    h.sandbox.clock.advance(10_000)
    const second = await h.call('POST', `/quotes/${quote.id}/execute`, {}, headers)
    expect(second).toEqual(first)
    expect(quoteOf(second).status).toBe('PROCESSING')
    const transactions = await h.call('GET', `/transactions?quoteId=${quote.id}`)
    expect(transactions.body.data).toHaveLength(1)
    expect(await balance(h, payer.accountId)).toBe(50_000 - quote.totalSendingAmount)

    const withoutKey = await h.call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED)
    expect([withoutKey.status, withoutKey.body.code]).toEqual([409, 'QUOTE_ALREADY_EXECUTED'])
    const { quote: other } = await fundedQuoteTo(h, '000123456780')
    const reused = await h.call('POST', `/quotes/${other.id}/execute`, {}, headers)
    expect([reused.status, reused.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED'])
  })

  it('answers 404 QUOTE_NOT_FOUND and TRANSACTION_NOT_FOUND for unknown ids', async () => {
    const h = await setup()
    for (const [method, path, code] of [
      ['GET', '/quotes/Quote:00000000-0000-4000-8000-000000000000', 'QUOTE_NOT_FOUND'],
      ['POST', '/quotes/nope/authorize', 'QUOTE_NOT_FOUND'],
      ['POST', '/quotes/nope/execute', 'QUOTE_NOT_FOUND'],
      ['GET', '/transactions/Transaction:00000000-0000-4000-8000-000000000000', 'TRANSACTION_NOT_FOUND'],
    ] as const) {
      const reply = await h.call(method, path, method === 'POST' ? {} : undefined)
      expect([reply.status, reply.body.code], path).toEqual([404, code])
    }
  })
})

describe('sandbox outcomes of an external-account destination (last 3 digits, after execution)', () => {
  // [suffix, [ms after execution, quote status]..., refunded?]
  const table: Array<[string, Array<[number, string]>, boolean, string?]> = [
    [
      '789',
      [
        [0, 'PROCESSING'],
        [2_999, 'PROCESSING'],
        [3_000, 'COMPLETED'],
      ],
      false,
    ],
    ['002', [[0, 'FAILED']], true, 'EXECUTION_FAILED'],
    [
      '003',
      [
        [0, 'PROCESSING'],
        [5 * 60_000, 'PROCESSING'],
        [6 * 60_000, 'COMPLETED'],
      ],
      false,
    ],
    [
      '004',
      [
        [0, 'PROCESSING'],
        [3_000, 'FAILED'],
      ],
      true,
      'COUNTERPARTY_DELIVERY_FAILED',
    ],
    [
      '005',
      [
        [0, 'PROCESSING'],
        [3_000, 'COMPLETED'],
        [62_999, 'COMPLETED'],
        [63_000, 'FAILED'],
      ],
      true,
      'PAYMENT_RETURNED',
    ],
    [
      '006',
      [
        [0, 'PROCESSING'],
        [3_000, 'FAILED'],
      ],
      true,
      'USER_CANCELLED',
    ],
    [
      '007',
      [
        [0, 'PROCESSING'],
        [3_000, 'FAILED'],
      ],
      false,
      'PAYOUT_AND_REFUND_FAILED',
    ],
  ]

  it.each(table)('suffix %s', async (suffix, timeline, refunded, failureReason) => {
    const h = await setup()
    const { payer, quote } = await fundedQuoteTo(h, `000123456${suffix}`)
    const executed = quoteOf(await h.call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED))
    const start = h.sandbox.clock.now()
    expect(executed.transactionId).toMatch(/^Transaction:/)
    for (const [after, status] of timeline) {
      h.sandbox.clock.set(start + after)
      expect((await getQuote(h, quote.id)).status, `${after} ms`).toBe(status)
    }
    const transaction = await h.call('GET', `/transactions/${executed.transactionId}`)
    expect(transaction.status).toBe(200)
    expect(transaction.body).toMatchObject({
      id: executed.transactionId,
      quoteId: quote.id,
      status: timeline.at(-1)?.[1],
      sentAmount: { amount: quote.totalSendingAmount, currency: { code: 'USD' } },
      receivedAmount: { amount: quote.totalReceivingAmount },
    })
    expect(transaction.body.failureReason).toBe(failureReason)
    expect(await balance(h, payer.accountId)).toBe(refunded ? 50_000 : 50_000 - quote.totalSendingAmount)
  })

  it('refuses a quote to an internal account of the payer itself and pays another wallet at once', async () => {
    const h = await setup()
    const payer = await customer(h)
    const payee = await customer(h)
    await fund(h, payer.accountId, 10_000)
    const self = await h.call('POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: payer.accountId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 5_000,
    })
    expect([self.status, self.body.code]).toEqual([400, 'INVALID_INPUT'])
    const quote = await createQuote(h, {
      source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: payee.accountId },
      lockedCurrencySide: 'RECEIVING',
      lockedCurrencyAmount: 5_000,
    })
    expect(quoteOf(await h.call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED)).status).toBe('COMPLETED')
    expect(await balance(h, payee.accountId)).toBe(5_000)
    expect(await balance(h, payer.accountId)).toBe(10_000 - quote.totalSendingAmount)
  })
})

describe('sandbox UMA destinations', () => {
  const table: Array<[string, string, Array<[number, string]>, string?]> = [
    [
      '$success.usd',
      'USD',
      [
        [0, 'PROCESSING'],
        [3_000, 'COMPLETED'],
      ],
    ],
    [
      '$success.eur',
      'EUR',
      [
        [0, 'PROCESSING'],
        [3_000, 'COMPLETED'],
      ],
    ],
    [
      '$success.mxn',
      'MXN',
      [
        [0, 'PROCESSING'],
        [3_000, 'COMPLETED'],
      ],
    ],
    [
      '$pending.long.usd',
      'USD',
      [
        [0, 'PROCESSING'],
        [30 * 60_000, 'PROCESSING'],
        [60 * 60_000, 'COMPLETED'],
      ],
    ],
    [
      '$fail.compliance.usd',
      'USD',
      [
        [0, 'PROCESSING'],
        [3_000, 'FAILED'],
      ],
      'COMPLIANCE_CHECK_FAILED',
    ],
  ]

  it.each(table)('%s', async (name, currency, timeline, failureReason) => {
    const h = await setup()
    const payer = await customer(h)
    await fund(h, payer.accountId, 50_000)
    const quote = await quoteToUma(h, payer.accountId, `${name}@${h.sandbox.config.umaDomain}`)
    expect(quote.receivingCurrency.code).toBe(currency)
    const executed = quoteOf(await h.call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED))
    const start = h.sandbox.clock.now()
    for (const [after, status] of timeline) {
      h.sandbox.clock.set(start + after)
      expect((await getQuote(h, quote.id)).status, `${after} ms`).toBe(status)
    }
    const transaction = await h.call('GET', `/transactions/${executed.transactionId}`)
    expect(transaction.body.failureReason).toBe(failureReason)
  })

  it('answers 404 UMA_NOT_FOUND for a well-formed unknown address and 400 for a currency it does not take', async () => {
    const h = await setup()
    const payer = await customer(h)
    const body = (umaAddress: string, currency?: string) => ({
      source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress, ...(currency ? { currency } : {}) },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000,
    })
    for (const address of [`$nobody@${h.sandbox.config.umaDomain}`, '$success.usd@elsewhere.example']) {
      const reply = await h.call('POST', '/quotes', body(address))
      expect([reply.status, reply.body.code], address).toEqual([404, 'UMA_NOT_FOUND'])
    }
    const mismatch = await h.call(
      'POST',
      '/quotes',
      body(`$success.eur@${h.sandbox.config.umaDomain}`, 'USD'),
    )
    expect([mismatch.status, mismatch.body.code]).toEqual([400, 'CURRENCY_MISMATCH'])
  })

  it("pays a customer's own UMA address into their wallet", async () => {
    const h = await setup()
    const payer = await customer(h)
    const payee = await customer(h, 'US', { umaAddress: '$grace@sandbox.uma.example' })
    await fund(h, payer.accountId, 10_000)
    const quote = await quoteToUma(h, payer.accountId, '$grace@sandbox.uma.example')
    expect(quoteOf(await h.call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED)).status).toBe('COMPLETED')
    expect(await balance(h, payee.accountId)).toBe(quote.totalReceivingAmount)
  })
})
