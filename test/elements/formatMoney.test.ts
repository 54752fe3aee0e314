// Amounts in minor units written as money: the currency's decimals, cents always, a symbol where
// Intl knows the currency and the code after the number where it does not; minor units where the
// quote gives no decimals.
import { describe, expect, it } from 'vitest'
import { formatMoney } from '../../src/elements/formatMoney.js'

describe('formatMoney', () => {
  it.each([
    [10_000_000, { code: 'USDB', decimals: 6 }, '10.00 USDB'],
    [10_123_456, { code: 'USDB', decimals: 6 }, '10.123456 USDB'],
    [1_050, { code: 'EUR', decimals: 2 }, '€10.50'],
    [1_050, { code: 'JPY', decimals: 0 }, '¥1,050'],
  ])('writes %i of %o as %s', (minor, currency, written) => {
    expect(formatMoney(minor, currency, 'en-US')).toBe(written)
  })

  // The contract requires neither member: what is missing is said, never guessed.
  it.each([
    [2_500, { code: 'USDB' }, '2,500 minor units of USDB'],
    [123_456_789, { code: 'USD' }, '123,456,789 minor units of USD'],
    [1_050, { decimals: 2 }, '10.50 (currency not given)'],
    [1_050, {}, '1,050 minor units (currency not given)'],
  ])('writes %i of %o without scaling by a guess as %s', (minor, currency, written) => {
    expect(formatMoney(minor, currency, 'en-US')).toBe(written)
  })

  // A code is the service's text: control and bidi characters show as code points, never act.
  it.each([
    [2_500, { code: 'US\u202eDB' }, '2,500 minor units of US<U+202E>DB'],
    [1_050, { code: 'US\u202eDB', decimals: 2 }, '10.50 US<U+202E>DB'],
  ])('writes %i of %o with its code visible as %s', (minor, currency, written) => {
    expect(formatMoney(minor, currency, 'en-US')).toBe(written)
  })

  it('keeps to minor units where decimals are more than any currency has (Intl stops at 100)', () => {
    expect(formatMoney(1_050, { code: 'USDB', decimals: 101 }, 'en-US')).toBe('1,050 minor units of USDB')
  })

  it('follows the locale', () => {
    expect(formatMoney(123_456, { code: 'EUR', decimals: 2 }, 'de-DE')).toBe('1.234,56\u00a0€')
  })

  it('falls back to the default language on a tag Intl refuses (a page\'s lang="not a language")', () => {
    const fallback = formatMoney(1050, { code: 'EUR', decimals: 2 })
    expect(formatMoney(1050, { code: 'EUR', decimals: 2 }, 'not a language')).toBe(fallback)
    expect(formatMoney(10_000_000, { code: 'USDB', decimals: 6 }, 'not a language')).toBe(
      formatMoney(10_000_000, { code: 'USDB', decimals: 6 }),
    )
  })
})
