import { Hono } from 'hono'
import * as z from 'zod/mini'
import { iso, type SandboxContext } from '../context.js'
import { customerView } from '../customerView.js'
import { conflict } from '../money/moneyErrors.js'
import { SANDBOX_SCA_CODE } from '../money/verifyScaProof.js'
import { readBody } from '../readBody.js'
import { invalidInput } from '../sandboxError.js'
import { type ContactChannel, contactOf, isContactVerified } from './contactVerification.js'
import { requireScaCustomer } from './requireScaCustomer.js'
import { scaRecordOf } from './scaState.js'
import { startKycWhenContactsVerified } from './startKycWhenContactsVerified.js'

/** How long a contact-verification code can be confirmed. */
export const CONTACT_CODE_TTL_MS = 10 * 60_000
/** Wrong codes a sent contact code takes; the next one needs a new code to be sent. */
export const CONTACT_CODE_MAX_FAILURES = 5

const ConfirmBody = z.looseObject({ code: z.string() })

/**
 * The contact-verification routes: `POST /customers/{customerId}/verify-email` and
 * `/verify-phone` send a code (204; logged, never delivered, always `123456`) to the customer's
 * own email or phone, and their `/confirm` takes it (200 with the customer, whose
 * `contactVerification` then shows the channel `VERIFIED`; the last channel verified starts the
 * KYC review of an individual still `UNVERIFIED`). A customer created with a phone (and email)
 * has them verified already: these serve contacts added or changed since. 409 for a customer who does not need
 * SCA, who has no such contact, or whose contact is verified already; 400 for a wrong, expired or
 * unsent code (after `CONTACT_CODE_MAX_FAILURES` wrong ones the code is void).
 *
 * @example
 * ```ts
 * app.route('/', contactVerificationRoutes(ctx))
 * ```
 */
export function contactVerificationRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  for (const channel of ['email', 'phone'] as const) {
    app.post(`/customers/:customerId/verify-${channel}`, (c) => {
      sendContactCode(ctx, { customerId: c.req.param('customerId'), channel })
      return c.body(null, 204)
    })
    app.post(`/customers/:customerId/verify-${channel}/confirm`, async (c) => {
      const customerId = c.req.param('customerId')
      requireUnverified(ctx, { customerId, channel })
      const { value } = await readBody(c, ConfirmBody)
      return c.json(confirmContactCode(ctx, { customerId, channel, code: value.code }))
    })
  }
  return app
}

/** The customer and its contact on this channel, unless there is none or it is verified (409). */
function requireUnverified(ctx: SandboxContext, options: { customerId: string; channel: ContactChannel }) {
  const customer = requireScaCustomer(ctx, options.customerId)
  const contact = contactOf(customer, options.channel)
  if (contact === undefined) throw conflict(`The customer has no ${options.channel} to verify.`)
  if (isContactVerified(customer, options.channel))
    throw conflict(`The ${options.channel} is verified already.`)
  return { customer, contact }
}

function sendContactCode(
  ctx: SandboxContext,
  options: { customerId: string; channel: ContactChannel },
): void {
  const { customer, contact } = requireUnverified(ctx, options)
  scaRecordOf(ctx, customer.id).contactCodes[options.channel] = {
    value: contact,
    expiresAt: ctx.clock.now() + CONTACT_CODE_TTL_MS,
    failures: 0,
  }
  ctx.config.log(`sandbox: ${options.channel} verification code for ${contact} is ${SANDBOX_SCA_CODE}`)
}

function confirmContactCode(
  ctx: SandboxContext,
  options: { customerId: string; channel: ContactChannel; code: string },
): Record<string, unknown> {
  const { customer, contact } = requireUnverified(ctx, options)
  const codes = scaRecordOf(ctx, customer.id).contactCodes
  const pending = codes[options.channel]
  const now = ctx.clock.now()
  // A code sent to a contact since changed does not verify the new one.
  if (!pending || pending.value !== contact || now >= pending.expiresAt) {
    throw invalidInput(`No ${options.channel} code is pending: send one first.`)
  }
  if (options.code !== SANDBOX_SCA_CODE) {
    pending.failures++
    if (pending.failures >= CONTACT_CODE_MAX_FAILURES) delete codes[options.channel]
    throw invalidInput('The verification code is wrong.')
  }
  delete codes[options.channel]
  customer.verifiedContacts = { ...customer.verifiedContacts, [options.channel]: contact }
  customer.updatedAt = iso(now)
  startKycWhenContactsVerified(ctx, customer)
  return customerView(customer)
}
