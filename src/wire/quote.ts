import * as z from 'zod/mini'
import { PaymentInstructions } from './paymentInstructions.js'
import { Amount, DateTime, JsonObject } from './primitives.js'
import { ScaChallenge } from './scaChallenge.js'
import { variants } from './variants.js'

/**
 * A currency as quotes describe it. The contract requires none of its members, so a reader that
 * meets no `code` or no `decimals` says so rather than guessing (`formatMoney`, `describeQuote`).
 *
 * @example
 * ```ts
 * const { code, decimals } = parseWire(Currency, quote.sendingCurrency, 'Currency')
 * if (decimals === undefined) showMinorUnits(quote.totalSendingAmount, code)
 * ```
 */
export const Currency = z.looseObject({
  code: z.optional(z.string().check(z.minLength(1))),
  name: z.optional(z.string()),
  symbol: z.optional(z.string()),
  decimals: z.optional(z.int().check(z.minimum(0))),
})
export type Currency = z.infer<typeof Currency>

/**
 * Where the money of a quote comes from, discriminated by `sourceType`.
 *
 * @example
 * ```ts
 * const source = parseWire(QuoteSource, { sourceType: 'ACCOUNT', accountId }, 'Source')
 * ```
 */
export const QuoteSource = variants('sourceType', {
  ACCOUNT: z.looseObject({ accountId: z.string(), customerId: z.optional(z.string()) }),
  REALTIME_FUNDING: z.looseObject({
    currency: z.string(),
    customerId: z.optional(z.string()),
    cryptoNetwork: z.optional(z.string()),
  }),
})
export type QuoteSource = z.infer<typeof QuoteSource>

/**
 * Where the money of a quote goes, discriminated by `destinationType`.
 *
 * @example
 * ```ts
 * const destination = parseWire(QuoteDestination, { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@uma.example' }, 'Destination')
 * ```
 */
export const QuoteDestination = variants('destinationType', {
  ACCOUNT: z.looseObject({ accountId: z.string(), paymentRail: z.optional(z.string()) }),
  UMA_ADDRESS: z.looseObject({
    umaAddress: z.string().check(z.regex(/^\$[^@\s]+@[^@\s]+$/)),
    currency: z.optional(z.string()),
  }),
})
export type QuoteDestination = z.infer<typeof QuoteDestination>

/**
 * Free-form counterparty data (keys such as `FULL_NAME`, `BIRTH_DATE`, `NATIONALITY`).
 *
 * @example
 * ```ts
 * const info = parseWire(CounterpartyInformation, quote.counterpartyInformation, 'Counterparty')
 * info.FULL_NAME
 * ```
 */
export const CounterpartyInformation = JsonObject
export type CounterpartyInformation = z.infer<typeof CounterpartyInformation>

/**
 * Rate and fee breakdown of a quote; every field is required.
 *
 * @example
 * ```ts
 * const details = parseWire(OutgoingRateDetails, quote.rateDetails, 'Rate details')
 * ```
 */
export const OutgoingRateDetails = z.looseObject({
  counterpartyMultiplier: z.number().check(z.positive()),
  counterpartyFixedFee: Amount.check(z.minimum(0)),
  gridApiMultiplier: z.number().check(z.positive()),
  gridApiFixedFee: Amount.check(z.minimum(0)),
  gridApiVariableFeeRate: z.number().check(z.minimum(0)),
  gridApiVariableFeeAmount: Amount.check(z.minimum(0)),
})
export type OutgoingRateDetails = z.infer<typeof OutgoingRateDetails>

/**
 * Quote statuses.
 *
 * @example
 * ```ts
 * QuoteStatus.options.includes('COMPLETED') // true
 * ```
 */
export const QuoteStatus = z.enum([
  'PENDING',
  'PENDING_AUTHORIZATION',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'EXPIRED',
])
export type QuoteStatus = z.infer<typeof QuoteStatus>

/**
 * A cross-currency quote. The service names its `transactionId` from creation on; readers still
 * accept it absent, and `platformFeesIncluded` missing on older payloads (wire-formats section 12).
 *
 * @example
 * ```ts
 * const quote = parseWire(Quote, await response.json(), 'Quote')
 * if (quote.status === 'PENDING_AUTHORIZATION') await authorizeSca({ subject: quote, onChallenge, authorize, reload })
 * ```
 */
export const Quote = z.looseObject({
  id: z.string().check(z.minLength(1)),
  status: QuoteStatus,
  createdAt: DateTime,
  expiresAt: DateTime,
  source: QuoteSource,
  destination: QuoteDestination,
  sendingCurrency: Currency,
  receivingCurrency: Currency,
  totalSendingAmount: Amount.check(z.positive()),
  totalReceivingAmount: Amount.check(z.positive()),
  exchangeRate: z.number().check(z.positive()),
  feesIncluded: Amount.check(z.minimum(0)),
  platformFeesIncluded: z.optional(Amount.check(z.minimum(0))),
  paymentInstructions: z.optional(z.array(PaymentInstructions)),
  transactionId: z.nullish(z.string()),
  counterpartyInformation: z.optional(CounterpartyInformation),
  rateDetails: z.optional(OutgoingRateDetails),
  scaChallenge: z.nullish(ScaChallenge),
})
export type Quote = z.infer<typeof Quote>
