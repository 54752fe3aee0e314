// The contract's previews before a quote (API version 2025-10-13): receiver lookups by UMA address
// or external account, and indicative exchange rates, each success body as a strict schema written
// from the contract (every required member, its bounds, nothing it does not define).

import * as z from 'zod'
import type { ContractRoute } from '../contractRoute.js'
import { Currency, PaymentRail } from './moneyRoutes.js'

const Int = z.number().int()
const Positive = Int.min(1)
const NonNegative = Int.min(0)

const CurrencyPreference = z.strictObject({
  currency: Currency,
  estimatedExchangeRate: z.number().positive(),
  min: Positive,
  max: Positive,
})

const lookup = {
  supportedCurrencies: z.array(CurrencyPreference),
  requiredPayerDataFields: z.optional(z.array(z.strictObject({ name: z.string(), mandatory: z.boolean() }))),
  lookupId: z.string(),
}

const UmaLookup = z.strictObject({ ...lookup, receiverUmaAddress: z.string() })
const ExternalAccountLookup = z.strictObject({ ...lookup, accountId: z.string() })

const ExchangeRate = z.strictObject({
  sourceCurrency: Currency,
  destinationCurrency: Currency,
  destinationPaymentRail: PaymentRail,
  sendingAmount: NonNegative,
  minSendingAmount: NonNegative,
  maxSendingAmount: NonNegative,
  receivingAmount: NonNegative,
  exchangeRate: z.number().positive(),
  fees: z.strictObject({ fixed: z.optional(NonNegative), total: z.optional(NonNegative) }),
  updatedAt: z.iso.datetime({ offset: true }),
})

/** Receiver lookups and exchange rates. */
export const receiverRoutes: readonly ContractRoute[] = [
  {
    method: 'GET',
    path: '/receiver/uma/{receiverUmaAddress}',
    responses: { 200: UmaLookup },
    errors: [400, 404, 412, 424],
  },
  {
    method: 'GET',
    path: '/receiver/external-account/{accountId}',
    responses: { 200: ExternalAccountLookup },
    errors: [400, 404, 412, 424],
  },
  {
    method: 'GET',
    path: '/exchange-rates',
    responses: { 200: z.strictObject({ data: z.array(ExchangeRate) }) },
    errors: [400],
  },
]
