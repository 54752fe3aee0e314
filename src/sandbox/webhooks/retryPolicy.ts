import type { SandboxWebhookType } from './webhookEvent.js'

/** The longest wait between two attempts of one webhook: the service's 30 minutes. */
export const WEBHOOK_MAX_RETRY_INTERVAL_MS = 30 * 60_000

/** How long after its first attempt a webhook is still retried: the service's 7 days. */
export const WEBHOOK_RETRY_WINDOW_MS = 7 * 24 * 60 * 60_000

/**
 * Connections the sandbox keeps open to one endpoint at a time; further deliveries wait their turn
 * in the order they became ready. The contract names no bound; this one keeps a slow endpoint from
 * being flooded while still letting a busy flow's events overlap.
 */
export const WEBHOOK_MAX_IN_FLIGHT = 8

/**
 * Whether a failed delivery of `type` is tried again. The service sends `TEST` once, and never
 * retries `INCOMING_PAYMENT.PENDING`: it asks the platform to approve a payment in the flow, so a
 * late second ask would come after the flow has moved on.
 *
 * @example
 * ```ts
 * isRetried('OUTGOING_PAYMENT.COMPLETED') // true
 * isRetried('TEST') // false
 * ```
 */
export function isRetried(type: SandboxWebhookType): boolean {
  return type !== 'TEST' && type !== 'INCOMING_PAYMENT.PENDING'
}

/**
 * Whether the endpoint's status ends a delivery: any 2xx, or 409, the contract's "already
 * processed" (a duplicate id), whatever the event.
 *
 * @example
 * ```ts
 * settles(409) // true
 * settles(500) // false
 * ```
 */
export function settles(status: number): boolean {
  return (status >= 200 && status <= 299) || status === 409
}

/**
 * The wait (sandbox clock) after the `attempt`-th failed attempt before the next one:
 * `firstDelayMs`, doubled after each further failure, never more than 30 minutes.
 *
 * @example
 * ```ts
 * retryDelay(1, 1_000) // 1_000
 * retryDelay(3, 1_000) // 4_000
 * retryDelay(20, 1_000) // 1_800_000
 * ```
 */
export function retryDelay(attempt: number, firstDelayMs: number): number {
  // Capped before the power can overflow to Infinity on a very long run of failures.
  const doublings = Math.min(attempt - 1, 52)
  return Math.min(firstDelayMs * 2 ** doublings, WEBHOOK_MAX_RETRY_INTERVAL_MS)
}
