// Incoming UMA payments the platform approves or rejects: `POST /sandbox/uma/receive` with a webhook
// endpoint sends `INCOMING_PAYMENT.PENDING` once, and the endpoint's answer (200, 202, 403, an
// error) or a later `POST /transactions/{id}/approve|reject` decides the payment, within a window
// measured on the sandbox clock. Every answer is checked against the contract (the harness), and
// every webhook the endpoint received too.

import { afterEach, describe, expect, it, vi } from 'vitest'
import { webhookProblems } from '../contract/webhookSchemas.js'
import { balance, createCustomer, type Harness, startHarness } from './harness.js'
import { type Arrival, type SlowEndpoint, startSlowEndpoint } from './slowEndpoint.js'

const POLL = { timeout: 20_000, interval: 20 }
const open: Array<{ h: Harness; endpoint: SlowEndpoint }> = []

afterEach(async () => {
  for (const { h, endpoint } of open.splice(0)) {
    await h.sandbox.close()
    await endpoint.close()
    expect(endpoint.arrivals.flatMap((arrival) => webhookProblems(JSON.parse(arrival.body)))).toEqual([])
  }
})

/**
 * A sandbox whose webhook endpoint answers each `INCOMING_PAYMENT.PENDING` with `pending(arrival)`
 * (a status, or nothing to leave it unanswered for the test to answer) and every other event 200.
 */
async function start(pending: (arrival: Arrival) => number | undefined, options = {}) {
  const endpoint = await startSlowEndpoint((arrival) => {
    if (arrival.type !== 'INCOMING_PAYMENT.PENDING') return arrival.answer(200)
    const status = pending(arrival)
    if (status !== undefined) arrival.answer(status)
  })
  const logged: string[] = []
  const h = await startHarness({
    webhookEndpoint: endpoint.url,
    log: (line) => logged.push(line),
    ...options,
  })
  open.push({ h, endpoint })
  const ada = await createCustomer(h, { fullName: 'Ada Lovelace' })
  const receive = (amount = 1_250) =>
    h.call('POST', '/sandbox/uma/receive', {
      senderUmaAddress: '$grace@far.example',
      customerId: ada.customerId,
      receivingCurrencyCode: 'USD',
      receivingCurrencyAmount: amount,
    })
  const arrived = (type: string, id?: string) =>
    endpoint.arrivals.filter(
      (arrival) => arrival.type === type && (id === undefined || JSON.parse(arrival.body).data.id === id),
    )
  const waitForEvent = (type: string, id: string) =>
    vi.waitFor(() => expect(arrived(type, id)).toHaveLength(1), POLL)
  return { h, endpoint, ada, receive, arrived, waitForEvent, logged }
}

const approve = (h: Harness, id: string, body?: unknown) =>
  h.call('POST', `/transactions/${id}/approve`, body)
const reject = (h: Harness, id: string, body?: unknown) => h.call('POST', `/transactions/${id}/reject`, body)
const accountOf = (transaction: Record<string, unknown>) =>
  (transaction.destination as { accountId: string }).accountId

describe('an incoming UMA payment without a webhook endpoint', () => {
  it('completes at once and is credited, with nothing to approve', async () => {
    const h = await startHarness()
    const ada = await createCustomer(h)
    const received = await h.call('POST', '/sandbox/uma/receive', {
      senderUmaAddress: '$grace@far.example',
      customerId: ada.customerId,
      receivingCurrencyCode: 'USD',
      receivingCurrencyAmount: 700,
    })
    expect(received).toMatchObject({ status: 200, body: { type: 'INCOMING', status: 'COMPLETED' } })
    expect(await balance(h, accountOf(received.body))).toBe(700)
    const again = await approve(h, String(received.body.id))
    expect(again).toMatchObject({ status: 409, body: { code: 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL' } })
    await h.sandbox.close()
  })
})

describe('the endpoint answers INCOMING_PAYMENT.PENDING', { timeout: 60_000 }, () => {
  it('200: the payment completes and is credited; the PENDING webhook came once, before it', async () => {
    const { h, receive, arrived, waitForEvent } = await start(() => 200)
    const received = await receive()
    expect(received).toMatchObject({ status: 200, body: { status: 'COMPLETED' } })
    const id = String(received.body.id)
    const [pending] = arrived('INCOMING_PAYMENT.PENDING', id)
    expect(JSON.parse(pending?.body ?? '{}').data).toMatchObject({ id, status: 'PENDING', type: 'INCOMING' })
    await waitForEvent('INCOMING_PAYMENT.COMPLETED', id)
    expect(await balance(h, accountOf(received.body))).toBe(1_250)
    expect((await approve(h, id)).status).toBe(409)
  })

  it('403: the payment fails, with no failure reason and nothing credited', async () => {
    const { h, receive, waitForEvent } = await start(() => 403)
    const received = await receive()
    expect(received).toMatchObject({ status: 200, body: { status: 'FAILED' } })
    expect(received.body.failureReason).toBeUndefined()
    await waitForEvent('INCOMING_PAYMENT.FAILED', String(received.body.id))
    expect(await balance(h, accountOf(received.body))).toBe(0)
  })

  it.each([500, 409, 400])('%i: the payment fails with PAYMENT_APPROVAL_WEBHOOK_ERROR', async (status) => {
    const { h, receive } = await start(() => status)
    const received = await receive()
    expect(received.body).toMatchObject({ status: 'FAILED', failureReason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR' })
    expect(await balance(h, accountOf(received.body))).toBe(0)
  })

  it('never retries the PENDING webhook, whatever the answer and however far the clock moves', async () => {
    const { h, receive, arrived, waitForEvent } = await start(() => 500)
    const received = await receive()
    const id = String(received.body.id)
    await waitForEvent('INCOMING_PAYMENT.FAILED', id)
    h.sandbox.clock.advance(60 * 60_000)
    // A retry due by now would have been queued by the move, before this next payment's webhook.
    const next = String((await receive()).body.id)
    await waitForEvent('INCOMING_PAYMENT.PENDING', next)
    expect(arrived('INCOMING_PAYMENT.PENDING', id)).toHaveLength(1)
    expect(arrived('INCOMING_PAYMENT.FAILED', id)).toHaveLength(1)
  })

  it('no answer within webhookTimeoutMs: the payment fails with PAYMENT_APPROVAL_WEBHOOK_ERROR, asked once', async () => {
    const { receive, arrived } = await start(() => undefined, { webhookTimeoutMs: 200 })
    const received = await receive()
    expect(received.body).toMatchObject({ status: 'FAILED', failureReason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR' })
    expect(arrived('INCOMING_PAYMENT.PENDING')).toHaveLength(1)
  })
})

describe('202, then the platform decides', { timeout: 60_000 }, () => {
  it('approve: 200 with the payment COMPLETED and credited; a second decision is 409', async () => {
    const { h, receive, waitForEvent } = await start(() => 202)
    const received = await receive()
    expect(received).toMatchObject({ status: 200, body: { status: 'PENDING' } })
    const id = String(received.body.id)
    expect(await balance(h, accountOf(received.body))).toBe(0)
    const approved = await approve(h, id, { receiverCustomerInfo: { NATIONALITY: 'GB' } })
    expect(approved).toMatchObject({ status: 200, body: { id, status: 'COMPLETED' } })
    expect(approved.body.settledAt).toEqual(expect.any(String))
    expect(await balance(h, accountOf(received.body))).toBe(1_250)
    await waitForEvent('INCOMING_PAYMENT.COMPLETED', id)
    for (const again of [await approve(h, id), await reject(h, id)]) {
      expect(again).toMatchObject({
        status: 409,
        body: { code: 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL' },
      })
    }
  })

  it('reject (with or without a reason): 200 with the payment FAILED, nothing credited', async () => {
    const { h, receive, waitForEvent, logged } = await start(() => 202)
    const first = await receive()
    const second = await receive()
    const rejected = await reject(h, String(first.body.id), { reason: 'RESTRICTED_JURISDICTION' })
    expect(rejected).toMatchObject({ status: 200, body: { id: first.body.id, status: 'FAILED' } })
    expect(rejected.body.failureReason).toBeUndefined()
    expect(logged.some((line) => line.includes('RESTRICTED_JURISDICTION'))).toBe(true)
    expect(await reject(h, String(second.body.id))).toMatchObject({ status: 200, body: { status: 'FAILED' } })
    await waitForEvent('INCOMING_PAYMENT.FAILED', String(first.body.id))
    expect(await balance(h, accountOf(first.body))).toBe(0)
    expect((await approve(h, String(first.body.id))).status).toBe(409)
  })

  it('times out on the sandbox clock: PENDING until the window ends, then FAILED PAYMENT_APPROVAL_TIMED_OUT', async () => {
    const { h, receive, waitForEvent, arrived } = await start(() => 202)
    const received = await receive()
    const id = String(received.body.id)
    h.sandbox.clock.advance(4_999)
    expect((await h.call('GET', `/transactions/${id}`)).body.status).toBe('PENDING')
    expect(arrived('INCOMING_PAYMENT.FAILED', id)).toHaveLength(0)
    h.sandbox.clock.advance(1)
    const read = await h.call('GET', `/transactions/${id}`)
    expect(read.body).toMatchObject({ status: 'FAILED', failureReason: 'PAYMENT_APPROVAL_TIMED_OUT' })
    await waitForEvent('INCOMING_PAYMENT.FAILED', id)
    const late = await approve(h, id)
    expect(late).toMatchObject({ status: 409, body: { code: 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL' } })
    expect(await balance(h, accountOf(received.body))).toBe(0)
  })

  it('takes its window from incomingPaymentApprovalWindowMs', async () => {
    const { h, receive } = await start(() => 202, { incomingPaymentApprovalWindowMs: 60_000 })
    const received = await receive()
    h.sandbox.clock.advance(59_000)
    const approved = await approve(h, String(received.body.id))
    expect(approved).toMatchObject({ status: 200, body: { status: 'COMPLETED' } })
  })

  it('of an approve and a reject sent at once, exactly one wins; the other is 409', async () => {
    const { h, receive } = await start(() => 202)
    for (let round = 0; round < 4; round += 1) {
      const id = String((await receive()).body.id)
      // Both requests are in flight together; which one the sandbox takes first is not fixed.
      const [approved, rejected] = await Promise.all([approve(h, id), reject(h, id)])
      expect([approved.status, rejected.status].sort()).toEqual([200, 409])
      const final = (await h.call('GET', `/transactions/${id}`)).body.status
      expect(final).toBe(approved.status === 200 ? 'COMPLETED' : 'FAILED')
    }
  })

  it('an approve that comes before the answer decides; the answer then changes nothing', async () => {
    const { h, endpoint, receive } = await start(() => undefined)
    const receiving = receive()
    await vi.waitFor(() => expect(endpoint.unanswered()).toHaveLength(1), POLL)
    const [held] = endpoint.unanswered()
    const id = JSON.parse(held?.body ?? '{}').data.id as string
    expect((await approve(h, id)).status).toBe(200)
    held?.answer(403)
    const received = await receiving
    expect(received.body).toMatchObject({ id, status: 'COMPLETED' })
  })
})

describe('approve and reject of what is not waiting', () => {
  it('409 for an outgoing or funded transaction, 404 for none, 400 for a body of the wrong shape', async () => {
    const { h, ada, receive } = await start(() => 202)
    await h.testing.fund(ada.accountId, 5_000_000)
    const list = await h.call('GET', `/transactions?customerId=${ada.customerId}&status=COMPLETED`)
    const [funded] = list.body.data as Array<{ id: string }>
    expect((await approve(h, String(funded?.id))).body.code).toBe('TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL')
    expect((await approve(h, 'Transaction:00000000-0000-4000-8000-000000000000')).status).toBe(404)
    const pending = String((await receive()).body.id)
    expect((await reject(h, pending, { reason: 5 })).status).toBe(400)
    expect((await approve(h, pending, { receiverCustomerInfo: 'GB' })).status).toBe(400)
    expect((await approve(h, pending, '{')).status).toBe(400)
    // A refused body decided nothing.
    expect((await h.call('GET', `/transactions/${pending}`)).body.status).toBe('PENDING')
  })
})
