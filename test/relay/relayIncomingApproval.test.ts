// Approving and rejecting an incoming payment through the relay, in front of the real sandbox: the
// transaction's customer is the one judged (the integrator's records, or isOwnedBy reading the
// transaction), so one customer can neither approve nor reject another's payment, and the bodies
// are checked against the contract before anything is forwarded.
import { afterEach, describe, expect, it } from 'vitest'
import { createRelay, type RelayAuthorize, type RelayTarget } from '../../src/relay/index.js'
import { type SlowEndpoint, startSlowEndpoint } from '../sandbox/slowEndpoint.js'
import { json, type RelayHarness, startRelayHarness, type TestUser, USER_HEADER } from './relayHarness.js'

const open: Array<{ r: RelayHarness; endpoint: SlowEndpoint }> = []
afterEach(async () => {
  for (const { r, endpoint } of open.splice(0)) {
    await r.h.sandbox.close()
    await endpoint.close()
  }
})

/** A relay harness whose sandbox's webhook endpoint answers every PENDING 202 (the platform decides later). */
async function start() {
  const endpoint = await startSlowEndpoint((arrival) =>
    arrival.answer(arrival.type === 'INCOMING_PAYMENT.PENDING' ? 202 : 200),
  )
  const r = await startRelayHarness({}, { webhookEndpoint: endpoint.url, log: () => {} })
  open.push({ r, endpoint })
  const ada = await r.addUser('ada')
  const bob = await r.addUser('bob')
  return { r, ada, bob }
}

/** A payment to `user`, waiting for the platform; the integrator records it as the user's. */
async function pendingPayment(r: RelayHarness, user: TestUser): Promise<string> {
  const received = await r.h.call('POST', '/sandbox/uma/receive', {
    senderUmaAddress: '$grace@far.example',
    customerId: user.customerId,
    receivingCurrencyCode: 'USD',
    receivingCurrencyAmount: 900,
  })
  expect(received.body.status).toBe('PENDING')
  const id = String(received.body.id)
  user.owned.transactionIds.add(id)
  return id
}

/** A relay before `r`'s sandbox whose hook is `isOwnedBy(the signed-in user's customer)`. */
function ownershipRelay(r: RelayHarness, customers: Map<string, string>, targets: RelayTarget[]) {
  const authorize: RelayAuthorize = async (request, target, { isOwnedBy }) => {
    targets.push(target)
    const customerId = customers.get(request.headers.get(USER_HEADER) ?? '')
    return customerId !== undefined && isOwnedBy(customerId)
  }
  const relay = createRelay({ ...r.h.testing.relayOptions, authorize, onError: () => {} })
  return (as: string, path: string, body?: unknown) =>
    relay(
      new Request(`http://app.test${path}`, {
        ...json('POST', body),
        headers: { 'Content-Type': 'application/json', [USER_HEADER]: as },
      }),
    )
}

describe('incoming payment approval through the relay', { timeout: 60_000 }, () => {
  it("forwards the customer's own approve and reject, and shows the hook the transaction", async () => {
    const { r, ada } = await start()
    const first = await pendingPayment(r, ada)
    const second = await pendingPayment(r, ada)
    const page = r.browser('ada')
    const approved = await page(`${r.appBase}/transactions/${first}/approve`, json('POST', {}))
    expect(approved.status).toBe(200)
    expect(await approved.json()).toMatchObject({ id: first, status: 'COMPLETED' })
    expect(r.targets.at(-1)).toEqual({
      operation: 'POST /transactions/{transactionId}/approve',
      transactionId: first,
      body: {},
    })
    // No body at all is the contract's optional body too.
    const rejected = await page(`${r.appBase}/transactions/${second}/reject`, { method: 'POST' })
    expect(rejected.status).toBe(200)
    expect(await rejected.json()).toMatchObject({ id: second, status: 'FAILED' })
  })

  it("refuses another customer's payment (integrator records): nothing reaches the service", async () => {
    const { r, ada } = await start()
    const adas = await pendingPayment(r, ada)
    const upstream = r.upstream.length
    const page = r.browser('bob')
    for (const action of ['approve', 'reject']) {
      expect((await page(`${r.appBase}/transactions/${adas}/${action}`, json('POST', {}))).status).toBe(403)
    }
    expect(r.upstream.length).toBe(upstream)
    const read = await r.h.call('GET', `/transactions/${adas}`)
    expect(read.body.status).toBe('PENDING')
  })

  it("isOwnedBy reads the transaction's customer: another's is refused, the owner's goes through", async () => {
    const { r, ada, bob } = await start()
    const adas = await pendingPayment(r, ada)
    const targets: RelayTarget[] = []
    const customers = new Map([
      ['ada', ada.customerId],
      ['bob', bob.customerId],
    ])
    const asUser = ownershipRelay(r, customers, targets)
    expect((await asUser('bob', `/transactions/${adas}/approve`, {})).status).toBe(403)
    expect((await asUser('bob', `/transactions/${adas}/reject`, { reason: 'NOT_MINE' })).status).toBe(403)
    expect((await r.h.call('GET', `/transactions/${adas}`)).body.status).toBe('PENDING')
    const rejected = await asUser('ada', `/transactions/${adas}/reject`, {
      reason: 'RESTRICTED_JURISDICTION',
    })
    expect(rejected.status).toBe(200)
    expect(await rejected.json()).toMatchObject({ id: adas, status: 'FAILED' })
  })

  it.each([
    ['approve', { receiverCustomerInfo: 'GB' }],
    ['approve', { receiverCustomerInfo: {}, note: 'extra' }],
    ['reject', { reason: 5 }],
    ['reject', { reason: '' }],
    ['reject', { reason: 'X', receiverCustomerInfo: {} }],
  ])('refuses a %s body the contract does not define: %j', async (action, body) => {
    const { r, ada } = await start()
    const id = await pendingPayment(r, ada)
    const upstream = r.upstream.length
    const answer = await r.browser('ada')(`${r.appBase}/transactions/${id}/${action}`, json('POST', body))
    expect(answer.status).toBe(400)
    expect(r.upstream.length).toBe(upstream)
  })
})
