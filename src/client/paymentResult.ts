import type { Quote } from '../wire/quote.js'
import type { PaymentResult } from './quoteMethods.js'

/** Where a payment stands, read from its quote's status: paid only at `COMPLETED`. */
export function paymentResult(quote: Quote): PaymentResult {
  return {
    quote,
    paid: quote.status === 'COMPLETED',
    released: quote.status === 'PROCESSING' || quote.status === 'COMPLETED',
    awaitingAuthorization: quote.status === 'PENDING_AUTHORIZATION',
  }
}
