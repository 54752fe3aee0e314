import { IndexedMap } from '../indexedMap.js'
import type { RememberedAnswer } from './firstAnswer.js'
import type { OnceAnswer } from './onceAnswer.js'

/** Statuses a transaction's timeline moves through once money moves. */
export type TransactionStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED'

/** Where a quote's money goes, resolved when the quote is made. */
export type ResolvedDestination =
  | { kind: 'EXTERNAL_ACCOUNT'; accountId: string; identifier: string }
  | { kind: 'INTERNAL_ACCOUNT'; accountId: string }
  /** A sandbox UMA test address (`$success.usd@…`, …). */
  | { kind: 'UMA_TEST'; umaAddress: string; scenario: UmaScenario }
  /** The UMA address of a customer of this sandbox: the money lands in one of their accounts. */
  | { kind: 'UMA_CUSTOMER'; umaAddress: string; accountId: string }

/** Behaviour of a sandbox UMA test address (spec "Sandbox UMA destinations"). */
export type UmaScenario = 'SUCCESS' | 'LONG_PENDING' | 'COMPLIANCE_FAILURE'

/** The SCA factors a per-payment challenge can be issued for. */
export type PaymentScaFactor = 'SMS_OTP' | 'PASSKEY'

/** One strong-customer-authentication challenge of a quote. */
export interface ScaChallengeRecord {
  id: string
  /** When it was issued, and when its code was last (re-)sent. */
  issuedAt: number
  lastSentAt: number
  expiresAt: number
  factor: PaymentScaFactor
  availableFactors: PaymentScaFactor[]
  /** Absent when the flow has a single step. */
  purpose?: string
  /** Lowercase hex; its UTF-8 bytes are the WebAuthn challenge of a passkey proof. */
  webauthnChallenge: string
  /** base64url credential ids of the customer's passkeys (for `passkeyAssertionOptions`). */
  passkeys: Array<{ id: string; transports: string[] }>
  /**
   * Wrong proofs so far (a proof counts as wrong from the moment it is judged until it is found
   * right), and when the last one came (the authorize rate limit).
   */
  failures: number
  lastFailureAt: number
}

/** Rate and fee breakdown (OutgoingRateDetails) plus the amounts it yields. */
export interface QuotePrice {
  totalSendingAmount: number
  totalReceivingAmount: number
  exchangeRate: number
  feesIncluded: number
  platformFeesIncluded: number
  rateDetails: {
    counterpartyMultiplier: number
    counterpartyFixedFee: number
    gridApiMultiplier: number
    gridApiFixedFee: number
    gridApiVariableFeeRate: number
    gridApiVariableFeeAmount: number
  }
}

/** The SCA a quote goes through: the steps in order, and the one open now. */
export interface QuoteSca {
  /** The purpose of each step (`undefined`: a single, undistinguished step). */
  steps: Array<string | undefined>
  stepsDone: number
  /** The factor asked for (`scaFactor`), kept for the next steps. */
  factor: PaymentScaFactor
  /** The open step; absent once every step is authorized. */
  challenge?: ScaChallengeRecord
}

/** The quote's source as the API shows it back (only the members the contract defines). */
export type QuoteSourceView =
  | { sourceType: 'ACCOUNT'; accountId: string; customerId?: string }
  | { sourceType: 'REALTIME_FUNDING'; currency: string; customerId?: string; cryptoNetwork?: string }

/** The quote's destination as the API shows it back. */
export type QuoteDestinationView =
  | { destinationType: 'ACCOUNT'; accountId: string; paymentRail?: string }
  | { destinationType: 'UMA_ADDRESS'; umaAddress: string; currency?: string }

/** A quote as the sandbox remembers it; its status is computed from the clock when read. */
export interface QuoteRecord {
  id: string
  /** The customer the quote is made for; absent when it is the platform's own. */
  customerId?: string
  createdAt: number
  expiresAt: number
  source: QuoteSourceView
  destination: QuoteDestinationView
  /** The internal account paying, for an ACCOUNT source. */
  sourceAccountId?: string
  resolvedDestination: ResolvedDestination
  sendingCurrency: string
  receivingCurrency: string
  price: QuotePrice
  /** Embedded-wallet source: the activity the wallet signs to execute. */
  payloadToSign?: string
  /** Real-time-funding source: where to pay. */
  fundingInstructions?: Array<Record<string, unknown>>
  /** Set for customers in an SCA region, at creation (real-time funding) or at execute. */
  sca?: QuoteSca
  /** `/execute` was called (the transfer is released once SCA, if any, is done). */
  executeRequested: boolean
  /** The transaction of this quote, made with it: it moves once the quote is released. */
  transactionId: string
}

/** One point of a transaction's timeline: from `at` on, the transaction is in `status`. */
export interface TransactionStep {
  at: number
  status: TransactionStatus
  failureReason?: string
}

/**
 * What happens to a payment once it starts, relative to its start: the timeline, and when the
 * payer's money comes back (a refund after a failure) if it does.
 */
export interface OutcomePlan {
  steps: Array<{ after: number; status: TransactionStatus; failureReason?: string }>
  /** Milliseconds after the start at which the source account is refunded; absent: never. */
  refundAfter?: number
  /** The refund was attempted and failed (the money is lost to the payer). */
  refundFailed?: boolean
}

/** A balance change that happens at `at` (a refund after a failure, a credit on completion). */
export interface BalanceEffect {
  at: number
  accountId: string
  /** Smallest currency unit; negative debits. */
  amount: number
}

/** The money side of one amount: smallest units of `currency`. */
export interface Money {
  amount: number
  currency: string
}

/** A transaction's source as the API shows it (TransactionSource variants). */
export type TransactionSourceView =
  | { sourceType: 'ACCOUNT'; accountId: string; currency?: string }
  | { sourceType: 'REALTIME_FUNDING'; currency: string; customerId?: string }
  | { sourceType: 'UMA_ADDRESS'; umaAddress: string; currency?: string }

/** A transaction's destination as the API shows it (TransactionDestination variants). */
export type TransactionDestinationView =
  | { destinationType: 'ACCOUNT'; accountId: string; currency?: string }
  | { destinationType: 'UMA_ADDRESS'; umaAddress: string; currency?: string }

/**
 * A transaction. Its timeline is fixed when money starts to move and read against the clock; a
 * quote's transaction exists from the quote's creation and follows the quote until then.
 */
export interface TransactionRecord {
  id: string
  type: 'OUTGOING' | 'INCOMING'
  /** Whether it credits or debits the account of `customerId`. */
  direction: 'CREDIT' | 'DEBIT'
  /** The customer it belongs to, or the platform's id for the platform's own. */
  customerId: string
  quoteId?: string
  source: TransactionSourceView
  destination: TransactionDestinationView
  sent: Money
  received: Money
  fees?: number
  platformFees?: number
  exchangeRate?: number
  rateDetails?: QuotePrice['rateDetails']
  description?: string
  createdAt: number
  /** Empty until money moves (a quote not yet released). */
  steps: TransactionStep[]
  /** Set when a failure gives the money back (or fails to). */
  refund?: { at: number; status: 'COMPLETED' | 'FAILED' }
  /**
   * An incoming UMA payment waiting for the platform's decision (its `INCOMING_PAYMENT.PENDING`
   * sent, or answered 202): cleared when approved or rejected (see `incomingApproval.ts`).
   */
  awaitingApproval?: true
}

/** An external bank account or wallet. */
export interface ExternalAccountRecord {
  id: string
  /** Absent for the platform's own accounts. */
  customerId?: string
  currency: string
  /** The body's `accountInfo`, with the defaults the API shows filled in. */
  accountInfo: Record<string, unknown> & { accountType: string }
  /** Account number, IBAN, CLABE, address…: its last 3 digits select the sandbox outcomes. */
  identifier: string
  beneficiaryVerificationStatus?: string
  platformAccountId?: string
  ownershipType?: string
  defaultUmaDepositAccount?: boolean
  createdAt: number
  /** Absent: `ACTIVE`. Set by the sandbox's screening review (`externalAccountReview.ts`). */
  status?: 'UNDER_REVIEW' | 'ACTIVE' | 'INACTIVE'
  /** A review still running: when it ends, and the status it ends in. */
  review?: { until: number; outcome: 'ACTIVE' | 'INACTIVE' }
  /** A beneficiary its (SCA) customer trusts: payments to it need no per-payment challenge. */
  trusted?: boolean
  /** A trust or untrust started and waiting for its confirm. */
  trustChange?: BeneficiaryTrustChange
}

/** A beneficiary trust or untrust started (`/trust`, `/untrust`), with the SCA challenge its confirm answers. */
export interface BeneficiaryTrustChange {
  /** What the confirm makes the account: trusted (`/trust`) or not (`/untrust`). */
  trusted: boolean
  challengeId: string
  factor: 'SMS_OTP' | 'TOTP' | 'PASSKEY'
  availableFactors: Array<'SMS_OTP' | 'TOTP' | 'PASSKEY'>
  expiresAt: number
  /** Lowercase hex; its UTF-8 bytes are the WebAuthn challenge of a passkey proof. */
  webauthnChallenge: string
  /** Wrong proofs so far: the challenge is dropped after a few. */
  failures: number
}

/**
 * An internal account that is not an embedded wallet: a holding account in fiat or crypto, of a
 * customer or (without `customerId`) of the platform itself.
 */
export interface HoldingAccountRecord {
  id: string
  customerId?: string
  type: 'INTERNAL_FIAT' | 'INTERNAL_CRYPTO'
  currency: string
  /** Smallest currency unit. */
  balance: number
  /** Absent: `ACTIVE` (see `syncAccountStatus`). */
  status?: 'PENDING' | 'ACTIVE'
  createdAt: string
  updatedAt: string
}

/** The outcome of one `POST /verifications`. */
export interface VerificationRecord {
  id: string
  customerId: string
  verificationStatus: string
  errors: Array<{ resourceId: string; type: string; field?: string; reason: string }>
  createdAt: number
}

/** A beneficial owner of a business customer, KYC-checked by last name when added. */
export interface BeneficialOwnerRecord {
  id: string
  customerId: string
  roles: string[]
  ownershipPercentage: number
  personalInfo: Record<string, unknown> & { lastName: string }
  kycStatus: string
  createdAt: number
  updatedAt: number
}

/**
 * The owner key of the platform's own holding accounts (customer ids never take this form).
 *
 * @example
 * ```ts
 * money.holdingAccounts.where('owner', PLATFORM_OWNER)
 * ```
 */
export const PLATFORM_OWNER = 'platform'

/** Quotes, transactions, external accounts and the rest of the money side of the sandbox. */
export interface MoneyState {
  quotes: Map<string, QuoteRecord>
  transactions: Map<string, TransactionRecord>
  /** Also by owner (`where('customer', customerId)`); the platform's have none. */
  externalAccounts: IndexedMap<ExternalAccountRecord, 'customer'>
  /** Also by owner: `where('owner', customerId)`, the platform's own under `PLATFORM_OWNER`. */
  holdingAccounts: IndexedMap<HoldingAccountRecord, 'owner'>
  verifications: Map<string, VerificationRecord>
  beneficialOwners: IndexedMap<BeneficialOwnerRecord, 'customer'>
  /** Balance changes of transactions that are not due yet, applied by `settleMoney`. */
  pendingEffects: BalanceEffect[]
  /** External accounts whose screening review has not ended yet (`reviewExternalAccounts`). */
  externalAccountReviews: Set<string>
  /**
   * The route (with the quote it executes) and `Idempotency-Key` of a quote creation, a quote
   * execution or a transfer -> its first answer or refusal (`answerOnce`).
   */
  firstAnswers: Map<string, Promise<RememberedAnswer<OnceAnswer>>>
  /** Customer id -> wrong SCA proofs in a row (counted as `failures` is), and until when authorizing is locked. */
  scaLockouts: Map<string, { failures: number; lockedUntil: number }>
}

/**
 * An empty money state.
 *
 * @example
 * ```ts
 * const money = createMoneyState()
 * money.quotes.size // 0
 * ```
 */
export function createMoneyState(): MoneyState {
  return {
    quotes: new Map(),
    transactions: new Map(),
    externalAccounts: new IndexedMap({ customer: (account) => account.customerId }),
    holdingAccounts: new IndexedMap({ owner: (account) => account.customerId ?? PLATFORM_OWNER }),
    verifications: new Map(),
    beneficialOwners: new IndexedMap({ customer: (owner) => owner.customerId }),
    pendingEffects: [],
    externalAccountReviews: new Set(),
    firstAnswers: new Map(),
    scaLockouts: new Map(),
  }
}
