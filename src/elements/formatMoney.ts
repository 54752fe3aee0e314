import type { Currency } from '../wire/quote.js'

/**
 * An amount in a currency's smallest unit, written as money for the language tag `requested` (one
 * Intl refuses gives way to the browser's): `1050` of a two-decimal `EUR` is "€10.50"; a code that
 * is not an ISO 4217 currency (`USDB`) is written after the number. Cents are always shown, further
 * decimals only where they count.
 *
 * @example
 * ```ts
 * formatMoney(10_000_000, { code: 'USDB', decimals: 6 }, 'en-US') // '10.00 USDB'
 * ```
 */
export function formatMoney(minor: number, currency: Currency, requested?: string): string {
  const locale = validLocale(requested)
  const decimals = currency.decimals ?? 2
  const value = minor / 10 ** decimals
  const digits = { minimumFractionDigits: Math.min(2, decimals), maximumFractionDigits: decimals }
  try {
    return new Intl.NumberFormat(locale, { ...digits, style: 'currency', currency: currency.code }).format(
      value,
    )
  } catch {
    // Intl refuses codes that are not three letters (a RangeError).
    return `${new Intl.NumberFormat(locale, digits).format(value)} ${currency.code}`
  }
}

// A tag Intl refuses (a page's `lang="not a language"`) gives way to the browser's language.
function validLocale(locale: string | undefined): string | undefined {
  try {
    return locale === undefined ? undefined : Intl.getCanonicalLocales(locale)[0]
  } catch {
    return undefined
  }
}
