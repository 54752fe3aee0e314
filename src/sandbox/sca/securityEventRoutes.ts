import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { SandboxContext } from '../context.js'
import { readBody } from '../readBody.js'
import { requireScaCustomer } from './requireScaCustomer.js'
import { scaRecordOf } from './scaState.js'
import { loginSecurityView, recordSecurityEvent } from './securityEvents.js'

const EventBody = z.looseObject({ eventType: z.enum(['RESET_PASSWORD_COMPLETED', 'FAILED_LOGIN_ATTEMPT']) })

/**
 * `POST /sca/record-event` for the customer in `?customerId=` (404 unknown, 409 `CONFLICT` for a
 * customer who does not need SCA): records a failed login (locking the SCA login at the contract's
 * milestones, 423 `ACCOUNT_LOCKED` while locked) or a completed password reset (every SCA session
 * ends, the count is cleared), and answers the customer's login-security state.
 *
 * @example
 * ```ts
 * app.route('/', securityEventRoutes(ctx))
 * ```
 */
export function securityEventRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  app.post('/sca/record-event', async (c) => {
    const customer = requireScaCustomer(ctx, c.req.query('customerId'))
    const { value } = await readBody(c, EventBody)
    const record = scaRecordOf(ctx, customer.id)
    recordSecurityEvent(ctx, record, value.eventType)
    return c.json(loginSecurityView(ctx, record, value.eventType))
  })
  return app
}
