import type { SandboxContext } from '../context.js'
import { notFound } from '../sandboxError.js'
import type { CardRecord } from './cardRecord.js'
import { currentCard } from './currentCard.js'

/**
 * The card with `id`, as it stands now, or 404 `REFERENCE_NOT_FOUND` (the contract has no more
 * specific code for a card).
 *
 * @example
 * ```ts
 * const card = requireCard(ctx, c.req.param('id'))
 * ```
 */
export function requireCard(ctx: SandboxContext, id: string | undefined): CardRecord {
  const card = id === undefined ? undefined : ctx.store.cards.get(id)
  if (!card) throw notFound('REFERENCE_NOT_FOUND', 'Card not found.')
  return currentCard(ctx, card)
}
