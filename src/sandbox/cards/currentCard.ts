import { iso, type SandboxContext } from '../context.js'
import { announceCard } from '../webhooks/cardEvents.js'
import type { CardRecord } from './cardRecord.js'

/**
 * The card as it stands on the sandbox clock: a `PROCESSING` card whose provisioning time has come
 * is `ACTIVE` from then on (updated at that time, as the issuer's answer would have it), and the
 * change is announced once, whether a read or the clock found it first.
 *
 * @example
 * ```ts
 * const card = currentCard(ctx, record) // ACTIVE once the clock passed card.activatesAt
 * ```
 */
export function currentCard(ctx: SandboxContext, card: CardRecord): CardRecord {
  if (card.state === 'PROCESSING' && ctx.clock.now() >= card.activatesAt) {
    card.state = 'ACTIVE'
    card.updatedAt = iso(card.activatesAt)
    ctx.webhooks?.provisioningCards.delete(card.id)
    announceCard(ctx, 'CARD.STATE_CHANGE', card)
  }
  return card
}
