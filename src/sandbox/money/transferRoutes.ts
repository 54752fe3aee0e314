import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { SandboxContext } from '../context.js'
import { requireAccount } from '../lookups.js'
import { readBody } from '../readBody.js'
import { invalidInput } from '../sandboxError.js'
import type { InternalAccountRecord } from '../store.js'
import { requireExternalAccount } from './externalAccountRoutes.js'
import { badRequest } from './moneyErrors.js'
import type { ExternalAccountRecord } from './moneyState.js'
import { settleMoney, startTransaction, transactionView } from './transactions.js'
import { transferOutcome } from './transferOutcome.js'

const AccountRef = z.looseObject({ accountId: z.string().check(z.minLength(1)) })

/**
 * Body of `POST /transfer-in` and `POST /transfer-out`: the two accounts and the amount in the
 * smallest unit of their (common) currency.
 *
 * @example
 * ```ts
 * const { value } = await readBody(c, TransferBody)
 * ```
 */
export const TransferBody = z.looseObject({
  source: AccountRef,
  destination: AccountRef,
  amount: z.int().check(z.positive()),
  description: z.optional(z.string()),
})

function checkPair(internal: InternalAccountRecord, external: ExternalAccountRecord): void {
  if (internal.currency !== external.currency) {
    throw badRequest(
      'CURRENCY_MISMATCH',
      `Transfers move one currency: the internal account holds ${internal.currency}, the external one ${external.currency}.`,
    )
  }
  if (external.customerId !== undefined && external.customerId !== internal.customerId) {
    throw invalidInput('The external account belongs to another customer.')
  }
}

/**
 * Same-currency transfers between an internal and an external account, each a Transaction (201)
 * whose outcome follows the external account number's suffix (`transferOutcome`):
 * `POST /transfer-in` (external -> internal, credited on success) and `POST /transfer-out`
 * (internal -> external, debited at once, 400 `INSUFFICIENT_FUNDS` without the balance, refunded
 * on failure).
 *
 * @example
 * ```ts
 * app.route('/', transferRoutes(ctx))
 * ```
 */
export function transferRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()

  app.post('/transfer-in', async (c) => {
    const { value } = await readBody(c, TransferBody)
    const external = requireExternalAccount(ctx, value.source.accountId)
    const internal = requireAccount(ctx, value.destination.accountId)
    checkPair(internal, external)
    const transaction = startTransaction(ctx, {
      type: 'TRANSFER_IN',
      customerId: internal.customerId,
      source: { accountId: external.id },
      destination: { accountId: internal.id },
      sent: { amount: value.amount, currency: external.currency },
      received: { amount: value.amount, currency: internal.currency },
      ...(value.description ? { description: value.description } : {}),
      plan: transferOutcome(external.identifier),
      credit: { accountId: internal.id, amount: value.amount },
    })
    return c.json(transactionView(ctx, transaction), 201)
  })

  app.post('/transfer-out', async (c) => {
    const { value } = await readBody(c, TransferBody)
    const internal = requireAccount(ctx, value.source.accountId)
    const external = requireExternalAccount(ctx, value.destination.accountId)
    checkPair(internal, external)
    settleMoney(ctx)
    if (internal.balance < value.amount) {
      throw badRequest('INSUFFICIENT_FUNDS', 'The internal account does not hold the amount.', {
        balance: internal.balance,
        required: value.amount,
      })
    }
    const transaction = startTransaction(ctx, {
      type: 'TRANSFER_OUT',
      customerId: internal.customerId,
      source: { accountId: internal.id },
      destination: { accountId: external.id },
      sent: { amount: value.amount, currency: internal.currency },
      received: { amount: value.amount, currency: external.currency },
      ...(value.description ? { description: value.description } : {}),
      plan: transferOutcome(external.identifier),
      debit: { accountId: internal.id, amount: value.amount },
    })
    return c.json(transactionView(ctx, transaction), 201)
  })

  return app
}
