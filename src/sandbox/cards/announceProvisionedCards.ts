import type { SandboxContext } from '../context.js'
import { currentCard } from './currentCard.js'

/**
 * Brings every provisioning card up to the sandbox clock: one whose provisioning time has come
 * turns `ACTIVE` and is announced (`CARD.STATE_CHANGE`). Run when the clock moves or wakes.
 *
 * @example
 * ```ts
 * clock.advance(CARD_PROVISIONING_MS)
 * announceProvisionedCards(ctx)
 * ```
 */
export function announceProvisionedCards(ctx: SandboxContext): void {
  const watched = ctx.webhooks?.provisioningCards
  if (!watched || watched.size === 0) return
  for (const id of [...watched]) {
    const card = ctx.store.cards.get(id)
    if (card) currentCard(ctx, card)
    else watched.delete(id)
  }
}
