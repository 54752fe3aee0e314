// The sandbox's Idempotency-Key as the contract has it (the Idempotency section of the API's
// README): a key belongs to the route it was sent on, and to the quote an execute names, so that
// a key used on one never answers another; a 2xx or a 4xx is kept and answered again, status and
// body; and a repeated key answers the first request's answer even when the body changed.
import { describe, expect, it } from 'vitest'
import {
  balance,
  createCustomer,
  createExternalAccount,
  fund,
  type Harness,
  quoteOf,
  quoteToUma,
  type Reply,
  SIGNED,
  startHarness,
} from './harness.js'

const UMA = '$success.usd@sandbox.uma.example'
/** 50 USDB: wallets hold USDB, whose smallest unit is a millionth. */
const FUNDS = 50_000_000

/** A US customer's wallet (funded unless `funds` is 0), its USD account and a bank account of hers. */
async function payer(h: Harness, funds = FUNDS) {
  const customer = await createCustomer(h, {
    address: { line1: '1 Main St', city: 'Town', postalCode: '12345', country: 'US' },
  })
  if (funds > 0) await fund(h, customer.accountId, funds)
  const accounts = await h.call(
    'GET',
    `/customers/internal-accounts?customerId=${customer.customerId}&currency=USD`,
  )
  const usd = (accounts.body.data as Array<{ id: string }>)[0]?.id as string
  const bank = await createExternalAccount(h, customer.customerId, '000123456789')
  return { ...customer, usd, bank }
}

const quoteBody = (accountId: string, amount = 10_000_000) => ({
  source: { sourceType: 'ACCOUNT', accountId },
  destination: { destinationType: 'UMA_ADDRESS', umaAddress: UMA },
  lockedCurrencySide: 'SENDING',
  lockedCurrencyAmount: amount,
})

describe('an Idempotency-Key belongs to its route', () => {
  it('a key used to create a quote does not answer its execute, nor the reverse', async () => {
    const h = await startHarness()
    const { accountId } = await payer(h)
    const key = { 'Idempotency-Key': 'order-1' }
    const created = quoteOf(await h.call('POST', '/quotes', quoteBody(accountId), key), 201)
    const executed = await h.call('POST', `/quotes/${created.id}/execute`, {}, { ...SIGNED, ...key })
    // The execute ran: not the creation's 201 and PENDING quote answered again.
    expect(quoteOf(executed).status).toBe('PROCESSING')
    expect(await balance(h, accountId)).toBe(FUNDS - created.totalSendingAmount)

    const other = await quoteToUma(h, accountId, UMA)
    const reverse = { 'Idempotency-Key': 'order-2' }
    const paid = await h.call('POST', `/quotes/${other.id}/execute`, {}, { ...SIGNED, ...reverse })
    expect(quoteOf(paid).id).toBe(other.id)
    const fresh = quoteOf(await h.call('POST', '/quotes', quoteBody(accountId), reverse), 201)
    expect([fresh.id === other.id, fresh.status]).toEqual([false, 'PENDING'])
  })

  it('a key used on each money route in turn answers each with its own answer', async () => {
    const h = await startHarness()
    const { accountId, usd, bank } = await payer(h)
    await fund(h, usd, 20_000)
    const key = { 'Idempotency-Key': 'shared' }
    const quote = await quoteToUma(h, accountId, UMA)
    const transfer = { source: { accountId: bank }, destination: { accountId: usd }, amount: 500 }
    const out = { source: { accountId: usd }, destination: { accountId: bank }, amount: 700 }
    const replies = [
      await h.call('POST', '/quotes', quoteBody(accountId), key),
      await h.call('POST', `/quotes/${quote.id}/execute`, {}, { ...SIGNED, ...key }),
      await h.call('POST', '/transfer-in', transfer, key),
      await h.call('POST', '/transfer-out', out, key),
    ]
    expect(replies.map(({ status }) => status)).toEqual([201, 200, 201, 201])
    const ids = replies.map(({ body }) => body.id)
    expect(new Set(ids).size).toBe(4)
    expect(ids[1]).toBe(quote.id)
    expect(replies.slice(2).map(({ body }) => (body.sentAmount as { amount: number }).amount)).toEqual([
      500, 700,
    ])
  })

  it('a key used to execute one quote executes another quote it is sent for', async () => {
    const h = await startHarness()
    const { accountId } = await payer(h)
    const [first, second] = [await quoteToUma(h, accountId, UMA), await quoteToUma(h, accountId, UMA)]
    const headers = { ...SIGNED, 'Idempotency-Key': 'pay' }
    const paidFirst = await h.call('POST', `/quotes/${first.id}/execute`, {}, headers)
    const paidSecond = await h.call('POST', `/quotes/${second.id}/execute`, {}, headers)
    expect([quoteOf(paidFirst).id, quoteOf(paidSecond).id]).toEqual([first.id, second.id])
    expect(quoteOf(paidSecond).status).toBe('PROCESSING')
    expect(await balance(h, accountId)).toBe(FUNDS - first.totalSendingAmount - second.totalSendingAmount)
    // And on its own quote the key still answers the first execute.
    expect(await h.call('POST', `/quotes/${first.id}/execute`, {}, headers)).toEqual(paidFirst)
  })
})

describe('what a key keeps', () => {
  it('a 4xx: the refused transfer is refused again after the money arrived, a new key moves it', async () => {
    const h = await startHarness()
    const { usd, bank } = await payer(h, 0)
    const out = { source: { accountId: usd }, destination: { accountId: bank }, amount: 700 }
    const send = (key: string) => h.call('POST', '/transfer-out', out, { 'Idempotency-Key': key })
    const refused = await send('rent')
    expect([refused.status, refused.body.code]).toEqual([400, 'INVALID_AMOUNT'])
    await fund(h, usd, 20_000)
    expect(await send('rent')).toEqual(refused)
    expect((await send('rent-again')).status).toBe(201)
    expect(await balance(h, usd)).toBe(20_000 - 700)
  })

  it('a 4xx of an execute: the same key is refused again, status and body, after funding', async () => {
    const h = await startHarness()
    const { accountId } = await payer(h, 0)
    const quote = await quoteToUma(h, accountId, UMA)
    const execute = (key: string): Promise<Reply> =>
      h.call('POST', `/quotes/${quote.id}/execute`, {}, { ...SIGNED, 'Idempotency-Key': key })
    const refused = await execute('pay')
    expect([refused.status, refused.body.code]).toEqual([400, 'INVALID_AMOUNT'])
    await fund(h, accountId, FUNDS)
    expect(await execute('pay')).toEqual(refused)
    expect(quoteOf(await execute('pay-again')).status).toBe('PROCESSING')
  })

  it('the first answer, when the same key comes back with another body (the contract names no refusal)', async () => {
    const h = await startHarness()
    const { accountId } = await payer(h)
    const key = { 'Idempotency-Key': 'order-9' }
    const first = await h.call('POST', '/quotes', quoteBody(accountId, 10_000_000), key)
    expect(first.status).toBe(201)
    expect(await h.call('POST', '/quotes', quoteBody(accountId, 20_000_000), key)).toEqual(first)
  })
})
