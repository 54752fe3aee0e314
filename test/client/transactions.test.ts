// The customer's transaction history and a delegated key's read from a page: the client, through the
// integrator's relay, against the in-process sandbox. Pages follow their cursor, filters narrow
// them, arguments the relay would refuse are refused before anything is sent, and the relay keeps
// each page to its own customer's transactions and keys.
import { describe, expect, it } from 'vitest'
import { createWalletAuth } from '../../src/client/index.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { parseWire } from '../../src/wire/parseWire.js'
import { TransactionPage } from '../../src/wire/transaction.js'
import { expectCode } from '../helpers/expectCode.js'
import { createCustomer, fund, type Harness, quoteToUma, startHarness } from '../sandbox/harness.js'
import { issueCard } from '../sandbox/issueCard.js'
import { customerRelay } from './customerRelay.js'
import { signedInPage } from './signedInPage.js'

/** A customer and its page's client, signed in through the relay; `sent` counts what left the page. */
async function pageOf(h: Harness) {
  const customer = await createCustomer(h)
  const relay = customerRelay(h, customer.customerId)
  return signedInPage(h, customer, relay)
}

/** Ada with three payments received and one quote made (its payment pending), and Bob with one payment. */
async function history() {
  const h = await startHarness()
  const ada = await pageOf(h)
  const bob = await pageOf(h)
  for (const amount of [1_000_000, 2_000_000, 3_000_000]) await fund(h, ada.customer.accountId, amount)
  const quote = await quoteToUma(h, ada.customer.accountId, `$success.usd@${h.sandbox.config.umaDomain}`, {
    lockedCurrencyAmount: 500_000,
  })
  await fund(h, bob.customer.accountId, 4_000_000)
  const bobs = await h.call('GET', `/transactions?customerId=${bob.customer.customerId}`)
  const bobTransaction = (bobs.body.data as Array<{ id: string }>)[0]?.id ?? ''
  expect(bobTransaction).not.toBe('')
  return { h, ada, bob, outgoing: String(quote.transactionId), bobTransaction }
}

describe('transactions through relay and sandbox', () => {
  it('pages through the history with the cursor, newest first unless asked otherwise', async () => {
    const { ada, outgoing } = await history()
    const id = ada.customer.customerId
    const first = await ada.wallet.transactions.list(id, { limit: 3 })
    expect(first.data).toHaveLength(3)
    expect(first.hasMore).toBe(true)
    expect(first.nextCursor).toEqual(expect.any(String))
    const second = await ada.wallet.transactions.list(id, { limit: 3, cursor: first.nextCursor ?? '' })
    expect(second.hasMore).toBe(false)
    const paged = [...first.data, ...second.data]
    expect(paged).toHaveLength(4)
    expect(new Set(paged.map((transaction) => transaction.id)).size).toBe(4)
    expect(paged.every((transaction) => transaction.customerId === id)).toBe(true)
    // The newest (the quote's payment) comes first; ascending order is the same list backwards.
    expect(paged[0]?.id).toBe(outgoing)
    const ascending = await ada.wallet.transactions.list(id, { sortOrder: 'asc' })
    expect(ascending.data.map((transaction) => transaction.id)).toEqual(
      paged.map((transaction) => transaction.id).reverse(),
    )
    // Amounts read as the contract has them: the received ones, in USDB's smallest unit.
    const received = ascending.data.filter((transaction) => transaction.type === 'INCOMING')
    expect(received.map((transaction) => transaction.receivedAmount?.amount)).toEqual([
      1_000_000, 2_000_000, 3_000_000,
    ])
    expect(received[0]?.receivedAmount?.currency.code).toBe('USDB')
  })

  it('narrows the history by type and status, and the dates travel to the service', async () => {
    const { ada, outgoing } = await history()
    const id = ada.customer.customerId
    const ids = async (options: Parameters<typeof ada.wallet.transactions.list>[1]) =>
      (await ada.wallet.transactions.list(id, options)).data.map((transaction) => [
        transaction.type,
        transaction.status,
      ])
    expect(await ids({ type: 'OUTGOING' })).toEqual([['OUTGOING', 'PENDING']])
    expect(await ids({ type: 'INCOMING' })).toEqual([
      ['INCOMING', 'COMPLETED'],
      ['INCOMING', 'COMPLETED'],
      ['INCOMING', 'COMPLETED'],
    ])
    expect(await ids({ status: 'PENDING' })).toEqual([['OUTGOING', 'PENDING']])
    expect(await ids({ type: 'OUTGOING', status: 'COMPLETED' })).toEqual([])
    const dated = await ada.wallet.transactions.list(id, {
      startDate: '2000-01-01T00:00:00Z',
      endDate: '2100-01-01T00:00:00+01:00',
    })
    expect(dated.data.map((transaction) => transaction.id)).toContain(outgoing)
    const query = new URLSearchParams(ada.sent.at(-1)?.split('?')[1])
    expect([...query]).toEqual([
      ['customerId', id],
      ['startDate', '2000-01-01T00:00:00Z'],
      ['endDate', '2100-01-01T00:00:00+01:00'],
    ])
  })

  it('refuses a limit, a date or a filter the relay would refuse, before anything is sent', async () => {
    const { ada } = await history()
    const id = ada.customer.customerId
    const before = ada.sent.length
    for (const options of [
      { limit: 0 },
      { limit: 101 },
      { limit: 2.5 },
      { startDate: 'yesterday' },
      { endDate: '2026-01-01' },
      { type: 42 as never },
      { cursor: '' },
    ]) {
      await expectCode(() => ada.wallet.transactions.list(id, options), 'INVALID_ARGUMENT')
    }
    expect(ada.sent.length).toBe(before)
    expect((await ada.wallet.transactions.list(id, { limit: 100 })).data).toHaveLength(4)
  })

  it('reads one transaction by its id, as the list shows it', async () => {
    const { ada, outgoing } = await history()
    const listed = (await ada.wallet.transactions.list(ada.customer.customerId, { type: 'OUTGOING' })).data[0]
    const read = await ada.wallet.transactions.get(outgoing)
    expect(read).toEqual(listed)
    expect(read).toMatchObject({
      type: 'OUTGOING',
      direction: 'DEBIT',
      source: { sourceType: 'ACCOUNT', accountId: ada.customer.accountId },
      sentAmount: { amount: 500_000 },
    })
  })

  it("refuses, at the relay, another customer's history and transaction", async () => {
    const { ada, bob, bobTransaction } = await history()
    const other = bob.customer.customerId
    for (const call of [
      () => ada.wallet.transactions.list(other),
      () => ada.wallet.transactions.list(other, { type: 'INCOMING', limit: 1 }),
      () => ada.wallet.transactions.get(bobTransaction),
    ]) {
      expect((await expectCode(call, 'FORBIDDEN')).status).toBe(403)
    }
    // Bob reads his own.
    expect((await bob.wallet.transactions.get(bobTransaction)).customerId).toBe(other)
  })
})

describe('delegatedKeys.get through relay and sandbox', () => {
  it("reads a key of the customer's by its id, as it changes, and refuses another customer's", async () => {
    const h = await startHarness()
    const ada = await pageOf(h)
    const bob = await pageOf(h)
    const keyOf = async (page: typeof ada) => {
      const { customerId, accountId } = page.customer
      const cardId = await issueCard(h, { cardholderId: customerId, accountId })
      return page.wallet.delegatedKeys.create({ cardId, internalAccountId: accountId, nickname: 'Card key' })
    }
    const created = await keyOf(ada)
    const bobs = await keyOf(bob)
    expect(await ada.wallet.delegatedKeys.get(created.id)).toEqual(created)
    await ada.wallet.delegatedKeys.revoke(created.id)
    expect(await ada.wallet.delegatedKeys.get(created.id)).toMatchObject({
      id: created.id,
      status: 'REVOKED',
    })
    expect((await expectCode(() => ada.wallet.delegatedKeys.get(bobs.id), 'FORBIDDEN')).status).toBe(403)
    await expectCode(() => ada.wallet.delegatedKeys.get('DelegatedKey:nope'), 'FORBIDDEN')
  })
})

describe('a transaction page as the contract writes it', () => {
  const at = '2026-05-08T14:30:00Z'
  const usd = { amount: 1250, currency: { code: 'USD', decimals: 2 } }
  const party = { customerId: 'Customer:1', platformCustomerId: 'p-1' }
  const incoming = {
    id: 'Transaction:1',
    type: 'INCOMING',
    status: 'COMPLETED',
    direction: 'CREDIT',
    ...party,
    destination: { destinationType: 'ACCOUNT', accountId: 'InternalAccount:1' },
    receivedAmount: usd,
  }
  const card = {
    id: 'CardTransaction:1',
    type: 'CARD',
    status: 'AUTHORIZED',
    direction: 'DEBIT',
    ...party,
    merchant: { name: 'Café' },
    authorizedAmount: usd,
    accountId: 'InternalAccount:1',
    authorizedAt: at,
    createdAt: at,
    updatedAt: at,
  }
  const page = (data: unknown[], more: Record<string, unknown> = { hasMore: false }) =>
    parseWire(TransactionPage, { data, ...more }, 'TransactionPage')

  it('reads payments, card transactions, and a kind or status the service adds later', () => {
    const later = { ...incoming, id: 'Transaction:2', type: 'STANDING_ORDER', status: 'SCHEDULED' }
    const read = page([incoming, card, later], { hasMore: true, nextCursor: 'c2', totalCount: 9 })
    expect(read.data.map((transaction) => [transaction.type, transaction.status])).toEqual([
      ['INCOMING', 'COMPLETED'],
      ['CARD', 'AUTHORIZED'],
      ['STANDING_ORDER', 'SCHEDULED'],
    ])
    expect(read.data[1]?.merchant).toEqual({ name: 'Café' })
    expect(read.nextCursor).toBe('c2')
  })

  it.each<[string, unknown[], Record<string, unknown>?]>([
    ['an incoming payment without its received amount', [{ ...incoming, receivedAmount: undefined }]],
    ['an outgoing payment without its source', [{ ...incoming, type: 'OUTGOING', sentAmount: usd }]],
    ['a card transaction without its merchant', [{ ...card, merchant: undefined }]],
    ['a transaction of no customer', [{ ...incoming, customerId: undefined }]],
    [
      'an amount in fractions of the smallest unit',
      [{ ...incoming, receivedAmount: { ...usd, amount: 12.5 } }],
    ],
  ])('refuses %s', (_what, data, more) => {
    expect(() => page(data, more)).toThrowError(expect.objectContaining({ code: 'INVALID_RESPONSE' }))
  })

  it('is refused by the client when it says there is more with no cursor to reach it', async () => {
    const answering = (body: unknown) =>
      createWalletAuth({
        baseUrl: 'http://app.test/wallet',
        fetch: async () => Response.json(body),
        keyStore: createKeyStore({ indexedDB: null }),
      })
    await expectCode(
      () => answering({ data: [incoming], hasMore: true }).transactions.list('Customer:1'),
      'INVALID_RESPONSE',
    )
    const last = await answering({ data: [incoming], hasMore: false }).transactions.list('Customer:1')
    expect(last.data.map((transaction) => transaction.id)).toEqual(['Transaction:1'])
  })
})
