import * as z from 'zod/mini'
import { DateTime } from '../wire/primitives.js'
import { TRANSACTION_STATUSES } from '../wire/transaction.js'
import type { RelayOperation } from './relayOperations.js'
import { ID_PATTERN } from './relayRoutes.js'
import type { TargetKey } from './relayTarget.js'

/** Ids a request's query or body names, by the target field they fill. */
export type NamedIds = Partial<Record<TargetKey, string | undefined>>

/** What the relay checks for one operation before it asks the hook and forwards. */
export interface OperationRule {
  /** The query parameters the operation defines (each at most once); none when absent. */
  query?: z.ZodMiniType<Record<string, string | undefined>>
  /**
   * Query parameters the operation defines as repeatable (`?destinationCurrency=INR&destinationCurrency=GBP`),
   * each value checked by its schema; they are not part of `query`'s object.
   */
  repeatable?: Readonly<Record<string, z.ZodMiniType<string>>>
  /** The JSON body the operation defines; no body at all when absent. */
  body?: z.ZodMiniType<Record<string, unknown>>
  /** Whether an empty body is refused (else it is forwarded empty). */
  bodyRequired?: boolean
  /** The ids named in the query and in the body fields the service acts on. */
  targets?: (query: Record<string, string | undefined>, body: Record<string, unknown> | undefined) => NamedIds
}

const Id = z.string().check(z.regex(ID_PATTERN))
const Text = z.string().check(z.minLength(1), z.maxLength(1024))
const Base64Url = z.string().check(z.regex(/^[A-Za-z0-9_-]+$/), z.maxLength(4096))
const Jwt = z.string().check(z.regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/), z.maxLength(8192))
// Compressed selects a client-held session key, uncompressed a sealed one (wire-formats section 2).
const ClientPublicKey = z.string().check(z.regex(/^(?:0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/))
const UncompressedPublicKey = z.string().check(z.regex(/^04[0-9a-fA-F]{128}$/))
// The SCA factors a per-payment challenge can use: TOTP cannot carry dynamic linking.
const PaymentScaFactor = z.enum(['SMS_OTP', 'PASSKEY'])

const Attestation = z.strictObject({
  credentialId: Base64Url,
  clientDataJson: Base64Url,
  attestationObject: Base64Url,
  transports: z.optional(z.array(z.enum(['usb', 'nfc', 'ble', 'internal', 'hybrid']))),
})

const Assertion = z.strictObject({
  credentialId: Base64Url,
  clientDataJson: Base64Url,
  authenticatorData: Base64Url,
  signature: Base64Url,
  userHandle: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]*$/))),
})

const CredentialCreate = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('EMAIL_OTP'), accountId: Id }),
  z.strictObject({ type: z.literal('SMS_OTP'), accountId: Id }),
  z.strictObject({ type: z.literal('OAUTH'), accountId: Id, oidcToken: Jwt }),
  z.strictObject({
    type: z.literal('PASSKEY'),
    accountId: Id,
    nickname: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    challenge: Base64Url,
    attestation: Attestation,
  }),
])

const CredentialVerify = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('EMAIL_OTP'), encryptedOtpBundle: z.string().check(z.minLength(1)) }),
  z.strictObject({ type: z.literal('SMS_OTP'), encryptedOtpBundle: z.string().check(z.minLength(1)) }),
  z.strictObject({ type: z.literal('OAUTH'), oidcToken: Jwt, clientPublicKey: ClientPublicKey }),
  z.strictObject({ type: z.literal('PASSKEY'), assertion: Assertion }),
])

// The browser may change only the signed contact fields, one per request (the service refuses
// both at once); the rest of a customer's record is the integrator backend's to change.
const CustomerType = z.enum(['INDIVIDUAL', 'BUSINESS'])
const CustomerContactChange = z.union([
  z.strictObject({ customerType: CustomerType, email: z.email() }),
  z.strictObject({ customerType: CustomerType, phoneNumber: z.string().check(z.regex(/^\+[1-9]\d{1,14}$/)) }),
])

const QuoteSource = z.discriminatedUnion('sourceType', [
  z.strictObject({ sourceType: z.literal('ACCOUNT'), accountId: Id, customerId: z.optional(Id) }),
  // Without customerId the service makes the quote for the platform itself: never from a browser.
  z.strictObject({
    sourceType: z.literal('REALTIME_FUNDING'),
    customerId: Id,
    currency: Text,
    cryptoNetwork: z.optional(Text),
  }),
])

const QuoteDestination = z.discriminatedUnion('destinationType', [
  z.strictObject({ destinationType: z.literal('ACCOUNT'), accountId: Id, paymentRail: z.optional(Text) }),
  z.strictObject({ destinationType: z.literal('UMA_ADDRESS'), umaAddress: Text, currency: z.optional(Text) }),
])

// `platformFeeOverride` is left out: the platform's fee is not the paying user's to set.
const QuoteCreate = z.strictObject({
  lookupId: z.optional(Id),
  source: QuoteSource,
  destination: QuoteDestination,
  lockedCurrencySide: z.enum(['SENDING', 'RECEIVING']),
  lockedCurrencyAmount: z.int().check(z.gt(0), z.lte(9_000_000_000_000_000)),
  immediatelyExecute: z.optional(z.boolean()),
  description: z.optional(Text),
  remittanceInformation: z.optional(z.string().check(z.maxLength(80))),
  purposeOfPayment: z.optional(
    z.enum([
      'GIFT',
      'SELF',
      'GOODS_OR_SERVICES',
      'EDUCATION',
      'HEALTH_OR_MEDICAL',
      'REAL_ESTATE_PURCHASE',
      'TAX_PAYMENT',
      'LOAN_PAYMENT',
      'UTILITY_BILL',
      'DONATION',
      'TRAVEL',
      'FAMILY_SUPPORT',
      'SALARY_PAYMENT',
      'OTHER',
    ]),
  ),
  scaFactor: z.optional(PaymentScaFactor),
  senderCustomerInfo: z.optional(z.record(z.string(), z.unknown())),
})

// Exactly one proof: a code (SMS, TOTP) or a passkey assertion with the origin it was made on.
const oneProof = z.refine<{ code?: unknown; passkeyAssertion?: unknown; origin?: unknown }>(
  ({ code, passkeyAssertion, origin }) =>
    code != null ? passkeyAssertion == null && origin == null : passkeyAssertion != null && origin != null,
  'Send either code, or passkeyAssertion with origin.',
)
const ScaAuthorization = z
  .strictObject({
    code: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(64)))),
    passkeyAssertion: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
    origin: z.optional(z.nullable(z.url())),
    endUserIpAddress: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(64)))),
  })
  .check(oneProof)

const AccountQuery = z.strictObject({ accountId: Id })

// The SCA routes name their customer in the query; the service acts on that customer only.
const CustomerQuery = z.strictObject({ customerId: Id })
const byCustomer = (query: Record<string, string | undefined>): NamedIds => ({ customerId: query.customerId })
const Code = z.string().check(z.minLength(1), z.maxLength(64))
const ScaFactor = z.enum(['SMS_OTP', 'TOTP', 'PASSKEY'])
// SMS is not enrolled: it is the customer's verified phone.
const ScaFactorEnrol = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('TOTP') }),
  z.strictObject({ type: z.literal('PASSKEY') }),
])
const ScaFactorConfirm = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('TOTP'), secret: Text, code: Code }),
  z.strictObject({
    type: z.literal('PASSKEY'),
    origin: z.url(),
    credential: z.record(z.string(), z.unknown()),
  }),
])
const ScaLoginProof = z
  .strictObject({
    factor: ScaFactor,
    endUserIpAddress: z.string().check(z.minLength(1), z.maxLength(64)),
    challengeId: z.optional(z.nullable(Text)),
    code: z.optional(z.nullable(Code)),
    passkeyAssertion: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
    origin: z.optional(z.nullable(z.url())),
  })
  .check(oneProof)
// BeneficiaryTrustConfirmRequest: the start's challenge, when it issued one, and one proof.
const BeneficiaryTrustProof = z
  .strictObject({
    challengeId: z.optional(z.nullable(Text)),
    code: z.optional(z.nullable(Code)),
    passkeyAssertion: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
    origin: z.optional(z.nullable(z.url())),
  })
  .check(oneProof)
const ContactCode = z.strictObject({ code: Code })
// A reset of an SMS factor names the new phone in two parts; together at most E.164's 15 digits.
const ResetMobile = z
  .strictObject({
    countryCode: z.string().check(z.regex(/^\+[1-9]\d{0,2}$/)),
    number: z.string().check(z.regex(/^\d{4,14}$/)),
  })
  .check(
    z.refine(
      ({ countryCode, number }) => countryCode.length - 1 + number.length <= 15,
      'mobile is longer than an E.164 number.',
    ),
  )

const PageLimit = z.string().check(z.regex(/^(?:[1-9]\d?|100)$/))
const PageCursor = z.string().check(z.minLength(1), z.maxLength(1024))
// The customer is required (without it the service lists the platform's every transaction). The
// filters that name a party by another handle than an id (platformCustomerId, the account
// identifiers) are left out: the hook could not judge them, and the contract does not say that
// beside customerId they only narrow that customer's list.
const TransactionQuery = z.strictObject({
  customerId: Id,
  type: z.optional(z.enum(['INCOMING', 'OUTGOING'])),
  status: z.optional(z.enum(TRANSACTION_STATUSES)),
  reference: z.optional(Text),
  startDate: z.optional(DateTime),
  endDate: z.optional(DateTime),
  limit: z.optional(PageLimit),
  cursor: z.optional(PageCursor),
  sortOrder: z.optional(z.enum(['asc', 'desc'])),
})

const CurrencyCode = z.string().check(z.regex(/^[A-Za-z0-9]{1,16}$/))
// The contract's int64 from 0; a quote takes at most 9e15.
const SendingAmount = z.string().check(z.regex(/^\d{1,16}$/))

/**
 * The relay's rule for each of its operations, written from the service's contract: the query
 * parameters and body members the operation defines (nothing else is forwarded), and the ids it
 * names in the fields the service acts on.
 *
 * @example
 * ```ts
 * const rule = OPERATION_RULES['POST /quotes']
 * rule.body?.safeParse(JSON.parse(text)).success
 * ```
 */
export const OPERATION_RULES: Readonly<Record<RelayOperation, OperationRule>> = {
  'POST /auth/credentials': {
    body: CredentialCreate,
    bodyRequired: true,
    targets: (_query, body) => ({ accountId: body?.accountId as string }),
  },
  'GET /auth/credentials': { query: AccountQuery, targets: (query) => ({ accountId: query.accountId }) },
  'DELETE /auth/credentials/{credentialId}': {},
  'POST /auth/credentials/{credentialId}/challenge': {
    body: z.strictObject({ clientPublicKey: z.optional(ClientPublicKey) }),
  },
  'POST /auth/credentials/{credentialId}/verify': { body: CredentialVerify, bodyRequired: true },
  'GET /auth/sessions': { query: AccountQuery, targets: (query) => ({ accountId: query.accountId }) },
  'DELETE /auth/sessions/{sessionId}': {},
  'POST /auth/sessions/{sessionId}/refresh': {
    body: z.strictObject({ clientPublicKey: ClientPublicKey }),
    bodyRequired: true,
  },
  'POST /auth/delegated-keys': {
    body: z.strictObject({
      cardId: Id,
      internalAccountId: Id,
      nickname: z.string().check(z.minLength(1), z.maxLength(256)),
    }),
    bodyRequired: true,
    targets: (_query, body) => ({
      accountId: body?.internalAccountId as string,
      cardId: body?.cardId as string,
    }),
  },
  // The account is required: a card funding source alone is tied to the signed-in user by no
  // lookup here. Beside an account it only narrows the account's list.
  'GET /auth/delegated-keys': {
    query: z.strictObject({ accountId: Id, fundingSourceId: z.optional(Id) }),
    targets: (query) => ({ accountId: query.accountId }),
  },
  'GET /auth/delegated-keys/{delegatedKeyId}': {},
  'DELETE /auth/delegated-keys/{delegatedKeyId}': {},
  'GET /customers/{customerId}': {},
  'PATCH /customers/{customerId}': { body: CustomerContactChange, bodyRequired: true },
  // customerId is required: without it the service lists every customer's accounts.
  'GET /customers/internal-accounts': {
    query: z.strictObject({
      customerId: Id,
      type: z.optional(z.enum(['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET'])),
      currency: z.optional(z.string().check(z.regex(/^[A-Za-z0-9]{1,16}$/))),
      limit: z.optional(PageLimit),
      cursor: z.optional(PageCursor),
    }),
    targets: (query) => ({ customerId: query.customerId }),
  },
  'PATCH /internal-accounts/{accountId}': {
    body: z.strictObject({ privateEnabled: z.boolean() }),
    bodyRequired: true,
  },
  'POST /internal-accounts/{accountId}/export': {
    body: z.strictObject({ clientPublicKey: UncompressedPublicKey }),
    bodyRequired: true,
  },
  'POST /quotes': {
    body: QuoteCreate,
    bodyRequired: true,
    targets: (_query, body) => {
      const source = body?.source as { accountId?: string; customerId?: string }
      return { accountId: source.accountId, customerId: source.customerId }
    },
  },
  'GET /quotes/{quoteId}': {},
  'POST /quotes/{quoteId}/execute': { body: z.strictObject({ scaFactor: z.optional(PaymentScaFactor) }) },
  'POST /quotes/{quoteId}/authorize': { body: ScaAuthorization, bodyRequired: true },
  'POST /quotes/{quoteId}/authorize/resend': {},
  'GET /transactions': { query: TransactionQuery, targets: byCustomer },
  'GET /transactions/{transactionId}': {},
  // An incoming payment the customer approves or rejects: the transaction's customer is the one
  // judged, as for reading it. Both bodies are optional (ApprovePaymentRequest, RejectPaymentRequest).
  'POST /transactions/{transactionId}/approve': {
    body: z.strictObject({ receiverCustomerInfo: z.optional(z.record(z.string(), z.unknown())) }),
  },
  'POST /transactions/{transactionId}/reject': {
    body: z.strictObject({ reason: z.optional(Text) }),
  },
  // The sender is named by customerId, required: `senderUmaAddress` is left out, as it names a
  // customer by another handle than an id, which the hook could not judge.
  'GET /receiver/uma/{receiverUmaAddress}': { query: CustomerQuery, targets: byCustomer },
  'GET /receiver/external-account/{externalAccountId}': { query: CustomerQuery, targets: byCustomer },
  // Names no one: the hook alone decides (see `RelayTarget`).
  'GET /exchange-rates': {
    query: z.strictObject({
      sourceCurrency: z.optional(CurrencyCode),
      sendingAmount: z.optional(SendingAmount),
    }),
    repeatable: { destinationCurrency: CurrencyCode },
  },
  'POST /customers/{customerId}/verify-email': {},
  'POST /customers/{customerId}/verify-email/confirm': { body: ContactCode, bodyRequired: true },
  'POST /customers/{customerId}/verify-phone': {},
  'POST /customers/{customerId}/verify-phone/confirm': { body: ContactCode, bodyRequired: true },
  'GET /sca/factors': { query: CustomerQuery, targets: byCustomer },
  'POST /sca/factors': {
    query: CustomerQuery,
    body: ScaFactorEnrol,
    bodyRequired: true,
    targets: byCustomer,
  },
  'POST /sca/factors/confirm': {
    query: CustomerQuery,
    body: ScaFactorConfirm,
    bodyRequired: true,
    targets: byCustomer,
  },
  'DELETE /sca/factors/{scaCredentialId}': { query: CustomerQuery, targets: byCustomer },
  'POST /sca/factors/reset': {
    query: CustomerQuery,
    body: z.strictObject({ factor: ScaFactor }),
    bodyRequired: true,
    targets: byCustomer,
  },
  'GET /sca/factors/reset/{resetId}': { query: CustomerQuery, targets: byCustomer },
  // No body, or `mobile` (an SMS_OTP reset's new phone; the service ignores it for other factors).
  'POST /sca/factors/reset/{resetId}/complete': {
    query: CustomerQuery,
    body: z.strictObject({ mobile: z.optional(ResetMobile) }),
    targets: byCustomer,
  },
  'POST /sca/login/start': {
    query: CustomerQuery,
    body: z.strictObject({ factor: ScaFactor }),
    bodyRequired: true,
    targets: byCustomer,
  },
  'POST /sca/login/complete': {
    query: CustomerQuery,
    body: ScaLoginProof,
    bodyRequired: true,
    targets: byCustomer,
  },
  // Beneficiary trust names no customer: the external account's owner is the one judged.
  'POST /customers/external-accounts/{externalAccountId}/trust': {},
  'POST /customers/external-accounts/{externalAccountId}/trust/confirm': {
    body: BeneficiaryTrustProof,
    bodyRequired: true,
  },
  'POST /customers/external-accounts/{externalAccountId}/untrust': {},
  'POST /customers/external-accounts/{externalAccountId}/untrust/confirm': {
    body: BeneficiaryTrustProof,
    bodyRequired: true,
  },
}
