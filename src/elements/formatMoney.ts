import { visibleText } from '../intent/visibleText.js'
import type { Currency } from '../wire/quote.js'

// More than any currency has: beyond it the amount stays in minor units (Intl stops at 100).
const MAX_DECIMALS = 30

/**
 * An amount in a currency's smallest unit, written as money for the language tag `requested` (one
 * Intl refuses gives way to the browser's): `1050` of a two-decimal `EUR` is "€10.50"; a code that
 * is not an ISO 4217 currency (`USDB`) is written after the number. Cents are always shown, further
 * decimals only where they count. The contract makes `code` and `decimals` optional: without
 * `decimals` the amount stays in minor units ("2,500 minor units of USDB"), never scaled by a
 * guess; without `code` the text says the currency was not given. A code written out is passed
 * through `visibleText`: it is the service's text.
 *
 * @example
 * ```ts
 * formatMoney(10_000_000, { code: 'USDB', decimals: 6 }, 'en-US') // '10.00 USDB'
 * formatMoney(2_500, { code: 'USDB' }, 'en-US') // '2,500 minor units of USDB'
 * ```
 */
export function formatMoney(minor: number, currency: Currency, requested?: string): string {
  const locale = validLocale(requested)
  const { decimals } = currency
  const code = currency.code === undefined ? undefined : visibleText(currency.code)
  if (decimals === undefined || decimals > MAX_DECIMALS) {
    const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(minor)
    return `${count} minor units ${code === undefined ? NO_CODE : `of ${code}`}`
  }
  const value = minor / 10 ** decimals
  const digits = { minimumFractionDigits: Math.min(2, decimals), maximumFractionDigits: decimals }
  const number = new Intl.NumberFormat(locale, digits).format(value)
  if (code === undefined) return `${number} ${NO_CODE}`
  try {
    return new Intl.NumberFormat(locale, { ...digits, style: 'currency', currency: code }).format(value)
  } catch {
    // Intl refuses codes that are not three letters (a RangeError).
    return `${number} ${code}`
  }
}

const NO_CODE = '(currency not given)'

// A tag Intl refuses (a page's `lang="not a language"`) gives way to the browser's language.
function validLocale(locale: string | undefined): string | undefined {
  try {
    return locale === undefined ? undefined : Intl.getCanonicalLocales(locale)[0]
  } catch {
    return undefined
  }
}
