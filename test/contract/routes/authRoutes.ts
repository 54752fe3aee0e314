// The embedded-wallet auth and customer operations of the service's contract (API version
// 2025-10-13), as far as the sandbox serves them: each success body as a strict schema written from
// the contract's schemas (every required member, every enum, nothing it does not define), and the
// error statuses each operation documents.

import * as z from 'zod'
import type { ContractRoute } from '../contractRoute.js'

const DateTime = z.iso.datetime({ offset: true })
const id = (prefix: string) => z.string().startsWith(`${prefix}:`)

// --- Customers ------------------------------------------------------------------------------

const Address = z.strictObject({
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  postalCode: z.string(),
  country: z.string(),
})

const EndUserTermsConsent = z.strictObject({
  acceptedAt: DateTime,
  ipAddress: z.string().max(45),
  termsVersion: z.string(),
  acceptanceMethod: z.enum(['CHECKBOX', 'CLICK_TO_ACCEPT']),
})

const VerificationStatus = z.enum(['PENDING', 'VERIFIED'])
const ReviewStatus = z.enum(['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD'])
const TransactionCount = z.enum([
  'COUNT_UNDER_10',
  'COUNT_10_TO_100',
  'COUNT_100_TO_500',
  'COUNT_500_TO_1000',
  'COUNT_OVER_1000',
])
const TransactionVolume = z.enum([
  'VOLUME_UNDER_10K',
  'VOLUME_10K_TO_100K',
  'VOLUME_100K_TO_1M',
  'VOLUME_1M_TO_10M',
  'VOLUME_OVER_10M',
])
const PurposeOfAccount = z.enum([
  'CONTRACTOR_PAYOUTS',
  'CREATOR_PAYOUTS',
  'EMPLOYEE_PAYOUTS',
  'MARKETPLACE_SELLER_PAYOUTS',
  'SUPPLIER_PAYMENTS',
  'CROSS_BORDER_B2B',
  'AR_AUTOMATION',
  'AP_AUTOMATION',
  'EMBEDDED_PAYMENTS',
  'PLATFORM_FEE_COLLECTION',
  'P2P_TRANSFERS',
  'CHARITABLE_DONATIONS',
  'OTHER',
])

/** What every customer has, whatever its type. */
const CustomerCommon = {
  id: id('Customer').optional(),
  platformCustomerId: z.string(),
  endUserTermsConsent: EndUserTermsConsent.optional(),
  region: z.string().optional(),
  currencies: z.array(z.string()).optional(),
  email: z.email().optional(),
  phoneNumber: z
    .string()
    .regex(/^\+[1-9]\d{1,14}$/)
    .optional(),
  umaAddress: z.string(),
  createdAt: DateTime.optional(),
  updatedAt: DateTime.optional(),
  isDeleted: z.boolean().optional(),
  contactVerification: z
    .strictObject({ email: VerificationStatus.optional(), phone: VerificationStatus.optional() })
    .optional(),
}

const IndividualCustomer = z.strictObject({
  ...CustomerCommon,
  customerType: z.literal('INDIVIDUAL'),
  kycStatus: ReviewStatus.optional(),
  fullName: z.string().optional(),
  birthDate: z.iso.date().optional(),
  nationality: z.string().optional(),
  address: Address.optional(),
  idType: z.enum(['SSN', 'ITIN', 'EIN', 'NON_US_TAX_ID']).optional(),
  // `identifier` is write-only: never in a response.
  countryOfIssuance: z.string().optional(),
  sourceOfFundsCategories: z
    .array(
      z.enum([
        'SALARY',
        'SELF_EMPLOYMENT_INCOME',
        'INVESTMENT_INCOME',
        'PENSION',
        'RENTAL_INCOME',
        'GIFT',
        'INHERITANCE',
        'LOAN',
        'SAVINGS',
        'SALE_OF_ASSETS',
        'OTHER',
      ]),
    )
    .optional(),
  sourceOfFundsOtherDescription: z.string().optional(),
  sourceOfWealthCategories: z
    .array(
      z.enum([
        'SALARY',
        'BUSINESS_INCOME',
        'INVESTMENTS',
        'INHERITANCE',
        'PROPERTY_SALE',
        'GIFT',
        'RETIREMENT',
        'SAVINGS',
        'OTHER',
      ]),
    )
    .optional(),
  sourceOfWealthOtherDescription: z.string().optional(),
  purposeOfAccount: PurposeOfAccount.optional(),
  purposeOfAccountOtherDescription: z.string().optional(),
  expectedMonthlyTransactionCount: TransactionCount.optional(),
  expectedMonthlyTransactionVolume: TransactionVolume.optional(),
  annualIncomeRange: z
    .enum(['UNDER_50K', 'RANGE_50K_100K', 'RANGE_100K_250K', 'RANGE_250K_1M', 'OVER_1M'])
    .optional(),
  netWorthRange: z
    .enum(['UNDER_100K', 'RANGE_100K_500K', 'RANGE_500K_1M', 'RANGE_1M_5M', 'RANGE_5M_25M', 'OVER_25M'])
    .optional(),
  pepStatus: z.enum(['NONE', 'DOMESTIC', 'FOREIGN', 'HIO', 'FAMILY_OR_ASSOCIATE']).optional(),
})

const BusinessInfoResponse = z.strictObject({
  legalName: z.string(),
  doingBusinessAs: z.string().optional(),
  country: z.string().optional(),
  registrationNumber: z.string().optional(),
  incorporatedOn: z.iso.date().optional(),
  entityType: z
    .enum([
      'SOLE_PROPRIETORSHIP',
      'PARTNERSHIP',
      'LLC',
      'CORPORATION',
      'S_CORPORATION',
      'NON_PROFIT',
      'PUBLICLY_LISTED_COMPANY',
      'TRUST',
      'PRIVATE_FOUNDATION',
      'CHARITY',
      'OTHER',
    ])
    .optional(),
  taxId: z.string().optional(),
  countriesOfOperation: z.array(z.string()).optional(),
  businessType: z.string().optional(),
  purposeOfAccount: PurposeOfAccount.optional(),
  sourceOfFunds: z.string().optional(),
  expectedMonthlyTransactionCount: TransactionCount.optional(),
  expectedMonthlyTransactionVolume: TransactionVolume.optional(),
  expectedRecipientJurisdictions: z.array(z.string()).optional(),
  naicsCode: z
    .string()
    .regex(/^\d{2,6}$/)
    .optional(),
  sourceOfFundsCategories: z
    .array(
      z.enum([
        'OPERATING_REVENUE',
        'INVESTMENT_INCOME',
        'LOANS',
        'VENTURE_CAPITAL',
        'PERSONAL_SAVINGS',
        'DONATIONS',
        'OTHER',
      ]),
    )
    .optional(),
  sourceOfFundsOtherDescription: z.string().min(1).max(500).optional(),
  purposeOfAccountOtherDescription: z.string().min(1).max(500).optional(),
  expectedCounterpartyCountries: z.array(z.string()).optional(),
  primaryContactFirstName: z.string().max(250).optional(),
  primaryContactLastName: z.string().max(250).optional(),
})

const BusinessCustomer = z.strictObject({
  ...CustomerCommon,
  customerType: z.literal('BUSINESS'),
  kybStatus: ReviewStatus.optional(),
  address: Address.optional(),
  businessInfo: BusinessInfoResponse.optional(),
})

export const Customer = z.discriminatedUnion('customerType', [IndividualCustomer, BusinessCustomer])

// --- Credentials, sessions, signed retries ----------------------------------------------------

const AuthMethodType = z.enum(['OAUTH', 'EMAIL_OTP', 'SMS_OTP', 'PASSKEY'])

const AuthMethodFields = {
  id: id('AuthMethod'),
  accountId: id('InternalAccount'),
  type: AuthMethodType,
  credentialId: z.string().optional(),
  nickname: z.string(),
  createdAt: DateTime,
  updatedAt: DateTime,
}

const AuthMethod = z.strictObject(AuthMethodFields)

const AuthMethodResponse = z.strictObject({
  ...AuthMethodFields,
  otpEncryptionTargetBundle: z.string().optional(),
})

const PasskeyAuthChallenge = z.strictObject({
  ...AuthMethodFields,
  type: z.literal('PASSKEY'),
  credentialId: z.string(),
  challenge: z.string().regex(/^[0-9a-f]+$/),
  requestId: id('Request'),
  expiresAt: DateTime,
})

/** `/challenge`: an OTP credential's AuthMethod, or a passkey's challenge. */
const ChallengeResponse = z.union([
  AuthMethodResponse.extend({ type: z.enum(['EMAIL_OTP', 'SMS_OTP']) }),
  PasskeyAuthChallenge,
])

const AuthSession = z.strictObject({
  ...AuthMethodFields,
  id: id('Session'),
  encryptedSessionSigningKey: z.string().optional(),
  expiresAt: DateTime,
})

const SignedRequestChallenge = z.strictObject({
  payloadToSign: z.string(),
  requestId: id('Request'),
  expiresAt: DateTime,
})

const AuthSignedRequestChallenge = SignedRequestChallenge.extend({ type: AuthMethodType })

const DelegatedKey = z.strictObject({
  id: id('DelegatedKey'),
  cardId: z.string(),
  fundingSourceId: z.string(),
  accountId: z.string(),
  publicKey: z.string().regex(/^0[23][0-9a-fA-F]{64}$/),
  nickname: z.string(),
  status: z.enum(['PENDING', 'ACTIVE', 'REVOKED']),
  createdAt: DateTime,
  updatedAt: DateTime,
})

const InternalAccountExportResponse = z.strictObject({
  id: z.string(),
  encryptedWalletCredentials: z.string(),
})

/** The auth operations the sandbox serves, with schemas written from the service's contract. */
export const authRoutes: ContractRoute[] = [
  { method: 'POST', path: '/customers', responses: { 201: Customer }, errors: [400, 405, 409, 501] },
  { method: 'GET', path: '/customers/{customerId}', responses: { 200: Customer }, errors: [404] },
  {
    method: 'PATCH',
    path: '/customers/{customerId}',
    responses: { 200: Customer, 202: SignedRequestChallenge },
    errors: [400, 404, 409, 424],
  },
  {
    method: 'POST',
    path: '/auth/credentials',
    responses: { 201: AuthMethodResponse, 202: AuthSignedRequestChallenge },
    errors: [400, 404],
  },
  {
    method: 'GET',
    path: '/auth/credentials',
    responses: { 200: z.strictObject({ data: z.array(AuthMethod) }) },
    errors: [400],
  },
  {
    method: 'DELETE',
    path: '/auth/credentials/{id}',
    responses: { 202: AuthSignedRequestChallenge, 204: null },
    errors: [400, 404],
  },
  {
    method: 'POST',
    path: '/auth/credentials/{id}/challenge',
    responses: { 200: ChallengeResponse },
    errors: [400, 404, 429],
  },
  {
    method: 'POST',
    path: '/auth/credentials/{id}/verify',
    responses: { 200: AuthSession, 202: AuthSignedRequestChallenge },
    errors: [400, 404, 429],
  },
  {
    method: 'GET',
    path: '/auth/sessions',
    // Never a sealed key in a list.
    responses: {
      200: z.strictObject({ data: z.array(AuthSession.omit({ encryptedSessionSigningKey: true })) }),
    },
    errors: [400],
  },
  {
    method: 'DELETE',
    path: '/auth/sessions/{id}',
    responses: { 202: AuthSignedRequestChallenge, 204: null },
    errors: [400, 404],
  },
  {
    method: 'POST',
    path: '/auth/sessions/{id}/refresh',
    responses: { 201: AuthSession, 202: SignedRequestChallenge },
    errors: [400, 404],
  },
  {
    method: 'POST',
    path: '/auth/delegated-keys',
    responses: { 201: DelegatedKey, 202: SignedRequestChallenge },
    errors: [400, 404, 409],
  },
  {
    method: 'GET',
    path: '/auth/delegated-keys',
    responses: { 200: z.strictObject({ data: z.array(DelegatedKey) }) },
    errors: [400],
  },
  { method: 'GET', path: '/auth/delegated-keys/{id}', responses: { 200: DelegatedKey }, errors: [404] },
  { method: 'DELETE', path: '/auth/delegated-keys/{id}', responses: { 204: null }, errors: [400, 404] },
  {
    method: 'POST',
    path: '/internal-accounts/{id}/export',
    responses: { 200: InternalAccountExportResponse, 202: SignedRequestChallenge },
    errors: [400, 404],
  },
]
