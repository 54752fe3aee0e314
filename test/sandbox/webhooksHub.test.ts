// The webhook sender alone, on a clock that stands still unless moved and a fake endpoint: the
// service's retry schedule (1 s doubling up to 30 minutes, for 7 days), the events sent once, the
// timeout that never leads to a second open attempt, the bound on open connections, close().

import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClock } from '../../src/sandbox/clock.js'
import { createWebhookHub, type WebhookHubOptions } from '../../src/sandbox/webhooks/webhookHub.js'

const START = Date.parse('2026-03-02T09:00:00Z')
const SECOND = 1_000
const MINUTE = 60 * SECOND
const DAY = 24 * 60 * MINUTE

interface Call {
  init: RequestInit
  body: string
}

function setup(answer: (init: RequestInit) => Promise<Response>, options: Partial<WebhookHubOptions> = {}) {
  const clock = createClock(() => START)
  const signed: string[] = []
  const log = vi.fn()
  const wake = vi.fn()
  const calls: Call[] = []
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
    retryDelayMs: SECOND,
    timeoutMs: 10_000,
    endpoint: 'http://localhost:9/hook',
    log,
    wake,
    fetch: async (_input, init = {}) => {
      calls.push({ init, body: new TextDecoder().decode(init.body as Uint8Array) })
      return answer(init)
    },
    ...options,
  })
  const logged = () => log.mock.calls.map(([line]) => String(line))
  return { hub, clock, signed, calls, log, logged, wake }
}

/** An answer whose body is read without I/O, so judging it takes only microtasks. */
const bare = (status: number) => async () => ({ status, text: async () => '' }) as Response

/** Lets every microtask run: a started attempt has been posted, an answered one judged. */
const judged = () => new Promise((resolve) => setImmediate(resolve))

/** An endpoint that answers only when the test says so (or fails when the attempt is aborted). */
function heldEndpoint() {
  const held: Array<{ answer: (status: number) => void; signal: AbortSignal | undefined }> = []
  const connections = { open: 0, most: 0 }
  const answer = (init: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      let ended = false
      connections.open += 1
      connections.most = Math.max(connections.most, connections.open)
      const end = () => {
        if (!ended) connections.open -= 1
        ended = true
      }
      init.signal?.addEventListener('abort', () => {
        end()
        reject(init.signal?.reason)
      })
      held.push({
        answer: (status) => {
          end()
          // Read without I/O, as `bare`'s: judging it takes only microtasks.
          resolve({ status, text: async () => '' } as Response)
        },
        signal: init.signal ?? undefined,
      })
    })
  return { held, answer, connections }
}

/**
 * Fakes the timers the hub's attempt timeouts and real-time wake-ups use (and `Date`, which a
 * clock following real time reads), so a test moves real time itself: nothing waits on the
 * machine's speed. Restored after each test.
 */
const fakeRealTime = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })

afterEach(() => {
  vi.useRealTimers()
})

describe('webhook hub', () => {
  it('retries on the sandbox clock 1 s, 2 s, 4 s… apart, at most 30 minutes, until 7 days after the first attempt', async () => {
    const { hub, clock, calls, logged, wake } = setup(bare(500))
    hub.emit('OUTGOING_PAYMENT.COMPLETED', { id: 'Transaction:1' })
    await judged()
    expect(calls).toHaveLength(1)
    // The schedule as the sandbox guide states it, worked out here step by step.
    let delay = SECOND
    let sinceFirst = 0
    while (sinceFirst + delay <= 7 * DAY) {
      expect(hub.pending()).toBe(1)
      expect(wake).toHaveBeenLastCalledWith(delay)
      const before = calls.length
      clock.advance(delay - 1)
      hub.timeMoved()
      await judged()
      expect(calls.length, `${delay} ms after attempt ${before}`).toBe(before)
      clock.advance(1)
      hub.timeMoved()
      await judged()
      expect(calls.length).toBe(before + 1)
      sinceFirst += delay
      delay = Math.min(delay * 2, 30 * MINUTE)
    }
    // 12 attempts reach the 30-minute wait (after 34 min 7 s), then one every 30 minutes.
    const attempts = calls.length
    expect(attempts).toBe(12 + Math.floor((7 * DAY - 2_047 * SECOND) / (30 * MINUTE)))
    expect(hub.pending()).toBe(0)
    expect(logged().filter((line) => line.includes('given up'))).toHaveLength(1)
    clock.advance(30 * DAY)
    hub.timeMoved()
    await judged()
    expect(calls).toHaveLength(attempts)
    // Every attempt carried the same bytes: the same event, never a new one.
    expect(new Set(calls.map((call) => call.body)).size).toBe(1)
  })

  it('sends TEST and INCOMING_PAYMENT.PENDING once, whatever the answer', async () => {
    for (const answer of [bare(500), bare(403), async () => Promise.reject(new TypeError('fetch failed'))]) {
      const { hub, clock, calls } = setup(answer)
      hub.emit('TEST', {})
      hub.emit('INCOMING_PAYMENT.PENDING', { id: 'Transaction:1', status: 'PENDING' })
      await judged()
      expect(calls).toHaveLength(2)
      expect(hub.pending()).toBe(0)
      clock.advance(DAY)
      hub.timeMoved()
      await judged()
      expect(calls).toHaveLength(2)
    }
    // The same failure on any other incoming-payment status is retried.
    const { hub } = setup(bare(500))
    hub.emit('INCOMING_PAYMENT.FAILED', { id: 'Transaction:2', status: 'FAILED' })
    await expect.poll(() => hub.pending()).toBe(1)
  })

  it('settles on a 2xx or a 409 (already processed) for every event, retries any other status', async () => {
    for (const status of [200, 204, 409, 400, 401, 403, 404, 500, 503]) {
      const { hub, calls } = setup(bare(status))
      hub.emit('INTERNAL_ACCOUNT.BALANCE_UPDATED', { id: 'InternalAccount:1' })
      hub.emit('CARD.STATE_CHANGE', { id: 'Card:1' })
      hub.emit('INCOMING_PAYMENT.COMPLETED', { id: 'Transaction:1' })
      await judged()
      expect(calls).toHaveLength(3)
      const settled = (status >= 200 && status < 300) || status === 409
      expect(hub.pending(), String(status)).toBe(settled ? 0 : 3)
    }
  })

  it('lets a timed-out attempt end before any retry of it, which carries the same bytes', async () => {
    fakeRealTime()
    const { held, answer } = heldEndpoint()
    const { hub, clock, calls, logged } = setup(answer, { timeoutMs: 20 })
    const sent = hub.emit('CUSTOMER.KYC_APPROVED', { id: 'Customer:1' })
    // The attempt fails after 20 ms of real time, and a retry is due 1 s later on the sandbox clock.
    await judged()
    await vi.advanceTimersByTimeAsync(20)
    expect(logged().some((line) => line.includes('not answered within 20 ms'))).toBe(true)
    expect(hub.pending()).toBe(1)
    clock.advance(MINUTE)
    hub.timeMoved()
    await judged()
    // Due long ago, but the first connection is still open: nothing else is sent.
    expect(calls).toHaveLength(1)
    expect(hub.inFlight()).toBe(1)
    expect(held[0]?.signal?.aborted).toBe(false)
    held[0]?.answer(500)
    // Now closed, with a failure: the overdue retry goes at once.
    await judged()
    expect(calls.length).toBe(2)
    expect(calls[1]?.body).toBe(calls[0]?.body)
    expect(JSON.parse(calls[1]?.body ?? '')).toEqual(sent)
    held[1]?.answer(200)
    await judged()
    expect(hub.inFlight()).toBe(0)
    expect(hub.pending()).toBe(0)
  })

  it('takes a late 2xx to a timed-out attempt as delivered: no retry follows', async () => {
    const { held, answer } = heldEndpoint()
    fakeRealTime()
    const { hub, clock, calls, logged } = setup(answer, { timeoutMs: 20 })
    hub.emit('OUTGOING_PAYMENT.COMPLETED', { id: 'Transaction:1' })
    await judged()
    await vi.advanceTimersByTimeAsync(20)
    expect(logged().some((line) => line.includes('not answered within'))).toBe(true)
    clock.advance(MINUTE)
    hub.timeMoved()
    held[0]?.answer(200)
    await judged()
    expect(hub.inFlight()).toBe(0)
    await judged()
    expect(hub.pending()).toBe(0)
    clock.advance(DAY)
    hub.timeMoved()
    await judged()
    expect(calls).toHaveLength(1)
  })

  it('closes a once-only attempt at the timeout: sendTest rejects, deliverOnce resolves undefined', async () => {
    const { held, answer } = heldEndpoint()
    fakeRealTime()
    const { hub } = setup(answer, { timeoutMs: 20 })
    const test = hub.sendTest('http://localhost:9/hook')
    const refused = expect(test).rejects.toThrow(/No answer within 20 ms/)
    await judged()
    await vi.advanceTimersByTimeAsync(20)
    await refused
    expect(held[0]?.signal?.aborted).toBe(true)
    const once = hub.deliverOnce('INCOMING_PAYMENT.PENDING', { id: 'Transaction:1' })
    await judged()
    await vi.advanceTimersByTimeAsync(20)
    expect(await once).toBeUndefined()
    expect(hub.inFlight()).toBe(0)
    expect(hub.pending()).toBe(0)
  })

  it("answers deliverOnce with the endpoint's answer, sent once, and undefined without an endpoint", async () => {
    const { hub, calls, clock } = setup(async () => new Response('{"ok":true}', { status: 503 }))
    const answer = await hub.deliverOnce('INCOMING_PAYMENT.PENDING', { id: 'Transaction:1' })
    expect(answer).toEqual({ url: 'http://localhost:9/hook', status: 503, body: '{"ok":true}' })
    clock.advance(DAY)
    hub.timeMoved()
    await judged()
    expect(calls).toHaveLength(1)
    const { hub: none, calls: noCalls } = setup(bare(200), { endpoint: undefined })
    expect(await none.deliverOnce('INCOMING_PAYMENT.PENDING', {})).toBeUndefined()
    expect(noCalls).toHaveLength(0)
  })

  it('keeps at most maxInFlight connections open to one endpoint, the others waiting in order', async () => {
    const { held, answer, connections } = heldEndpoint()
    const { hub, calls } = setup(answer, { maxInFlight: 3 })
    const sent = Array.from({ length: 8 }, (_, index) =>
      hub.emit('CARD.STATE_CHANGE', { id: `Card:${index}` }),
    )
    await judged()
    expect(calls).toHaveLength(3)
    expect([hub.inFlight(), hub.queued()]).toEqual([3, 5])
    // One answer frees one connection: exactly one more goes.
    held[1]?.answer(200)
    await expect.poll(() => calls.length).toBe(4)
    await judged()
    expect([calls.length, hub.inFlight(), hub.queued()]).toEqual([4, 3, 4])
    while (calls.length < sent.length) {
      const before = calls.length
      for (const connection of held) connection.answer(200)
      await expect.poll(() => calls.length).toBeGreaterThan(before)
    }
    for (const connection of held) connection.answer(200)
    await expect.poll(() => hub.inFlight()).toBe(0)
    expect(connections.most).toBe(3)
    expect(calls.map((call) => JSON.parse(call.body).id)).toEqual(sent.map((event) => event?.id))
  })

  it('sends a due retry without a clock move when the clock follows real time', async () => {
    fakeRealTime()
    const answers = [500, 200]
    const calls: string[] = []
    const hub = createWebhookHub({
      signer: { publicKeyPem: 'unused', sign: async () => 'sig' },
      clock: createClock(),
      headerName: 'X-Service-Signature',
      retryDelayMs: 50,
      timeoutMs: 10_000,
      endpoint: 'http://localhost:9/hook',
      log: () => {},
      fetch: async (_input, init = {}) => {
        calls.push(new TextDecoder().decode(init.body as Uint8Array))
        return bare(answers.shift() ?? 200)()
      },
    })
    hub.emit('CUSTOMER.KYC_APPROVED', { id: 'Customer:1' })
    await judged()
    expect(hub.pending()).toBe(1)
    expect(calls).toHaveLength(1)
    // 50 ms of real time pass: the hub's own wake-up sends the retry, nobody moved the clock.
    await vi.advanceTimersByTimeAsync(50)
    await judged()
    expect(calls.length).toBe(2)
    await judged()
    expect(hub.pending() + hub.inFlight()).toBe(0)
    expect(calls[1]).toBe(calls[0])
    hub.close()
  })

  it('stops pending retries on close, aborts open attempts and ends what waits for a connection', async () => {
    const { held, answer } = heldEndpoint()
    let failNext = true
    const { hub, clock, calls } = setup(
      async (init) => {
        if (failNext) {
          failNext = false
          return new Response('no', { status: 500 })
        }
        return answer(init)
      },
      { maxInFlight: 1 },
    )
    hub.emit('OUTGOING_PAYMENT.COMPLETED', { id: 'Transaction:1' })
    await expect.poll(() => hub.pending()).toBe(1)
    hub.emit('OUTGOING_PAYMENT.COMPLETED', { id: 'Transaction:2' })
    const waitingTest = hub.sendTest('http://localhost:9/hook')
    await expect.poll(() => held.length).toBe(1)
    expect(hub.queued()).toBe(1)
    hub.close()
    await expect(waitingTest).rejects.toThrow(/closed/)
    expect(held[0]?.signal?.aborted).toBe(true)
    expect(hub.pending()).toBe(0)
    clock.advance(60_000)
    hub.timeMoved()
    await judged()
    expect(calls).toHaveLength(2)
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
      const headers = new Headers(call.init.headers)
      expect(headers.get('Content-Type')).toBe('application/json')
      const index = signed.indexOf(call.body)
      expect(index).toBeGreaterThanOrEqual(0)
      expect(JSON.parse(headers.get('X-Service-Signature') ?? '')).toEqual({ v: '1', s: `sig${index + 1}` })
    }
    expect(calls.map((call) => JSON.parse(call.body))).toEqual(expect.arrayContaining([first, second]))
  })

  it('logs a 403 or 422 to a pending incoming payment as an answer, not a failure', async () => {
    for (const status of [403, 422]) {
      const { hub, logged } = setup(bare(status))
      hub.emit('INCOMING_PAYMENT.PENDING', { id: 'Transaction:1', status: 'PENDING' })
      await expect.poll(() => logged().some((line) => line.includes('informational'))).toBe(true)
    }
  })

  it('sends nothing without an endpoint', () => {
    const { hub, calls } = setup(bare(500), { endpoint: undefined })
    expect(hub.emit('TEST', {})).toBeUndefined()
    expect(calls).toHaveLength(0)
  })
})
