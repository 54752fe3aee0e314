// The contact-verification and strong-customer-authentication operations of the service's contract
// that the sandbox serves, with response schemas written from the contract's schemas (ScaFactorList,
// the enrolment start and confirm unions, ScaLoginStart, ScaLoginComplete,
// RecordSecurityEventResponse, the 2FA reset's start and status, beneficiary trust's start and confirm). The WebAuthn options
// and credentials the contract calls opaque are objects and nothing more here.

import * as z from 'zod'
import type { ContractRoute } from '../contractRoute.js'
import { Customer } from './authRoutes.js'

const DateTime = z.iso.datetime({ offset: true })
const nullable = <T extends z.ZodType>(schema: T) => z.optional(z.nullable(schema))
const Opaque = z.record(z.string(), z.unknown())

const ScaFactor = z.enum(['SMS_OTP', 'TOTP', 'PASSKEY'])

const ScaFactorView = z.strictObject({
  factor: ScaFactor,
  credentialId: z.optional(z.string()),
  name: z.optional(z.string()),
})

const ScaFactorList = z.strictObject({ factors: z.array(ScaFactorView) })

const ScaFactorEnrollStart = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('TOTP'),
    secret: z.string(),
    secretBase32Encoded: z.string(),
    totpUri: z.string(),
  }),
  z.strictObject({
    type: z.literal('PASSKEY'),
    options: Opaque,
    allowedOrigins: z.array(z.string()),
    relyingPartyId: z.string(),
  }),
])

const ScaFactorConfirmResponse = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('TOTP'), recoveryCodes: z.array(z.string()) }),
  z.strictObject({ type: z.literal('PASSKEY'), factor: ScaFactorView }),
])

const ScaLoginStart = z.strictObject({
  factor: ScaFactor,
  challengeId: nullable(z.string()),
  expiresAt: nullable(DateTime),
  passkeyOptions: nullable(Opaque),
  allowedOrigins: nullable(z.array(z.string())),
  relyingPartyId: nullable(z.string()),
})

const ScaLoginComplete = z.strictObject({
  status: z.string(),
  sessionExpiresAt: nullable(DateTime),
})

const RecordSecurityEventResponse = z.strictObject({
  eventType: z.enum(['RESET_PASSWORD_COMPLETED', 'FAILED_LOGIN_ATTEMPT']),
  suspended: z.boolean(),
  lockedUntil: nullable(DateTime),
  failedAttempts: z.number().int(),
})

const TwoFactorResetStart = z.strictObject({
  resetId: z.string(),
  livenessAccessToken: nullable(z.string()),
  verificationLink: nullable(z.string()),
  expiresAt: nullable(DateTime),
})

const TwoFactorResetStatus = z.strictObject({
  status: z.enum(['INITIATED', 'PENDING_REVIEW', 'LIVENESS_PASSED', 'COMPLETED', 'REJECTED', 'EXPIRED']),
  factor: ScaFactor,
  enrollmentStatus: nullable(z.enum(['PENDING', 'COMPLETED'])),
  expiresAt: DateTime,
  completedAt: nullable(DateTime),
})

// Beneficiary trust (BeneficiaryTrustStart, BeneficiaryTrustConfirm): the challenge as ScaChallenge.
const BeneficiaryTrustChallenge = z.strictObject({
  id: z.string(),
  expiresAt: DateTime,
  factor: ScaFactor,
  availableFactors: z.array(ScaFactor),
  purpose: nullable(z.string()),
  passkeyAssertionOptions: nullable(Opaque),
  passkeyAllowedOrigins: nullable(z.array(z.string())),
})
const BeneficiaryTrustStart = z.strictObject({ scaChallenge: z.optional(BeneficiaryTrustChallenge) })
const BeneficiaryTrustConfirm = z.strictObject({ trusted: z.boolean() })

/** The contact-verification and SCA operations the sandbox serves. */
export const scaRoutes: ContractRoute[] = [
  ...(['email', 'phone'] as const).flatMap((channel): ContractRoute[] => [
    {
      method: 'POST',
      path: `/customers/{customerId}/verify-${channel}`,
      responses: { 204: null },
      errors: [404, 409],
    },
    {
      method: 'POST',
      path: `/customers/{customerId}/verify-${channel}/confirm`,
      responses: { 200: Customer },
      errors: [400, 404, 409],
    },
  ]),
  { method: 'GET', path: '/sca/factors', responses: { 200: ScaFactorList }, errors: [404, 409] },
  { method: 'POST', path: '/sca/factors', responses: { 200: ScaFactorEnrollStart }, errors: [400, 404, 409] },
  {
    method: 'POST',
    path: '/sca/factors/confirm',
    responses: { 200: ScaFactorConfirmResponse },
    errors: [400, 404, 409],
  },
  { method: 'DELETE', path: '/sca/factors/{credentialId}', responses: { 204: null }, errors: [404, 409] },
  { method: 'POST', path: '/sca/login/start', responses: { 200: ScaLoginStart }, errors: [400, 404, 409] },
  {
    method: 'POST',
    path: '/sca/login/complete',
    responses: { 200: ScaLoginComplete },
    errors: [400, 404, 409, 423],
  },
  {
    method: 'POST',
    path: '/sca/record-event',
    responses: { 200: RecordSecurityEventResponse },
    errors: [400, 404, 409, 423],
  },
  {
    method: 'POST',
    path: '/sca/factors/reset',
    responses: { 201: TwoFactorResetStart },
    errors: [400, 404, 409, 429],
  },
  {
    method: 'GET',
    path: '/sca/factors/reset/{resetId}',
    responses: { 200: TwoFactorResetStatus },
    errors: [404, 409],
  },
  {
    method: 'POST',
    path: '/sca/factors/reset/{resetId}/complete',
    responses: { 204: null },
    errors: [400, 404, 409],
  },
  ...(['trust', 'untrust'] as const).flatMap((change): ContractRoute[] => [
    {
      method: 'POST',
      path: `/customers/external-accounts/{externalAccountId}/${change}`,
      responses: { 200: BeneficiaryTrustStart },
      errors: [400, 404, 409],
    },
    {
      method: 'POST',
      path: `/customers/external-accounts/{externalAccountId}/${change}/confirm`,
      responses: { 200: BeneficiaryTrustConfirm },
      errors: [400, 404, 409],
    },
  ]),
]
