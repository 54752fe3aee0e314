// Quotes against the in-process sandbox: pricing, the transaction every quote carries from its
// creation, execution, the destination and UMA outcome tables moved through with the sandbox clock,
// idempotency and the error codes (SCA has its own file, moneySca.test.ts).
import { describe, expect, it } from 'vitest'
import { quoteWalletPayload } from '../../src/client/quoteWalletPayload.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
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
  SIGNED,
  startHarness,
} from './harness.js'

const T0 = Date.parse('2026-03-02T10:00:00.000Z')
/** 50 USDB: wallets hold USDB, whose smallest unit is a millionth. */
const FUNDS = 50_000_000

/** A sandbox whose clock stands still at T0 unless a test moves it. */
const setup = () => startHarness({ now: () => T0 })

/** A customer living in `country` (which decides on SCA), with its wallet. */
function customer(h: Harness, country = 'US', fields: Record<string, unknown> = {}) {
  return createCustomer(h, {
    address: { line1: '1 Main St', city: 'Town', postalCode: '12345', country },
    ...fields,
  })
}

/** A US customer's funded wallet paying 10 USDB to an external account numbered `accountNumber`. */
async function fundedQuoteTo(h: Harness, accountNumber: string, currency = 'USD') {
  const payer = await customer(h)
  const destination = await createExternalAccount(h, payer.customerId, accountNumber, currency)
  await fund(h, payer.accountId, FUNDS)
  const quote = await createQuote(h, {
    source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
    destination: { destinationType: 'ACCOUNT', accountId: destination },
  })
  return { payer, quote }
}

describe('POST /quotes', () => {
  it('prices a quote, names its transaction at once and gives an embedded-wallet source its payloadToSign', async () => {
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
    expect(quote.sendingCurrency).toEqual({ code: 'USDB', name: 'USD Balance', symbol: '$', decimals: 6 })
    expect(quote.receivingCurrency).toMatchObject({ code: 'EUR', decimals: 2 })
    expect(quote.totalSendingAmount).toBe(10_000_000)
    expect(quote.exchangeRate).toBeGreaterThan(0)
    expect(quote.feesIncluded).toBeGreaterThanOrEqual(quote.platformFeesIncluded ?? 0)
    expect(quote.platformFeesIncluded).toBeGreaterThan(0)
    const details = quote.rateDetails
    if (!details) throw new Error('no rateDetails')
    expect(details.gridApiVariableFeeAmount).toBe(
      Math.round(quote.totalSendingAmount * details.gridApiVariableFeeRate),
    )
    // What is left after fees, converted at the quoted rate, is what arrives (to rounding).
    const converted = (quote.totalSendingAmount - quote.feesIncluded) / 1e6 / quote.exchangeRate
    expect(Math.abs(converted * 100 - quote.totalReceivingAmount)).toBeLessThanOrEqual(1)
    const window = Date.parse(quote.expiresAt) - Date.parse(quote.createdAt)
    expect(window).toBeGreaterThanOrEqual(60_000)
    expect(window).toBeLessThanOrEqual(5 * 60_000)

    // The transaction exists from the quote's creation, and waits with it.
    expect(quote.transactionId).toMatch(/^Transaction:/)
    const transaction = await h.call('GET', `/transactions/${quote.transactionId}`)
    expect(transaction.body).toMatchObject({
      type: 'OUTGOING',
      direction: 'DEBIT',
      status: 'PENDING',
      customerId: payer.customerId,
      quoteId: quote.id,
      description: 'Rent',
      source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: destination },
    })

    // Both instructions the service gives for a wallet source, in its order: the first names the
    // Spark deposit and carries no payload; only the second releases the payment.
    const [spark, instruction, ...others] = quote.paymentInstructions ?? []
    expect(others).toEqual([])
    expect(spark?.accountOrWalletInfo).toEqual({
      accountType: 'SPARK_WALLET',
      address: expect.stringMatching(/^sandbox[0-9a-f]{32}$/),
      assetType: 'USDB',
    })
    expect(spark?.accountOrWalletInfo.payloadToSign).toBeUndefined()
    expect(instruction?.accountOrWalletInfo.accountType).toBe('EMBEDDED_WALLET')
    expect(quoteWalletPayload(quote)).toBe(instruction?.accountOrWalletInfo.payloadToSign)
    const payload = JSON.parse(String(instruction?.accountOrWalletInfo.payloadToSign))
    expect(Object.keys(payload)).toEqual(['organizationId', 'parameters', 'timestampMs', 'type'])
    expect(payload.type).toBe('ACTIVITY_TYPE_SIGN_TRANSACTION_V2')
    const transfer = JSON.parse(new TextDecoder().decode(hexToBytes(payload.parameters.unsignedTransaction)))
    expect(transfer).toMatchObject({
      quoteId: quote.id,
      totalSendingAmount: quote.totalSendingAmount,
      totalReceivingAmount: quote.totalReceivingAmount,
      destination: { destinationType: 'ACCOUNT', accountId: destination },
    })
  })

  it('answers a repeated Idempotency-Key with the first quote', async () => {
    const h = await setup()
    const payer = await customer(h)
    const body = {
      source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 10_000_000,
    }
    const first = await h.call('POST', '/quotes', body, { 'Idempotency-Key': 'q-1' })
    h.sandbox.clock.advance(1_000)
    expect(await h.call('POST', '/quotes', body, { 'Idempotency-Key': 'q-1' })).toEqual(first)
    const other = await h.call('POST', '/quotes', body, { 'Idempotency-Key': 'q-2' })
    expect(other.body.id).not.toBe(first.body.id)
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
    expect(quote.totalSendingAmount / 1e6).toBeGreaterThan((200_000 / 100) * quote.exchangeRate)
  })

  it("shows back only the contract's members of the source and destination", async () => {
    const h = await setup()
    const payer = await customer(h)
    const payee = await customer(h)
    const quote = await createQuote(h, {
      source: { sourceType: 'ACCOUNT', accountId: payer.accountId, note: 'ignored' },
      destination: { destinationType: 'ACCOUNT', accountId: payee.accountId, currency: 'USDB' },
      customerId: payee.customerId,
    })
    expect(quote.source).toEqual({ sourceType: 'ACCOUNT', accountId: payer.accountId })
    expect(quote.destination).toEqual({ destinationType: 'ACCOUNT', accountId: payee.accountId })
  })

  it('answers bad input with the Error object and the codes the contract defines, never a 500', async () => {
    const h = await setup()
    const payer = await customer(h)
    const valid = {
      source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000_000,
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
      [{ ...valid, lockedCurrencyAmount: 1 }, 400, 'AMOUNT_OUT_OF_RANGE'],
      [
        {
          ...valid,
          source: { ...valid.source, customerId: 'Customer:00000000-0000-4000-8000-000000000000' },
        },
        400,
        'INVALID_INPUT',
      ],
      [
        { ...valid, source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:nope' } },
        400,
        'INVALID_INPUT',
      ],
      [
        { ...valid, destination: { destinationType: 'ACCOUNT', accountId: 'ExternalAccount:nope' } },
        400,
        'INVALID_INPUT',
      ],
      [{ ...valid, source: { sourceType: 'REALTIME_FUNDING', currency: 'XYZ' } }, 400, 'INVALID_CURRENCY'],
      [{ ...valid, source: { sourceType: 'REALTIME_FUNDING', currency: 'USDC' } }, 400, 'INVALID_INPUT'],
      [
        { ...valid, source: { sourceType: 'REALTIME_FUNDING', currency: 'USDC', cryptoNetwork: 'TRON' } },
        400,
        'INVALID_CURRENCY',
      ],
      [{ ...valid, immediatelyExecute: true }, 400, 'INVALID_INPUT'],
    ]
    for (const [body, status, code] of cases) {
      const reply = await h.call('POST', '/quotes', body)
      expect([reply.status, reply.body.code], JSON.stringify(body)).toEqual([status, code])
      expect(reply.body).toMatchObject({ status, message: expect.any(String) })
    }
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
    expect(quote.paymentInstructions?.[0]?.accountOrWalletInfo).toMatchObject({
      accountType: 'SOLANA_WALLET',
      assetType: 'USDC',
    })
    for (const [currency, accountType] of [
      ['BRL', 'BRL_ACCOUNT'],
      ['USD', 'USD_ACCOUNT'],
      ['EUR', 'EUR_ACCOUNT'],
      ['GBP', 'GBP_ACCOUNT'],
      ['MXN', 'MXN_ACCOUNT'],
      ['CAD', 'CAD_ACCOUNT'],
      ['INR', 'INR_ACCOUNT'],
      ['NGN', 'NGN_ACCOUNT'],
      ['PHP', 'PHP_ACCOUNT'],
      ['KES', 'KES_ACCOUNT'],
      ['XOF', 'XOF_ACCOUNT'],
    ] as const) {
      const funded = await createQuote(h, {
        source: { sourceType: 'REALTIME_FUNDING', currency },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
        lockedCurrencySide: 'RECEIVING',
        lockedCurrencyAmount: 10_000,
      })
      expect(funded.paymentInstructions?.[0]?.accountOrWalletInfo.accountType, currency).toBe(accountType)
    }
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
      { [WALLET_SIGNATURE_HEADER]: 'x' },
    )
    expect([malformed.status, malformed.body.code]).toEqual([401, 'WALLET_SIGNATURE_MALFORMED'])
    const poor = await h.call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED)
    expect([poor.status, poor.body.code]).toEqual([400, 'INVALID_AMOUNT'])
    const badBody = await h.call('POST', `/quotes/${quote.id}/execute`, '{nope', SIGNED)
    expect([badBody.status, badBody.body.code]).toEqual([400, 'INVALID_INPUT'])

    await fund(h, payer.accountId, quote.totalSendingAmount)
    h.sandbox.clock.set(Date.parse(quote.expiresAt))
    const expired = await h.call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED)
    expect([expired.status, expired.body.code]).toEqual([409, 'CONFLICT'])
    expect((await h.call('GET', `/transactions/${quote.transactionId}`)).body.status).toBe('EXPIRED')
    expect(await balance(h, payer.accountId)).toBe(quote.totalSendingAmount)
  })

  it('executes once: a second execute is 409, a repeated Idempotency-Key gives the first result', async () => {
    const h = await setup()
    const { payer, quote } = await fundedQuoteTo(h, '000123456789')
    const headers = { ...SIGNED, 'Idempotency-Key': 'pay-rent-march' }
    const first = await h.call('POST', `/quotes/${quote.id}/execute`, {}, headers)
    expect(quoteOf(first).status).toBe('PROCESSING')
    h.sandbox.clock.advance(10_000)
    const second = await h.call('POST', `/quotes/${quote.id}/execute`, {}, headers)
    expect(second).toEqual(first)
    const transactions = await h.call('GET', `/transactions?customerId=${payer.customerId}`)
    expect(
      (transactions.body.data as Array<{ quoteId?: string }>).filter((t) => t.quoteId === quote.id),
    ).toHaveLength(1)
    expect(await balance(h, payer.accountId)).toBe(FUNDS - quote.totalSendingAmount)

    const withoutKey = await h.call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED)
    expect([withoutKey.status, withoutKey.body.code]).toEqual([409, 'CONFLICT'])
    // The key is the quote's: on another quote it is another request (idempotencyKey.test.ts).
    const { quote: other } = await fundedQuoteTo(h, '000123456780')
    const reused = await h.call('POST', `/quotes/${other.id}/execute`, {}, headers)
    expect(quoteOf(reused).id).toBe(other.id)
  })

  it('answers 404 QUOTE_NOT_FOUND and TRANSACTION_NOT_FOUND for unknown ids', async () => {
    const h = await setup()
    for (const [method, path, body, code] of [
      ['GET', '/quotes/Quote:00000000-0000-4000-8000-000000000000', undefined, 'QUOTE_NOT_FOUND'],
      ['POST', '/quotes/nope/authorize', { code: '123456' }, 'QUOTE_NOT_FOUND'],
      ['POST', '/quotes/nope/authorize/resend', undefined, 'QUOTE_NOT_FOUND'],
      ['POST', '/quotes/nope/execute', {}, 'QUOTE_NOT_FOUND'],
      [
        'GET',
        '/transactions/Transaction:00000000-0000-4000-8000-000000000000',
        undefined,
        'TRANSACTION_NOT_FOUND',
      ],
    ] as const) {
      const reply = await h.call(method, path, body)
      expect([reply.status, reply.body.code], path).toEqual([404, code])
    }
  })

  it('executes a quote from a holding account, and from the platform with immediatelyExecute', async () => {
    const h = await setup()
    const payee = await customer(h)
    const [platformUsd] = ((await h.call('GET', '/platform/internal-accounts?currency=USD')).body
      .data as Array<{
      id: string
    }>) ?? [{ id: '' }]
    if (!platformUsd) throw new Error('no platform USD account')
    await fund(h, platformUsd.id, 100_000)
    const quote = quoteOf(
      await h.call('POST', '/quotes', {
        source: { sourceType: 'ACCOUNT', accountId: platformUsd.id },
        destination: { destinationType: 'ACCOUNT', accountId: payee.accountId },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 10_000,
        immediatelyExecute: true,
      }),
      201,
    )
    expect(quote.status).toBe('COMPLETED')
    expect(quote.paymentInstructions).toBeUndefined()
    const transaction = await h.call('GET', `/transactions/${quote.transactionId}`)
    // The platform pays, the customer's wallet is credited: the customer's transaction is a credit.
    expect(transaction.body).toMatchObject({
      type: 'INCOMING',
      direction: 'CREDIT',
      customerId: payee.customerId,
      status: 'COMPLETED',
    })
    expect(await balance(h, platformUsd.id)).toBe(90_000)
    expect(await balance(h, payee.accountId)).toBe(quote.totalReceivingAmount)
  })
})

describe('sandbox outcomes of an external-account destination (last 3 digits, after execution)', () => {
  // [suffix, [ms after execution, quote status]..., refund status, failure reason]
  const table: Array<[string, Array<[number, string]>, string | undefined, string?]> = [
    [
      '789',
      [
        [0, 'PROCESSING'],
        [2_999, 'PROCESSING'],
        [3_000, 'COMPLETED'],
      ],
      undefined,
    ],
    ['002', [[0, 'FAILED']], 'COMPLETED', 'QUOTE_EXECUTION_FAILED'],
    [
      '003',
      [
        [0, 'PROCESSING'],
        [5 * 60_000, 'PROCESSING'],
        [6 * 60_000, 'COMPLETED'],
      ],
      undefined,
    ],
    [
      '004',
      [
        [0, 'PROCESSING'],
        [3_000, 'FAILED'],
      ],
      'COMPLETED',
      'COUNTERPARTY_POST_TX_FAILED',
    ],
    [
      '005',
      [
        [0, 'PROCESSING'],
        [3_000, 'COMPLETED'],
        [62_999, 'COMPLETED'],
        [63_000, 'FAILED'],
      ],
      'COMPLETED',
      'PAYOUT_RETURNED',
    ],
    [
      '006',
      [
        [0, 'PROCESSING'],
        [3_000, 'FAILED'],
      ],
      'COMPLETED',
      'QUOTE_EXECUTION_FAILED',
    ],
    [
      '007',
      [
        [0, 'PROCESSING'],
        [3_000, 'FAILED'],
      ],
      'FAILED',
      'QUOTE_EXECUTION_FAILED',
    ],
  ]

  it.each(table)('suffix %s', async (suffix, timeline, refund, failureReason) => {
    const h = await setup()
    const { payer, quote } = await fundedQuoteTo(h, `000123456${suffix}`)
    const executed = quoteOf(await h.call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED))
    const start = h.sandbox.clock.now()
    expect(executed.transactionId).toBe(quote.transactionId)
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
      sentAmount: { amount: quote.totalSendingAmount, currency: { code: 'USDB' } },
      receivedAmount: { amount: quote.totalReceivingAmount },
    })
    expect(transaction.body.failureReason).toBe(failureReason)
    expect((transaction.body.refund as { status?: string } | undefined)?.status).toBe(refund)
    expect(await balance(h, payer.accountId)).toBe(
      refund === 'COMPLETED' ? FUNDS : FUNDS - quote.totalSendingAmount,
    )
  })

  it('refuses a quote to the source account itself and pays another wallet at once', async () => {
    const h = await setup()
    const payer = await customer(h)
    const payee = await customer(h)
    await fund(h, payer.accountId, 10_000_000)
    const self = await h.call('POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: payer.accountId },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 5_000_000,
    })
    expect([self.status, self.body.code]).toEqual([400, 'SELF_PAYMENT'])
    const quote = await createQuote(h, {
      source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: payee.accountId },
      lockedCurrencySide: 'RECEIVING',
      lockedCurrencyAmount: 5_000_000,
    })
    expect(quoteOf(await h.call('POST', `/quotes/${quote.id}/execute`, {}, SIGNED)).status).toBe('COMPLETED')
    expect(await balance(h, payee.accountId)).toBe(5_000_000)
    expect(await balance(h, payer.accountId)).toBe(10_000_000 - quote.totalSendingAmount)
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
      'COMPLIANCE_REJECTED',
    ],
  ]

  it.each(table)('%s', async (name, currency, timeline, failureReason) => {
    const h = await setup()
    const payer = await customer(h)
    await fund(h, payer.accountId, FUNDS)
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
    expect(transaction.body.destination).toEqual({
      destinationType: 'UMA_ADDRESS',
      umaAddress: `${name}@${h.sandbox.config.umaDomain}`,
      currency,
    })
  })

  it('answers an address without a receiver and a currency it does not take with 400', async () => {
    const h = await setup()
    const payer = await customer(h)
    const body = (umaAddress: string, currency?: string) => ({
      source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress, ...(currency ? { currency } : {}) },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 1_000_000,
    })
    for (const address of [`$nobody@${h.sandbox.config.umaDomain}`, '$success.usd@elsewhere.example']) {
      const reply = await h.call('POST', '/quotes', body(address))
      expect([reply.status, reply.body.code], address).toEqual([400, 'INVALID_RECEIVER'])
    }
    const mismatch = await h.call(
      'POST',
      '/quotes',
      body(`$success.eur@${h.sandbox.config.umaDomain}`, 'USD'),
    )
    expect([mismatch.status, mismatch.body.code]).toEqual([400, 'INVALID_CURRENCY'])
  })

  it("pays a customer's own UMA address into their wallet, or their account in the currency named", async () => {
    const h = await setup()
    const payer = await customer(h)
    const payee = await customer(h, 'US', { umaAddress: '$grace@sandbox.uma.example' })
    await fund(h, payer.accountId, 20_000_000)
    const toWallet = await quoteToUma(h, payer.accountId, '$grace@sandbox.uma.example')
    expect(quoteOf(await h.call('POST', `/quotes/${toWallet.id}/execute`, {}, SIGNED)).status).toBe(
      'COMPLETED',
    )
    expect(await balance(h, payee.accountId)).toBe(toWallet.totalReceivingAmount)

    const toUsd = await createQuote(h, {
      source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
      destination: {
        destinationType: 'UMA_ADDRESS',
        umaAddress: '$grace@sandbox.uma.example',
        currency: 'USD',
      },
    })
    expect(toUsd.receivingCurrency.code).toBe('USD')
    const accounts = await h.call(
      'GET',
      `/customers/internal-accounts?customerId=${payee.customerId}&currency=USD`,
    )
    const usd = (accounts.body.data as Array<{ id: string; type: string }>)[0]
    expect(usd?.type).toBe('INTERNAL_FIAT')
    quoteOf(await h.call('POST', `/quotes/${toUsd.id}/execute`, {}, SIGNED))
    expect(await balance(h, usd?.id ?? '')).toBe(toUsd.totalReceivingAmount)
  })
})
