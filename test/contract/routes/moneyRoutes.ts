// The money operations of the service's contract that the sandbox serves (quotes and SCA,
// transactions, internal and external accounts, transfers, verifications, beneficial owners and
// the sandbox-only endpoints), with response schemas written from the contract's schemas: every
// member it requires, its enums and bounds, and nothing it does not define. Where the sandbox
// echoes what the client sent (an external account's `accountInfo`, a beneficial owner's
// `personalInfo`), the required members are checked and the rest is the client's.

import * as z from 'zod'
import type { ContractRoute } from '../contractRoute.js'

const DateTime = z.iso.datetime({ offset: true })
const Int = z.number().int()
const NonNegative = Int.min(0)
const nullable = <T extends z.ZodType>(schema: T) => z.optional(z.nullable(schema))

export const Currency = z.strictObject({
  code: z.optional(z.string()),
  name: z.optional(z.string()),
  symbol: z.optional(z.string()),
  decimals: z.optional(NonNegative),
})
const CurrencyAmount = z.strictObject({ amount: Int, currency: Currency })

const PAYMENT_RAILS = [
  'ACH',
  'ACH_COLOMBIA',
  'BANK_TRANSFER',
  'BRE_B',
  'CIPS',
  'FAST',
  'FASTER_PAYMENTS',
  'FEDNOW',
  'INSTAPAY',
  'MOBILE_MONEY',
  'NEFT',
  'PAYNOW',
  'PESONET',
  'PIX',
  'RTGS',
  'RTP',
  'SEPA',
  'SEPA_INSTANT',
  'SPEI',
  'SWIFT',
  'UNIONPAY',
  'UPI',
  'WIRE',
] as const
export const PaymentRail = z.enum(PAYMENT_RAILS)
const Rails = <const T extends readonly [string, ...string[]]>(rails: T) => z.array(z.enum(rails))
const Digits = (min: number, max = min) => z.string().regex(new RegExp(`^[0-9]{${min},${max}}$`))
const Reference = { reference: z.string() }

// ---- Payment instructions (the variants the sandbox issues, each as the contract defines it) ----

const AccountOrWalletInfo = z.discriminatedUnion('accountType', [
  z.strictObject({
    accountType: z.literal('USD_ACCOUNT'),
    accountNumber: z.string().min(1).max(34),
    routingNumber: Digits(9),
    bankName: z.optional(z.string().min(1).max(140)),
    bankAccountType: z.optional(z.enum(['CHECKING', 'SAVINGS'])),
    intermediaryBankName: z.optional(z.string()),
    intermediaryRoutingNumber: z.optional(Digits(9)),
    fiToFiInformation: z.optional(z.string().max(210)),
    bankAddress: z.optional(z.string().min(1).max(255)),
    paymentRails: Rails(['ACH', 'WIRE', 'RTP', 'FEDNOW']),
    ...Reference,
  }),
  z.strictObject({
    accountType: z.literal('EUR_ACCOUNT'),
    iban: z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$/),
    swiftCode: z.optional(z.string().regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/)),
    paymentRails: Rails(['SEPA', 'SEPA_INSTANT']),
    ...Reference,
  }),
  z.strictObject({
    accountType: z.literal('GBP_ACCOUNT'),
    sortCode: Digits(6),
    accountNumber: Digits(8),
    paymentRails: Rails(['FASTER_PAYMENTS']),
    ...Reference,
  }),
  z.strictObject({
    accountType: z.literal('MXN_ACCOUNT'),
    clabeNumber: Digits(18),
    paymentRails: Rails(['SPEI']),
    ...Reference,
  }),
  z.strictObject({ accountType: z.literal('BRL_ACCOUNT'), qrCode: z.string().min(1) }),
  z.strictObject({
    accountType: z.literal('CAD_ACCOUNT'),
    bankCode: Digits(3),
    branchCode: Digits(5),
    accountNumber: Digits(7, 12),
    paymentRails: Rails(['BANK_TRANSFER']),
    ...Reference,
  }),
  z.strictObject({
    accountType: z.literal('INR_ACCOUNT'),
    vpa: z.optional(z.string()),
    accountNumber: z.optional(Digits(9, 18)),
    ifsc: z.optional(z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/)),
    rail: z.optional(z.string().min(1).max(32)),
    bankName: z.optional(z.string()),
    paymentRails: Rails(['UPI', 'NEFT', 'RTGS']),
  }),
  z.strictObject({
    accountType: z.literal('NGN_ACCOUNT'),
    accountNumber: Digits(10),
    bankName: z.string().min(1).max(255),
    paymentRails: Rails(['BANK_TRANSFER']),
    ...Reference,
  }),
  z.strictObject({
    accountType: z.literal('PHP_ACCOUNT'),
    bankName: z.string().min(1).max(255),
    accountNumber: Digits(8, 16),
    paymentRails: Rails(['BANK_TRANSFER']),
    ...Reference,
  }),
  z.strictObject({
    accountType: z.literal('KES_ACCOUNT'),
    phoneNumber: z.string().regex(/^\+254[0-9]{9}$/),
    provider: z.string().min(1),
    paymentRails: Rails(['MOBILE_MONEY']),
    ...Reference,
  }),
  z.strictObject({
    accountType: z.literal('XOF_ACCOUNT'),
    phoneNumber: z.string().regex(/^\+[0-9]{6,14}$/),
    provider: z.string().min(1),
    region: z.enum(['BJ', 'CI', 'SN', 'TG']),
    paymentRails: Rails(['MOBILE_MONEY']),
    ...Reference,
  }),
  z.strictObject({
    accountType: z.literal('SPARK_WALLET'),
    address: z.string(),
    assetType: z.string(),
    invoice: z.optional(z.string()),
  }),
  z.strictObject({ accountType: z.literal('LIGHTNING'), invoice: z.string() }),
  z.strictObject({
    accountType: z.literal('SOLANA_WALLET'),
    address: z.string(),
    assetType: z.optional(z.enum(['USDC', 'USDT'])),
  }),
  z.strictObject({
    accountType: z.literal('ETHEREUM_WALLET'),
    address: z.string(),
    assetType: z.optional(z.enum(['USDC', 'USDT'])),
  }),
  z.strictObject({
    accountType: z.literal('BASE_WALLET'),
    address: z.string(),
    assetType: z.optional(z.enum(['USDC'])),
  }),
  z.strictObject({
    accountType: z.literal('POLYGON_WALLET'),
    address: z.string(),
    assetType: z.optional(z.enum(['USDC'])),
  }),
  z.strictObject({
    accountType: z.literal('TRON_WALLET'),
    address: z.string(),
    assetType: z.optional(z.enum(['USDT'])),
  }),
  z.strictObject({
    accountType: z.literal('PLASMA_WALLET'),
    address: z.string(),
    assetType: z.optional(z.enum(['USDT'])),
  }),
  z.strictObject({
    accountType: z.literal('BITCOIN_L1'),
    address: z.string(),
    network: z.optional(z.enum(['BITCOIN'])),
  }),
  z.strictObject({ accountType: z.literal('EMBEDDED_WALLET'), payloadToSign: z.string() }),
])

const PaymentInstructions = z.strictObject({
  instructionsNotes: z.optional(z.string()),
  isPlatformAccount: z.optional(z.boolean()),
  accountOrWalletInfo: AccountOrWalletInfo,
})

// ---- Quotes and SCA ----

const ScaFactor = z.enum(['SMS_OTP', 'TOTP', 'PASSKEY'])

const ScaChallenge = z.strictObject({
  id: z.string(),
  expiresAt: DateTime,
  factor: ScaFactor,
  availableFactors: z.array(ScaFactor),
  purpose: nullable(z.string()),
  passkeyAssertionOptions: nullable(z.record(z.string(), z.unknown())),
  passkeyAllowedOrigins: nullable(z.array(z.string())),
})

const QuoteSource = z.discriminatedUnion('sourceType', [
  z.strictObject({
    sourceType: z.literal('ACCOUNT'),
    accountId: z.string(),
    customerId: z.optional(z.string()),
  }),
  z.strictObject({
    sourceType: z.literal('REALTIME_FUNDING'),
    customerId: z.optional(z.string()),
    currency: z.string(),
    cryptoNetwork: z.optional(z.string()),
  }),
])

const QuoteDestination = z.discriminatedUnion('destinationType', [
  z.strictObject({
    destinationType: z.literal('ACCOUNT'),
    accountId: z.string(),
    paymentRail: z.optional(PaymentRail),
  }),
  z.strictObject({
    destinationType: z.literal('UMA_ADDRESS'),
    umaAddress: z.string(),
    currency: z.optional(z.string()),
  }),
])

const RateDetails = z.strictObject({
  counterpartyMultiplier: z.number().positive(),
  counterpartyFixedFee: NonNegative,
  gridApiMultiplier: z.number().positive(),
  gridApiFixedFee: NonNegative,
  gridApiVariableFeeRate: z.number().min(0),
  gridApiVariableFeeAmount: NonNegative,
})

const Quote = z
  .strictObject({
    id: z.string(),
    status: z.enum(['PENDING', 'PENDING_AUTHORIZATION', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED']),
    createdAt: DateTime,
    expiresAt: DateTime,
    source: QuoteSource,
    destination: QuoteDestination,
    sendingCurrency: Currency,
    receivingCurrency: Currency,
    totalSendingAmount: Int.positive(),
    totalReceivingAmount: Int.positive(),
    exchangeRate: z.number().positive(),
    feesIncluded: NonNegative,
    platformFeesIncluded: z.optional(NonNegative),
    paymentInstructions: z.optional(z.array(PaymentInstructions)),
    transactionId: z.string(),
    counterpartyInformation: z.optional(z.record(z.string(), z.unknown())),
    rateDetails: z.optional(RateDetails),
    scaChallenge: z.optional(ScaChallenge),
  })
  .refine((quote) => (quote.scaChallenge !== undefined) === (quote.status === 'PENDING_AUTHORIZATION'), {
    message: 'scaChallenge is present exactly while the status is PENDING_AUTHORIZATION',
  })

// ---- Internal accounts ----

const InternalAccount = z.strictObject({
  id: z.string(),
  customerId: z.optional(z.string()),
  type: z.enum(['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET']),
  status: z.enum(['PENDING', 'ACTIVE', 'CLOSED', 'FROZEN', 'FAILED']),
  balance: CurrencyAmount,
  totalBalance: CurrencyAmount,
  fundingPaymentInstructions: z.array(PaymentInstructions),
  privateEnabled: z.optional(z.boolean()),
  createdAt: DateTime,
  updatedAt: DateTime,
})

const page = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    data: z.array(item),
    hasMore: z.boolean(),
    nextCursor: z.optional(z.string()),
    totalCount: z.optional(NonNegative),
  })

const SignedRequestChallenge = z.strictObject({
  payloadToSign: z.string(),
  requestId: z.string().regex(/^Request:/),
  expiresAt: DateTime,
})

// ---- Transactions ----

const OnChainTransaction = z.strictObject({ transactionHash: z.string(), network: z.string() })

const TransactionSource = z.discriminatedUnion('sourceType', [
  z.strictObject({
    sourceType: z.literal('ACCOUNT'),
    currency: z.optional(z.string()),
    accountId: z.string(),
    onChainTransaction: z.optional(OnChainTransaction),
  }),
  z.strictObject({
    sourceType: z.literal('UMA_ADDRESS'),
    currency: z.optional(z.string()),
    umaAddress: z.string(),
  }),
  z.strictObject({
    sourceType: z.literal('REALTIME_FUNDING'),
    customerId: z.optional(z.string()),
    currency: z.string(),
    accountHolderName: z.optional(z.string()),
    accountIdentifier: z.optional(z.string()),
    bankName: z.optional(z.string()),
    bankIdentifier: z.optional(z.string()),
    paymentRail: nullable(PaymentRail),
    remittanceInformation: z.optional(z.string()),
    endToEndId: z.optional(z.string()),
    traceNumber: z.optional(z.string()),
    onChainTransaction: z.optional(OnChainTransaction),
  }),
])

const TransactionDestination = z.discriminatedUnion('destinationType', [
  z.strictObject({
    destinationType: z.literal('ACCOUNT'),
    currency: z.optional(z.string()),
    accountId: z.string(),
    onChainTransaction: z.optional(OnChainTransaction),
  }),
  z.strictObject({
    destinationType: z.literal('UMA_ADDRESS'),
    currency: z.optional(z.string()),
    umaAddress: z.string(),
  }),
])

const Refund = z.strictObject({
  reference: z.string(),
  initiatedAt: DateTime,
  settledAt: z.optional(DateTime),
  status: z.enum(['PENDING', 'COMPLETED', 'FAILED']),
  reason: z.optional(z.string()),
})

const ReconciliationInstructions = z.strictObject({
  reference: z.optional(z.string()),
  transactionHash: z.optional(z.string()),
})

const transactionBase = {
  id: z.string(),
  pendingReason: z.optional(
    z.enum([
      'COUNTERPARTY_DECLARATION_REQUIRED',
      'WALLET_VERIFICATION_REQUIRED',
      'COUNTERPARTY_INFORMATION_REQUIRED',
      'COMPLIANCE_REVIEW',
    ]),
  ),
  direction: z.enum(['CREDIT', 'DEBIT']),
  destination: TransactionDestination,
  customerId: z.string(),
  platformCustomerId: z.string(),
  settledAt: z.optional(DateTime),
  createdAt: z.optional(DateTime),
  updatedAt: z.optional(DateTime),
  receiptDeliveryConfirmedAt: z.optional(DateTime),
  agentId: z.optional(z.string()),
  description: z.optional(z.string()),
  exchangeRate: z.optional(z.number().positive()),
  quoteId: z.optional(z.string()),
  refund: z.optional(Refund),
  counterpartyInformation: z.optional(z.record(z.string(), z.unknown())),
  reconciliationInstructions: z.optional(ReconciliationInstructions),
  fees: z.optional(NonNegative),
}

const OutgoingTransaction = z.strictObject({
  ...transactionBase,
  type: z.literal('OUTGOING'),
  status: z.enum(['PENDING', 'PENDING_AUTHORIZATION', 'EXPIRED', 'PROCESSING', 'COMPLETED', 'FAILED']),
  source: TransactionSource,
  sentAmount: CurrencyAmount,
  receivedAmount: z.optional(CurrencyAmount),
  platformFees: z.optional(NonNegative),
  paymentInstructions: z.optional(z.array(PaymentInstructions)),
  rateDetails: z.optional(RateDetails),
  failureReason: z.optional(
    z.enum([
      'QUOTE_EXPIRED',
      'QUOTE_RATE_UNAVAILABLE',
      'QUOTE_EXECUTION_FAILED',
      'FUNDING_AMOUNT_MISMATCH',
      'SCA_NOT_COMPLETED',
      'PAYOUT_RETURNED',
      'LIMIT_EXCEEDED',
      'ACCOUNT_CANNOT_RECEIVE',
      'ACCOUNT_INVALID',
      'COMPLIANCE_REJECTED',
      'LIGHTNING_PAYMENT_FAILED',
      'COUNTERPARTY_POST_TX_FAILED',
    ]),
  ),
  paymentRail: nullable(PaymentRail),
  railSelectionMode: nullable(z.enum(['MANUAL', 'AUTO'])),
  expectedSettlementAt: nullable(DateTime),
  settlementTimelineSeconds: nullable(Int),
})

const IncomingTransaction = z.strictObject({
  ...transactionBase,
  type: z.literal('INCOMING'),
  status: z.enum([
    'CREATED',
    'PENDING',
    'PENDING_AUTHORIZATION',
    'PROCESSING',
    'COMPLETED',
    'REJECTED',
    'FAILED',
    'REFUNDED',
    'EXPIRED',
  ]),
  source: z.optional(TransactionSource),
  sentAmount: z.optional(CurrencyAmount),
  receivedAmount: CurrencyAmount,
  failureReason: z.optional(
    z.enum([
      'LNURLP_FAILED',
      'PAY_REQUEST_FAILED',
      'PAYMENT_APPROVAL_WEBHOOK_ERROR',
      'PAYMENT_APPROVAL_TIMED_OUT',
      'OFFRAMP_FAILED',
      'MISSING_MANDATORY_PAYEE_DATA',
      'QUOTE_EXPIRED',
      'QUOTE_EXECUTION_FAILED',
      'COMPLIANCE_REJECTED',
      'COLLECTION_FAILED',
    ]),
  ),
})

// Card transactions are part of the contract's union; the sandbox issues none.
const Transaction = z.discriminatedUnion('type', [OutgoingTransaction, IncomingTransaction])

// ---- External accounts ----

const Beneficiary = z.discriminatedUnion('beneficiaryType', [
  z.looseObject({ beneficiaryType: z.literal('INDIVIDUAL'), fullName: z.string() }),
  z.looseObject({ beneficiaryType: z.literal('BUSINESS'), legalName: z.string() }),
])

const EXTERNAL_ACCOUNT_TYPES = [
  ...['AED', 'BDT', 'BRL', 'BWP', 'CAD', 'COP', 'DKK', 'EGP', 'EUR', 'GBP', 'GHS', 'GTQ', 'HKD', 'HTG'],
  ...['IDR', 'INR', 'JMD', 'KES', 'MWK', 'MXN', 'MYR', 'NGN', 'PHP', 'PKR', 'RWF', 'SGD', 'SLV', 'THB'],
  ...['TZS', 'UGX', 'USD', 'VND', 'XAF', 'XOF', 'ZAR', 'ZMW', 'SWIFT', 'CNY'],
]
  .map((code) => `${code}_ACCOUNT`)
  .concat(['BASE_WALLET', 'ETHEREUM_WALLET', 'LIGHTNING', 'PLASMA_WALLET', 'POLYGON_WALLET'])
  .concat(['SOLANA_WALLET', 'SPARK_WALLET', 'TRON_WALLET'])

// The members each variant requires back (bank accounts with the rails they are reached on).
const EXTERNAL_INFO: Record<string, z.ZodType> = {
  USD_ACCOUNT: z.looseObject({
    accountNumber: z.string().min(1).max(34),
    routingNumber: Digits(9),
    paymentRails: Rails(['ACH', 'WIRE', 'RTP', 'FEDNOW']),
    beneficiary: Beneficiary,
  }),
  EUR_ACCOUNT: z.looseObject({
    iban: z.string(),
    paymentRails: Rails(['SEPA', 'SEPA_INSTANT']),
    beneficiary: Beneficiary,
  }),
  GBP_ACCOUNT: z.looseObject({
    sortCode: Digits(6),
    accountNumber: Digits(8),
    paymentRails: Rails(['FASTER_PAYMENTS']),
    beneficiary: Beneficiary,
  }),
  MXN_ACCOUNT: z.looseObject({
    clabeNumber: Digits(18),
    paymentRails: Rails(['SPEI']),
    beneficiary: Beneficiary,
  }),
  BRL_ACCOUNT: z.looseObject({ pixKey: z.string(), paymentRails: Rails(['PIX']), beneficiary: Beneficiary }),
  SPARK_WALLET: z.looseObject({ address: z.string() }),
  SOLANA_WALLET: z.looseObject({ address: z.string() }),
}

const ExternalAccountInfo = z
  .looseObject({ accountType: z.enum(EXTERNAL_ACCOUNT_TYPES as [string, ...string[]]) })
  .superRefine((info, ctx) => {
    const variant = EXTERNAL_INFO[info.accountType]
    const checked = variant?.safeParse(info)
    if (checked && !checked.success) {
      for (const issue of checked.error.issues) ctx.addIssue({ ...issue, code: 'custom', input: info })
    }
  })

const ExternalAccount = z.strictObject({
  id: z.string(),
  customerId: z.optional(z.string()),
  status: z.enum([
    'PENDING',
    'ACTIVE',
    'PENDING_OWNERSHIP_VERIFICATION',
    'UNVERIFIED',
    'UNDER_REVIEW',
    'INACTIVE',
  ]),
  platformAccountId: z.optional(z.string()),
  ownershipType: z.optional(z.enum(['FIRST_PARTY', 'THIRD_PARTY'])),
  currency: z.string(),
  defaultUmaDepositAccount: z.optional(z.boolean()),
  beneficiaryVerificationStatus: z.optional(
    z.enum(['MATCHED', 'PARTIAL_MATCH', 'NOT_MATCHED', 'UNSUPPORTED', 'CHECKED_BY_RECEIVING_FI', 'PENDING']),
  ),
  beneficiaryVerifiedData: z.optional(z.strictObject({ fullName: z.optional(z.string()) })),
  accountInfo: ExternalAccountInfo,
})

// ---- Verifications and beneficial owners ----

const VERIFICATION_ERROR_TYPES = [
  'MISSING_FIELD',
  'INVALID_FIELD',
  'MISSING_LEGAL_PRESENCE_DOCUMENT',
  'MISSING_CONTROL_STRUCTURE_DOCUMENT',
  'MISSING_OWNERSHIP_STRUCTURE_DOCUMENT',
  'MISSING_PROOF_OF_ADDRESS_DOCUMENT',
  'MISSING_IDENTITY_DOCUMENT',
  'INVALID_DOCUMENT',
  'EXPIRED_DOCUMENT',
  'POOR_QUALITY_DOCUMENT',
  'SUSPECTED_FRAUD_DOCUMENT',
  'WRONG_DOCUMENT_TYPE',
  'INCOMPLETE_DOCUMENT',
  'UNREADABLE_DOCUMENT',
  'DOCUMENT_VERIFICATION_FAILED',
  'APPLICANT_SANCTIONED',
  'APPLICANT_FRAUD',
  'APPLICANT_CRIMINAL_RECORD',
  'APPLICANT_REJECTED',
  'MISSING_BENEFICIAL_OWNER',
  'MISSING_CONTROL_PERSON',
  'MISSING_GOOD_STANDING_DOCUMENT',
] as const

const Verification = z.strictObject({
  id: z.string(),
  customerId: z.string(),
  verificationStatus: z.enum([
    'RESOLVE_ERRORS',
    'PENDING_MANUAL_REVIEW',
    'IN_PROGRESS',
    'APPROVED',
    'REJECTED',
    'READY_FOR_VERIFICATION',
  ]),
  errors: z.array(
    z.strictObject({
      resourceId: z.string(),
      type: z.enum(VERIFICATION_ERROR_TYPES),
      field: z.optional(z.string()),
      acceptedDocumentTypes: z.optional(z.array(z.string())),
      reason: z.string(),
    }),
  ),
  createdAt: DateTime,
  updatedAt: z.optional(DateTime),
})

const BeneficialOwner = z.strictObject({
  id: z.string(),
  customerId: z.string(),
  roles: z.array(
    z.enum(['UBO', 'DIRECTOR', 'COMPANY_OFFICER', 'CONTROL_PERSON', 'TRUSTEE', 'GENERAL_PARTNER']),
  ),
  ownershipPercentage: Int.min(0).max(100),
  personalInfo: z.looseObject({
    firstName: z.string(),
    lastName: z.string(),
    birthDate: z.string(),
    nationality: z.string(),
    address: z.record(z.string(), z.unknown()),
    idType: z.enum(['SSN', 'ITIN', 'EIN', 'NON_US_TAX_ID']),
    identifier: z.string(),
  }),
  kycStatus: z.enum(['UNVERIFIED', 'PENDING', 'APPROVED', 'REJECTED', 'HOLD']),
  createdAt: DateTime,
  updatedAt: z.optional(DateTime),
})

/** The money operations the sandbox serves, with schemas written from the service's contract. */
export const moneyRoutes: ContractRoute[] = [
  // Quotes and SCA
  {
    method: 'POST',
    path: '/quotes',
    responses: { 201: Quote, 202: Quote },
    errors: [400, 403, 412, 424, 429, 501],
  },
  { method: 'GET', path: '/quotes/{quoteId}', responses: { 200: Quote }, errors: [404] },
  {
    method: 'POST',
    path: '/quotes/{quoteId}/execute',
    responses: { 200: Quote },
    errors: [400, 403, 404, 409, 429],
  },
  {
    method: 'POST',
    path: '/quotes/{quoteId}/authorize',
    responses: { 200: Quote },
    errors: [400, 404, 409, 423, 429],
  },
  {
    method: 'POST',
    path: '/quotes/{quoteId}/authorize/resend',
    responses: { 204: null },
    errors: [404, 409, 429],
  },
  // Transactions
  { method: 'GET', path: '/transactions', responses: { 200: page(Transaction) }, errors: [400] },
  { method: 'GET', path: '/transactions/{transactionId}', responses: { 200: Transaction }, errors: [404] },
  // The platform's decision on an incoming payment it answered 202: the IncomingTransaction.
  {
    method: 'POST',
    path: '/transactions/{transactionId}/approve',
    responses: { 200: IncomingTransaction },
    errors: [400, 404, 409],
  },
  {
    method: 'POST',
    path: '/transactions/{transactionId}/reject',
    responses: { 200: IncomingTransaction },
    errors: [400, 404, 409],
  },
  // Internal accounts
  {
    method: 'GET',
    path: '/customers/internal-accounts',
    responses: { 200: page(InternalAccount) },
    errors: [400],
  },
  {
    method: 'GET',
    path: '/platform/internal-accounts',
    responses: { 200: z.strictObject({ data: z.array(InternalAccount) }) },
    errors: [400],
  },
  {
    method: 'PATCH',
    path: '/internal-accounts/{id}',
    responses: { 200: InternalAccount, 202: SignedRequestChallenge },
    errors: [400, 404],
  },
  // External accounts
  {
    method: 'POST',
    path: '/customers/external-accounts',
    responses: { 201: ExternalAccount },
    errors: [400, 409],
  },
  {
    method: 'GET',
    path: '/customers/external-accounts',
    responses: { 200: page(ExternalAccount) },
    errors: [400],
  },
  {
    method: 'GET',
    path: '/customers/external-accounts/{externalAccountId}',
    responses: { 200: ExternalAccount },
    errors: [404],
  },
  {
    method: 'DELETE',
    path: '/customers/external-accounts/{externalAccountId}',
    responses: { 204: null },
    errors: [404, 409],
  },
  {
    method: 'POST',
    path: '/platform/external-accounts',
    responses: { 201: ExternalAccount },
    errors: [400, 409],
  },
  {
    method: 'GET',
    path: '/platform/external-accounts',
    responses: { 200: page(ExternalAccount) },
    errors: [400],
  },
  {
    method: 'GET',
    path: '/platform/external-accounts/{externalAccountId}',
    responses: { 200: ExternalAccount },
    errors: [404],
  },
  {
    method: 'DELETE',
    path: '/platform/external-accounts/{externalAccountId}',
    responses: { 204: null },
    errors: [404],
  },
  // Same-currency transfers
  { method: 'POST', path: '/transfer-in', responses: { 201: Transaction }, errors: [400, 404] },
  { method: 'POST', path: '/transfer-out', responses: { 201: Transaction }, errors: [400, 404, 429] },
  // Verifications and beneficial owners
  { method: 'POST', path: '/verifications', responses: { 200: Verification }, errors: [400, 404] },
  { method: 'GET', path: '/verifications', responses: { 200: page(Verification) }, errors: [400] },
  { method: 'GET', path: '/verifications/{verificationId}', responses: { 200: Verification }, errors: [404] },
  { method: 'POST', path: '/beneficial-owners', responses: { 201: BeneficialOwner }, errors: [400, 404] },
  { method: 'GET', path: '/beneficial-owners', responses: { 200: page(BeneficialOwner) }, errors: [400] },
  {
    method: 'GET',
    path: '/beneficial-owners/{beneficialOwnerId}',
    responses: { 200: BeneficialOwner },
    errors: [404],
  },
  {
    method: 'PATCH',
    path: '/beneficial-owners/{beneficialOwnerId}',
    responses: { 200: BeneficialOwner },
    errors: [400, 404],
  },
  // Sandbox-only endpoints
  {
    method: 'POST',
    path: '/sandbox/internal-accounts/{accountId}/fund',
    responses: { 200: InternalAccount },
    errors: [400, 403, 404],
  },
  { method: 'POST', path: '/sandbox/send', responses: { 200: Transaction }, errors: [400, 403, 404] },
  {
    method: 'POST',
    path: '/sandbox/uma/receive',
    responses: { 200: IncomingTransaction },
    errors: [400, 403, 404],
  },
]
