import type { SandboxClock } from '../clock.js'
import { iso, newId } from '../context.js'
import type { SandboxWebhookType, WebhookEvent } from './webhookEvent.js'
import type { WebhookSigner } from './webhookSigner.js'

/** Options of `createWebhookHub`. */
export interface WebhookHubOptions {
  signer: WebhookSigner
  clock: SandboxClock
  /** Header carrying `{"v":"1","s":"<base64 DER signature>"}`. */
  headerName: string
  /** Deliveries of one event, the first included, before it is given up. */
  maxAttempts: number
  /** Wait before the first retry (sandbox clock); doubled for each further one. */
  retryDelayMs: number
  /** An attempt the endpoint has not answered within this (real) time has failed. */
  timeoutMs: number
  endpoint?: string
  log: (message: string) => void
  /** Default: the global `fetch`. */
  fetch?: typeof fetch
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
  /** Sends one `TEST` event now, once, and returns the endpoint's answer (rejects if none came). */
  sendTest(url: string): Promise<WebhookAnswer>
  /** Sends the retries that the sandbox clock has made due (called when the clock moves). */
  timeMoved(): void
  /** How many deliveries wait for a retry. */
  pending(): number
  /** Stops every pending retry and aborts deliveries in flight. */
  close(): void
}

interface Delivery {
  url: string
  body: string
  type: string
  attempt: number
  dueAt: number
  timer?: ReturnType<typeof setTimeout>
}

/**
 * Whether the endpoint's status settles a delivery: a 2xx, a 409 (the contract's "already
 * processed": a duplicate id), or for `INCOMING_PAYMENT.PENDING` the approval answers 403 (reject)
 * and 422 (more information), which are answers, not failures.
 */
function settles(type: string, status: number): boolean {
  if ((status >= 200 && status <= 299) || status === 409) return true
  return type === 'INCOMING_PAYMENT.PENDING' && (status === 403 || status === 422)
}

function unrefTimer(callback: () => void, ms: number): ReturnType<typeof setTimeout> {
  const timer = setTimeout(callback, ms)
  timer.unref?.()
  return timer
}

/**
 * The webhook sender of one sandbox. Deliveries never block the flow that caused them: each is
 * POSTed in the background, signed over its exact bytes, and a failed one (network error, timeout
 * or a status other than 2xx and 409, the contract's duplicate) is retried after `retryDelayMs`,
 * doubled each time, on the sandbox clock (moving the clock sends due retries), up to
 * `maxAttempts`. An `INCOMING_PAYMENT.PENDING` answered 403 or 422 is not retried: the sandbox's
 * only pending incoming payments are transfers in, a bank rail where the contract makes those
 * answers informational (the payment's outcome stays the one its timeline set).
 *
 * @example
 * ```ts
 * const hub = createWebhookHub({ signer, clock, headerName: 'X-Service-Signature', maxAttempts: 6,
 *   retryDelayMs: 1_000, timeoutMs: 10_000, log: console.log })
 * hub.setEndpoint('http://localhost:4000/webhooks')
 * hub.emit('TEST')
 * ```
 */
export function createWebhookHub(options: WebhookHubOptions): WebhookHub {
  const { signer, clock, headerName, maxAttempts, retryDelayMs, timeoutMs, log } = options
  const send = options.fetch ?? ((input, init) => fetch(input, init))
  let endpoint = options.endpoint
  let closed = false
  const waiting = new Set<Delivery>()
  const inFlight = new Set<AbortController>()

  const post = async (url: string, body: string): Promise<WebhookAnswer> => {
    const bytes = new TextEncoder().encode(body)
    const signature = await signer.sign(bytes)
    const controller = new AbortController()
    inFlight.add(controller)
    const timer = unrefTimer(() => controller.abort(), timeoutMs)
    try {
      const response = await send(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          [headerName]: JSON.stringify({ v: '1', s: signature }),
        },
        body: bytes,
        signal: controller.signal,
      })
      return { url, status: response.status, body: await response.text() }
    } finally {
      clearTimeout(timer)
      inFlight.delete(controller)
    }
  }

  const wait = (delivery: Delivery, ms: number) => {
    delivery.timer = unrefTimer(() => {
      const remaining = delivery.dueAt - clock.now()
      if (remaining <= 0) attempt(delivery)
      // A clock that follows real time is nearly there; a frozen one waits for `timeMoved`.
      else if (remaining < ms) wait(delivery, remaining)
    }, ms)
  }

  const retry = (delivery: Delivery) => {
    if (closed) return
    if (delivery.attempt >= maxAttempts) {
      log(`sandbox: webhook ${delivery.type} to ${delivery.url} given up after ${delivery.attempt} attempts`)
      return
    }
    const delay = retryDelayMs * 2 ** (delivery.attempt - 1)
    delivery.attempt += 1
    delivery.dueAt = clock.now() + delay
    waiting.add(delivery)
    wait(delivery, delay)
  }

  const attempt = (delivery: Delivery) => {
    waiting.delete(delivery)
    if (closed) return
    post(delivery.url, delivery.body).then(
      (answer) => {
        if (!settles(delivery.type, answer.status)) retry(delivery)
        else if (answer.status === 403 || answer.status === 422) {
          log(
            `sandbox: webhook ${delivery.type} answered ${answer.status}: a bank-rail payment, informational`,
          )
        }
      },
      () => retry(delivery),
    )
  }

  const event = (type: SandboxWebhookType, data?: Record<string, unknown>): WebhookEvent => ({
    id: newId('Webhook'),
    type,
    timestamp: iso(clock.now()),
    ...(data ? { data } : {}),
  })

  return {
    publicKeyPem: signer.publicKeyPem,
    endpoint: () => endpoint,
    setEndpoint: (url) => {
      endpoint = url
    },
    emit: (type, data) => {
      if (endpoint === undefined || closed) return undefined
      const sent = event(type, data)
      const delivery: Delivery = { url: endpoint, body: JSON.stringify(sent), type, attempt: 1, dueAt: 0 }
      delivery.timer = unrefTimer(() => attempt(delivery), 0)
      return sent
    },
    sendTest: (url) => post(url, JSON.stringify(event('TEST', {}))),
    timeMoved: () => {
      const now = clock.now()
      for (const delivery of [...waiting]) {
        if (delivery.dueAt > now) continue
        clearTimeout(delivery.timer)
        attempt(delivery)
      }
    },
    pending: () => waiting.size,
    close: () => {
      closed = true
      for (const delivery of waiting) clearTimeout(delivery.timer)
      waiting.clear()
      for (const controller of inFlight) controller.abort()
    },
  }
}
