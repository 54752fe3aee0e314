import type { CardRecord } from '../cards/cardRecord.js'
import { cardView } from '../cards/cardView.js'
import type { SandboxContext } from '../context.js'
import { wakeAfter } from './sandboxWebhooks.js'

/**
 * Sends `CARD.STATE_CHANGE` or `CARD.FUNDING_SOURCE_CHANGE` with the card as it is after the change.
 *
 * @example
 * ```ts
 * card.state = 'FROZEN'
 * announceCard(ctx, 'CARD.STATE_CHANGE', card)
 * ```
 */
export function announceCard(
  ctx: SandboxContext,
  type: 'CARD.STATE_CHANGE' | 'CARD.FUNDING_SOURCE_CHANGE',
  card: CardRecord,
): void {
  const hub = ctx.webhooks?.hub
  // The view is built only when there is an endpoint to send it to.
  if (hub?.endpoint() !== undefined) hub.emit(type, cardView(card))
}

/**
 * Watches a card that is provisioning, so that its turn to `ACTIVE` is announced when the sandbox
 * clock reaches it, even if nobody reads the card then.
 *
 * @example
 * ```ts
 * store.cards.set(card.id, card)
 * watchProvisioning(ctx, card)
 * ```
 */
export function watchProvisioning(ctx: SandboxContext, card: CardRecord): void {
  const webhooks = ctx.webhooks
  if (!webhooks) return
  webhooks.provisioningCards.add(card.id)
  wakeAfter(webhooks, Math.max(0, card.activatesAt - ctx.clock.now()))
}
