import type { PayloadDescription, PaymentAmount } from '../intent/describePayload.js'
import { visibleText } from '../intent/visibleText.js'
import type { Currency, Quote } from '../wire/quote.js'

const amountOf = (amount: number, currency: Currency): PaymentAmount => ({
  amount,
  currency: visibleText(currency.code),
  decimals: currency.decimals ?? 2,
})

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
