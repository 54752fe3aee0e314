import type { SandboxCurrency } from './currencies.js'
import { badRequest } from './moneyErrors.js'
import type { QuotePrice } from './moneyState.js'

/** Fraction of the sending amount the service charges (`gridApiVariableFeeRate`). */
export const VARIABLE_FEE_RATE = 0.005
/** Fraction of the sending amount the platform collects (`platformFeesIncluded`). */
export const PLATFORM_FEE_RATE = 0.002
const FIXED_FEE_USD = 0.1
const COUNTERPARTY_FIXED_FEE_USD = 0.05
// Quotes route through Lightning: multipliers are to and from millisatoshis at a fixed BTC price.
const BTC_USD = 60_000
const MSATS_PER_BTC = 100_000_000_000
// Absorbs binary floating-point error before rounding down (0.29 * 100 is 28.999999999999996).
const EPSILON = 1e-9

/** Options of `priceQuote`. */
export interface PriceQuoteOptions {
  sending: SandboxCurrency
  receiving: SandboxCurrency
  /** Which amount the client fixed. */
  lockedCurrencySide: 'SENDING' | 'RECEIVING'
  /** Smallest unit of the locked side's currency. */
  lockedCurrencyAmount: number
}

const MAX_SEARCHABLE_AMOUNT = Number.MAX_SAFE_INTEGER / 1024
const MAX_SEARCH_STEPS = 100_000

function tooLarge(): never {
  throw badRequest('AMOUNT_OUT_OF_RANGE', 'The amount is too large for the sandbox to quote.')
}

function smallest(currency: SandboxCurrency, usd: number): number {
  return Math.round((usd / currency.usdValue) * 10 ** currency.decimals)
}

/**
 * Prices a quote from the sandbox's fixed rate table. Every amount is an integer in the smallest
 * unit; `feesIncluded` = service fixed fee + variable fee (sending amount x `gridApiVariableFeeRate`)
 * + platform fee + the sending-currency value of the counterparty's fixed fee, so it includes
 * `platformFeesIncluded`. An amount too small to leave anything to receive is 400
 * `AMOUNT_OUT_OF_RANGE`, and so is one beyond safe integers.
 *
 * @example
 * ```ts
 * const price = priceQuote({ sending: requireCurrency('USD'), receiving: requireCurrency('EUR'),
 *   lockedCurrencySide: 'SENDING', lockedCurrencyAmount: 10_000 })
 * price.totalReceivingAmount // 9180 (euro cents)
 * ```
 */
export function priceQuote(options: PriceQuoteOptions): QuotePrice {
  const { sending, receiving, lockedCurrencySide, lockedCurrencyAmount } = options
  // Sending-currency major units per receiving-currency major unit (the spec's `exchangeRate`).
  const rate = receiving.usdValue / sending.usdValue
  const sendingScale = 10 ** sending.decimals
  const receivingScale = 10 ** receiving.decimals
  const fixedFee = smallest(sending, FIXED_FEE_USD)
  const counterpartyFixedFee = smallest(receiving, COUNTERPARTY_FIXED_FEE_USD)
  const counterpartyFeeInSending = Math.ceil(
    (counterpartyFixedFee / receivingScale) * rate * sendingScale - EPSILON,
  )

  const receivingFor = (totalSending: number): number => {
    const converted =
      totalSending -
      fixedFee -
      Math.round(totalSending * VARIABLE_FEE_RATE) -
      Math.round(totalSending * PLATFORM_FEE_RATE)
    return Math.floor((converted / sendingScale / rate) * receivingScale + EPSILON) - counterpartyFixedFee
  }

  let totalSendingAmount = lockedCurrencyAmount
  let totalReceivingAmount: number
  if (lockedCurrencySide === 'SENDING') {
    totalReceivingAmount = receivingFor(totalSendingAmount)
  } else {
    totalReceivingAmount = lockedCurrencyAmount
    const needed = ((lockedCurrencyAmount + counterpartyFixedFee) / receivingScale) * rate * sendingScale
    totalSendingAmount = Math.max(
      1,
      Math.ceil((needed + fixedFee) / (1 - VARIABLE_FEE_RATE - PLATFORM_FEE_RATE)),
    )
    // Past this, adding 1 to a float may not change it: the search below would not end.
    if (!(totalSendingAmount <= MAX_SEARCHABLE_AMOUNT)) tooLarge()
    // The estimate is off by rounding only (a few thousand units at the widest rate gap): settle
    // on the smallest amount that delivers enough.
    let steps = 0
    while (receivingFor(totalSendingAmount) < lockedCurrencyAmount) {
      totalSendingAmount++
      if (++steps > MAX_SEARCH_STEPS) tooLarge()
    }
    while (totalSendingAmount > 1 && receivingFor(totalSendingAmount - 1) >= lockedCurrencyAmount) {
      totalSendingAmount--
      if (++steps > MAX_SEARCH_STEPS) tooLarge()
    }
  }
  if (!Number.isSafeInteger(totalSendingAmount) || !Number.isSafeInteger(totalReceivingAmount)) tooLarge()
  if (totalReceivingAmount <= 0) {
    throw badRequest('AMOUNT_OUT_OF_RANGE', 'The amount does not cover the fees of this transfer.', {
      minimumFeesInSendingCurrency: fixedFee + counterpartyFeeInSending,
    })
  }

  const variableFee = Math.round(totalSendingAmount * VARIABLE_FEE_RATE)
  const platformFee = Math.round(totalSendingAmount * PLATFORM_FEE_RATE)
  const msatsPerSendingUnit = (sending.usdValue / sendingScale) * (MSATS_PER_BTC / BTC_USD)
  return {
    totalSendingAmount,
    totalReceivingAmount,
    exchangeRate: Number(rate.toPrecision(10)),
    feesIncluded: fixedFee + variableFee + platformFee + counterpartyFeeInSending,
    platformFeesIncluded: platformFee,
    rateDetails: {
      counterpartyMultiplier: Number(
        ((receivingScale / receiving.usdValue) * (BTC_USD / MSATS_PER_BTC)).toPrecision(10),
      ),
      counterpartyFixedFee,
      gridApiMultiplier: Number((msatsPerSendingUnit * (1 - VARIABLE_FEE_RATE)).toPrecision(10)),
      gridApiFixedFee: fixedFee,
      gridApiVariableFeeRate: VARIABLE_FEE_RATE,
      gridApiVariableFeeAmount: variableFee,
    },
  }
}
