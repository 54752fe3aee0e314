import * as z from 'zod/mini'
import { Amount, DateTime } from './primitives.js'
import { Currency } from './quote.js'

/**
 * An indicative rate for one corridor (`GET /exchange-rates`): what `sendingAmount` of the source
 * currency would deliver, fees included, all amounts in each currency's smallest unit;
 * `exchangeRate` is sending units per receiving unit. Cached by the service (about five minutes,
 * `updatedAt`); a quote locks the real rate. `destinationPaymentRail` stays a plain string: a rail
 * the service adds must not fail a preview.
 *
 * @example
 * ```ts
 * const rate = parseWire(ExchangeRate, value, 'Exchange rate')
 * ```
 */
export const ExchangeRate = z.looseObject({
  sourceCurrency: Currency,
  destinationCurrency: Currency,
  destinationPaymentRail: z.string(),
  sendingAmount: Amount,
  minSendingAmount: Amount,
  maxSendingAmount: Amount,
  receivingAmount: Amount,
  exchangeRate: z.number(),
  fees: z.looseObject({ fixed: z.optional(Amount), total: z.optional(Amount) }),
  updatedAt: DateTime,
})
export type ExchangeRate = z.infer<typeof ExchangeRate>

/**
 * The answer of `GET /exchange-rates`.
 *
 * @example
 * ```ts
 * const { data } = parseWire(ExchangeRateList, await response.json(), 'Exchange rates')
 * ```
 */
export const ExchangeRateList = z.looseObject({ data: z.array(ExchangeRate) })
export type ExchangeRateList = z.infer<typeof ExchangeRateList>
