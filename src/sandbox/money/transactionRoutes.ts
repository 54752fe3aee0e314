import { Hono } from 'hono'
import type { SandboxContext } from '../context.js'
import { invalidInput } from '../sandboxError.js'
import { listPage } from './listPage.js'
import { requireTransaction } from './transactions.js'
import { transactionView } from './transactionView.js'

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
 * `status`, newest first unless `sortOrder=asc`, paginated.
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

  return app
}
