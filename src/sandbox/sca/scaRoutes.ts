import { Hono } from 'hono'
import type { SandboxContext } from '../context.js'
import { contactVerificationRoutes } from './contactVerificationRoutes.js'
import { scaFactorRoutes } from './scaFactorRoutes.js'
import { scaLoginRoutes } from './scaLoginRoutes.js'

/**
 * EU strong customer authentication: the contact-verification routes, the SCA factor routes and
 * the SCA login and security-event routes (the 2FA reset routes are not served).
 *
 * @example
 * ```ts
 * app.route('/', scaRoutes(ctx))
 * ```
 */
export function scaRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  app.route('/', contactVerificationRoutes(ctx))
  app.route('/', scaFactorRoutes(ctx))
  app.route('/', scaLoginRoutes(ctx))
  return app
}
