import { WalletAuthError } from '../errors.js'
import { checkPayload } from '../intent/checkPayload.js'
import type { Quote } from '../wire/quote.js'
import { quoteWalletPayload } from './quoteWalletPayload.js'

// Quotes live minutes; a page pays a handful. The oldest beyond this are let go.
const HELD_QUOTES = 100

// What a quote is from creation on: a later read that differs in one of these is another quote.
const TERMS = {
  source: (quote: Quote) => canonical(quote.source),
  destination: (quote: Quote) => canonical(quote.destination),
  sendingCurrency: (quote: Quote) => canonical([quote.sendingCurrency.code, quote.sendingCurrency.decimals]),
  receivingCurrency: (quote: Quote) =>
    canonical([quote.receivingCurrency.code, quote.receivingCurrency.decimals]),
  totalSendingAmount: (quote: Quote) => quote.totalSendingAmount,
  totalReceivingAmount: (quote: Quote) => quote.totalReceivingAmount,
  exchangeRate: (quote: Quote) => quote.exchangeRate,
  feesIncluded: (quote: Quote) => quote.feesIncluded,
} as const

/** JSON with every object's members in code-point order: equal values, equal text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, member: unknown) =>
    member !== null && typeof member === 'object' && !Array.isArray(member)
      ? Object.fromEntries(Object.entries(member).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : member,
  )
}

const mismatch = (field: string, message: string) =>
  new WalletAuthError('PAYLOAD_MISMATCH', message, { details: { field: `quote.${field}` } })

/** The quotes a client created or read, by id. */
export interface HeldQuotes {
  /**
   * Holds `quote`, the service's answer for `quoteId`: refused (`PAYLOAD_MISMATCH`, `details.field`
   * naming what differs) when it is another quote, when its payload to sign is not one transaction
   * activity, or when it differs in its terms or its payload to sign from the quote held under
   * that id. Returns the quote.
   */
  hold(quoteId: string, quote: Quote): Quote
}

/**
 * What a client knows of each quote it created or read, so that a later answer for the same id (the
 * one `quotes.execute` signs from) is that same quote: same id, terms (source, destination,
 * currencies, amounts, rate, fees) and payload to sign, as issued. Status, instructions withheld
 * for authorization and SCA steps may change; those may not.
 *
 * @example
 * ```ts
 * const held = createHeldQuotes()
 * held.hold(created.id, created)
 * held.hold(created.id, await readQuote(created.id)) // PAYLOAD_MISMATCH if it is another quote
 * ```
 */
export function createHeldQuotes(): HeldQuotes {
  const quotes = new Map<string, { terms: Record<string, unknown>; payloadToSign: string | undefined }>()
  return {
    hold(quoteId, quote) {
      if (quote.id !== quoteId) throw mismatch('id', `The server answered quote ${quote.id} for ${quoteId}.`)
      const terms = Object.fromEntries(Object.entries(TERMS).map(([name, term]) => [name, term(quote)]))
      const payloadToSign = quoteWalletPayload(quote)
      // Never held unless it is a transaction: a payload swapped in on the first read would
      // otherwise stand in for the quote's own.
      if (payloadToSign !== undefined)
        checkPayload(payloadToSign, { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' })
      const held = quotes.get(quoteId)
      if (held) {
        const changed = Object.keys(TERMS).find((name) => held.terms[name] !== terms[name])
        if (changed) throw mismatch(changed, `The quote's ${changed} is not what it was.`)
        const issued = held.payloadToSign
        if (issued !== undefined && payloadToSign !== undefined && payloadToSign !== issued)
          throw mismatch('payloadToSign', "The quote's payload to sign is not the one it was issued with.")
      }
      quotes.delete(quoteId)
      quotes.set(quoteId, { terms, payloadToSign: payloadToSign ?? held?.payloadToSign })
      if (quotes.size > HELD_QUOTES) quotes.delete(quotes.keys().next().value as string)
      return quote
    },
  }
}
