import type { SandboxContext } from '../context.js'
import { notFound } from '../sandboxError.js'
import type { QuoteRecord } from './moneyState.js'

/**
 * The quote, or 404 `QUOTE_NOT_FOUND`.
 *
 * @example
 * ```ts
 * const quote = requireQuote(ctx, c.req.param('quoteId'))
 * ```
 */
export function requireQuote(ctx: SandboxContext, id: string | undefined): QuoteRecord {
  const quote = id === undefined ? undefined : ctx.store.money.quotes.get(id)
  if (!quote) throw notFound('QUOTE_NOT_FOUND', 'Quote not found.')
  return quote
}
