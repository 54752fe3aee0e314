import type { CustomerRecord } from '../store.js'
import { outcomeSuffix } from './suffix.js'

/** The result of checking a customer, before it is stored as a verification. */
export interface KycOutcome {
  verificationStatus: 'IN_PROGRESS' | 'REJECTED' | 'RESOLVE_ERRORS'
  kycStatus?: 'PENDING' | 'REJECTED' | 'APPROVED'
  kybStatus?: 'PENDING' | 'REJECTED' | 'APPROVED'
  errors: Array<{ type: 'MISSING_FIELD'; field: string; message: string }>
}

/**
 * The enhanced-due-diligence fields suffix `003` asks for, supplied with `PATCH /customers/{id}`
 * (top level, or inside an `edd` object).
 *
 * @example
 * ```ts
 * EDD_FIELDS.includes('purposeOfAccount') // true
 * ```
 */
export const EDD_FIELDS = ['sourceOfWealthCategories', 'purposeOfAccount', 'annualIncomeRange'] as const

function present(value: unknown): boolean {
  if (typeof value === 'string') return value.trim().length > 0
  return Array.isArray(value) && value.length > 0
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

function bySuffix(suffix: string): 'PENDING' | 'REJECTED' | 'APPROVED' {
  return suffix === '001' ? 'PENDING' : suffix === '002' ? 'REJECTED' : 'APPROVED'
}

/**
 * Whether a customer is a business: `customerType` `BUSINESS`, or it carries `businessInfo`.
 *
 * @example
 * ```ts
 * if (!isBusiness(customer)) throw invalidInput('Beneficial owners belong to business customers.')
 * ```
 */
export function isBusiness(customer: CustomerRecord): boolean {
  return (
    customer.customerType.toUpperCase() === 'BUSINESS' ||
    Object.keys(record(customer.fields.businessInfo)).length > 0
  )
}

/**
 * The sandbox's verification of a customer (spec "Sandbox outcomes: individual KYC" and "business
 * KYB"). Individuals go by the last 3 characters of `fullName`: `001` pending manual review, `002`
 * rejected, `003` RESOLVE_ERRORS with a `MISSING_FIELD` error per absent `edd.*` field (approved
 * once a PATCH supplied them all), any other approved. Businesses go by the last 3 digits of
 * `businessInfo.registrationNumber`: `001` pending, `002` rejected, any other approved.
 *
 * @example
 * ```ts
 * kycOutcome(customer) // { verificationStatus: 'IN_PROGRESS', kycStatus: 'APPROVED', errors: [] }
 * ```
 */
export function kycOutcome(customer: CustomerRecord): KycOutcome {
  if (isBusiness(customer)) {
    const registrationNumber = record(customer.fields.businessInfo).registrationNumber
    if (typeof registrationNumber !== 'string' || !present(registrationNumber)) {
      return {
        verificationStatus: 'RESOLVE_ERRORS',
        kybStatus: 'PENDING',
        errors: [
          {
            type: 'MISSING_FIELD',
            field: 'businessInfo.registrationNumber',
            message: 'The business registration number is required.',
          },
        ],
      }
    }
    const kybStatus = bySuffix(outcomeSuffix(registrationNumber))
    return {
      verificationStatus: kybStatus === 'REJECTED' ? 'REJECTED' : 'IN_PROGRESS',
      kybStatus,
      errors: [],
    }
  }
  const suffix = customer.fullName.trim().slice(-3)
  if (suffix === '003') {
    const edd = record(customer.fields.edd)
    const missing = EDD_FIELDS.filter((field) => !present(customer.fields[field]) && !present(edd[field]))
    if (missing.length > 0) {
      return {
        verificationStatus: 'RESOLVE_ERRORS',
        kycStatus: 'PENDING',
        errors: missing.map((field) => ({
          type: 'MISSING_FIELD',
          field: `edd.${field}`,
          message: `Supply ${field} with PATCH /customers/{customerId}, then verify again.`,
        })),
      }
    }
    return { verificationStatus: 'IN_PROGRESS', kycStatus: 'APPROVED', errors: [] }
  }
  const kycStatus = bySuffix(suffix)
  return { verificationStatus: kycStatus === 'REJECTED' ? 'REJECTED' : 'IN_PROGRESS', kycStatus, errors: [] }
}

/**
 * The KYC status of a beneficial owner by the last 3 characters of `personalInfo.lastName`
 * (spec "Sandbox outcomes: beneficial-owner KYC"): `001` pending, `002` rejected, any other approved.
 *
 * @example
 * ```ts
 * beneficialOwnerKyc('Smith002') // 'REJECTED'
 * ```
 */
export function beneficialOwnerKyc(lastName: string): 'PENDING' | 'REJECTED' | 'APPROVED' {
  return bySuffix(lastName.trim().slice(-3))
}
