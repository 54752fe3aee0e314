import { WalletAuthError } from '../errors.js'
import type { Quote } from '../wire/quote.js'
import type { QuoteRequest } from './quoteMethods.js'

const mismatch = (field: string) =>
  new WalletAuthError('PAYLOAD_MISMATCH', `The quote's ${field} is not the one requested.`, {
    details: { field: `quote.${field}` },
  })

/**
 * Refuses (`PAYLOAD_MISMATCH`) a quote that is not the one `request` asked for: another source
 * (account, or funding currency), another destination (account or UMA address), or another
 * amount on the locked side. The rate and fees are the service's to set.
 *
 * @example
 * ```ts
 * checkCreatedQuote(request, await createQuote(request))
 * ```
 */
export function checkCreatedQuote(request: QuoteRequest, quote: Quote): Quote {
  const { source, destination } = quote
  const sameSource =
    source.sourceType === request.source.sourceType &&
    (source.sourceType === 'ACCOUNT'
      ? request.source.sourceType === 'ACCOUNT' && source.accountId === request.source.accountId
      : request.source.sourceType === 'REALTIME_FUNDING' && source.currency === request.source.currency)
  if (!sameSource) throw mismatch('source')
  const asked = request.destination
  const sameDestination =
    destination.destinationType === asked.destinationType &&
    (destination.destinationType === 'UMA_ADDRESS'
      ? asked.destinationType === 'UMA_ADDRESS' && destination.umaAddress === asked.umaAddress
      : asked.destinationType === 'ACCOUNT' && destination.accountId === asked.accountId)
  if (!sameDestination) throw mismatch('destination')
  const locked =
    request.lockedCurrencySide === 'SENDING' ? quote.totalSendingAmount : quote.totalReceivingAmount
  if (locked !== request.lockedCurrencyAmount) throw mismatch('lockedCurrencyAmount')
  return quote
}
