import { SANDBOX_CURRENCIES, type SandboxCurrency } from './currencies.js'
import { priceQuote } from './priceQuote.js'

/** The rail a payout in each fiat currency takes (the fastest one the contract names for it). */
const PAYOUT_RAILS: Readonly<Record<string, string>> = {
  USD: 'RTP',
  EUR: 'SEPA_INSTANT',
  GBP: 'FASTER_PAYMENTS',
  MXN: 'SPEI',
  BRL: 'PIX',
  CAD: 'BANK_TRANSFER',
  INR: 'UPI',
  NGN: 'BANK_TRANSFER',
  PHP: 'INSTAPAY',
  KES: 'MOBILE_MONEY',
  XOF: 'MOBILE_MONEY',
}

// The sandbox quotes any amount its integers hold; the limits it shows are the equivalent of
// US$1,000,000, so that a preview names a ceiling as the service's do.
const MAX_USD = 1_000_000

/**
 * The payout rail of `currency`, or `undefined` for one the sandbox pays out only on chain
 * (stablecoins: the contract names no rail for them).
 *
 * @example
 * ```ts
 * payoutRail('EUR') // 'SEPA_INSTANT'
 * ```
 */
export function payoutRail(currency: string): string | undefined {
  return PAYOUT_RAILS[currency]
}

/**
 * Sending-currency units per receiving-currency unit, as `priceQuote` shows it in a quote.
 *
 * @example
 * ```ts
 * indicativeRate(requireCurrency('USD'), requireCurrency('EUR')) // 1.08
 * ```
 */
export function indicativeRate(sending: SandboxCurrency, receiving: SandboxCurrency): number {
  return Number((receiving.usdValue / sending.usdValue).toPrecision(10))
}

/**
 * The largest amount shown for `currency` (smallest unit): the equivalent of US$1,000,000.
 *
 * @example
 * ```ts
 * maxAmount(requireCurrency('USD')) // 100_000_000
 * ```
 */
export function maxAmount(currency: SandboxCurrency): number {
  return Math.round((MAX_USD / currency.usdValue) * 10 ** currency.decimals)
}

/**
 * The smallest sending amount that leaves something to receive: what a quote locking one
 * receiving unit costs.
 *
 * @example
 * ```ts
 * minSendingAmount(requireCurrency('USD'), requireCurrency('EUR')) // a few dozen cents
 * ```
 */
export function minSendingAmount(sending: SandboxCurrency, receiving: SandboxCurrency): number {
  return priceQuote({ sending, receiving, lockedCurrencySide: 'RECEIVING', lockedCurrencyAmount: 1 })
    .totalSendingAmount
}

/**
 * Every currency of the rate table a payout can go to (one with a rail), in table order.
 *
 * @example
 * ```ts
 * payoutCurrencies().map((currency) => currency.code) // ['USD', 'EUR', …]
 * ```
 */
export function payoutCurrencies(): SandboxCurrency[] {
  return [...SANDBOX_CURRENCIES.values()].filter((currency) => payoutRail(currency.code) !== undefined)
}
