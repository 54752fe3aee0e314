/**
 * The event types the sandbox sends, each as the contract names it (`OBJECT.EVENT`). The contract
 * defines more (card transactions, refunds, funding-instruction changes, agents, bulk uploads…);
 * the sandbox's flows cause these (account statuses: `accountStatus.ts`, `externalAccountReview.ts`).
 *
 * @example
 * ```ts
 * SANDBOX_WEBHOOK_TYPES.includes('INCOMING_PAYMENT.COMPLETED') // true
 * ```
 */
export const SANDBOX_WEBHOOK_TYPES = [
  'TEST',
  'INCOMING_PAYMENT.PENDING',
  'INCOMING_PAYMENT.COMPLETED',
  'INCOMING_PAYMENT.FAILED',
  'OUTGOING_PAYMENT.PENDING',
  'OUTGOING_PAYMENT.PROCESSING',
  'OUTGOING_PAYMENT.COMPLETED',
  'OUTGOING_PAYMENT.FAILED',
  'INTERNAL_ACCOUNT.BALANCE_UPDATED',
  'INTERNAL_ACCOUNT.STATUS_UPDATED',
  'EXTERNAL_ACCOUNT.STATUS_UPDATED',
  'CUSTOMER.KYC_APPROVED',
  'CUSTOMER.KYC_REJECTED',
  'CUSTOMER.KYC_PENDING',
  'CUSTOMER.KYB_APPROVED',
  'CUSTOMER.KYB_REJECTED',
  'CUSTOMER.KYB_PENDING',
  'VERIFICATION.APPROVED',
  'VERIFICATION.REJECTED',
  'VERIFICATION.RESOLVE_ERRORS',
  'VERIFICATION.IN_PROGRESS',
  'CARD.STATE_CHANGE',
  'CARD.FUNDING_SOURCE_CHANGE',
] as const

/** One of `SANDBOX_WEBHOOK_TYPES`. */
export type SandboxWebhookType = (typeof SANDBOX_WEBHOOK_TYPES)[number]

/**
 * A webhook as the sandbox sends it: a unique id, its type, when it was sent (sandbox clock) and
 * the resource it is about; a `TEST` carries an empty `data`, as the contract's example does (its
 * schema requires none, so a receiver must not count on it).
 *
 * @example
 * ```ts
 * const event: WebhookEvent = { id: 'Webhook:…', type: 'TEST', timestamp: '2026-01-01T00:00:00.000Z', data: {} }
 * ```
 */
export interface WebhookEvent {
  id: string
  type: SandboxWebhookType
  timestamp: string
  data?: Record<string, unknown>
}

/**
 * Whether `type` is an event type the sandbox sends.
 *
 * @example
 * ```ts
 * if (isSandboxWebhookType(`INCOMING_PAYMENT.${status}`)) hub.emit(`INCOMING_PAYMENT.${status}`, data)
 * ```
 */
export function isSandboxWebhookType(type: string): type is SandboxWebhookType {
  return (SANDBOX_WEBHOOK_TYPES as readonly string[]).includes(type)
}
