import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { SandboxContext } from '../context.js'
import { readBody } from '../readBody.js'
import { invalidInput } from '../sandboxError.js'
import { decideIncomingPayment } from './incomingApproval.js'
import { listPage } from './listPage.js'
import { requireTransaction } from './transactions.js'
import { transactionView } from './transactionView.js'

// Both bodies are optional. `receiverCustomerInfo` answers fields a sender asked for; the
// sandbox's senders ask for none, so it is checked for shape and not kept.
const ApproveBody = z.looseObject({ receiverCustomerInfo: z.optional(z.record(z.string(), z.unknown())) })
const RejectBody = z.looseObject({ reason: z.optional(z.string()) })

const TYPES = ['INCOMING', 'OUTGOING']
const STATUSES = [
  'CREATED',
  'PENDING',
  'PENDING_AUTHORIZATION',
  'PROCESSING',
  'COMPLETED',
  'REJECTED',
  'FAILED',
  'REFUNDED',
  'EXPIRED',
]

/**
 * Transactions: `GET /transactions/{transactionId}` (404 `TRANSACTION_NOT_FOUND`) and
 * `GET /transactions` filtered by `customerId` (the platform's id for its own), `type` and
 * `status`, newest first unless `sortOrder=asc`, paginated; `POST /transactions/{id}/approve`
 * (`{ receiverCustomerInfo? }`) and `/reject` (`{ reason? }`) of an incoming payment waiting for
 * the platform (200, the IncomingTransaction; 409 `TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL`).
 *
 * @example
 * ```ts
 * app.route('/', transactionRoutes(ctx))
 * ```
 */
export function transactionRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()

  app.get('/transactions', (c) => {
    const customerId = c.req.query('customerId')
    const type = c.req.query('type')
    const status = c.req.query('status')
    const sortOrder = c.req.query('sortOrder') ?? 'desc'
    if (type !== undefined && !TYPES.includes(type))
      throw invalidInput(`type must be one of ${TYPES.join(', ')}.`)
    if (status !== undefined && !STATUSES.includes(status))
      throw invalidInput('status is not a transaction status.')
    if (sortOrder !== 'asc' && sortOrder !== 'desc') throw invalidInput('sortOrder must be asc or desc.')
    const views = [...ctx.store.money.transactions.values()]
      .filter(
        (transaction) =>
          (customerId === undefined || transaction.customerId === customerId) &&
          (type === undefined || transaction.type === type),
      )
      .map((transaction) => transactionView(ctx, transaction))
      .filter((view) => status === undefined || view.status === status)
    if (sortOrder === 'desc') views.reverse()
    return c.json(listPage(c, views))
  })

  app.get('/transactions/:transactionId', (c) =>
    c.json(transactionView(ctx, requireTransaction(ctx, c.req.param('transactionId')))),
  )

  // The platform's decision on an incoming payment it answered 202 (see incomingApproval.ts). The
  // body is read first: from lookup to decision nothing waits, so of two decisions one wins.
  app.post('/transactions/:transactionId/approve', async (c) => {
    await readBody(c, ApproveBody)
    const transaction = requireTransaction(ctx, c.req.param('transactionId'))
    decideIncomingPayment(ctx, transaction, 'APPROVE')
    return c.json(transactionView(ctx, transaction))
  })
  app.post('/transactions/:transactionId/reject', async (c) => {
    const { value } = await readBody(c, RejectBody)
    const transaction = requireTransaction(ctx, c.req.param('transactionId'))
    decideIncomingPayment(ctx, transaction, 'REJECT')
    if (value.reason !== undefined) ctx.config.log(`sandbox: ${transaction.id} rejected: ${value.reason}`)
    return c.json(transactionView(ctx, transaction))
  })

  return app
}
