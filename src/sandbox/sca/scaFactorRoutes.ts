import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { SandboxContext } from '../context.js'
import { readBody } from '../readBody.js'
import { invalidInput, notFound } from '../sandboxError.js'
import { enrolledFactors } from './enrolledFactors.js'
import { confirmPasskeyEnrolment, startPasskeyEnrolment } from './enrolPasskey.js'
import { confirmTotpEnrolment, startTotpEnrolment } from './enrolTotp.js'
import { requireScaCustomer } from './requireScaCustomer.js'
import { scaRecordOf } from './scaState.js'

const EnrolBody = z.looseObject({ type: z.string() })

const ConfirmBody = z.union([
  z.looseObject({ type: z.literal('TOTP'), secret: z.string(), code: z.string() }),
  z.looseObject({
    type: z.literal('PASSKEY'),
    origin: z.string(),
    credential: z.record(z.string(), z.unknown()),
  }),
])

/**
 * The SCA factor routes, each for the customer in `?customerId=` (404 unknown, 409 `CONFLICT` for
 * a customer who does not need SCA): list (`GET /sca/factors`), start an enrolment (`POST
 * /sca/factors`, `TOTP` or `PASSKEY`; `SMS_OTP` is the verified phone and is not enrolled: 400;
 * a second passkey 409 `PASSKEY_ALREADY_ENROLLED`), confirm it (`POST /sca/factors/confirm`) and
 * delete a passkey (`DELETE /sca/factors/{credentialId}`, 204; 404 for another credential).
 *
 * @example
 * ```ts
 * app.route('/', scaFactorRoutes(ctx))
 * ```
 */
export function scaFactorRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()

  app.get('/sca/factors', (c) => {
    const customer = requireScaCustomer(ctx, c.req.query('customerId'))
    return c.json({ factors: enrolledFactors(ctx, customer) })
  })

  app.post('/sca/factors', async (c) => {
    const customer = requireScaCustomer(ctx, c.req.query('customerId'))
    const { value } = await readBody(c, EnrolBody)
    const record = scaRecordOf(ctx, customer.id)
    if (value.type === 'TOTP') return c.json(startTotpEnrolment({ customer, record }))
    if (value.type === 'PASSKEY') return c.json(startPasskeyEnrolment(ctx, { customer, record }))
    throw invalidInput('type must be TOTP or PASSKEY (SMS_OTP is the verified phone, not enrolled).')
  })

  app.post('/sca/factors/confirm', async (c) => {
    const customer = requireScaCustomer(ctx, c.req.query('customerId'))
    const { value } = await readBody(c, ConfirmBody)
    const record = scaRecordOf(ctx, customer.id)
    if (value.type === 'TOTP') return c.json(confirmTotpEnrolment({ record, ...value }))
    const factor = await confirmPasskeyEnrolment(ctx, { record, ...value })
    return c.json({ type: 'PASSKEY', factor })
  })

  app.delete('/sca/factors/:credentialId', (c) => {
    const customer = requireScaCustomer(ctx, c.req.query('customerId'))
    const record = ctx.store.sca.get(customer.id)
    if (!record?.passkey || record.passkey.credentialId !== c.req.param('credentialId')) {
      throw notFound('REFERENCE_NOT_FOUND', 'The customer has no enrolled factor with this credential id.')
    }
    delete record.passkey
    return c.body(null, 204)
  })

  return app
}
