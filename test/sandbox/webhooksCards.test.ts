// The card webhooks the sandbox's card flows send: CARD.STATE_CHANGE when provisioning ends on the
// sandbox clock (whether or not anybody reads the card) and on each freeze, unfreeze and close,
// CARD.FUNDING_SOURCE_CHANGE when PATCH /cards/{id} sets the funding sources, each with the card
// after the change, as the contract shapes them.

import { afterEach, describe, expect, it } from 'vitest'
import { CARD_PROVISIONING_MS } from '../../src/sandbox/cards/cardRoutes.js'
import type { ReceivedWebhook, WebhookCollector } from '../../src/testing/collectWebhooks.js'
import { startTestSandbox, type TestSandbox } from '../../src/testing/startTestSandbox.js'
import { contractFetch } from '../contract/contractFetch.js'
import { webhookProblems } from '../contract/webhookSchemas.js'

const START = Date.parse('2026-03-02T09:00:00Z')
// Real-time bound on a wait for a webhook: generous, for a busy machine.
const WAIT = { timeoutMs: 20_000 }
const POLL = { timeout: 20_000 }
const open: TestSandbox[] = []

afterEach(async () => {
  const sandboxes = open.splice(0)
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()))
  for (const sandbox of sandboxes) {
    const events = sandbox.webhooks?.events ?? []
    expect(events.flatMap((webhook) => webhookProblems(webhook.event))).toEqual([])
  }
})

async function start() {
  const sandbox = await startTestSandbox({ now: () => START, webhooks: true })
  open.push(sandbox)
  const api = contractFetch(sandbox.fetch)
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await api(`${sandbox.baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  if (!sandbox.webhooks) throw new Error('no webhook receiver')
  const webhooks: WebhookCollector = sandbox.webhooks
  const ada = await sandbox.createCustomer()
  const card = await call('POST', '/cards', {
    cardholderId: ada.customerId,
    form: 'VIRTUAL',
    fundingSources: [ada.accountId],
  })
  expect(card.status).toBe(201)
  const cardId = String(card.body.id)
  // In the order they happened on the sandbox clock: deliveries run side by side (up to 8 to one
  // endpoint), so they may arrive in another order, as the service's may.
  const ofCard = (type: string) =>
    webhooks.events
      .filter((webhook) => webhook.event.type === type && webhook.event.data?.id === cardId)
      .sort((a, b) => Date.parse(String(a.event.timestamp)) - Date.parse(String(b.event.timestamp)))
  /** A TEST sent now has come back: an event caused before it would have been sent before it. */
  const settled = async () => expect((await call('POST', '/sandbox/webhooks/test')).status).toBe(200)
  return { sandbox, call, webhooks, ada, cardId, ofCard, settled }
}

const cardOf = (webhook: ReceivedWebhook) => webhook.event.data as Record<string, unknown>

// The tests' own timeout (60 s): they do real network work, a receiver on localhost over sockets.
describe('card webhooks', { timeout: 60_000 }, () => {
  it('announces the end of provisioning on the sandbox clock, once, with the ACTIVE card', async () => {
    const { sandbox, call, webhooks, cardId, ofCard, settled } = await start()
    sandbox.clock.advance(CARD_PROVISIONING_MS - 1)
    await settled()
    expect(ofCard('CARD.STATE_CHANGE')).toEqual([])
    // Nobody reads the card: the clock move alone makes it ACTIVE and announces it.
    sandbox.clock.advance(1)
    const activated = await webhooks.waitFor('CARD.STATE_CHANGE', (w) => cardOf(w).id === cardId, WAIT)
    expect(activated.event.timestamp).toBe(new Date(START + CARD_PROVISIONING_MS).toISOString())
    const read = await call('GET', `/cards/${cardId}`)
    expect(cardOf(activated)).toEqual(read.body)
    expect(read.body).toMatchObject({
      state: 'ACTIVE',
      updatedAt: new Date(START + CARD_PROVISIONING_MS).toISOString(),
    })
    await call('GET', '/cards')
    await settled()
    expect(ofCard('CARD.STATE_CHANGE')).toHaveLength(1)
  })

  it('announces an activation first found by a read, once', async () => {
    const { sandbox, call, cardId, ofCard, settled } = await start()
    // A clock that jumps with `set`, then a read: the read or the clock's tick finds it, not both.
    sandbox.clock.set(START + CARD_PROVISIONING_MS + 5_000)
    const read = await call('GET', `/cards/${cardId}`)
    expect(read.body.state).toBe('ACTIVE')
    await expect.poll(() => ofCard('CARD.STATE_CHANGE').length, POLL).toBe(1)
    await settled()
    expect(ofCard('CARD.STATE_CHANGE').map(cardOf)).toEqual([read.body])
  })

  it('announces a freeze, an unfreeze and a close with the card after each change', async () => {
    const { sandbox, call, cardId, ofCard, settled } = await start()
    sandbox.clock.advance(CARD_PROVISIONING_MS)
    const answers: Record<string, unknown>[] = []
    for (const state of ['FROZEN', 'ACTIVE', 'CLOSED']) {
      sandbox.clock.advance(60_000)
      const patched = await call('PATCH', `/cards/${cardId}`, { state })
      expect(patched.status).toBe(200)
      answers.push(patched.body)
    }
    // Refused changes announce nothing.
    expect((await call('PATCH', `/cards/${cardId}`, { state: 'ACTIVE' })).status).toBe(409)
    await expect.poll(() => ofCard('CARD.STATE_CHANGE').length, POLL).toBe(4)
    await settled()
    const changes = ofCard('CARD.STATE_CHANGE').map(cardOf)
    expect(changes.map((card) => card.state)).toEqual(['ACTIVE', 'FROZEN', 'ACTIVE', 'CLOSED'])
    expect(changes.slice(1)).toEqual(answers)
    expect(changes.at(-1)).toMatchObject({ state: 'CLOSED', stateReason: 'CLOSED_BY_PLATFORM' })
    expect(ofCard('CARD.FUNDING_SOURCE_CHANGE')).toEqual([])
  })

  it('announces new funding sources with CARD.FUNDING_SOURCE_CHANGE, and a combined update with both events', async () => {
    const { sandbox, call, ada, cardId, ofCard, settled } = await start()
    sandbox.clock.advance(CARD_PROVISIONING_MS)
    const limit = await call('PATCH', `/cards/${cardId}`, { maxSpendPerTransaction: 2_500 })
    expect(limit.status).toBe(200)
    const refused = await call('PATCH', `/cards/${cardId}`, { fundingSources: ['InternalAccount:nope'] })
    expect(refused.status).toBe(400)
    await settled()
    expect(ofCard('CARD.FUNDING_SOURCE_CHANGE')).toEqual([])

    const replaced = await call('PATCH', `/cards/${cardId}`, { fundingSources: [ada.accountId] })
    expect(replaced.status).toBe(200)
    const both = await call('PATCH', `/cards/${cardId}`, { fundingSources: [ada.accountId], state: 'FROZEN' })
    expect(both.status).toBe(200)
    await expect.poll(() => ofCard('CARD.FUNDING_SOURCE_CHANGE').length, POLL).toBe(2)
    await expect.poll(() => ofCard('CARD.STATE_CHANGE').length, POLL).toBe(2)
    await settled()
    expect(ofCard('CARD.FUNDING_SOURCE_CHANGE').map(cardOf)).toEqual([replaced.body, both.body])
    expect(ofCard('CARD.STATE_CHANGE').map(cardOf).at(-1)).toEqual(both.body)
  })
})
