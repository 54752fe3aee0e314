import type { SandboxClock } from '../clock.js'
import { iso, newId } from '../context.js'
import { createEndpointLanes } from './endpointLanes.js'
import {
  isRetried,
  retryDelay,
  settles,
  WEBHOOK_MAX_IN_FLIGHT,
  WEBHOOK_RETRY_WINDOW_MS,
} from './retryPolicy.js'
import type { SandboxWebhookType, WebhookEvent } from './webhookEvent.js'
import type { WebhookSigner } from './webhookSigner.js'

/** Options of `createWebhookHub`. */
export interface WebhookHubOptions {
  signer: WebhookSigner
  clock: SandboxClock
  /** Header carrying `{"v":"1","s":"<base64 DER signature>"}`. */
  headerName: string
  /** Wait before the first retry (sandbox clock); doubled for each further one, up to 30 minutes. */
  retryDelayMs: number
  /**
   * Real time after which an unanswered attempt has failed. The connection is left open (a retry
   * waits for it to end, and a late 2xx still counts); a once-only delivery's is closed.
   */
  timeoutMs: number
  /** Connections open to one endpoint at a time. Default `WEBHOOK_MAX_IN_FLIGHT` (8). */
  maxInFlight?: number
  endpoint?: string
  log: (message: string) => void
  /** Default: the global `fetch`. */
  fetch?: typeof fetch
  /**
   * Asks for `timeMoved` to run after about `ms` of real time, for a clock that follows real time
   * (the sandbox's wake-ups). Default: an unref'd timer of the hub's own.
   */
  wake?: (ms: number) => void
}

/** The endpoint's answer to one delivery. */
export interface WebhookAnswer {
  url: string
  status: number
  body: string
}

/** The sandbox's webhook sender: one endpoint, background deliveries with retries. */
export interface WebhookHub {
  publicKeyPem: string
  /** The registered endpoint, if any. */
  endpoint(): string | undefined
  setEndpoint(url: string): void
  /** Queues the event for the endpoint (nothing without one) and returns at once. */
  emit(type: SandboxWebhookType, data?: Record<string, unknown>): WebhookEvent | undefined
  /**
   * Sends the event to the endpoint once, never retried, and resolves with its answer, or with
   * `undefined` when there is no endpoint or no answer came (network error, timeout, close).
   */
  deliverOnce(type: SandboxWebhookType, data?: Record<string, unknown>): Promise<WebhookAnswer | undefined>
  /** Sends one `TEST` event to `url`, once, and returns the endpoint's answer (rejects if none came). */
  sendTest(url: string): Promise<WebhookAnswer>
  /** Sends the retries that the sandbox clock has made due (called when the clock moves). */
  timeMoved(): void
  /** How many deliveries wait for a retry. */
  pending(): number
  /** Connections open to endpoints now. */
  inFlight(): number
  /** Deliveries waiting for a free connection to their endpoint. */
  queued(): number
  /** Stops every pending retry and aborts deliveries in flight. */
  close(): void
}

type Outcome = { answer: WebhookAnswer } | { error: unknown }

interface Delivery {
  url: string
  type: SandboxWebhookType
  /** The exact bytes of every attempt: a redelivery is the same event, not a new one. */
  bytes: Uint8Array<ArrayBuffer>
  retried: boolean
  attempts: number
  firstAttemptAt?: number
  /** Sandbox-clock time of the next attempt, while it waits in `waiting`. */
  dueAt: number
  /** The real-time wake-up last asked for it (a later, shorter one means the clock is moving). */
  wakeMs: number
  /** An attempt's connection is open: no other attempt of it starts until it ends. */
  open: boolean
  /** For a once-only delivery: what its single attempt came to. */
  onEnd?: (outcome: Outcome) => void
}

function unrefTimer(callback: () => void, ms: number): ReturnType<typeof setTimeout> {
  const timer = setTimeout(callback, ms)
  timer.unref?.()
  return timer
}

/**
 * The webhook sender of one sandbox, with the service's retry policy. Deliveries never block the
 * flow that caused them. `TEST` and `INCOMING_PAYMENT.PENDING` are sent once. Any other event that
 * fails (network error, no answer within `timeoutMs`, a status other than 2xx and 409, a redirect
 * included: redirects are never followed) is tried
 * again `retryDelayMs` later on the sandbox clock, the wait doubling up to 30 minutes, until 7 days
 * after its first attempt. Every attempt of an event carries the same bytes (so the same `id`),
 * and a slow endpoint is never sent an event again while an earlier attempt of it is still open:
 * a timed-out connection is left to end, and a late 2xx or 409 still settles the event. At most
 * `maxInFlight` connections are open to one endpoint; further deliveries wait, in order.
 *
 * @example
 * ```ts
 * const hub = createWebhookHub({ signer, clock, headerName: 'X-Service-Signature',
 *   retryDelayMs: 1_000, timeoutMs: 30_000, log: console.log })
 * hub.setEndpoint('http://localhost:4000/webhooks')
 * hub.emit('CUSTOMER.KYC_APPROVED', customer)
 * ```
 */
export function createWebhookHub(options: WebhookHubOptions): WebhookHub {
  const { signer, clock, headerName, retryDelayMs, timeoutMs, log } = options
  const send = options.fetch ?? ((input, init) => fetch(input, init))
  const lanes = createEndpointLanes(options.maxInFlight ?? WEBHOOK_MAX_IN_FLIGHT)
  let endpoint = options.endpoint
  let closed = false
  const waiting = new Set<Delivery>()
  const inFlight = new Set<AbortController>()
  let hub: WebhookHub
  const wake =
    options.wake ??
    ((ms: number) => {
      unrefTimer(() => hub.timeMoved(), ms)
    })

  const post = async (delivery: Delivery, signal: AbortSignal): Promise<WebhookAnswer> => {
    const signature = await signer.sign(delivery.bytes)
    const response = await send(delivery.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [headerName]: JSON.stringify({ v: '1', s: signature }),
      },
      body: delivery.bytes,
      // A redirect is the endpoint's answer, not a place to deliver to: followed, a 301-303 turns
      // into a GET without the event and its 200 would count as delivered. A 3xx is a failed
      // attempt, retried like any other status but 2xx and 409.
      redirect: 'manual',
      signal,
    })
    return { url: delivery.url, status: response.status, body: await response.text() }
  }

  const describe = (delivery: Delivery) => `webhook ${delivery.type} to ${delivery.url}`

  /** Schedules the next attempt after a failed one, or gives the event up past the 7 days. */
  const failed = (delivery: Delivery, why: string) => {
    if (closed) return
    const delay = retryDelay(delivery.attempts, retryDelayMs)
    const dueAt = clock.now() + delay
    if (dueAt - (delivery.firstAttemptAt ?? dueAt) > WEBHOOK_RETRY_WINDOW_MS) {
      log(`sandbox: ${describe(delivery)} ${why}; given up after ${delivery.attempts} attempts over 7 days`)
      return
    }
    log(
      `sandbox: ${describe(delivery)} ${why}; attempt ${delivery.attempts + 1} in ${delay} ms (sandbox clock)`,
    )
    delivery.dueAt = dueAt
    delivery.wakeMs = delay
    waiting.add(delivery)
    wake(delay)
  }

  const attempt = async (delivery: Delivery): Promise<void> => {
    if (closed) {
      delivery.onEnd?.({ error: new Error('The sandbox closed.') })
      return
    }
    delivery.attempts += 1
    delivery.firstAttemptAt ??= clock.now()
    delivery.open = true
    const controller = new AbortController()
    inFlight.add(controller)
    let timedOut = false
    const timer = unrefTimer(() => {
      timedOut = true
      // Nothing follows a once-only delivery: its connection can go.
      if (!delivery.retried) return controller.abort(new Error(`No answer within ${timeoutMs} ms.`))
      failed(delivery, `not answered within ${timeoutMs} ms (not sent again while that connection is open)`)
    }, timeoutMs)
    let outcome: Outcome
    try {
      outcome = { answer: await post(delivery, controller.signal) }
    } catch (error) {
      outcome = { error: timedOut && !delivery.retried ? controller.signal.reason : error }
    } finally {
      clearTimeout(timer)
      inFlight.delete(controller)
      delivery.open = false
    }
    if (!delivery.retried) return delivery.onEnd?.(outcome)
    if ('answer' in outcome && settles(outcome.answer.status)) {
      waiting.delete(delivery)
      if (timedOut) log(`sandbox: ${describe(delivery)} answered ${outcome.answer.status} after the timeout`)
      return
    }
    if (!timedOut)
      failed(delivery, 'answer' in outcome ? `answered ${outcome.answer.status}` : 'not answered')
    // The retry the timeout scheduled waited for this connection; it goes now if it is due.
    else if (waiting.has(delivery) && delivery.dueAt <= clock.now()) start(delivery)
  }

  const start = (delivery: Delivery) => {
    waiting.delete(delivery)
    lanes.enqueue(delivery.url, {
      run: () => attempt(delivery),
      drop: () => delivery.onEnd?.({ error: new Error('The sandbox closed.') }),
    })
  }

  const event = (type: SandboxWebhookType, data?: Record<string, unknown>): WebhookEvent => ({
    id: newId('Webhook'),
    type,
    timestamp: iso(clock.now()),
    ...(data ? { data } : {}),
  })

  const delivery = (url: string, sent: WebhookEvent, onEnd?: Delivery['onEnd']): Delivery => ({
    url,
    type: sent.type,
    bytes: new TextEncoder().encode(JSON.stringify(sent)),
    retried: onEnd === undefined && isRetried(sent.type),
    attempts: 0,
    dueAt: 0,
    wakeMs: 0,
    open: false,
    ...(onEnd ? { onEnd } : {}),
  })

  const once = (url: string, type: SandboxWebhookType, data?: Record<string, unknown>) =>
    new Promise<Outcome>((resolve) => {
      if (closed) return resolve({ error: new Error('The sandbox closed.') })
      start(delivery(url, event(type, data), resolve))
    })

  /** What a once-only delivery sent by `emit` came to, for the log (nobody awaits it). */
  const reportOnce = (type: SandboxWebhookType, url: string) => (outcome: Outcome) => {
    if ('error' in outcome) log(`sandbox: webhook ${type} to ${url} not answered (${type} is sent once)`)
    else if (
      type === 'INCOMING_PAYMENT.PENDING' &&
      (outcome.answer.status === 403 || outcome.answer.status === 422)
    )
      log(`sandbox: webhook ${type} answered ${outcome.answer.status}: a bank-rail payment, informational`)
    else if (!settles(outcome.answer.status))
      log(`sandbox: webhook ${type} to ${url} answered ${outcome.answer.status} (${type} is sent once)`)
  }

  hub = {
    publicKeyPem: signer.publicKeyPem,
    endpoint: () => endpoint,
    setEndpoint: (url) => {
      endpoint = url
    },
    emit: (type, data) => {
      if (endpoint === undefined || closed) return undefined
      const sent = event(type, data)
      start(delivery(endpoint, sent, isRetried(type) ? undefined : reportOnce(type, endpoint)))
      return sent
    },
    deliverOnce: async (type, data) => {
      if (endpoint === undefined || closed) return undefined
      const outcome = await once(endpoint, type, data)
      return 'answer' in outcome ? outcome.answer : undefined
    },
    sendTest: async (url) => {
      const outcome = await once(url, 'TEST', {})
      if ('error' in outcome) throw outcome.error
      return outcome.answer
    },
    timeMoved: () => {
      const now = clock.now()
      const due = [...waiting].filter((delivery) => !delivery.open && delivery.dueAt <= now)
      due.sort((a, b) => a.dueAt - b.dueAt)
      for (const delivery of due) start(delivery)
      for (const delivery of waiting) {
        const remaining = delivery.dueAt - now
        // A wake-up that came a little early on a clock that follows real time: look again soon.
        // On a clock that stands still the remaining time does not shrink, and nothing is asked.
        if (!delivery.open && remaining < delivery.wakeMs) {
          delivery.wakeMs = remaining
          wake(remaining)
        }
      }
    },
    pending: () => waiting.size,
    inFlight: () => inFlight.size,
    queued: () => lanes.queued(),
    close: () => {
      closed = true
      waiting.clear()
      lanes.clear()
      for (const controller of inFlight) controller.abort(new Error('The sandbox closed.'))
    },
  }
  return hub
}
