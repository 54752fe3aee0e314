// The previews before a payment from a page: receiver lookups and exchange rates, the client through
// the integrator's relay against the in-process sandbox. Arguments the relay would refuse are
// refused before anything is sent, and the relay keeps a page to its own customer's accounts.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createRelay } from '../../src/relay/index.js'
import { SIGNER_METHODS, type SignerIo } from '../../src/signer/signerMethods.js'
import { expectCode } from '../helpers/expectCode.js'
import { createCustomer, createExternalAccount, type Harness, startHarness } from '../sandbox/harness.js'
import { signedInPage } from './signedInPage.js'

/**
 * A customer and its page's client, signed in through a relay whose hook is the relay docs' own:
 * rates for the signed-in user, anything else only when `isOwnedBy` the customer.
 */
async function pageOf(h: Harness) {
  const customer = await createCustomer(h)
  const relay = createRelay({
    ...h.testing.relayOptions,
    prefix: '/wallet',
    authorize: (_request, target, { isOwnedBy }) =>
      target.operation === 'GET /exchange-rates' || isOwnedBy(customer.customerId),
  })
  return signedInPage(h, customer, relay)
}

describe('receivers through relay and sandbox', () => {
  it('looks up a UMA address: its currencies, a rate and a lookup id a quote takes', async () => {
    const h = await startHarness()
    const { customer, wallet } = await pageOf(h)
    const address = `$success.eur@${h.sandbox.config.umaDomain}`
    const found = await wallet.receivers.lookupUma(address, { customerId: customer.customerId })
    expect(found.receiverUmaAddress).toBe(address)
    expect(found.supportedCurrencies.map((option) => option.currency.code)).toEqual(['EUR'])
    expect(found.supportedCurrencies[0]?.estimatedExchangeRate).toBeGreaterThan(1)
    const quote = await wallet.quotes.create({
      lookupId: found.lookupId,
      source: { sourceType: 'ACCOUNT', accountId: customer.accountId },
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: address, currency: 'EUR' },
      lockedCurrencySide: 'RECEIVING',
      lockedCurrencyAmount: found.supportedCurrencies[0]?.min ?? 1,
    })
    expect(quote.receivingCurrency.code).toBe('EUR')
  })

  it("fails with the service's UMA_NOT_FOUND, and refuses a malformed address before sending", async () => {
    const h = await startHarness()
    const { customer, wallet, sent } = await pageOf(h)
    const customerId = customer.customerId
    await expectCode(() => wallet.receivers.lookupUma('$nobody@far.example', { customerId }), 'UMA_NOT_FOUND')
    const before = sent.length
    for (const address of ['bob@uma.example', '$bob', '$a/b@uma.example', '']) {
      await expectCode(() => wallet.receivers.lookupUma(address, { customerId }), 'INVALID_ARGUMENT')
    }
    await expectCode(
      () => wallet.receivers.lookupUma('$bob@uma.example', {} as { customerId: string }),
      'INVALID_ARGUMENT',
    )
    expect(sent.length).toBe(before)
  })

  it("looks up the customer's own external account, and is refused another customer's", async () => {
    const h = await startHarness()
    const ada = await pageOf(h)
    const bob = await pageOf(h)
    const adas = await createExternalAccount(h, ada.customer.customerId, '000123456', 'GBP')
    const bobs = await createExternalAccount(h, bob.customer.customerId, '000654321', 'GBP')
    const customerId = ada.customer.customerId
    const found = await ada.wallet.receivers.lookupExternalAccount(adas, { customerId })
    expect(found.accountId).toBe(adas)
    expect(found.supportedCurrencies.map((option) => option.currency.code)).toEqual(['GBP'])
    await expectCode(() => ada.wallet.receivers.lookupExternalAccount(bobs, { customerId }), 'FORBIDDEN')
    // Naming Bob as the sender does not help.
    await expectCode(
      () => ada.wallet.receivers.lookupExternalAccount(bobs, { customerId: bob.customer.customerId }),
      'FORBIDDEN',
    )
  })
})

describe('exchange rates through relay and sandbox', () => {
  it('lists the corridors asked for, priced at the amount given', async () => {
    const h = await startHarness()
    const { wallet, sent } = await pageOf(h)
    const { data } = await wallet.exchangeRates.list({
      sourceCurrency: 'USD',
      destinationCurrencies: ['MXN', 'GBP'],
      sendingAmount: 50_000,
    })
    expect(data.map((rate) => [rate.sourceCurrency.code, rate.destinationCurrency.code])).toEqual([
      ['USD', 'MXN'],
      ['USD', 'GBP'],
    ])
    expect(data.every((rate) => rate.sendingAmount === 50_000 && rate.receivingAmount > 0)).toBe(true)
    expect(sent.at(-1)).toBe(
      'GET /wallet/exchange-rates?sourceCurrency=USD&destinationCurrency=MXN&destinationCurrency=GBP&sendingAmount=50000',
    )
    const all = await wallet.exchangeRates.list()
    expect(all.data.length).toBeGreaterThan(data.length)
  })

  it('refuses malformed options before sending', async () => {
    const h = await startHarness()
    const { wallet, sent } = await pageOf(h)
    const before = sent.length
    for (const options of [
      { sourceCurrency: 'US D' },
      { destinationCurrencies: ['EUR', 7 as unknown as string] },
      { destinationCurrencies: Array.from({ length: 33 }, () => 'EUR') },
      { sendingAmount: -1 },
      { sendingAmount: 1.5 },
    ]) {
      await expectCode(() => wallet.exchangeRates.list(options), 'INVALID_ARGUMENT')
    }
    expect(sent.length).toBe(before)
  })
})

describe('the previews in signer mode', () => {
  const NAMES = ['receivers.lookupUma', 'receivers.lookupExternalAccount', 'exchangeRates.list']

  it('are methods the framed client sends and the signer runs', () => {
    const source = readFileSync(
      new URL('../../src/signer-client/createFramedWalletAuth.ts', import.meta.url),
      'utf8',
    )
    const names = [...source.matchAll(/plain\(\s*'([\w.]+)'/g)].map(([, name]) => name ?? '')
    for (const name of NAMES) {
      expect(names).toContain(name)
      expect(Object.hasOwn(SIGNER_METHODS, name)).toBe(true)
    }
  })

  it("run on the signer's client with the arguments read by the signer", async () => {
    const h = await startHarness()
    const { customer, wallet } = await pageOf(h)
    const io = {} as SignerIo
    const run = (method: string, ...args: unknown[]) => {
      const found = SIGNER_METHODS[method]
      if (!found) throw new Error(`no signer method ${method}`)
      return found(wallet, args, io)
    }
    const customerId = customer.customerId
    const externalAccountId = await createExternalAccount(h, customerId, '000123456', 'EUR')
    const address = `$success.mxn@${h.sandbox.config.umaDomain}`
    expect(await run('receivers.lookupUma', address, { customerId })).toMatchObject({
      receiverUmaAddress: address,
    })
    expect(await run('receivers.lookupExternalAccount', externalAccountId, { customerId })).toMatchObject({
      accountId: externalAccountId,
    })
    const rates = (await run('exchangeRates.list', {
      sourceCurrency: 'EUR',
      destinationCurrencies: ['USD'],
    })) as {
      data: unknown[]
    }
    expect(rates.data).toHaveLength(1)
    // What the page sends that is not text or an options object is refused by the signer.
    await expectCode(() => run('receivers.lookupUma', 42, { customerId }), 'SIGNER_REFUSED')
    await expectCode(() => run('exchangeRates.list', 'USD'), 'SIGNER_REFUSED')
  })
})
