import { Hono } from 'hono'
import type { SandboxContext } from '../context.js'
import { exchangeRateRoutes } from './exchangeRateRoutes.js'
import { externalAccountRoutes } from './externalAccountRoutes.js'
import { quoteRoutes } from './quoteRoutes.js'
import { receiverRoutes } from './receiverRoutes.js'
import { sandboxRoutes } from './sandboxRoutes.js'
import { transactionRoutes } from './transactionRoutes.js'
import { transferRoutes } from './transferRoutes.js'
import { verificationRoutes } from './verificationRoutes.js'

/**
 * Quotes, SCA, transactions, KYC, external accounts, transfers, UMA, receiver lookups, exchange
 * rates and the sandbox endpoints.
 * Balance changes that came due while the clock moved are applied before any route runs (the
 * app's `settleMoney` middleware).
 *
 * @example
 * ```ts
 * app.route('/', moneyRoutes(ctx))
 * ```
 */
export function moneyRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  for (const routes of [
    quoteRoutes,
    transactionRoutes,
    verificationRoutes,
    externalAccountRoutes,
    transferRoutes,
    sandboxRoutes,
    receiverRoutes,
    exchangeRateRoutes,
  ]) {
    app.route('/', routes(ctx))
  }
  return app
}
