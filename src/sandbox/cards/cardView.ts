import type { CardRecord } from './cardRecord.js'

/**
 * A card as the service shows it (Card): the sandbox's cards are all VISA.
 *
 * @example
 * ```ts
 * return c.json(cardView(requireCard(ctx, id)))
 * ```
 */
export function cardView(card: CardRecord): Record<string, unknown> {
  const { activatesAt: _activatesAt, ...shown } = card
  return { ...shown, brand: 'VISA', fundingSources: [...card.fundingSources] }
}
