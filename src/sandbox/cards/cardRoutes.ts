import { Hono } from 'hono'
import * as z from 'zod/mini'
import { iso, newId, type SandboxContext } from '../context.js'
import { listPage } from '../money/listPage.js'
import { requiresSca } from '../money/scaRegion.js'
import { readBody } from '../readBody.js'
import { invalidInput, SandboxError } from '../sandboxError.js'
import { watchProvisioning } from '../webhooks/cardEvents.js'
import { cardCurrency, FundingSources } from './cardFundingSources.js'
import type { CardRecord, CardState } from './cardRecord.js'
import { cardView } from './cardView.js'
import { currentCard } from './currentCard.js'
import { requireCard } from './requireCard.js'
import { CardUpdate, updateCard } from './updateCard.js'

/** How long the sandbox's issuer takes to provision a card (sandbox clock). */
export const CARD_PROVISIONING_MS = 2_000

const STATES: readonly CardState[] = ['PENDING_KYC', 'PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED']

const CardCreate = z.looseObject({
  cardholderId: z.string().check(z.minLength(1)),
  platformCardId: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  threeDSecurePassword: z.optional(z.string().check(z.minLength(1))),
  form: z.literal('VIRTUAL'),
  fundingSources: FundingSources,
  maxSpendPerTransaction: z.optional(z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER))),
})

function randomDigits(count: number): string {
  const values = crypto.getRandomValues(new Uint8Array(count))
  return Array.from(values, (value) => String(value % 10)).join('')
}

function kycApproved(fields: Record<string, unknown>): boolean {
  return fields.kycStatus === 'APPROVED' || fields.kybStatus === 'APPROVED'
}

/**
 * Cards (`/cards`), as far as delegated keys need them: `POST /cards` issues a virtual card to a
 * KYC-approved customer, funded by their internal accounts (`PROCESSING`, then `ACTIVE` once the
 * sandbox clock has moved `CARD_PROVISIONING_MS`, announced as `CARD.STATE_CHANGE`),
 * `GET /cards/{id}` reads one (404 `REFERENCE_NOT_FOUND`), and `GET /cards` lists them by
 * `cardholderId`, `accountId` (a funding source), `platformCardId` and `state`, newest first unless
 * `sortOrder=asc`, paginated, and `PATCH /cards/{id}` freezes, unfreezes or closes one and replaces
 * its funding sources or limit (each change announced as a webhook).
 *
 * @example
 * ```ts
 * app.route('/', cardRoutes(ctx))
 * ```
 */
export function cardRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const { store, clock } = ctx

  app.post('/cards', async (c) => {
    const { value } = await readBody(c, CardCreate)
    // The operation documents no 404: an unknown cardholder is an invalid parameter.
    const cardholder = store.customers.get(value.cardholderId)
    if (!cardholder) throw invalidInput('No customer has this cardholderId.', { field: 'cardholderId' })
    if (!kycApproved(cardholder.fields)) {
      throw new SandboxError({
        status: 400,
        code: 'CARDHOLDER_KYC_NOT_APPROVED',
        message: 'The cardholder has not passed KYC.',
      })
    }
    const currency = cardCurrency(ctx, { cardholderId: cardholder.id, accountIds: value.fundingSources })
    // Only the EU program's issuer takes a static 3-D Secure password; it is never kept.
    if (value.threeDSecurePassword !== undefined && !requiresSca(cardholder))
      throw invalidInput("This cardholder's card program takes no 3-D Secure password.")
    const now = clock.now()
    const id = newId('Card')
    const card: CardRecord = {
      id,
      cardholderId: cardholder.id,
      platformCardId: value.platformCardId ?? `card-${id.slice(-12)}`,
      state: 'PROCESSING',
      stateReason: null,
      form: value.form,
      last4: randomDigits(4),
      expMonth: new Date(now).getUTCMonth() + 1,
      expYear: new Date(now).getUTCFullYear() + 3,
      fundingSources: [...value.fundingSources],
      maxSpendPerTransaction: value.maxSpendPerTransaction ?? null,
      currency,
      activatesAt: now + CARD_PROVISIONING_MS,
      createdAt: iso(now),
      updatedAt: iso(now),
    }
    store.cards.set(id, card)
    watchProvisioning(ctx, card)
    return c.json(cardView(card), 201)
  })

  app.get('/cards', (c) => {
    const cardholderId = c.req.query('cardholderId')
    const accountId = c.req.query('accountId')
    const platformCardId = c.req.query('platformCardId')
    const state = c.req.query('state')
    const sortOrder = c.req.query('sortOrder') ?? 'desc'
    if (state !== undefined && !STATES.includes(state as CardState))
      throw invalidInput(`state must be one of ${STATES.join(', ')}.`)
    if (sortOrder !== 'asc' && sortOrder !== 'desc') throw invalidInput('sortOrder must be asc or desc.')
    const candidates =
      cardholderId === undefined ? [...store.cards.values()] : store.cards.where('cardholder', cardholderId)
    const cards = candidates
      .map((card) => currentCard(ctx, card))
      .filter(
        (card) =>
          (accountId === undefined || card.fundingSources.includes(accountId)) &&
          (platformCardId === undefined || card.platformCardId === platformCardId) &&
          (state === undefined || card.state === state),
      )
    if (sortOrder === 'desc') cards.reverse()
    return c.json(listPage(c, cards.map(cardView)))
  })

  app.get('/cards/:id', (c) => c.json(cardView(requireCard(ctx, c.req.param('id')))))

  app.patch('/cards/:id', async (c) => {
    const card = requireCard(ctx, c.req.param('id'))
    const { value } = await readBody(c, CardUpdate)
    return c.json(cardView(updateCard(ctx, card, value)))
  })

  return app
}
