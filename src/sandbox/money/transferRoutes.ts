import { Hono } from 'hono'
import * as z from 'zod/mini'
import { newId, type SandboxContext } from '../context.js'
import { readBody } from '../readBody.js'
import { invalidInput } from '../sandboxError.js'
import { answerOnce } from './answerOnce.js'
import { requireExternalAccount } from './externalAccountRoutes.js'
import { badRequest } from './moneyErrors.js'
import type { ExternalAccountRecord } from './moneyState.js'
import { type InternalAccount, requireInternalAccount } from './requireInternalAccount.js'
import { settleMoney, startTransaction } from './transactions.js'
import { transactionView } from './transactionView.js'
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
  destination: z.looseObject({
    accountId: z.string().check(z.minLength(1)),
    paymentRail: z.optional(z.string()),
  }),
  amount: z.int().check(z.positive()),
  remittanceInformation: z.optional(z.string().check(z.maxLength(80))),
})

function checkPair(internal: InternalAccount, external: ExternalAccountRecord): void {
  if (internal.currency !== external.currency) {
    throw badRequest(
      'INVALID_CURRENCY',
      `Transfers move one currency: the internal account holds ${internal.currency}, the external one ${external.currency}.`,
    )
  }
  if (external.customerId !== undefined && external.customerId !== internal.customerId) {
    throw invalidInput('The external account belongs to another customer.')
  }
  if (external.customerId === undefined && internal.customerId !== undefined) {
    throw invalidInput("The platform's external accounts move money of the platform's internal accounts.")
  }
}

/**
 * Same-currency transfers between an internal and an external account, each a Transaction (201)
 * whose outcome follows the external account number's suffix (`transferOutcome`):
 * `POST /transfer-in` (an INCOMING credit, paid in on success) and `POST /transfer-out` (an
 * OUTGOING debit, taken at once, 400 `INVALID_AMOUNT` without the balance, refunded on failure).
 *
 * @example
 * ```ts
 * app.route('/', transferRoutes(ctx))
 * ```
 */
export function transferRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const owner = (internal: InternalAccount) => internal.customerId ?? ctx.config.organizationId

  app.post('/transfer-in', (c) =>
    answerOnce(ctx, c, 'POST /transfer-in', async () => {
      const { value } = await readBody(c, TransferBody)
      const external = requireExternalAccount(ctx, value.source.accountId)
      const internal = requireInternalAccount(ctx, value.destination.accountId)
      checkPair(internal, external)
      const amount = { amount: value.amount, currency: internal.currency }
      const transaction = startTransaction(
        ctx,
        {
          id: newId('Transaction'),
          type: 'INCOMING',
          direction: 'CREDIT',
          customerId: owner(internal),
          source: { sourceType: 'ACCOUNT', accountId: external.id, currency: external.currency },
          destination: { destinationType: 'ACCOUNT', accountId: internal.id, currency: internal.currency },
          sent: amount,
          received: amount,
        },
        {
          plan: transferOutcome(external.identifier, 'IN'),
          credit: { accountId: internal.id, amount: value.amount },
        },
      )
      return { status: 201, body: transactionView(ctx, transaction) }
    }),
  )

  app.post('/transfer-out', (c) =>
    answerOnce(ctx, c, 'POST /transfer-out', async () => {
      const { value } = await readBody(c, TransferBody)
      const internal = requireInternalAccount(ctx, value.source.accountId)
      const external = requireExternalAccount(ctx, value.destination.accountId)
      checkPair(internal, external)
      settleMoney(ctx)
      if (internal.balance < value.amount) {
        throw badRequest(
          'INVALID_AMOUNT',
          'The internal account does not hold the amount (insufficient funds).',
          {
            balance: internal.balance,
            required: value.amount,
          },
        )
      }
      const amount = { amount: value.amount, currency: internal.currency }
      const transaction = startTransaction(
        ctx,
        {
          id: newId('Transaction'),
          type: 'OUTGOING',
          direction: 'DEBIT',
          customerId: owner(internal),
          source: { sourceType: 'ACCOUNT', accountId: internal.id, currency: internal.currency },
          destination: { destinationType: 'ACCOUNT', accountId: external.id, currency: external.currency },
          sent: amount,
          received: amount,
        },
        {
          plan: transferOutcome(external.identifier, 'OUT'),
          debit: { accountId: internal.id, amount: value.amount },
        },
      )
      return { status: 201, body: transactionView(ctx, transaction) }
    }),
  )

  return app
}
