import { Hono } from 'hono'
import type { SandboxContext } from '../context.js'
import { requireTransaction, transactionView } from './transactions.js'

/**
 * Transactions: `GET /transactions/{transactionId}` (404 `TRANSACTION_NOT_FOUND`) and
 * `GET /transactions?customerId=&quoteId=` (`{ data }`, newest first).
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
    const quoteId = c.req.query('quoteId')
    const data = [...ctx.store.money.transactions.values()]
      .filter(
        (transaction) =>
          (customerId === undefined || transaction.customerId === customerId) &&
          (quoteId === undefined || transaction.quoteId === quoteId),
      )
      .reverse()
      .map((transaction) => transactionView(ctx, transaction))
    return c.json({ data })
  })

  app.get('/transactions/:transactionId', (c) =>
    c.json(transactionView(ctx, requireTransaction(ctx, c.req.param('transactionId')))),
  )

  return app
}
