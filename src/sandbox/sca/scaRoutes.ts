import { Hono } from 'hono'
import type { SandboxContext } from '../context.js'
import { beneficiaryTrustRoutes } from './beneficiaryTrustRoutes.js'
import { contactVerificationRoutes } from './contactVerificationRoutes.js'
import { factorResetRoutes } from './factorResetRoutes.js'
import { scaFactorRoutes } from './scaFactorRoutes.js'
import { scaLoginRoutes } from './scaLoginRoutes.js'
import { securityEventRoutes } from './securityEventRoutes.js'

/**
 * EU strong customer authentication: the contact-verification routes, the SCA factor routes and
 * the SCA login routes, the security-event route, the 2FA reset routes and beneficiary trust.
 *
 * @example
 * ```ts
 * app.route('/', scaRoutes(ctx))
 * ```
 */
export function scaRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  app.route('/', contactVerificationRoutes(ctx))
  app.route('/', factorResetRoutes(ctx))
  app.route('/', scaFactorRoutes(ctx))
  app.route('/', scaLoginRoutes(ctx))
  app.route('/', securityEventRoutes(ctx))
  app.route('/', beneficiaryTrustRoutes(ctx))
  return app
}
