// The sandbox's quote pricing over every pair of its currencies: the spec's field rules, and the
// receiving-side lock landing on the smallest sending amount that delivers it.
import { describe, expect, it } from 'vitest'
import { SANDBOX_CURRENCIES } from '../../src/sandbox/money/currencies.js'
import { priceQuote } from '../../src/sandbox/money/priceQuote.js'
import { SandboxError } from '../../src/sandbox/sandboxError.js'

const currencies = [...SANDBOX_CURRENCIES.values()]
const pairs = currencies.flatMap((sending) => currencies.map((receiving) => [sending, receiving] as const))

function codeOf(action: () => unknown): string | undefined {
  try {
    action()
  } catch (error) {
    if (error instanceof SandboxError) return error.init.code
    throw error
  }
  return undefined
}

describe('priceQuote', () => {
  it.each(pairs.map(([s, r]) => [s.code, r.code, s, r] as const))(
    '%s -> %s',
    (_s, _r, sending, receiving) => {
      for (const amount of [10 ** (sending.decimals + 1), 123_456_789, 10 ** (receiving.decimals + 3) + 7]) {
        for (const lockedCurrencySide of ['SENDING', 'RECEIVING'] as const) {
          let price: ReturnType<typeof priceQuote>
          try {
            price = priceQuote({ sending, receiving, lockedCurrencySide, lockedCurrencyAmount: amount })
          } catch (error) {
            expect((error as SandboxError).init.code).toBe('AMOUNT_OUT_OF_RANGE')
            continue
          }
          const { totalSendingAmount: s, totalReceivingAmount: r, feesIncluded, platformFeesIncluded } = price
          for (const value of [
            s,
            r,
            feesIncluded,
            platformFeesIncluded,
            price.rateDetails.gridApiVariableFeeAmount,
          ]) {
            expect(Number.isSafeInteger(value)).toBe(true)
          }
          expect(s).toBeGreaterThan(0)
          expect(r).toBeGreaterThan(0)
          expect(price.exchangeRate).toBeCloseTo(receiving.usdValue / sending.usdValue, 6)
          expect(feesIncluded).toBeGreaterThanOrEqual(platformFeesIncluded)
          expect(price.rateDetails.gridApiVariableFeeAmount).toBe(
            Math.round(s * price.rateDetails.gridApiVariableFeeRate),
          )
          if (lockedCurrencySide === 'RECEIVING') {
            expect(r).toBe(amount)
            const delivered = (total: number) =>
              priceQuote({ sending, receiving, lockedCurrencySide: 'SENDING', lockedCurrencyAmount: total })
                .totalReceivingAmount
            expect(delivered(s)).toBeGreaterThanOrEqual(amount)
            if (s > 1) {
              const code = codeOf(() => delivered(s - 1))
              if (code === undefined) expect(delivered(s - 1)).toBeLessThan(amount)
            }
          } else {
            expect(s).toBe(amount)
          }
        }
      }
    },
  )

  it('refuses amounts too large to quote instead of searching forever', () => {
    const usd = SANDBOX_CURRENCIES.get('USD')
    const ngn = SANDBOX_CURRENCIES.get('NGN')
    if (!usd || !ngn) throw new Error('table')
    for (const [sending, receiving, side] of [
      [ngn, usd, 'RECEIVING'],
      [usd, ngn, 'SENDING'],
    ] as const) {
      const code = codeOf(() =>
        priceQuote({
          sending,
          receiving,
          lockedCurrencySide: side,
          lockedCurrencyAmount: Number.MAX_SAFE_INTEGER,
        }),
      )
      expect(code).toBe('AMOUNT_OUT_OF_RANGE')
    }
  })
})
