// Quotes against the in-process sandbox: pricing, SCA steps, execution, the destination and UMA
// outcome tables moved through with the sandbox clock, idempotency and the error codes.
import { describe, expect, it } from 'vitest'
import { createSandbox } from '../../src/sandbox/createSandbox.js'
import { LEGACY_SIGNATURE } from '../../src/sandbox/signedRetry.js'
import { authorizeSca } from '../../src/sca/authorizeSca.js'
import { WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import { parseWire } from '../../src/wire/parseWire.js'
import { Quote } from '../../src/wire/quote.js'

const T0 = Date.parse('2026-03-02T10:00:00.000Z')
const SIGNED = { [WALLET_SIGNATURE_HEADER]: LEGACY_SIGNATURE }

interface Reply {
  status: number
  body: Record<string, unknown>
}

async function setup() {
  // A clock that stands still unless a test moves it.
  const sandbox = await createSandbox({ now: () => T0, log: () => {} })
  const authorization = `Basic ${btoa(`${sandbox.clientId}:${sandbox.clientSecret}`)}`

  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const response = await sandbox.fetch(
      new Request(`http://sandbox.test${sandbox.basePath}${path}`, {
        method,
        headers: { Authorization: authorization, 'Content-Type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      }),
    )
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : {} }
  }

  /** Every quote body the sandbox returns must read with the kit's schema. */
  function quoteOf(reply: Reply, status = 200): Quote {
    expect(reply.status, JSON.stringify(reply.body)).toBe(status)
    return parseWire(Quote, reply.body, 'Quote')
  }

  async function customer(country = 'US', fields: Record<string, unknown> = {}) {
    const created = await call('POST', '/customers', {
      customerType: 'INDIVIDUAL',
      fullName: 'Ada Lovelace',
      email: `ada-${crypto.randomUUID()}@example.com`,
      address: { line1: '1 Main St', city: 'Town', postalCode: '12345', country },
      ...fields,
    })
    expect(created.status).toBe(201)
    const id = created.body.id as string
    const accounts = await call('GET', `/customers/internal-accounts?customerId=${encodeURIComponent(id)}`)
    const [wallet] = accounts.body.data as Array<{ id: string }>
    if (!wallet) throw new Error('no wallet')
    return { id, walletId: wallet.id }
  }

  async function externalAccount(
    customerId: string,
    accountNumber: string,
    currency = 'USD',
  ): Promise<string> {
    const created = await call('POST', '/external-accounts', {
      customerId,
      currency,
      accountInfo: { accountType: `${currency}_ACCOUNT`, accountNumber, routingNumber: '021000021' },
      beneficiary: { fullName: 'Grace Hopper' },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    return created.body.id as string
  }

  async function fund(accountId: string, amount: number): Promise<void> {
    const funded = await call('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount })
    expect(funded.status).toBe(200)
  }

  async function balance(accountId: string): Promise<number> {
    // Any money route first applies refunds that came due while the clock moved.
    await call('GET', '/transactions?customerId=none')
    const account = await call('GET', `/internal-accounts/${accountId}`)
    expect(account.status).toBe(200)
    return account.body.balance as number
  }

  async function createQuote(body: Record<string, unknown>): Promise<Quote> {
    return quoteOf(
      await call('POST', '/quotes', { lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 10_000, ...body }),
      201,
    )
  }

  async function getQuote(id: string): Promise<Quote> {
    return quoteOf(await call('GET', `/quotes/${id}`))
  }

  /** A US customer's funded wallet paying 100.00 USD to an external account ending in `suffix`. */
  async function fundedQuoteTo(accountNumber: string, currency = 'USD') {
    const payer = await customer()
    const destination = await externalAccount(payer.id, accountNumber, currency)
    await fund(payer.walletId, 50_000)
    const quote = await createQuote({
      source: { sourceType: 'ACCOUNT', accountId: payer.walletId },
      destination: { destinationType: 'ACCOUNT', accountId: destination },
    })
    return { payer, quote }
  }

  return {
    sandbox,
    call,
    quoteOf,
    customer,
    externalAccount,
    fund,
    balance,
    createQuote,
    getQuote,
    fundedQuoteTo,
  }
}

describe('POST /quotes', () => {
  it('prices a quote by the spec rules and gives an embedded-wallet source its payloadToSign', async () => {
    const { customer, externalAccount, createQuote } = await setup()
    const payer = await customer('US')
    const destination = await externalAccount(payer.id, '000123456789', 'EUR')
    const quote = await createQuote({
      source: { sourceType: 'ACCOUNT', accountId: payer.walletId },
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
    const { customer, externalAccount, createQuote } = await setup()
    const payer = await customer()
    const destination = await externalAccount(payer.id, '000123456789', 'MXN')
    const quote = await createQuote({
      source: { sourceType: 'ACCOUNT', accountId: payer.walletId },
      destination: { destinationType: 'ACCOUNT', accountId: destination },
      lockedCurrencySide: 'RECEIVING',
      lockedCurrencyAmount: 200_000,
    })
    expect(quote.totalReceivingAmount).toBe(200_000)
    expect(quote.totalSendingAmount).toBeGreaterThan(200_000 * quote.exchangeRate)
  })

  it('answers bad input with the Error object, never a 500', async () => {
    const { call, customer } = await setup()
    const payer = await customer()
    const valid = {
      source: { sourceType: 'ACCOUNT', accountId: payer.walletId },
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
      const reply = await call('POST', '/quotes', body)
      expect([reply.status, reply.body.code], JSON.stringify(body)).toEqual([status, code])
      expect(reply.body).toMatchObject({ status, message: expect.any(String) })
    }
  })
})

describe('SCA on quotes', () => {
  it('takes an EU customer through two challenges (SMS 123456), then executes', async () => {
    const { sandbox, call, quoteOf, customer, externalAccount, fund, createQuote, getQuote } = await setup()
    const payer = await customer('DE')
    const destination = await externalAccount(payer.id, '000123456789', 'EUR')
    await fund(payer.walletId, 20_000)
    const quote = await createQuote({
      source: { sourceType: 'ACCOUNT', accountId: payer.walletId },
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
    const early = await call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED)
    expect([early.status, early.body.code]).toEqual([409, 'SCA_AUTHORIZATION_REQUIRED'])
    const wrong = await call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '000000' })
    expect([wrong.status, wrong.body.code]).toEqual([400, 'INVALID_SCA_PROOF'])
    expect((await getQuote(quote.id)).scaChallenge?.id).toBe(first?.id)

    const afterFirst = quoteOf(await call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '123456' }))
    expect(afterFirst.status).toBe('PENDING_AUTHORIZATION')
    expect(afterFirst.scaChallenge?.purpose).toBe('PAYOUT')
    expect(afterFirst.scaChallenge?.id).toMatch(/^ScaChallenge:/)
    expect(afterFirst.scaChallenge?.id).not.toBe(first?.id)

    const afterSecond = quoteOf(await call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '123456' }))
    expect(afterSecond.status).toBe('PENDING')
    expect(afterSecond.scaChallenge).toBeUndefined()
    const again = await call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '123456' })
    expect([again.status, again.body.code]).toEqual([409, 'SCA_NOT_PENDING'])

    const executed = quoteOf(await call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED))
    expect(executed.status).toBe('PROCESSING')
    expect(executed.transactionId).toMatch(/^Transaction:/)
    sandbox.clock.advance(3_000)
    expect((await getQuote(quote.id)).status).toBe('COMPLETED')
  })

  it('runs through the kit authorizeSca loop', async () => {
    const { sandbox, call, customer, createQuote, getQuote } = await setup()
    const payer = await customer('FR')
    const quote = await createQuote({
      source: { sourceType: 'ACCOUNT', accountId: payer.walletId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.eur@sandbox.uma.example' },
    })
    const purposes: Array<string | null> = []
    const done = await authorizeSca({
      subject: quote,
      onChallenge: async ({ purpose }) => {
        purposes.push(purpose)
        return { otpCode: '123456' }
      },
      authorize: async (proof) =>
        expect((await call('POST', `/quotes/${quote.id}/authorize`, proof)).status).toBe(200),
      reload: () => getQuote(quote.id),
      now: () => sandbox.clock.now(),
    })
    expect(purposes).toEqual(['CURRENCY_CONVERSION', 'PAYOUT'])
    expect(done.status).toBe('PENDING')
  })

  it('accepts the legacy passkey signature from an allowed origin and refuses wrong passkey proofs', async () => {
    const { sandbox, call, quoteOf, customer, createQuote } = await setup()
    const payer = await customer('IT')
    const quote = await createQuote({
      source: { sourceType: 'ACCOUNT', accountId: payer.walletId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
    })
    const assertion = { credentialId: 'Y3JlZA', clientDataJson: 'e30', authenticatorData: 'AAAA' }
    const origin = sandbox.config.origins[0]
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
      const reply = await call('POST', `/quotes/${quote.id}/authorize`, body)
      expect([reply.status, reply.body.code], JSON.stringify(body)).toEqual([status, code])
    }
    const legacy = {
      passkeyAssertion: { ...assertion, signature: 'sandbox-valid-passkey-signature' },
      origin,
    }
    expect(quoteOf(await call('POST', `/quotes/${quote.id}/authorize`, legacy)).scaChallenge?.purpose).toBe(
      'PAYOUT',
    )
    expect(quoteOf(await call('POST', `/quotes/${quote.id}/authorize`, legacy)).status).toBe('PENDING')
  })

  it('honours challenge and quote expiry', async () => {
    const { sandbox, call, customer, createQuote, getQuote } = await setup()
    const payer = await customer('ES')
    const quote = await createQuote({
      source: { sourceType: 'ACCOUNT', accountId: payer.walletId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
    })
    sandbox.clock.set(Date.parse(quote.scaChallenge?.expiresAt ?? ''))
    const late = await call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '123456' })
    expect([late.status, late.body.code]).toEqual([400, 'SCA_CHALLENGE_EXPIRED'])
    sandbox.clock.set(Date.parse(quote.expiresAt))
    const expired = await getQuote(quote.id)
    expect(expired.status).toBe('EXPIRED')
    expect(expired.scaChallenge).toBeUndefined()
    const tooLate = await call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '123456' })
    expect([tooLate.status, tooLate.body.code]).toEqual([400, 'QUOTE_EXPIRED'])
  })

  it('answers 409 for a quote that needs no SCA', async () => {
    const { call, customer, createQuote } = await setup()
    const payer = await customer('US')
    const quote = await createQuote({
      source: { sourceType: 'ACCOUNT', accountId: payer.walletId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
    })
    const reply = await call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '123456' })
    expect([reply.status, reply.body.code]).toEqual([409, 'SCA_NOT_REQUIRED'])
  })

  it('withholds real-time funding instructions until SCA is done, then /sandbox/send pays the quote', async () => {
    const { sandbox, call, quoteOf, customer, createQuote, getQuote } = await setup()
    const payer = await customer('NL')
    const quote = await createQuote({
      source: { sourceType: 'REALTIME_FUNDING', currency: 'EUR', customerId: payer.id },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.mxn@sandbox.uma.example' },
    })
    expect(quote.status).toBe('PENDING_AUTHORIZATION')
    expect(quote.paymentInstructions).toBeUndefined()
    const blocked = await call('POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'EUR' })
    expect([blocked.status, blocked.body.code]).toEqual([409, 'SCA_AUTHORIZATION_REQUIRED'])

    await call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '123456' })
    const ready = quoteOf(await call('POST', `/quotes/${quote.id}/authorize`, { otpCode: '123456' }))
    expect(ready.status).toBe('PENDING')
    const info = ready.paymentInstructions?.[0]?.accountOrWalletInfo
    expect(info?.accountType).toBe('EUR_ACCOUNT')
    expect(info?.reference).toMatch(/^SBX-/)

    const notThisWay = await call('POST', `/quotes/${quote.id}/execute`, {})
    expect([notThisWay.status, notThisWay.body.code]).toEqual([400, 'QUOTE_NOT_FUNDED'])
    const wrongCurrency = await call('POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' })
    expect([wrongCurrency.status, wrongCurrency.body.code]).toEqual([400, 'CURRENCY_MISMATCH'])
    const paid = quoteOf(await call('POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'EUR' }))
    expect(paid.status).toBe('PROCESSING')
    expect(paid.receivingCurrency.code).toBe('MXN')
    sandbox.clock.advance(3_000)
    expect((await getQuote(quote.id)).status).toBe('COMPLETED')
  })

  it('gives the platform itself (no customer) real-time funding instructions at once, per network', async () => {
    const { createQuote } = await setup()
    const quote = await createQuote({
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USDC', cryptoNetwork: 'SOLANA' },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
      lockedCurrencyAmount: 25_000_000,
    })
    expect(quote.status).toBe('PENDING')
    expect(quote.sendingCurrency).toMatchObject({ code: 'USDC', decimals: 6 })
    expect(quote.paymentInstructions?.[0]?.accountOrWalletInfo.accountType).toBe('SOLANA_WALLET')
    const brl = await createQuote({
      source: { sourceType: 'REALTIME_FUNDING', currency: 'BRL' },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
    })
    expect(brl.paymentInstructions?.[0]?.accountOrWalletInfo.qrCode).toEqual(expect.any(String))
  })
})

describe('POST /quotes/{quoteId}/execute', () => {
  it('needs the wallet signature, the funds and an unexpired quote', async () => {
    const { sandbox, call, customer, fund, createQuote, balance } = await setup()
    const payer = await customer()
    const quote = await createQuote({
      source: { sourceType: 'ACCOUNT', accountId: payer.walletId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
    })
    const unsigned = await call('POST', `/quotes/${quote.id}/execute`)
    expect([unsigned.status, unsigned.body.code]).toEqual([401, 'WALLET_SIGNATURE_MISSING'])
    const malformed = await call(
      'POST',
      `/quotes/${quote.id}/execute`,
      {},
      { [WALLET_SIGNATURE_HEADER]: 'not-a-stamp' },
    )
    expect([malformed.status, malformed.body.code]).toEqual([401, 'WALLET_SIGNATURE_MALFORMED'])
    const poor = await call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED)
    expect([poor.status, poor.body.code]).toEqual([400, 'INSUFFICIENT_FUNDS'])
    const badBody = await call('POST', `/quotes/${quote.id}/execute`, '{nope', SIGNED)
    expect([badBody.status, badBody.body.code]).toEqual([400, 'INVALID_INPUT'])

    await fund(payer.walletId, quote.totalSendingAmount)
    sandbox.clock.set(Date.parse(quote.expiresAt))
    const expired = await call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED)
    expect([expired.status, expired.body.code]).toEqual([400, 'QUOTE_EXPIRED'])
    expect(await balance(payer.walletId)).toBe(quote.totalSendingAmount)
  })

  it('returns the first result for a repeated Idempotency-Key and executes once', async () => {
    const { sandbox, call, quoteOf, fundedQuoteTo, balance } = await setup()
    const { payer, quote } = await fundedQuoteTo('000123456789')
    const headers = { ...SIGNED, 'Idempotency-Key': 'pay-rent-march' }
    const first = await call('POST', `/quotes/${quote.id}/execute`, {}, headers)
    sandbox.clock.advance(10_000)
    const second = await call('POST', `/quotes/${quote.id}/execute`, {}, headers)
    expect(second).toEqual(first)
    expect(quoteOf(second).status).toBe('PROCESSING')
    const transactions = await call('GET', `/transactions?quoteId=${quote.id}`)
    expect(transactions.body.data).toHaveLength(1)
    expect(await balance(payer.walletId)).toBe(50_000 - quote.totalSendingAmount)

    const withoutKey = await call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED)
    expect([withoutKey.status, withoutKey.body.code]).toEqual([409, 'QUOTE_ALREADY_EXECUTED'])
    const { quote: other } = await fundedQuoteTo('000123456780')
    const reused = await call('POST', `/quotes/${other.id}/execute`, {}, headers)
    expect([reused.status, reused.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED'])
  })

  it('answers 404 QUOTE_NOT_FOUND and TRANSACTION_NOT_FOUND for unknown ids', async () => {
    const { call } = await setup()
    for (const [method, path, code] of [
      ['GET', '/quotes/Quote:00000000-0000-4000-8000-000000000000', 'QUOTE_NOT_FOUND'],
      ['POST', '/quotes/nope/authorize', 'QUOTE_NOT_FOUND'],
      ['POST', '/quotes/nope/execute', 'QUOTE_NOT_FOUND'],
      ['GET', '/transactions/Transaction:00000000-0000-4000-8000-000000000000', 'TRANSACTION_NOT_FOUND'],
    ] as const) {
      const reply = await call(method, path, method === 'POST' ? {} : undefined)
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
    const { sandbox, call, quoteOf, fundedQuoteTo, getQuote, balance } = await setup()
    const { payer, quote } = await fundedQuoteTo(`000123456${suffix}`)
    const executed = quoteOf(await call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED))
    const start = sandbox.clock.now()
    expect(executed.transactionId).toMatch(/^Transaction:/)
    for (const [after, status] of timeline) {
      sandbox.clock.set(start + after)
      expect((await getQuote(quote.id)).status, `${after} ms`).toBe(status)
    }
    const transaction = await call('GET', `/transactions/${executed.transactionId}`)
    expect(transaction.status).toBe(200)
    expect(transaction.body).toMatchObject({
      id: executed.transactionId,
      quoteId: quote.id,
      status: timeline.at(-1)?.[1],
      sentAmount: { amount: quote.totalSendingAmount, currency: { code: 'USD' } },
      receivedAmount: { amount: quote.totalReceivingAmount },
    })
    expect(transaction.body.failureReason).toBe(failureReason)
    expect(await balance(payer.walletId)).toBe(refunded ? 50_000 : 50_000 - quote.totalSendingAmount)
  })

  it('refuses a quote to an internal account of the payer itself and pays another wallet at once', async () => {
    const { call, quoteOf, customer, fund, createQuote, balance } = await setup()
    const payer = await customer()
    const payee = await customer()
    await fund(payer.walletId, 10_000)
    const self = await call('POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: payer.walletId },
      destination: { destinationType: 'ACCOUNT', accountId: payer.walletId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 5_000,
    })
    expect([self.status, self.body.code]).toEqual([400, 'INVALID_INPUT'])
    const quote = await createQuote({
      source: { sourceType: 'ACCOUNT', accountId: payer.walletId },
      destination: { destinationType: 'ACCOUNT', accountId: payee.walletId },
      lockedCurrencySide: 'RECEIVING',
      lockedCurrencyAmount: 5_000,
    })
    expect(quoteOf(await call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED)).status).toBe('COMPLETED')
    expect(await balance(payee.walletId)).toBe(5_000)
    expect(await balance(payer.walletId)).toBe(10_000 - quote.totalSendingAmount)
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
    const { sandbox, call, quoteOf, customer, fund, createQuote, getQuote } = await setup()
    const payer = await customer()
    await fund(payer.walletId, 50_000)
    const quote = await createQuote({
      source: { sourceType: 'ACCOUNT', accountId: payer.walletId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: `${name}@${sandbox.config.umaDomain}` },
    })
    expect(quote.receivingCurrency.code).toBe(currency)
    const executed = quoteOf(await call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED))
    const start = sandbox.clock.now()
    for (const [after, status] of timeline) {
      sandbox.clock.set(start + after)
      expect((await getQuote(quote.id)).status, `${after} ms`).toBe(status)
    }
    const transaction = await call('GET', `/transactions/${executed.transactionId}`)
    expect(transaction.body.failureReason).toBe(failureReason)
  })

  it('answers 404 UMA_NOT_FOUND for a well-formed unknown address and 400 for a currency it does not take', async () => {
    const { sandbox, call, customer } = await setup()
    const payer = await customer()
    const body = (umaAddress: string, currency?: string) => ({
      source: { sourceType: 'ACCOUNT', accountId: payer.walletId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress, ...(currency ? { currency } : {}) },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000,
    })
    for (const address of [`$nobody@${sandbox.config.umaDomain}`, '$success.usd@elsewhere.example']) {
      const reply = await call('POST', '/quotes', body(address))
      expect([reply.status, reply.body.code], address).toEqual([404, 'UMA_NOT_FOUND'])
    }
    const mismatch = await call('POST', '/quotes', body(`$success.eur@${sandbox.config.umaDomain}`, 'USD'))
    expect([mismatch.status, mismatch.body.code]).toEqual([400, 'CURRENCY_MISMATCH'])
  })

  it("pays a customer's own UMA address into their wallet", async () => {
    const { call, quoteOf, customer, fund, createQuote, balance } = await setup()
    const payer = await customer()
    const payee = await customer('US', { umaAddress: '$grace@sandbox.uma.example' })
    await fund(payer.walletId, 10_000)
    const quote = await createQuote({
      source: { sourceType: 'ACCOUNT', accountId: payer.walletId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$grace@sandbox.uma.example' },
    })
    expect(quoteOf(await call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED)).status).toBe('COMPLETED')
    expect(await balance(payee.walletId)).toBe(quote.totalReceivingAmount)
  })
})
