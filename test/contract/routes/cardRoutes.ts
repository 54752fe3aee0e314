// The card operations of the service's contract (API version 2025-10-13) that the sandbox serves:
// issue, read, list and update, each success body as a strict schema written from the contract's Card
// (every required member, its enums and bounds, nothing it does not define).

import * as z from 'zod'
import type { ContractRoute } from '../contractRoute.js'

const DateTime = z.iso.datetime({ offset: true })

const Card = z.strictObject({
  id: z.string().startsWith('Card:'),
  cardholderId: z.string(),
  platformCardId: z.optional(z.string()),
  state: z.enum(['PENDING_KYC', 'PROCESSING', 'ACTIVE', 'FROZEN', 'CLOSED']),
  stateReason: z.optional(z.nullable(z.enum(['ISSUER_REJECTED', 'CLOSED_BY_PLATFORM', 'CLOSED_BY_GRID']))),
  brand: z.optional(z.enum(['VISA', 'MASTERCARD'])),
  form: z.enum(['VIRTUAL']),
  last4: z.optional(z.string()),
  expMonth: z.optional(z.number().int().min(1).max(12)),
  expYear: z.optional(z.number().int()),
  fundingSources: z.array(z.string()),
  maxSpendPerTransaction: z.nullable(z.number().int().min(1)),
  currency: z.optional(z.string()),
  processorRef: z.optional(z.string()),
  issuerRef: z.optional(z.string()),
  createdAt: DateTime,
  updatedAt: DateTime,
})

const CardList = z.strictObject({
  data: z.array(Card),
  hasMore: z.boolean(),
  nextCursor: z.optional(z.string()),
  totalCount: z.optional(z.number().int().min(0)),
})

/** The card operations the sandbox serves (no reveal, transactions or simulations). */
export const cardRoutes: readonly ContractRoute[] = [
  { method: 'POST', path: '/cards', responses: { 201: Card }, errors: [400, 501] },
  { method: 'GET', path: '/cards', responses: { 200: CardList }, errors: [400, 501] },
  { method: 'GET', path: '/cards/{id}', responses: { 200: Card }, errors: [404, 501] },
  { method: 'PATCH', path: '/cards/{id}', responses: { 200: Card }, errors: [400, 404, 409, 501] },
]
