import { Hono } from 'hono'
import type { SandboxContext } from '../context.js'
import { externalAccountRoutes } from './externalAccountRoutes.js'
import { quoteRoutes } from './quoteRoutes.js'
import { sandboxRoutes } from './sandboxRoutes.js'
import { transactionRoutes } from './transactionRoutes.js'
import { settleMoney } from './transactions.js'
import { transferRoutes } from './transferRoutes.js'
import { verificationRoutes } from './verificationRoutes.js'

/**
 * Quotes, SCA, transactions, KYC, external accounts, transfers, UMA and the sandbox endpoints.
 * Balance changes that came due while the clock moved (refunds, credits) are applied before any
 * of these routes runs (`settleMoney`).
 *
 * @example
 * ```ts
 * app.route('/', moneyRoutes(ctx))
 * ```
 */
export function moneyRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  app.use(async (_c, next) => {
    settleMoney(ctx)
    await next()
  })
  for (const routes of [
    quoteRoutes,
    transactionRoutes,
    verificationRoutes,
    externalAccountRoutes,
    transferRoutes,
    sandboxRoutes,
  ]) {
    app.route('/', routes(ctx))
  }
  return app
}
