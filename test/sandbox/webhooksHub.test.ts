// The webhook sender alone, on a clock that stands still unless moved and a fake endpoint: the
// back-off schedule, the bound on attempts, timeouts, the signature header and close().

import { describe, expect, it, vi } from 'vitest'
import { createClock } from '../../src/sandbox/clock.js'
import { createWebhookHub, type WebhookHubOptions } from '../../src/sandbox/webhooks/webhookHub.js'

const START = Date.parse('2026-03-02T09:00:00Z')

function setup(answer: (init: RequestInit) => Promise<Response>, options: Partial<WebhookHubOptions> = {}) {
  const clock = createClock(() => START)
  const signed: string[] = []
  const log = vi.fn()
  const calls: RequestInit[] = []
  const hub = createWebhookHub({
    signer: {
      publicKeyPem: 'unused',
      sign: async (bytes) => {
        signed.push(new TextDecoder().decode(bytes))
        return `sig${signed.length}`
      },
    },
    clock,
    headerName: 'X-Service-Signature',
    maxAttempts: 3,
    retryDelayMs: 1_000,
    timeoutMs: 10_000,
    endpoint: 'http://localhost:9/hook',
    log,
    fetch: async (_input, init = {}) => {
      calls.push(init)
      return answer(init)
    },
    ...options,
  })
  return { hub, clock, signed, calls, log }
}

/** An answer whose body is read without I/O, so judging it takes only microtasks. */
const bare = (status: number) => async () => ({ status, text: async () => '' }) as Response

/** Lets every microtask run: an answered delivery has then been judged (a retry would be pending). */
const judged = () => new Promise((resolve) => setImmediate(resolve))

const failing = async () => new Response('no', { status: 500 })

describe('webhook hub', () => {
  it('retries after 1 s, then 2 s of sandbox time, and gives up after maxAttempts', async () => {
    const { hub, clock, signed, calls, log } = setup(failing)
    hub.emit('TEST', {})
    await expect.poll(() => hub.pending()).toBe(1)
    expect(calls).toHaveLength(1)
    clock.advance(999)
    hub.timeMoved()
    expect(signed).toHaveLength(1)
    clock.advance(1)
    hub.timeMoved()
    expect(signed).toHaveLength(2)
    await expect.poll(() => hub.pending()).toBe(1)
    clock.advance(1_999)
    hub.timeMoved()
    expect(signed).toHaveLength(2)
    clock.advance(1)
    hub.timeMoved()
    expect(signed).toHaveLength(3)
    await expect.poll(() => log.mock.calls.length).toBe(1)
    expect(hub.pending()).toBe(0)
    expect(calls).toHaveLength(3)
    // Every attempt carries the same event.
    expect(new Set(signed).size).toBe(1)
  })

  it('counts an endpoint that does not answer in time as failed', async () => {
    const { hub } = setup(
      (init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason))
        }),
      { timeoutMs: 20 },
    )
    hub.emit('TEST', {})
    await expect.poll(() => hub.pending()).toBe(1)
  })

  it('stops pending retries on close', async () => {
    const { hub, clock, signed } = setup(failing)
    hub.emit('TEST', {})
    await expect.poll(() => hub.pending()).toBe(1)
    hub.close()
    expect(hub.pending()).toBe(0)
    clock.advance(60_000)
    hub.timeMoved()
    expect(signed).toHaveLength(1)
    expect(hub.emit('TEST', {})).toBeUndefined()
  })

  it('posts the exact signed body with the signature header, a unique id and the sandbox time', async () => {
    const { hub, clock, signed, calls } = setup(async () => new Response('ok'))
    clock.advance(5_000)
    const first = hub.emit('TEST', {})
    const second = hub.emit('INTERNAL_ACCOUNT.BALANCE_UPDATED', { id: 'InternalAccount:1' })
    expect(first?.timestamp).toBe(new Date(START + 5_000).toISOString())
    expect(first?.id).not.toBe(second?.id)
    await expect.poll(() => calls.length).toBe(2)
    for (const call of calls) {
      const headers = new Headers(call.headers)
      expect(headers.get('Content-Type')).toBe('application/json')
      const body = new TextDecoder().decode(call.body as Uint8Array)
      const index = signed.indexOf(body)
      expect(index).toBeGreaterThanOrEqual(0)
      expect(JSON.parse(headers.get('X-Service-Signature') ?? '')).toEqual({ v: '1', s: `sig${index + 1}` })
    }
    expect(calls.map((call) => JSON.parse(new TextDecoder().decode(call.body as Uint8Array)))).toEqual(
      expect.arrayContaining([first, second]),
    )
  })

  it('counts a 409 (already processed) as delivered, whatever the event', async () => {
    for (const status of [409, 500]) {
      const { hub, calls } = setup(bare(status))
      hub.emit('INTERNAL_ACCOUNT.BALANCE_UPDATED', { id: 'InternalAccount:1' })
      hub.emit('TEST', {})
      await expect.poll(() => calls.length).toBe(2)
      await judged()
      expect(hub.pending(), String(status)).toBe(status === 409 ? 0 : 2)
    }
  })

  it("takes 403 and 422 to a pending incoming payment as answers, other events' 403 as failures", async () => {
    for (const status of [403, 422]) {
      const { hub, calls, log } = setup(async () => new Response('{}', { status }))
      hub.emit('INCOMING_PAYMENT.PENDING', { id: 'Transaction:1', status: 'PENDING' })
      await expect.poll(() => log.mock.calls.length).toBe(1)
      expect(hub.pending()).toBe(0)
      expect(calls).toHaveLength(1)
    }
    const { hub } = setup(async () => new Response('{}', { status: 403 }))
    hub.emit('OUTGOING_PAYMENT.PENDING', { id: 'Transaction:2', status: 'PENDING' })
    await expect.poll(() => hub.pending()).toBe(1)
  })

  it('sends nothing without an endpoint', () => {
    const { hub, calls } = setup(failing, { endpoint: undefined })
    expect(hub.emit('TEST', {})).toBeUndefined()
    expect(calls).toHaveLength(0)
  })
})
