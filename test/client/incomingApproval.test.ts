// Approving and rejecting an incoming payment from a page, in both modes: the page's own client
// (page mode) and the signer's closed list of methods the framed client calls (signer mode), each
// through the integrator's relay in front of the in-process sandbox, whose webhook endpoint answers
// every INCOMING_PAYMENT.PENDING 202 (the platform decides later).
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import type { WalletAuth } from '../../src/client/index.js'
import { SIGNER_METHODS, type SignerIo } from '../../src/signer/signerMethods.js'
import { expectCode } from '../helpers/expectCode.js'
import { createCustomer, type Harness, startHarness } from '../sandbox/harness.js'
import { type SlowEndpoint, startSlowEndpoint } from '../sandbox/slowEndpoint.js'
import { customerRelay } from './customerRelay.js'
import { signedInPage } from './signedInPage.js'

const open: Array<{ h: Harness; endpoint: SlowEndpoint }> = []
afterEach(async () => {
  for (const { h, endpoint } of open.splice(0)) {
    await h.sandbox.close()
    await endpoint.close()
  }
})

/** A sandbox whose platform answers 202, and Ada and Bob signed in on their pages. */
async function pages() {
  const endpoint = await startSlowEndpoint((arrival) =>
    arrival.answer(arrival.type === 'INCOMING_PAYMENT.PENDING' ? 202 : 200),
  )
  const h = await startHarness({ webhookEndpoint: endpoint.url, log: () => {} })
  open.push({ h, endpoint })
  const page = async () => {
    const customer = await createCustomer(h)
    return signedInPage(h, customer, customerRelay(h, customer.customerId))
  }
  const ada = await page()
  const bob = await page()
  const pending = async (customerId: string) => {
    const received = await h.call('POST', '/sandbox/uma/receive', {
      senderUmaAddress: '$grace@far.example',
      customerId,
      receivingCurrencyCode: 'USD',
      receivingCurrencyAmount: 4_200,
    })
    expect(received.body.status).toBe('PENDING')
    return String(received.body.id)
  }
  return { h, ada, bob, pending }
}

/** `SIGNER_METHODS` as the signer runs them for the framed client, with `wallet` as its own client. */
function signerRun(wallet: WalletAuth) {
  const io = { dialog: {}, callback: async () => undefined, prepared: new Map() } as unknown as SignerIo
  return (method: string, ...args: unknown[]) => {
    const found = SIGNER_METHODS[method]
    if (!found) throw new Error(`no signer method ${method}`)
    return found(wallet, args, io)
  }
}

describe('transactions.approve and reject, page mode', { timeout: 60_000 }, () => {
  it("approves and rejects the customer's own payments, each answered with the transaction", async () => {
    const { h, ada, pending } = await pages()
    const first = await pending(ada.customer.customerId)
    const second = await pending(ada.customer.customerId)
    const approved = await ada.wallet.transactions.approve(first, {
      receiverCustomerInfo: { NATIONALITY: 'GB' },
    })
    expect(approved).toMatchObject({ id: first, type: 'INCOMING', status: 'COMPLETED' })
    const rejected = await ada.wallet.transactions.reject(second, { reason: 'RESTRICTED_JURISDICTION' })
    expect(rejected).toMatchObject({ id: second, status: 'FAILED' })
    expect(ada.sent.slice(-2)).toEqual([
      `POST /wallet/transactions/${encodeURIComponent(first)}/approve`,
      `POST /wallet/transactions/${encodeURIComponent(second)}/reject`,
    ])
    // Decided: a second decision is the service's 409, its code kept.
    const again = await expectCode(
      () => ada.wallet.transactions.reject(first),
      'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL',
    )
    expect(again.status).toBe(409)
    expect((await h.call('GET', `/transactions/${first}`)).body.status).toBe('COMPLETED')
  })

  it("is refused at the relay for another customer's payment, which stays pending", async () => {
    const { h, ada, bob, pending } = await pages()
    const bobs = await pending(bob.customer.customerId)
    for (const call of [
      () => ada.wallet.transactions.approve(bobs),
      () => ada.wallet.transactions.reject(bobs, { reason: 'NOT_MINE' }),
    ]) {
      expect((await expectCode(call, 'FORBIDDEN')).status).toBe(403)
    }
    expect((await h.call('GET', `/transactions/${bobs}`)).body.status).toBe('PENDING')
    expect(await bob.wallet.transactions.approve(bobs)).toMatchObject({ status: 'COMPLETED' })
  })

  it.each<[string, (wallet: WalletAuth) => Promise<unknown>]>([
    [
      'receiverCustomerInfo that is not an object',
      (w) => w.transactions.approve('Transaction:1', { receiverCustomerInfo: 'GB' as never }),
    ],
    [
      'receiverCustomerInfo that is a list',
      (w) => w.transactions.approve('Transaction:1', { receiverCustomerInfo: [] as never }),
    ],
    ['an empty reason', (w) => w.transactions.reject('Transaction:1', { reason: '' })],
    ['a reason that is not text', (w) => w.transactions.reject('Transaction:1', { reason: 7 as never })],
  ])('refuses %s before anything is sent', async (_what, make) => {
    const { ada } = await pages()
    const before = ada.sent.length
    await expectCode(() => make(ada.wallet), 'INVALID_ARGUMENT')
    expect(ada.sent.length).toBe(before)
  })
})

describe('transactions.approve and reject, signer mode', { timeout: 60_000 }, () => {
  it('are methods the framed client sends and the signer knows', () => {
    const source = readFileSync(
      new URL('../../src/signer-client/createFramedWalletAuth.ts', import.meta.url),
      'utf8',
    )
    const names = [...source.matchAll(/(?:plain|call)\(\s*'([\w.]+)'/g)].map(([, name]) => name ?? '')
    for (const name of ['transactions.approve', 'transactions.reject']) {
      expect(names).toContain(name)
      expect(Object.hasOwn(SIGNER_METHODS, name)).toBe(true)
    }
  })

  it("runs the page's approve and reject with the signer's client, refusing another's payment", async () => {
    const { h, ada, bob, pending } = await pages()
    const run = signerRun(ada.wallet)
    const first = await pending(ada.customer.customerId)
    const second = await pending(ada.customer.customerId)
    expect(
      await run('transactions.approve', first, { receiverCustomerInfo: { NATIONALITY: 'GB' } }),
    ).toMatchObject({
      id: first,
      status: 'COMPLETED',
    })
    expect(await run('transactions.reject', second)).toMatchObject({ id: second, status: 'FAILED' })
    const bobs = await pending(bob.customer.customerId)
    await expectCode(() => run('transactions.approve', bobs), 'FORBIDDEN')
    expect((await h.call('GET', `/transactions/${bobs}`)).body.status).toBe('PENDING')
  })

  it.each<[string, string, unknown[]]>([
    ['a transaction that is not text', 'transactions.approve', [{ id: 'Transaction:1' }]],
    ['options that are not an object', 'transactions.reject', ['Transaction:1', 'RESTRICTED']],
  ])('refuses %s before anything is sent', async (_what, method, args) => {
    const { ada } = await pages()
    const before = ada.sent.length
    await expectCode(() => signerRun(ada.wallet)(method, ...args), 'SIGNER_REFUSED')
    expect(ada.sent.length).toBe(before)
  })
})
