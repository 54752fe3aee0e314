import type { PayloadDescription, PaymentAmount } from '../intent/describePayload.js'
import { visibleText } from '../intent/visibleText.js'
import type { Currency, Quote } from '../wire/quote.js'

// The contract makes `code` and `decimals` optional. Without `decimals` the amount is given in
// minor units (0 places, so `amount` is what the quote says), never scaled by a guessed count.
function amountOf(amount: number, { code, decimals }: Currency): PaymentAmount {
  const named = code === undefined ? undefined : visibleText(code)
  if (decimals === undefined) {
    return { amount, currency: `minor units ${named === undefined ? NO_CODE : `of ${named}`}`, decimals: 0 }
  }
  return { amount, currency: named ?? NO_CODE, decimals }
}

const NO_CODE = '(currency not given)'

/** `1500000` at 6 decimals is "1.50": cents always, further decimals where they count. */
function amountText({ amount, currency, decimals }: PaymentAmount): string {
  const digits = { minimumFractionDigits: Math.min(2, decimals), maximumFractionDigits: decimals }
  return `${new Intl.NumberFormat('en-US', digits).format(amount / 10 ** decimals)} ${currency}`
}

/**
 * What paying `quote` from the wallet authorises, for the `confirm` hook: the amounts sent and
 * received with their currencies, the fees included and the receiver as the quote gives it (an
 * UMA address or an account id), built from the quote the client holds. The transaction the
 * wallet signs is opaque to the page: the description is the quote's, not the transaction's.
 * A currency without `decimals` is described in minor units ("Pay 2,500 minor units of USDB"),
 * one without `code` as "(currency not given)": shown exactly rather than refused, since the
 * contract allows such a quote and the number the user confirms is still the one paid.
 *
 * @example
 * ```ts
 * describeQuote(quote).summary // 'Pay 1.00 USDB (fees 0.01 USDB included) to $bob@uma.example, who receives 0.98 USD.'
 * ```
 */
export function describeQuote(quote: Quote): PayloadDescription {
  const sent = amountOf(quote.totalSendingAmount, quote.sendingCurrency)
  const received = amountOf(quote.totalReceivingAmount, quote.receivingCurrency)
  const fees = quote.feesIncluded > 0 ? amountOf(quote.feesIncluded, quote.sendingCurrency) : undefined
  const { destination: to } = quote
  const destination = visibleText(String(to.destinationType === 'UMA_ADDRESS' ? to.umaAddress : to.accountId))
  const feesText = fees ? ` (fees ${amountText(fees)} included)` : ''
  return {
    action: 'pay',
    type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    summary: `Pay ${amountText(sent)}${feesText} to ${destination}, who receives ${amountText(received)}.`,
    ...(quote.source.sourceType === 'ACCOUNT'
      ? { account: visibleText(String(quote.source.accountId)) }
      : {}),
    ids: [visibleText(quote.id)],
    payment: { sent, received, fees, destination },
  }
}
