/** Statuses a transaction moves through (quote payments, transfers, incoming UMA payments). */
export type TransactionStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED'

/** Where a quote's money goes, resolved when the quote is made. */
export type ResolvedDestination =
  | { kind: 'EXTERNAL_ACCOUNT'; accountId: string; identifier: string }
  | { kind: 'INTERNAL_ACCOUNT'; accountId: string }
  /** A sandbox UMA test address (`$success.usd@…`, …). */
  | { kind: 'UMA_TEST'; umaAddress: string; scenario: UmaScenario }
  /** The UMA address of a customer of this sandbox: the money lands in their wallet. */
  | { kind: 'UMA_CUSTOMER'; umaAddress: string; accountId: string }

/** Behaviour of a sandbox UMA test address (spec "Sandbox UMA destinations"). */
export type UmaScenario = 'SUCCESS' | 'LONG_PENDING' | 'COMPLIANCE_FAILURE'

/** One strong-customer-authentication step of a quote. */
export interface ScaChallengeRecord {
  id: string
  expiresAt: number
  factor: 'SMS_OTP' | 'PASSKEY'
  availableFactors: string[]
  purpose: string
  /** Lowercase hex; its UTF-8 bytes are the WebAuthn challenge of a passkey proof. */
  webauthnChallenge: string
  /** base64url credential ids of the customer's passkeys (for `passkeyAssertionOptions`). */
  passkeys: Array<{ id: string; transports: string[] }>
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

/** A quote as the sandbox remembers it; its status is computed from the clock when read. */
export interface QuoteRecord {
  id: string
  /** The customer the quote is made for; absent when a real-time-funding quote is the platform's own. */
  customerId?: string
  createdAt: number
  expiresAt: number
  /** `source` and `destination` as the client sent them (shown back as they were given). */
  source: Record<string, unknown> & { sourceType: string }
  destination: Record<string, unknown> & { destinationType: string }
  /** The internal account paying, for an ACCOUNT source. */
  sourceAccountId?: string
  resolvedDestination: ResolvedDestination
  sendingCurrency: string
  receivingCurrency: string
  price: QuotePrice
  description?: string
  /** Embedded-wallet source: the activity the wallet signs to execute (wire-formats section 8). */
  payloadToSign?: string
  /** Real-time-funding source: where to pay. */
  fundingInstructions?: Array<Record<string, unknown>>
  /** Set for customers in an SCA region. `challenge` is the open step, absent once all are done. */
  sca?: { challenge?: ScaChallengeRecord; stepsDone: number }
  transactionId?: string
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

/** A transaction: its timeline is fixed when it is created and read against the clock. */
export interface TransactionRecord {
  id: string
  type: 'OUTGOING' | 'INCOMING' | 'TRANSFER_IN' | 'TRANSFER_OUT'
  customerId?: string
  quoteId?: string
  source: Record<string, unknown>
  destination: Record<string, unknown>
  sent: Money
  received: Money
  fees?: number
  description?: string
  createdAt: number
  steps: TransactionStep[]
}

/** An external bank account or wallet. */
export interface ExternalAccountRecord {
  id: string
  customerId?: string
  currency: string
  /** The body's `accountInfo`, kept as given. */
  accountInfo: Record<string, unknown>
  /** Account number, IBAN, CLABE, address…: its last 3 digits select the sandbox outcomes. */
  identifier: string
  beneficiaryVerificationStatus: string
  /** Every other body member (beneficiary, nickname…), kept as given. */
  fields: Record<string, unknown>
  createdAt: number
}

/** The outcome of one `POST /verifications`. */
export interface VerificationRecord {
  id: string
  customerId: string
  verificationStatus: string
  kycStatus?: string
  kybStatus?: string
  errors: Array<{ type: string; field: string; message: string }>
  createdAt: number
}

/** A beneficial owner of a business customer, KYC-checked by last name when added. */
export interface BeneficialOwnerRecord {
  id: string
  customerId: string
  personalInfo: Record<string, unknown> & { lastName: string }
  kycStatus: string
  fields: Record<string, unknown>
  createdAt: number
}

/** Quotes, transactions, external accounts and the rest of the money side of the sandbox. */
export interface MoneyState {
  quotes: Map<string, QuoteRecord>
  transactions: Map<string, TransactionRecord>
  externalAccounts: Map<string, ExternalAccountRecord>
  verifications: Map<string, VerificationRecord>
  beneficialOwners: Map<string, BeneficialOwnerRecord>
  /** Balance changes of transactions that are not due yet, applied by `settleMoney`. */
  pendingEffects: BalanceEffect[]
  /** `Idempotency-Key` of `/execute` -> the first successful result. */
  executions: Map<string, { quoteId: string; body: unknown }>
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
    externalAccounts: new Map(),
    verifications: new Map(),
    beneficialOwners: new Map(),
    pendingEffects: [],
    executions: new Map(),
  }
}
