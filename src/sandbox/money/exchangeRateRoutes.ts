import { Hono } from 'hono'
import { iso, type SandboxContext } from '../context.js'
import { invalidInput, SandboxError } from '../sandboxError.js'
import { indicativeRate, maxAmount, minSendingAmount, payoutCurrencies, payoutRail } from './corridors.js'
import { currencyView, requireCurrency, SANDBOX_CURRENCIES, type SandboxCurrency } from './currencies.js'
import { badRequest } from './moneyErrors.js'
import { priceQuote } from './priceQuote.js'

/** The contract's default sending amount, in the smallest unit of the source currency. */
const DEFAULT_SENDING_AMOUNT = 10_000
/** The largest amount a quote takes (its `lockedCurrencyAmount` bound). */
const MAX_SENDING_AMOUNT = 9_000_000_000_000_000
/** The service caches its rates for about five minutes: the sandbox's change on that beat. */
const REFRESH_MS = 5 * 60_000

function sendingAmountOf(text: string | undefined): number {
  if (text === undefined) return DEFAULT_SENDING_AMOUNT
  const amount = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN
  if (!(amount <= MAX_SENDING_AMOUNT)) {
    throw invalidInput(`sendingAmount must be a whole number from 0 to ${MAX_SENDING_AMOUNT}.`)
  }
  return amount
}

function destinationsOf(codes: readonly string[] | undefined): SandboxCurrency[] {
  if (codes === undefined || codes.length === 0) return payoutCurrencies()
  const chosen = new Map<string, SandboxCurrency>()
  for (const code of codes) {
    const currency = requireCurrency(code)
    if (payoutRail(currency.code) === undefined) {
      throw badRequest('INVALID_CURRENCY', `The sandbox pays out ${currency.code} on no payment rail.`)
    }
    chosen.set(currency.code, currency)
  }
  return [...chosen.values()]
}

/** One corridor at `sendingAmount`; an amount the fees eat whole receives 0. */
function corridor(
  sending: SandboxCurrency,
  receiving: SandboxCurrency,
  sendingAmount: number,
  updatedAt: string,
) {
  const minimum = minSendingAmount(sending, receiving)
  const fixed = priceQuote({
    sending,
    receiving,
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: minimum,
  }).rateDetails.gridApiFixedFee
  let receivingAmount = 0
  let total = sendingAmount
  if (sendingAmount >= minimum) {
    try {
      const price = priceQuote({
        sending,
        receiving,
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: sendingAmount,
      })
      receivingAmount = price.totalReceivingAmount
      total = price.feesIncluded
    } catch (error) {
      // Rounding can leave an amount just above the minimum with nothing to receive; too large stays a 400.
      if (!(error instanceof SandboxError && error.init.details?.minimumFeesInSendingCurrency !== undefined))
        throw error
    }
  }
  return {
    sourceCurrency: currencyView(sending.code),
    destinationCurrency: currencyView(receiving.code),
    destinationPaymentRail: payoutRail(receiving.code),
    sendingAmount,
    minSendingAmount: minimum,
    maxSendingAmount: Math.max(minimum, maxAmount(sending)),
    receivingAmount,
    exchangeRate: indicativeRate(sending, receiving),
    fees: { fixed, total },
    updatedAt,
  }
}

/**
 * `GET /exchange-rates`: indicative rates from the sandbox's rate table for every corridor, or those
 * from `sourceCurrency` and to the (repeatable) `destinationCurrency`, priced as a quote locking
 * `sendingAmount` (default 10000) would be. Rates name no customer. An unknown currency, or a
 * destination the sandbox pays out on no rail, is 400 `INVALID_CURRENCY`.
 *
 * @example
 * ```ts
 * app.route('/', exchangeRateRoutes(ctx))
 * ```
 */
export function exchangeRateRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  app.get('/exchange-rates', (c) => {
    const sources = c.req.queries('sourceCurrency')
    if (sources !== undefined && sources.length > 1)
      throw invalidInput('sourceCurrency is given more than once.')
    const sendingAmount = sendingAmountOf(c.req.query('sendingAmount'))
    const fromCurrencies =
      sources?.[0] === undefined ? [...SANDBOX_CURRENCIES.values()] : [requireCurrency(sources[0])]
    const toCurrencies = destinationsOf(c.req.queries('destinationCurrency'))
    const updatedAt = iso(Math.floor(ctx.clock.now() / REFRESH_MS) * REFRESH_MS)
    const data = fromCurrencies.flatMap((sending) =>
      toCurrencies
        .filter((receiving) => receiving.code !== sending.code)
        .map((receiving) => corridor(sending, receiving, sendingAmount, updatedAt)),
    )
    return c.json({ data })
  })
  return app
}
