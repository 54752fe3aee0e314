import * as z from 'zod/mini'
import { iso, type SandboxContext } from '../context.js'
import { invalidInput, SandboxError } from '../sandboxError.js'
import { announceCard } from '../webhooks/cardEvents.js'
import { cardCurrency, FundingSources } from './cardFundingSources.js'
import type { CardRecord, CardState } from './cardRecord.js'

/** The body of `PATCH /cards/{id}` (CardUpdateRequest). */
export const CardUpdate = z.looseObject({
  state: z.optional(z.enum(['ACTIVE', 'FROZEN', 'CLOSED'])),
  fundingSources: z.optional(FundingSources),
  maxSpendPerTransaction: z.optional(
    z.nullable(z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER))),
  ),
})

/** The state changes the contract allows: `ACTIVE ⇄ FROZEN` and `ACTIVE | FROZEN → CLOSED`. */
const ALLOWED: Readonly<Partial<Record<CardState, readonly CardState[]>>> = {
  ACTIVE: ['FROZEN', 'CLOSED'],
  FROZEN: ['ACTIVE', 'CLOSED'],
}

function conflict(code: string, message: string): SandboxError {
  return new SandboxError({ status: 409, code, message })
}

/**
 * Applies a `PATCH /cards/{id}` body to `card`: a closed card takes nothing (409
 * `CARD_ALREADY_CLOSED` for closing it again, `CARD_NOT_MUTABLE` otherwise), a state change outside
 * the allowed ones is 409 `INVALID_STATE_TRANSITION`, new funding sources must be the cardholder's
 * in the card's currency (400 `FUNDING_SOURCE_INELIGIBLE`), and closing takes no other field. A
 * state change is announced as `CARD.STATE_CHANGE`, new funding sources as
 * `CARD.FUNDING_SOURCE_CHANGE`.
 *
 * @example
 * ```ts
 * return c.json(cardView(updateCard(ctx, card, { state: 'FROZEN' })))
 * ```
 */
export function updateCard(
  ctx: SandboxContext,
  card: CardRecord,
  update: z.infer<typeof CardUpdate>,
): CardRecord {
  const { state, fundingSources, maxSpendPerTransaction } = update
  if (state === undefined && fundingSources === undefined && maxSpendPerTransaction === undefined)
    throw invalidInput('Name a state, fundingSources or maxSpendPerTransaction.')
  if (state === 'CLOSED' && (fundingSources !== undefined || maxSpendPerTransaction !== undefined))
    throw invalidInput('Closing a card takes no fundingSources or maxSpendPerTransaction.')
  if (card.state === 'CLOSED') {
    if (state === 'CLOSED') throw conflict('CARD_ALREADY_CLOSED', 'The card is already closed.')
    throw conflict('CARD_NOT_MUTABLE', 'A closed card cannot change.')
  }
  if (state !== undefined && !ALLOWED[card.state]?.includes(state))
    throw conflict('INVALID_STATE_TRANSITION', `A ${card.state} card cannot become ${state}.`)
  if (fundingSources !== undefined) {
    const currency = cardCurrency(ctx, { cardholderId: card.cardholderId, accountIds: fundingSources })
    if (currency !== card.currency) {
      throw new SandboxError({
        status: 400,
        code: 'FUNDING_SOURCE_INELIGIBLE',
        message: `The card is in ${card.currency}; these funding sources are in ${currency}.`,
      })
    }
    card.fundingSources = [...fundingSources]
  }
  if (maxSpendPerTransaction !== undefined) card.maxSpendPerTransaction = maxSpendPerTransaction
  if (state !== undefined) {
    card.state = state
    if (state === 'CLOSED') card.stateReason = 'CLOSED_BY_PLATFORM'
  }
  card.updatedAt = iso(ctx.clock.now())
  // Each event carries the card after the whole update. The contract fires the funding one on
  // every update of the array, even to the same accounts.
  if (fundingSources !== undefined) announceCard(ctx, 'CARD.FUNDING_SOURCE_CHANGE', card)
  if (state !== undefined) announceCard(ctx, 'CARD.STATE_CHANGE', card)
  return card
}
