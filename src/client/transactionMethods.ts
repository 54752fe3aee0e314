import { WalletAuthError } from '../errors.js'
import { DateTime } from '../wire/primitives.js'
import { Transaction, TransactionPage, type TransactionStatus } from '../wire/transaction.js'
import type { ClientContext } from './clientContext.js'

/** Filters and paging of `transactions.list`; each one left out filters nothing. */
export interface TransactionListOptions {
  /** Money received (`INCOMING`) or sent (`OUTGOING`). */
  type?: 'INCOMING' | 'OUTGOING'
  /** One status, e.g. `COMPLETED` or `PENDING_AUTHORIZATION`. */
  status?: TransactionStatus
  /** The payment's reference, as the service records it. */
  reference?: string
  /** From this ISO 8601 date-time on (inclusive), e.g. `2026-01-01T00:00:00Z`. */
  startDate?: string
  /** Up to this ISO 8601 date-time (inclusive). */
  endDate?: string
  /** Transactions per page, 1 to 100. Default (the service's) 20. */
  limit?: number
  /** The `nextCursor` of the page before. */
  cursor?: string
  /** `desc` (newest first, the default) or `asc`. */
  sortOrder?: 'asc' | 'desc'
}

/** Options of `transactions.approve`. */
export interface ApproveOptions {
  /**
   * What the sender asked to know about the receiver (the webhook's
   * `requestedReceiverCustomerInfoFields`), by field name: `{ NATIONALITY: 'GB' }`.
   */
  receiverCustomerInfo?: Record<string, unknown>
}

/** Options of `transactions.reject`. */
export interface RejectOptions {
  /** Why, for the platform's own records (the service keeps it for debugging), e.g. `RESTRICTED_JURISDICTION`. */
  reason?: string
}

/**
 * The customer's transaction history: reads, no wallet signature (the relay judges the customer
 * named). Amounts are in each currency's smallest unit. And the decision on an incoming payment
 * waiting for the platform (its `INCOMING_PAYMENT.PENDING` answered 202): `approve` or `reject`,
 * within the service's 5 seconds.
 *
 * @example
 * ```ts
 * let page = await wallet.transactions.list(customerId, { type: 'OUTGOING', limit: 20 })
 * render(page.data)
 * if (page.hasMore) page = await wallet.transactions.list(customerId, { type: 'OUTGOING', cursor: page.nextCursor })
 * ```
 */
export interface TransactionMethods {
  /** One page of the customer's transactions, newest first unless `sortOrder: 'asc'`. */
  list(customerId: string, options?: TransactionListOptions): Promise<TransactionPage>
  /** One transaction, by its id (one of the customer's: the relay refuses any other). */
  get(transactionId: string): Promise<Transaction>
  /**
   * Approves an incoming payment waiting for the platform; resolves with it (`COMPLETED` once the
   * service credits it). The service's 409 `TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL` (the error's
   * code) when it is not waiting: decided already, or its time ran out.
   */
  approve(transactionId: string, options?: ApproveOptions): Promise<Transaction>
  /** Rejects an incoming payment waiting for the platform; resolves with it (`FAILED`). */
  reject(transactionId: string, options?: RejectOptions): Promise<Transaction>
}

/** The body of an approve, or `INVALID_ARGUMENT` before anything is sent. */
function approveBody(options: ApproveOptions): Record<string, unknown> {
  const { receiverCustomerInfo } = options
  if (receiverCustomerInfo === undefined) return {}
  if (
    typeof receiverCustomerInfo !== 'object' ||
    receiverCustomerInfo === null ||
    Array.isArray(receiverCustomerInfo)
  ) {
    throw new WalletAuthError('INVALID_ARGUMENT', 'receiverCustomerInfo must be an object of fields.')
  }
  return { receiverCustomerInfo }
}

/** The body of a reject, or `INVALID_ARGUMENT` before anything is sent. */
function rejectBody(options: RejectOptions): Record<string, unknown> {
  const { reason } = options
  if (reason === undefined) return {}
  if (typeof reason !== 'string' || reason === '' || reason.length > 1024) {
    throw new WalletAuthError('INVALID_ARGUMENT', 'reason must be text of at most 1024 characters.')
  }
  return { reason }
}

const transactionPath = (transactionId: string, action: string) =>
  `/transactions/${encodeURIComponent(transactionId)}/${action}`

/** The query of a list call, or `INVALID_ARGUMENT` before anything is sent. */
function listQuery(customerId: string, options: TransactionListOptions): URLSearchParams {
  const { type, status, reference, startDate, endDate, limit, cursor, sortOrder } = options
  const query = new URLSearchParams({ customerId })
  const invalid = (message: string) => new WalletAuthError('INVALID_ARGUMENT', message)
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 100)) {
    throw invalid('limit must be a whole number from 1 to 100.')
  }
  for (const [name, value] of [
    ['startDate', startDate],
    ['endDate', endDate],
  ] as const) {
    if (value !== undefined && !DateTime.safeParse(value).success) {
      throw invalid(`${name} must be an ISO 8601 date-time, e.g. 2026-01-01T00:00:00Z.`)
    }
  }
  const members = { type, status, reference, startDate, endDate, cursor, sortOrder }
  for (const [name, value] of Object.entries(members)) {
    if (value === undefined) continue
    // From plain JavaScript (or a page through the signer) a member may be anything: only text is sent.
    if (typeof value !== 'string' || value === '') throw invalid(`${name} must be text.`)
    query.set(name, value)
  }
  if (limit !== undefined) query.set('limit', String(limit))
  return query
}

/**
 * The `transactions` methods of a client.
 *
 * @example
 * ```ts
 * const transactions = createTransactionMethods(ctx)
 * const { data } = await transactions.list(customerId)
 * ```
 */
export function createTransactionMethods(ctx: ClientContext): TransactionMethods {
  return {
    async list(customerId, options = {}) {
      const query = listQuery(customerId, options)
      const page = await ctx.call('GET', `/transactions?${query}`, { schema: TransactionPage })
      if (page.hasMore && page.nextCursor === undefined) {
        throw new WalletAuthError('INVALID_RESPONSE', 'GET /transactions says there is more, with no cursor.')
      }
      return page
    },
    get: (transactionId) =>
      ctx.call('GET', `/transactions/${encodeURIComponent(transactionId)}`, { schema: Transaction }),
    approve: async (transactionId, options = {}) =>
      ctx.call('POST', transactionPath(transactionId, 'approve'), {
        body: approveBody(options),
        schema: Transaction,
      }),
    reject: async (transactionId, options = {}) =>
      ctx.call('POST', transactionPath(transactionId, 'reject'), {
        body: rejectBody(options),
        schema: Transaction,
      }),
  }
}
