import { Hono } from 'hono'
import * as z from 'zod/mini'
import { iso, newId, type SandboxContext } from '../context.js'
import { requireCustomer } from '../lookups.js'
import { readBody } from '../readBody.js'
import { invalidInput, notFound } from '../sandboxError.js'
import { announceCustomer, announceVerification } from '../webhooks/customerEvents.js'
import { syncAccountStatus } from './accountStatus.js'
import { beneficialOwnerKyc, isBusiness, kycOutcome } from './kycOutcome.js'
import { listPage } from './listPage.js'
import type { BeneficialOwnerRecord, VerificationRecord } from './moneyState.js'

const VerificationBody = z.looseObject({ customerId: z.string().check(z.minLength(1)) })

const ROLES = ['UBO', 'DIRECTOR', 'COMPANY_OFFICER', 'CONTROL_PERSON', 'TRUSTEE', 'GENERAL_PARTNER'] as const

const PersonalInfo = z.looseObject({
  firstName: z.string().check(z.minLength(1)),
  lastName: z.string().check(z.minLength(1)),
  birthDate: z.string().check(z.minLength(1)),
  nationality: z.string().check(z.minLength(1)),
  address: z.record(z.string(), z.unknown()),
  idType: z.enum(['SSN', 'ITIN', 'EIN', 'NON_US_TAX_ID']),
  identifier: z.string().check(z.minLength(1)),
})

const BeneficialOwnerBody = z.looseObject({
  customerId: z.string().check(z.minLength(1)),
  roles: z.array(z.enum(ROLES)).check(z.minLength(1)),
  ownershipPercentage: z.int().check(z.minimum(0), z.maximum(100)),
  personalInfo: PersonalInfo,
})

const BeneficialOwnerUpdate = z.looseObject({
  roles: z.optional(z.array(z.enum(ROLES)).check(z.minLength(1))),
  ownershipPercentage: z.optional(z.int().check(z.minimum(0), z.maximum(100))),
  personalInfo: z.optional(z.record(z.string(), z.unknown())),
})

const VERIFICATION_STATUSES = [
  'RESOLVE_ERRORS',
  'PENDING_MANUAL_REVIEW',
  'IN_PROGRESS',
  'APPROVED',
  'REJECTED',
  'READY_FOR_VERIFICATION',
]

function verificationView(verification: VerificationRecord): Record<string, unknown> {
  return {
    id: verification.id,
    customerId: verification.customerId,
    verificationStatus: verification.verificationStatus,
    errors: verification.errors,
    createdAt: iso(verification.createdAt),
    updatedAt: iso(verification.createdAt),
  }
}

function ownerView(owner: BeneficialOwnerRecord): Record<string, unknown> {
  return {
    id: owner.id,
    customerId: owner.customerId,
    roles: owner.roles,
    ownershipPercentage: owner.ownershipPercentage,
    personalInfo: owner.personalInfo,
    kycStatus: owner.kycStatus,
    createdAt: iso(owner.createdAt),
    updatedAt: iso(owner.updatedAt),
  }
}

/**
 * KYC/KYB: `POST /verifications` `{ customerId }` runs the sandbox's check (`kycOutcome`), records
 * the customer's `kycStatus` (or a business's `kybStatus`) and returns the Verification (200);
 * `GET /verifications` (by `customerId`, `verificationStatus`) and `GET /verifications/{id}`.
 * Beneficial owners of a business, KYC-checked by last name: `POST /beneficial-owners`,
 * `GET /beneficial-owners?customerId=`, `GET` and `PATCH /beneficial-owners/{id}`.
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
    const outcome = kycOutcome(customer)
    const { kycStatus, kybStatus } = customer.fields
    if (outcome.kycStatus) customer.fields.kycStatus = outcome.kycStatus
    if (outcome.kybStatus) customer.fields.kybStatus = outcome.kybStatus
    const verification: VerificationRecord = {
      id: newId('Verification'),
      customerId: customer.id,
      verificationStatus: outcome.verificationStatus,
      errors: outcome.errors.map(({ type, field, message }) => ({
        resourceId: customer.id,
        type,
        field,
        reason: message,
      })),
      createdAt: ctx.clock.now(),
    }
    money.verifications.set(verification.id, verification)
    announceVerification(ctx, verificationView(verification))
    // The CUSTOMER.KYC_*/KYB_* events announce a status change, not every check.
    if (customer.fields.kycStatus !== kycStatus || customer.fields.kybStatus !== kybStatus) {
      announceCustomer(ctx, customer)
      syncAccountStatus(ctx, customer)
    }
    return c.json(verificationView(verification))
  })

  app.get('/verifications', (c) => {
    const customerId = c.req.query('customerId')
    const status = c.req.query('verificationStatus')
    if (status !== undefined && !VERIFICATION_STATUSES.includes(status)) {
      throw invalidInput('verificationStatus is not a verification status.')
    }
    const matching = [...money.verifications.values()].filter(
      (verification) =>
        (customerId === undefined || verification.customerId === customerId) &&
        (status === undefined || verification.verificationStatus === status),
    )
    return c.json(listPage(c, matching.map(verificationView)))
  })

  app.get('/verifications/:verificationId', (c) => {
    const verification = money.verifications.get(c.req.param('verificationId'))
    if (!verification) throw notFound('REFERENCE_NOT_FOUND', 'Verification not found.')
    return c.json(verificationView(verification))
  })

  app.post('/beneficial-owners', async (c) => {
    const { value } = await readBody(c, BeneficialOwnerBody)
    const customer = requireCustomer(ctx, value.customerId)
    if (!isBusiness(customer)) throw invalidInput('Beneficial owners belong to business customers.')
    const now = ctx.clock.now()
    const owner: BeneficialOwnerRecord = {
      id: newId('BeneficialOwner'),
      customerId: customer.id,
      roles: value.roles,
      ownershipPercentage: value.ownershipPercentage,
      personalInfo: value.personalInfo,
      kycStatus: beneficialOwnerKyc(value.personalInfo.lastName),
      createdAt: now,
      updatedAt: now,
    }
    money.beneficialOwners.set(owner.id, owner)
    return c.json(ownerView(owner), 201)
  })

  app.get('/beneficial-owners', (c) => {
    const customerId = c.req.query('customerId')
    if (customerId === undefined) throw invalidInput('customerId is required.')
    return c.json(listPage(c, money.beneficialOwners.where('customer', customerId).map(ownerView)))
  })

  const requireOwner = (id: string | undefined) => {
    const owner = id === undefined ? undefined : money.beneficialOwners.get(id)
    if (!owner) throw notFound('REFERENCE_NOT_FOUND', 'Beneficial owner not found.')
    return owner
  }

  app.get('/beneficial-owners/:ownerId', (c) => c.json(ownerView(requireOwner(c.req.param('ownerId')))))

  app.patch('/beneficial-owners/:ownerId', async (c) => {
    const owner = requireOwner(c.req.param('ownerId'))
    const { value } = await readBody(c, BeneficialOwnerUpdate)
    if (value.roles) owner.roles = value.roles
    if (value.ownershipPercentage !== undefined) owner.ownershipPercentage = value.ownershipPercentage
    if (value.personalInfo) {
      const merged = { ...owner.personalInfo, ...value.personalInfo }
      if (typeof merged.lastName !== 'string' || merged.lastName === '') {
        throw invalidInput('personalInfo.lastName must stay a name.')
      }
      owner.personalInfo = { ...merged, lastName: merged.lastName }
      owner.kycStatus = beneficialOwnerKyc(merged.lastName)
    }
    owner.updatedAt = ctx.clock.now()
    return c.json(ownerView(owner))
  })

  return app
}
