// The previews before a quote against the in-process sandbox: receiver lookups by UMA address and by
// external account, and indicative exchange rates. Every answer passes the contract check of the
// harness (strict schemas of the service's contract) before the test reads it.
import { describe, expect, it } from 'vitest'
import { requireCurrency } from '../../src/sandbox/money/currencies.js'
import { priceQuote } from '../../src/sandbox/money/priceQuote.js'
import { createCustomer, createExternalAccount, type Harness, startHarness } from './harness.js'

const T0 = Date.parse('2026-03-02T10:07:30.000Z')
const setup = () => startHarness({ now: () => T0 })
const q = encodeURIComponent

interface Preference {
  currency: { code: string }
  estimatedExchangeRate: number
  min: number
  max: number
}

async function umaAddressOf(h: Harness, customerId: string): Promise<string> {
  const reply = await h.call('GET', `/customers/${customerId}`)
  return reply.body.umaAddress as string
}

describe('GET /receiver/uma/{receiverUmaAddress}', () => {
  it('answers a sandbox test address with its currency, a rate from the wallet and a lookup id', async () => {
    const h = await setup()
    const { customerId } = await createCustomer(h)
    const address = `$success.eur@${h.sandbox.config.umaDomain}`
    const reply = await h.call('GET', `/receiver/uma/${q(address)}?customerId=${customerId}`)
    expect(reply.status).toBe(200)
    expect(reply.body.receiverUmaAddress).toBe(address)
    expect(reply.body.lookupId).toMatch(/^Lookup:/)
    const [eur, ...rest] = reply.body.supportedCurrencies as Preference[]
    expect(rest).toEqual([])
    expect(eur?.currency.code).toBe('EUR')
    // Sending units (the wallet's USDB) per euro, as a quote's exchangeRate is.
    expect(eur?.estimatedExchangeRate).toBe(
      priceQuote({
        sending: requireCurrency('USDB'),
        receiving: requireCurrency('EUR'),
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 10_000_000,
      }).exchangeRate,
    )
    expect(eur?.min).toBeLessThan(eur?.max ?? 0)
  })

  it("answers another customer's address with the currencies of its accounts, sender named by address", async () => {
    const h = await setup()
    const payer = await createCustomer(h)
    const payee = await createCustomer(h)
    const address = await umaAddressOf(h, payee.customerId)
    const senderUmaAddress = await umaAddressOf(h, payer.customerId)
    const reply = await h.call('GET', `/receiver/uma/${q(address)}?senderUmaAddress=${q(senderUmaAddress)}`)
    expect(reply.status).toBe(200)
    const codes = (reply.body.supportedCurrencies as Preference[]).map((p) => p.currency.code)
    expect(codes).toContain('USDB')
    expect(new Set(codes).size).toBe(codes.length)
    const twice = await h.call('GET', `/receiver/uma/${q(address)}?customerId=${payer.customerId}`)
    expect(twice.body.lookupId).not.toBe(reply.body.lookupId)
  })

  it('answers 404 UMA_NOT_FOUND for a well-formed address with no receiver, 400 for a malformed one', async () => {
    const h = await setup()
    const { customerId } = await createCustomer(h)
    const nobody = await h.call(
      'GET',
      `/receiver/uma/${q('$nobody@elsewhere.example')}?customerId=${customerId}`,
    )
    expect(nobody).toMatchObject({ status: 404, body: { code: 'UMA_NOT_FOUND' } })
    const unknownTest = await h.call(
      'GET',
      `/receiver/uma/${q(`$nosuch.usd@${h.sandbox.config.umaDomain}`)}?customerId=${customerId}`,
    )
    expect(unknownTest).toMatchObject({ status: 404, body: { code: 'UMA_NOT_FOUND' } })
    const malformed = await h.call('GET', `/receiver/uma/not-an-address?customerId=${customerId}`)
    expect(malformed).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } })
  })

  it('needs a sender that exists, named once', async () => {
    const h = await setup()
    const a = await createCustomer(h)
    const b = await createCustomer(h)
    const address = q(`$success.usd@${h.sandbox.config.umaDomain}`)
    for (const query of [
      '',
      '?customerId=Customer:nobody',
      `?senderUmaAddress=${q('$ghost@nowhere.example')}`,
      `?customerId=${a.customerId}&senderUmaAddress=${q(await umaAddressOf(h, b.customerId))}`,
    ]) {
      const reply = await h.call('GET', `/receiver/uma/${address}${query}`)
      expect(reply, query).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } })
    }
  })
})

describe('GET /receiver/external-account/{accountId}', () => {
  it("answers the account's currency and echoes its id; an unknown id is 404", async () => {
    const h = await setup()
    const { customerId } = await createCustomer(h)
    const accountId = await createExternalAccount(h, customerId, '000123456', 'MXN')
    const reply = await h.call('GET', `/receiver/external-account/${accountId}?customerId=${customerId}`)
    expect(reply.status).toBe(200)
    expect(reply.body.accountId).toBe(accountId)
    expect(reply.body.lookupId).toMatch(/^Lookup:/)
    expect((reply.body.supportedCurrencies as Preference[]).map((p) => p.currency.code)).toEqual(['MXN'])
    const unknown = await h.call(
      'GET',
      `/receiver/external-account/ExternalAccount:nope?customerId=${customerId}`,
    )
    expect(unknown).toMatchObject({ status: 404, body: { code: 'REFERENCE_NOT_FOUND' } })
  })
})

describe('GET /exchange-rates', () => {
  interface Rate {
    sourceCurrency: { code: string }
    destinationCurrency: { code: string }
    destinationPaymentRail: string
    sendingAmount: number
    minSendingAmount: number
    receivingAmount: number
    exchangeRate: number
    fees: { total?: number }
    updatedAt: string
  }

  it('prices each asked corridor as a quote locking the sending amount would be', async () => {
    const h = await setup()
    const reply = await h.call(
      'GET',
      '/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR&destinationCurrency=INR&sendingAmount=25000',
    )
    expect(reply.status).toBe(200)
    const rates = reply.body.data as Rate[]
    expect(
      rates.map((r) => [r.sourceCurrency.code, r.destinationCurrency.code, r.destinationPaymentRail]),
    ).toEqual([
      ['USD', 'EUR', 'SEPA_INSTANT'],
      ['USD', 'INR', 'UPI'],
    ])
    for (const rate of rates) {
      const price = priceQuote({
        sending: requireCurrency('USD'),
        receiving: requireCurrency(rate.destinationCurrency.code),
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 25_000,
      })
      expect(rate).toMatchObject({
        sendingAmount: 25_000,
        receivingAmount: price.totalReceivingAmount,
        exchangeRate: price.exchangeRate,
        fees: { total: price.feesIncluded },
      })
    }
    // Rates refresh on a five-minute beat of the sandbox clock.
    expect(rates[0]?.updatedAt).toBe('2026-03-02T10:05:00.000Z')
  })

  it('lists every corridor from a source by default at 10000, and 0 received when fees eat it', async () => {
    const h = await setup()
    const all = await h.call('GET', '/exchange-rates?sourceCurrency=EUR')
    const rates = all.body.data as Rate[]
    expect(rates.length).toBeGreaterThan(5)
    expect(rates.every((r) => r.sendingAmount === 10_000 && r.destinationCurrency.code !== 'EUR')).toBe(true)
    const zero = await h.call(
      'GET',
      '/exchange-rates?sourceCurrency=USD&destinationCurrency=GBP&sendingAmount=0',
    )
    expect(zero.status).toBe(200)
    expect((zero.body.data as Rate[])[0]).toMatchObject({ sendingAmount: 0, receivingAmount: 0 })
    expect((zero.body.data as Rate[])[0]?.minSendingAmount).toBeGreaterThan(0)
  })

  it('refuses unknown currencies, a destination paid on no rail and a malformed amount', async () => {
    const h = await setup()
    for (const [query, code] of [
      ['sourceCurrency=XXX', 'INVALID_CURRENCY'],
      ['destinationCurrency=USDB', 'INVALID_CURRENCY'],
      ['sendingAmount=-5', 'INVALID_INPUT'],
      ['sendingAmount=1.5', 'INVALID_INPUT'],
      ['sourceCurrency=USD&sourceCurrency=EUR', 'INVALID_INPUT'],
    ]) {
      const reply = await h.call('GET', `/exchange-rates?${query}`)
      expect(reply, query).toMatchObject({ status: 400, body: { code } })
    }
  })
})
