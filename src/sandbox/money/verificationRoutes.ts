import { Hono } from 'hono'
import * as z from 'zod/mini'
import { iso, newId, type SandboxContext } from '../context.js'
import { requireCustomer } from '../lookups.js'
import { readBody } from '../readBody.js'
import { invalidInput, notFound } from '../sandboxError.js'
import { beneficialOwnerKyc, isBusiness, kycOutcome } from './kycOutcome.js'
import type { BeneficialOwnerRecord, VerificationRecord } from './moneyState.js'

const VerificationBody = z.looseObject({ customerId: z.string().check(z.minLength(1)) })

const BeneficialOwnerBody = z.looseObject({
  personalInfo: z.looseObject({ lastName: z.string().check(z.minLength(1)) }),
})

function verificationView(verification: VerificationRecord): Record<string, unknown> {
  const { createdAt, kycStatus, kybStatus, ...rest } = verification
  return {
    ...rest,
    ...(kycStatus ? { kycStatus } : {}),
    ...(kybStatus ? { kybStatus } : {}),
    createdAt: iso(createdAt),
  }
}

function ownerView(owner: BeneficialOwnerRecord): Record<string, unknown> {
  const { fields, createdAt, ...rest } = owner
  return { ...fields, ...rest, createdAt: iso(createdAt), updatedAt: iso(createdAt) }
}

/**
 * KYC/KYB: `POST /verifications` `{ customerId }` runs the sandbox's check (`kycOutcome`) and
 * returns the Verification (201); `GET /verifications/{id}`; beneficial owners of a business,
 * KYC-checked by last name: `POST` and `GET /customers/{customerId}/beneficial-owners`.
 *
 * @example
 * ```ts
 * app.route('/', verificationRoutes(ctx))
 * ```
 */
export function verificationRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const { money } = ctx.store

  app.post('/verifications', async (c) => {
    const { value } = await readBody(c, VerificationBody)
    const customer = requireCustomer(ctx, value.customerId)
    const verification: VerificationRecord = {
      id: newId('Verification'),
      customerId: customer.id,
      ...kycOutcome(customer),
      createdAt: ctx.clock.now(),
    }
    money.verifications.set(verification.id, verification)
    return c.json(verificationView(verification), 201)
  })

  app.get('/verifications/:verificationId', (c) => {
    const verification = money.verifications.get(c.req.param('verificationId'))
    if (!verification) throw notFound('VERIFICATION_NOT_FOUND', 'Verification not found.')
    return c.json(verificationView(verification))
  })

  app.post('/customers/:customerId/beneficial-owners', async (c) => {
    const customer = requireCustomer(ctx, c.req.param('customerId'))
    const { value } = await readBody(c, BeneficialOwnerBody)
    if (!isBusiness(customer)) throw invalidInput('Beneficial owners belong to business customers.')
    const { personalInfo, ...fields } = value
    const owner: BeneficialOwnerRecord = {
      id: newId('BeneficialOwner'),
      customerId: customer.id,
      personalInfo,
      kycStatus: beneficialOwnerKyc(personalInfo.lastName),
      fields,
      createdAt: ctx.clock.now(),
    }
    money.beneficialOwners.set(owner.id, owner)
    return c.json(ownerView(owner), 201)
  })

  app.get('/customers/:customerId/beneficial-owners', (c) => {
    const customer = requireCustomer(ctx, c.req.param('customerId'))
    const data = [...money.beneficialOwners.values()]
      .filter((owner) => owner.customerId === customer.id)
      .map(ownerView)
    return c.json({ data })
  })

  return app
}
