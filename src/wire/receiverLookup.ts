import * as z from 'zod/mini'
import { Amount } from './primitives.js'
import { Currency } from './quote.js'

const Text = z.string().check(z.minLength(1))

/**
 * A currency a receiver takes, with an estimated rate from the sender's currency (sending units
 * per receiving unit, not locked: the quote decides) and the smallest and largest amounts it
 * receives, in its smallest unit.
 *
 * @example
 * ```ts
 * const { currency, min, max } = parseWire(CurrencyPreference, value, 'Currency preference')
 * ```
 */
export const CurrencyPreference = z.looseObject({
  currency: Currency,
  estimatedExchangeRate: z.number(),
  min: Amount,
  max: Amount,
})
export type CurrencyPreference = z.infer<typeof CurrencyPreference>

const lookup = {
  supportedCurrencies: z.array(CurrencyPreference),
  /** What the receiving institution needs to know about the payer (`name`, `mandatory`). */
  requiredPayerDataFields: z.optional(z.array(z.looseObject({ name: z.string(), mandatory: z.boolean() }))),
  /** Goes into `quotes.create` as `lookupId`. */
  lookupId: Text,
}

/**
 * The answer of a UMA receiver lookup (`GET /receiver/uma/{receiverUmaAddress}`).
 *
 * @example
 * ```ts
 * const found = parseWire(ReceiverUmaLookup, await response.json(), 'Receiver lookup')
 * ```
 */
export const ReceiverUmaLookup = z.looseObject({ ...lookup, receiverUmaAddress: Text })
export type ReceiverUmaLookup = z.infer<typeof ReceiverUmaLookup>

/**
 * The answer of an external-account receiver lookup (`GET /receiver/external-account/{accountId}`).
 *
 * @example
 * ```ts
 * const found = parseWire(ReceiverExternalAccountLookup, await response.json(), 'Receiver lookup')
 * ```
 */
export const ReceiverExternalAccountLookup = z.looseObject({ ...lookup, accountId: Text })
export type ReceiverExternalAccountLookup = z.infer<typeof ReceiverExternalAccountLookup>
