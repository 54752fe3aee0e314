// The sandbox's webhook delivery against a real endpoint on localhost that answers when the test
// says so: never more than 8 connections open to it, a slow endpoint never sent an event again
// while the first delivery is open (and the redelivery is the same bytes), TEST and a pending
// incoming payment sent once. The clock stands still unless a test moves it.

import { afterEach, describe, expect, it } from 'vitest'
import { WEBHOOK_MAX_IN_FLIGHT } from '../../src/sandbox/webhooks/retryPolicy.js'
import {
  startTestSandbox,
  type TestSandbox,
  type TestSandboxOptions,
} from '../../src/testing/startTestSandbox.js'
import { contractFetch } from '../contract/contractFetch.js'
import { webhookProblems } from '../contract/webhookSchemas.js'
import { type Arrival, type SlowEndpoint, startSlowEndpoint } from './slowEndpoint.js'

const START = Date.parse('2026-03-02T09:00:00Z')
const HOUR = 60 * 60_000
// Real-time bounds on waits for conditions: generous, for a busy machine.
const WAIT = { timeout: 20_000 }

const opened: Array<{ close(): Promise<void> }> = []
const endpoints: SlowEndpoint[] = []

afterEach(async () => {
  await Promise.all(opened.splice(0).map((thing) => thing.close()))
  const all = endpoints.splice(0)
  await Promise.all(all.map((endpoint) => endpoint.close()))
  // Whatever a test looked at, every delivery was a contract webhook.
  for (const endpoint of all) {
    const problems = endpoint.arrivals.flatMap((arrival) => webhookProblems(JSON.parse(arrival.body)))
    expect(problems).toEqual([])
  }
})

async function endpoint(onArrival: (arrival: Arrival, endpoint: SlowEndpoint) => void) {
  const started = await startSlowEndpoint(onArrival)
  endpoints.push(started)
  return started
}

async function sandboxFor(options: TestSandboxOptions): Promise<TestSandbox> {
  const sandbox = await startTestSandbox({ now: () => START, ...options })
  opened.push(sandbox)
  return sandbox
}

const ofType = (endpoint: SlowEndpoint, type: string) =>
  endpoint.arrivals.filter((arrival) => arrival.type === type)

// Each test has a timeout of its own (60 s): it does real network work, a sandbox delivering to
// an endpoint over sockets on localhost, which a loaded machine can slow past Vitest's 5 s default.
describe('webhook delivery to a slow endpoint', () => {
  it(`keeps at most ${WEBHOOK_MAX_IN_FLIGHT} connections open to the endpoint, delivering every event once`, async () => {
    const funds = 15
    // The endpoint answers its oldest delivery only when a full load is open: with no bound, the
    // sandbox's burst would open far more than that at once.
    const slow = await endpoint((_arrival, self) => {
      const waiting = self.unanswered()
      if (waiting.length >= WEBHOOK_MAX_IN_FLIGHT) waiting[0]?.answer(200)
    })
    const sandbox = await sandboxFor({ webhookEndpoint: slow.url })
    const ada = await sandbox.createCustomer()
    for (let index = 0; index < funds; index += 1) await sandbox.fund(ada.accountId, 1_000 + index)
    await expect
      .poll(
        () => [
          ofType(slow, 'INCOMING_PAYMENT.COMPLETED').length,
          ofType(slow, 'INTERNAL_ACCOUNT.BALANCE_UPDATED').length,
        ],
        WAIT,
      )
      .toEqual([funds, funds])
    for (const arrival of slow.unanswered()) arrival.answer(200)
    await expect.poll(() => slow.connections.open, WAIT).toBe(0)
    expect(slow.connections.most).toBe(WEBHOOK_MAX_IN_FLIGHT)
    const ids = slow.arrivals.map((arrival) => arrival.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(slow.overlaps).toEqual([])
  }, 60_000)

  it('never sends an event again while its timed-out delivery is open; the redelivery is the same bytes', async () => {
    const logs: string[] = []
    let heldFirst = false
    const slow = await endpoint((arrival) => {
      if (arrival.type === 'CUSTOMER.KYC_APPROVED' && !heldFirst) heldFirst = true
      else arrival.answer(200)
    })
    const sandbox = await sandboxFor({
      webhookEndpoint: slow.url,
      webhookTimeoutMs: 100,
      log: (line) => logs.push(line),
    })
    const ada = await sandbox.createCustomer()
    await expect
      .poll(
        () => logs.some((line) => /CUSTOMER\.KYC_APPROVED .* not answered within 100 ms/.test(line)),
        WAIT,
      )
      .toBe(true)
    // The retry is long due on the sandbox clock.
    sandbox.clock.advance(HOUR)
    // Events caused after the move arrive and are answered; the held one is still the only
    // delivery of its event.
    await sandbox.fund(ada.accountId, 1_000)
    await expect
      .poll(() => ofType(slow, 'INCOMING_PAYMENT.COMPLETED').filter((a) => a.answered).length, WAIT)
      .toBe(1)
    const [first] = ofType(slow, 'CUSTOMER.KYC_APPROVED')
    expect(ofType(slow, 'CUSTOMER.KYC_APPROVED')).toHaveLength(1)
    expect(first?.answered).toBe(false)

    // The slow endpoint finally answers, with a failure: the overdue retry goes now, same bytes.
    first?.answer(500)
    await expect.poll(() => ofType(slow, 'CUSTOMER.KYC_APPROVED').length, WAIT).toBe(2)
    const second = ofType(slow, 'CUSTOMER.KYC_APPROVED')[1]
    expect(second?.body).toBe(first?.body)
    expect(second?.id).toBe(first?.id)
    await expect.poll(() => second?.answered, WAIT).toBe(true)

    // Answered 200: nothing more of it, however far the clock moves.
    sandbox.clock.advance(8 * 24 * HOUR)
    await sandbox.fund(ada.accountId, 2_000)
    await expect
      .poll(() => ofType(slow, 'INCOMING_PAYMENT.COMPLETED').filter((a) => a.answered).length, WAIT)
      .toBe(2)
    expect(ofType(slow, 'CUSTOMER.KYC_APPROVED')).toHaveLength(2)
    expect(slow.overlaps).toEqual([])
  }, 60_000)

  it('sends TEST (on PATCH /config) and INCOMING_PAYMENT.PENDING once, even when they fail', async () => {
    const slow = await endpoint((arrival) => {
      arrival.answer(arrival.type === 'TEST' || arrival.type === 'INCOMING_PAYMENT.PENDING' ? 500 : 200)
    })
    const sandbox = await sandboxFor({})
    const api = contractFetch(sandbox.fetch)
    const call = async (method: string, path: string, body: unknown) => {
      const response = await api(`${sandbox.baseUrl}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }
    expect((await call('PATCH', '/config', { webhookEndpoint: slow.url })).status).toBe(200)
    await expect.poll(() => ofType(slow, 'TEST').length, WAIT).toBe(1)

    // A transfer in from an account number ending 004: PENDING, then FAILED 3 s later.
    const ada = await sandbox.createCustomer()
    const accounts = await call(
      'GET',
      `/customers/internal-accounts?customerId=${ada.customerId}&currency=USD`,
      undefined,
    )
    const usd = (accounts.body.data as Array<{ id: string }>)[0]?.id
    const bank = await call('POST', '/customers/external-accounts', {
      customerId: ada.customerId,
      currency: 'USD',
      accountInfo: {
        accountType: 'USD_ACCOUNT',
        accountNumber: '000123456004',
        routingNumber: '021000021',
        beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' },
      },
    })
    const transfer = await call('POST', '/transfer-in', {
      source: { accountId: bank.body.id },
      destination: { accountId: usd },
      amount: 12_550,
    })
    expect(transfer.status).toBe(201)
    await expect.poll(() => ofType(slow, 'INCOMING_PAYMENT.PENDING').length, WAIT).toBe(1)
    sandbox.clock.advance(3_000)
    await expect.poll(() => ofType(slow, 'INCOMING_PAYMENT.FAILED').length, WAIT).toBe(1)
    sandbox.clock.advance(8 * 24 * HOUR)
    // A later event has arrived: a retry the moves had made due would have been sent before it.
    await sandbox.fund(ada.accountId, 1_000)
    await expect.poll(() => ofType(slow, 'INCOMING_PAYMENT.COMPLETED').length, WAIT).toBe(1)
    expect([ofType(slow, 'TEST').length, ofType(slow, 'INCOMING_PAYMENT.PENDING').length]).toEqual([1, 1])
  }, 60_000)
})
