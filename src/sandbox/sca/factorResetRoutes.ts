import { Hono } from 'hono'
import * as z from 'zod/mini'
import { iso, newId, type SandboxContext } from '../context.js'
import { E164 } from '../customerBodies.js'
import { rateLimited } from '../money/moneyErrors.js'
import { readBody } from '../readBody.js'
import { invalidInput, notFound } from '../sandboxError.js'
import type { CustomerRecord } from '../store.js'
import { hasFactor } from './enrolledFactors.js'
import { requireScaCustomer } from './requireScaCustomer.js'
import { type FactorResetRecord, type ScaRecord, scaRecordOf } from './scaState.js'

/** How long after its start the sandbox takes a reset's liveness check as passed. */
export const RESET_LIVENESS_MS = 2_000
/** How long a reset can be completed after its start. */
export const RESET_TTL_MS = 30 * 60_000
/** The contract's limit: reset starts per customer in `RESET_WINDOW_MS`. */
export const RESETS_PER_WINDOW = 5
export const RESET_WINDOW_MS = 24 * 60 * 60_000

const StartBody = z.looseObject({ factor: z.enum(['SMS_OTP', 'TOTP', 'PASSKEY']) })
const CompleteBody = z.looseObject({
  mobile: z.optional(z.looseObject({ countryCode: z.string(), number: z.string() })),
})

/** A reset's status (TwoFactorResetStatus) on the sandbox clock. */
function resetStatus(ctx: SandboxContext, reset: FactorResetRecord): string {
  const now = ctx.clock.now()
  if (reset.completedAt !== undefined) return 'COMPLETED'
  if (now >= reset.expiresAt) return 'EXPIRED'
  return now >= reset.startedAt + RESET_LIVENESS_MS ? 'LIVENESS_PASSED' : 'INITIATED'
}

function resetView(ctx: SandboxContext, options: { reset: FactorResetRecord; customer: CustomerRecord }) {
  const { reset, customer } = options
  const reEnrolled = reset.completedAt !== undefined && hasFactor(ctx, customer, reset.factor)
  return {
    status: resetStatus(ctx, reset),
    factor: reset.factor,
    enrollmentStatus: reset.factor === 'SMS_OTP' ? null : reEnrolled ? 'COMPLETED' : 'PENDING',
    expiresAt: iso(reset.expiresAt),
    completedAt: reset.completedAt === undefined ? null : iso(reset.completedAt),
  }
}

function requireReset(record: ScaRecord, resetId: string): FactorResetRecord {
  const reset = record.resets.find((candidate) => candidate.id === resetId)
  if (!reset) throw notFound('REFERENCE_NOT_FOUND', 'No such 2FA reset for this customer.')
  return reset
}

/**
 * The 2FA reset routes, for the customer in `?customerId=`: start (`POST /sca/factors/reset`, 201
 * for an enrolled factor, 400 for another, 429 past `RESETS_PER_WINDOW` a day), poll (`GET
 * /sca/factors/reset/{resetId}`: the sandbox passes liveness `RESET_LIVENESS_MS` after the start)
 * and complete (`POST …/complete`, 204: the factor is cleared; an `SMS_OTP` reset takes the new
 * `mobile`, which becomes the customer's verified phone; 400 before liveness passed or after expiry).
 *
 * @example
 * ```ts
 * app.route('/', factorResetRoutes(ctx))
 * ```
 */
export function factorResetRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()

  app.post('/sca/factors/reset', async (c) => {
    const customer = requireScaCustomer(ctx, c.req.query('customerId'))
    const { value } = await readBody(c, StartBody)
    if (!hasFactor(ctx, customer, value.factor))
      throw invalidInput(`The customer has no ${value.factor} factor.`)
    const record = scaRecordOf(ctx, customer.id)
    const now = ctx.clock.now()
    const recent = record.resets.filter((reset) => reset.startedAt > now - RESET_WINDOW_MS)
    const oldest = recent[0]
    if (recent.length >= RESETS_PER_WINDOW && oldest) {
      throw rateLimited(oldest.startedAt + RESET_WINDOW_MS - now, 'Too many 2FA resets: retry later.')
    }
    const reset = {
      id: newId('ScaReset'),
      factor: value.factor,
      startedAt: now,
      expiresAt: now + RESET_TTL_MS,
    }
    record.resets = [...recent, reset]
    return c.json({ resetId: reset.id, expiresAt: iso(reset.expiresAt) }, 201)
  })

  app.get('/sca/factors/reset/:resetId', (c) => {
    const customer = requireScaCustomer(ctx, c.req.query('customerId'))
    const record = scaRecordOf(ctx, customer.id)
    const reset = requireReset(record, c.req.param('resetId'))
    return c.json(resetView(ctx, { reset, customer }))
  })

  app.post('/sca/factors/reset/:resetId/complete', async (c) => {
    const customer = requireScaCustomer(ctx, c.req.query('customerId'))
    const record = scaRecordOf(ctx, customer.id)
    const reset = requireReset(record, c.req.param('resetId'))
    const { value } = await readBody(c, CompleteBody)
    if (resetStatus(ctx, reset) !== 'LIVENESS_PASSED')
      throw invalidInput('The reset is not ready to complete.')
    if (reset.factor === 'SMS_OTP') {
      if (!value.mobile) throw invalidInput('An SMS_OTP reset takes the new mobile number.')
      const phoneNumber = `${value.mobile.countryCode}${value.mobile.number}`
      if (!E164.safeParse(phoneNumber).success)
        throw invalidInput('The mobile number is not a valid E.164 number.')
      customer.phoneNumber = phoneNumber
      customer.verifiedContacts = { ...customer.verifiedContacts, phone: phoneNumber }
    }
    if (reset.factor === 'TOTP') delete record.totpSecret
    if (reset.factor === 'PASSKEY') delete record.passkey
    reset.completedAt = ctx.clock.now()
    customer.updatedAt = iso(reset.completedAt)
    return c.body(null, 204)
  })

  return app
}
