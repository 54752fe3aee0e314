// The webhooks the sandbox sends, as the contract's `webhooks` section defines them (BaseWebhook
// with each family's type enum and data schema). The data schemas are the ones the route tables
// already hold for the same resources (Transaction, InternalAccount, Customer, Verification, Card,
// ExternalAccount), so a webhook's resource is checked exactly like the API's answer about it.

import * as z from 'zod'
import { contractRoutes } from './contractRoutes.js'

const DateTime = z.iso.datetime({ offset: true })

function routeSchema(method: string, path: string, status: number): z.ZodType {
  const schema = contractRoutes.find((route) => route.method === method && route.path === path)?.responses[
    status
  ]
  if (!schema) throw new Error(`No ${status} schema for ${method} ${path}`)
  return schema
}

const Transaction = routeSchema('GET', '/transactions/{transactionId}', 200)
const IncomingTransaction = routeSchema('POST', '/sandbox/uma/receive', 200)
const OutgoingTransaction = Transaction.refine(
  (data) => (data as { type?: unknown }).type === 'OUTGOING',
  'an OutgoingTransaction',
)
const InternalAccount = routeSchema('POST', '/sandbox/internal-accounts/{accountId}/fund', 200)
const Customer = routeSchema('GET', '/customers/{customerId}', 200)
const Verification = routeSchema('GET', '/verifications/{verificationId}', 200)
const Card = routeSchema('GET', '/cards/{id}', 200)
const ExternalAccount = routeSchema('GET', '/customers/external-accounts/{externalAccountId}', 200)

const webhook = <const T extends readonly [string, ...string[]]>(types: T, data: z.ZodType) =>
  z.strictObject({ id: z.string().min(1), type: z.enum(types), timestamp: DateTime, data })

const families = [
  webhook(
    [
      'INCOMING_PAYMENT.PENDING',
      'INCOMING_PAYMENT.COMPLETED',
      'INCOMING_PAYMENT.FAILED',
      'INCOMING_PAYMENT.REFUND_PENDING',
      'INCOMING_PAYMENT.REFUND_COMPLETED',
      'INCOMING_PAYMENT.REFUND_FAILED',
    ],
    IncomingTransaction,
  ),
  webhook(
    [
      'OUTGOING_PAYMENT.PENDING',
      'OUTGOING_PAYMENT.PENDING_AUTHORIZATION',
      'OUTGOING_PAYMENT.PROCESSING',
      'OUTGOING_PAYMENT.COMPLETED',
      'OUTGOING_PAYMENT.FAILED',
      'OUTGOING_PAYMENT.EXPIRED',
      'OUTGOING_PAYMENT.REFUND_PENDING',
      'OUTGOING_PAYMENT.REFUND_COMPLETED',
      'OUTGOING_PAYMENT.REFUND_FAILED',
    ],
    OutgoingTransaction,
  ),
  webhook(
    [
      'INTERNAL_ACCOUNT.BALANCE_UPDATED',
      'INTERNAL_ACCOUNT.STATUS_UPDATED',
      'INTERNAL_ACCOUNT.FUNDING_INSTRUCTIONS_UPDATED',
    ],
    InternalAccount,
  ),
  webhook(
    [
      'CUSTOMER.KYC_APPROVED',
      'CUSTOMER.KYC_REJECTED',
      'CUSTOMER.KYC_PENDING',
      'CUSTOMER.KYB_APPROVED',
      'CUSTOMER.KYB_REJECTED',
      'CUSTOMER.KYB_PENDING',
    ],
    Customer,
  ),
  webhook(
    [
      'VERIFICATION.APPROVED',
      'VERIFICATION.REJECTED',
      'VERIFICATION.RESOLVE_ERRORS',
      'VERIFICATION.IN_PROGRESS',
      'VERIFICATION.PENDING_MANUAL_REVIEW',
    ],
    Verification,
  ),
  // CardStateChangeWebhook and CardFundingSourceChangeWebhook: BaseWebhook, a required `data` that
  // is the whole Card after the change, one type each.
  webhook(['CARD.STATE_CHANGE'], Card),
  webhook(['CARD.FUNDING_SOURCE_CHANGE'], Card),
  // ExternalAccountStatusWebhook: BaseWebhook, one type, a required `data` that is the whole
  // ExternalAccount after the change.
  webhook(['EXTERNAL_ACCOUNT.STATUS_UPDATED'], ExternalAccount),
  // TestWebhookRequest: BaseWebhook with type TEST; the contract's example carries `data: {}`.
  z.strictObject({
    id: z.string().min(1),
    type: z.literal('TEST'),
    timestamp: DateTime,
    data: z.optional(z.strictObject({})),
  }),
] as const

/**
 * The schema of the webhook family `type` belongs to, or `undefined` for a type this table has
 * none for.
 *
 * @example
 * ```ts
 * webhookSchema('OUTGOING_PAYMENT.COMPLETED')?.parse(event)
 * ```
 */
export function webhookSchema(type: string): z.ZodType | undefined {
  return families.find((family) => family.shape.type.safeParse(type).success)
}

/**
 * What is wrong with a delivered webhook body against the contract (empty when nothing is).
 *
 * @example
 * ```ts
 * expect(webhookProblems(JSON.parse(body))).toEqual([])
 * ```
 */
export function webhookProblems(event: unknown): string[] {
  const type = (event as { type?: unknown } | null)?.type
  const schema = typeof type === 'string' ? webhookSchema(type) : undefined
  if (!schema) return [`no webhook of type ${String(type)} in the contract`]
  const result = schema.safeParse(event)
  return result.success
    ? []
    : result.error.issues.map((issue) => `${type} ${issue.path.join('.')}: ${issue.message}`)
}
