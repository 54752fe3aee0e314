import { WalletAuthError } from '../errors.js'
import { ExchangeRateList } from '../wire/exchangeRate.js'
import type { ClientContext } from './clientContext.js'

/** Which corridors `exchangeRates.list` shows; each one left out filters nothing. */
export interface ExchangeRateListOptions {
  /** The currency sent, e.g. `USD`. */
  sourceCurrency?: string
  /** The currencies received, e.g. `['EUR', 'INR']` (at most 32). */
  destinationCurrencies?: readonly string[]
  /** The amount sent, in the source currency's smallest unit. Default (the service's) 10000. */
  sendingAmount?: number
}

/**
 * Indicative exchange rates, for a preview before a quote (which locks the real rate). They name
 * no customer: the relay lets them through only when the integrator's hook approves them.
 *
 * @example
 * ```ts
 * const { data } = await wallet.exchangeRates.list({ sourceCurrency: 'USD', destinationCurrencies: ['EUR'] })
 * ```
 */
export interface ExchangeRateMethods {
  /** The corridors asked for, each priced at `sendingAmount`. */
  list(options?: ExchangeRateListOptions): Promise<ExchangeRateList>
}

const CODE = /^[A-Za-z0-9]{1,16}$/

/** The query of a list call, or `INVALID_ARGUMENT` before anything is sent. */
function listQuery({
  sourceCurrency,
  destinationCurrencies = [],
  sendingAmount,
}: ExchangeRateListOptions): string {
  const query = new URLSearchParams()
  // Every code checked at once (a missing source stands in as a valid one).
  const codes = [
    sourceCurrency ?? 'USD',
    ...(Array.isArray(destinationCurrencies) ? destinationCurrencies : ['']),
  ]
  if (
    codes.length > 33 ||
    !codes.every((code) => typeof code === 'string' && CODE.test(code)) ||
    !(sendingAmount === undefined || (Number.isSafeInteger(sendingAmount) && sendingAmount >= 0))
  ) {
    throw new WalletAuthError(
      'INVALID_ARGUMENT',
      'Rates take currency codes (at most 32 destinations) and a whole sendingAmount from 0.',
    )
  }
  if (sourceCurrency !== undefined) query.set('sourceCurrency', sourceCurrency)
  for (const code of destinationCurrencies) query.append('destinationCurrency', code)
  if (sendingAmount !== undefined) query.set('sendingAmount', String(sendingAmount))
  return `${query}`
}

/**
 * The `exchangeRates` methods of a client.
 *
 * @example
 * ```ts
 * const exchangeRates = createExchangeRateMethods(ctx)
 * const { data } = await exchangeRates.list({ sourceCurrency: 'USD' })
 * ```
 */
export function createExchangeRateMethods(ctx: ClientContext): ExchangeRateMethods {
  return {
    async list(options = {}) {
      const query = listQuery(options ?? {})
      return ctx.call('GET', `/exchange-rates${query && `?${query}`}`, { schema: ExchangeRateList })
    },
  }
}
