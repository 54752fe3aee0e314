import * as z from 'zod/mini'
import { Amount, DateTime } from './primitives.js'
import { CounterpartyInformation, Currency } from './quote.js'
import { variants } from './variants.js'

/**
 * An amount in a currency's smallest unit, with the currency as the service describes it (its
 * `decimals` may be missing: say so rather than guess).
 *
 * @example
 * ```ts
 * const { amount, currency } = parseWire(CurrencyAmount, transaction.sentAmount, 'Amount')
 * ```
 */
export const CurrencyAmount = z.looseObject({ amount: Amount, currency: Currency })
export type CurrencyAmount = z.infer<typeof CurrencyAmount>

const Text = z.string().check(z.minLength(1))

/**
 * The statuses a history can be filtered by (a transaction read back may carry one the service
 * added since: its `status` stays a plain string).
 *
 * @example
 * ```ts
 * const Status = z.enum(TRANSACTION_STATUSES)
 * ```
 */
export const TRANSACTION_STATUSES = [
  'CREATED',
  'PENDING',
  'PENDING_AUTHORIZATION',
  'PROCESSING',
  'COMPLETED',
  'REJECTED',
  'FAILED',
  'REFUNDED',
  'EXPIRED',
] as const
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number]

// Where a transaction's money comes from and goes, by their discriminators; a kind the service
// adds later passes as it is (wire-formats section 12).
const TransactionSource = variants('sourceType', {
  ACCOUNT: z.looseObject({ accountId: Text }),
  UMA_ADDRESS: z.looseObject({ umaAddress: Text }),
  REALTIME_FUNDING: z.looseObject({ currency: Text, customerId: z.optional(z.string()) }),
})
const TransactionDestination = variants('destinationType', {
  ACCOUNT: z.looseObject({ accountId: Text }),
  UMA_ADDRESS: z.looseObject({ umaAddress: Text }),
})

// What each kind of transaction requires beyond the members every kind has.
const INCOMING = z.looseObject({ destination: TransactionDestination, receivedAmount: CurrencyAmount })
const OUTGOING = z.looseObject({
  destination: TransactionDestination,
  source: TransactionSource,
  sentAmount: CurrencyAmount,
})
const CARD = z.looseObject({
  merchant: z.looseObject({}),
  authorizedAmount: CurrencyAmount,
  accountId: Text,
  authorizedAt: DateTime,
  createdAt: DateTime,
  updatedAt: DateTime,
})

/**
 * A transaction of the customer's history, as `GET /transactions` and `GET /transactions/{id}`
 * answer it: an `INCOMING` or `OUTGOING` payment, or a `CARD` transaction, discriminated by `type`
 * (each kind's required members checked, a kind the service adds later kept as it comes).
 * `status` and `direction` stay plain strings: a value the service adds must not fail a history
 * (payments: `CREATED`, `PENDING`, `PENDING_AUTHORIZATION`, `PROCESSING`, `COMPLETED`, `REJECTED`,
 * `FAILED`, `REFUNDED`, `EXPIRED`; cards: `AUTHORIZED`, `PARTIALLY_SETTLED`, `SETTLED`, `REFUNDED`,
 * `EXCEPTION`). Amounts are in the currency's smallest unit.
 *
 * @example
 * ```ts
 * const transaction = parseWire(Transaction, await response.json(), 'Transaction')
 * if (transaction.type === 'INCOMING') showReceived(transaction.receivedAmount)
 * ```
 */
export const Transaction = variants(
  'type',
  { INCOMING, OUTGOING, CARD },
  {
    id: Text,
    status: Text,
    direction: z.string(),
    customerId: Text,
    platformCustomerId: z.string(),
    source: z.optional(TransactionSource),
    destination: z.optional(TransactionDestination),
    sentAmount: z.optional(CurrencyAmount),
    receivedAmount: z.optional(CurrencyAmount),
    exchangeRate: z.optional(z.number().check(z.positive())),
    fees: z.optional(Amount.check(z.minimum(0))),
    description: z.optional(z.string()),
    quoteId: z.optional(z.string()),
    failureReason: z.optional(z.string()),
    counterpartyInformation: z.optional(CounterpartyInformation),
    createdAt: z.optional(DateTime),
    updatedAt: z.optional(DateTime),
    settledAt: z.optional(DateTime),
  },
)
export type Transaction = z.infer<typeof Transaction>

/**
 * One page of the customer's transactions (`GET /transactions`): pass `nextCursor` as `cursor` for
 * the next page while `hasMore` (`transactions.list` refuses a page that says there is more without
 * a cursor to reach it).
 *
 * @example
 * ```ts
 * const page = parseWire(TransactionPage, await response.json(), 'TransactionPage')
 * if (page.hasMore) next = page.nextCursor
 * ```
 */
export const TransactionPage = z.looseObject({
  data: z.array(Transaction),
  hasMore: z.boolean(),
  nextCursor: z.optional(Text),
  totalCount: z.optional(z.int().check(z.minimum(0))),
})
export type TransactionPage = z.infer<typeof TransactionPage>
