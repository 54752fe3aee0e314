import type { CredentialType } from '../wire/authMethod.js'
import type { CardRecord } from './cards/cardRecord.js'
import { IndexedMap } from './indexedMap.js'
import { createMoneyState, type MoneyState } from './money/moneyState.js'
import type { ScaRecord } from './sca/scaState.js'

/** A postal address as customers carry it. */
export interface Address {
  line1?: string
  city?: string
  state?: string
  postalCode?: string
  country?: string
}

export interface CustomerRecord {
  id: string
  customerType: string
  fullName: string
  email?: string
  phoneNumber?: string
  address?: Address
  /** The email and phone number as they were when their verification code was confirmed (EU SCA). */
  verifiedContacts?: { email?: string; phone?: string }
  /** Every other field the client sent (birthDate, nationality, businessInfo, …), kept as given. */
  fields: Record<string, unknown>
  createdAt: string
  updatedAt: string
}

export interface InternalAccountRecord {
  id: string
  customerId: string
  type: 'EMBEDDED_WALLET'
  currency: string
  /** Smallest currency unit. */
  balance: number
  /** `PATCH /internal-accounts/{id}` body fields (wallet privacy), kept as given. */
  settings: Record<string, unknown>
  /** The wallet's secret, only ever handed out sealed by an export. */
  mnemonic: string
  /** Absent: `ACTIVE` (see `syncAccountStatus`). */
  status?: InternalAccountStatus
  createdAt: string
  updatedAt: string
}

/** The internal account statuses the sandbox's flows use (the contract has CLOSED, FROZEN, FAILED too). */
export type InternalAccountStatus = 'PENDING' | 'ACTIVE'

export interface CredentialRecord {
  id: string
  accountId: string
  type: CredentialType
  nickname: string
  createdAt: string
  updatedAt: string
  /** PASSKEY: base64url credential id, COSE public key, signature counter, transports. */
  passkey?: { credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] }
  /** OAUTH: the identity the token must keep proving. */
  oidc?: { iss: string; aud: string; sub: string }
}

export interface SessionRecord {
  id: string
  accountId: string
  credentialId: string
  type: CredentialType
  nickname: string
  /** Compressed hex public key of the session signing key. */
  publicKey: string
  createdAt: string
  updatedAt: string
  expiresAt: number
  revoked: boolean
}

/** A Grid-custodied signing key delegated for a card's embedded-wallet funding account. */
export interface DelegatedKeyRecord {
  id: string
  cardId: string
  fundingSourceId: string
  accountId: string
  /** Compressed hex. The private key stays in the sandbox, as the service custodies it. */
  publicKey: string
  nickname: string
  status: 'PENDING' | 'ACTIVE' | 'REVOKED'
  createdAt: string
  updatedAt: string
}

/**
 * Failed `/verify` attempts of one credential in the current window, counting those still being
 * judged (the verify rate limit).
 */
export interface VerifyFailures {
  windowStart: number
  count: number
}

/** A 202 challenge waiting for its signed retry. */
export interface PendingRequest {
  requestId: string
  /** `METHOD path`: a retry must repeat the same operation. */
  operation: string
  accountId: string
  payloadToSign: string
  /** Lowercase hex SHA-256 of the request body the challenge was issued for. */
  bodyDigest: string
  expiresAt: number
  used: boolean
  /** When set, only these compressed public keys may sign (the OTP TEK). */
  signers?: string[]
  /** A session of this credential may not sign (revoking a credential). */
  excludeCredentialId?: string
  /** Whatever the route needs again at the retry. */
  context?: unknown
}

/** One OTP sent: the enclave target key its code must be encrypted to. */
export interface OtpIssuance {
  credentialId: string
  targetKeyPair: CryptoKeyPair
  /** Uncompressed bytes of the target's public key (the HPKE AAD needs them). */
  targetPublicKey: Uint8Array
  expiresAt: number
  used: boolean
}

export interface PasskeyChallengeRecord {
  requestId: string
  credentialId: string
  /** Lowercase hex. */
  challenge: string
  clientPublicKey: string
  /** What `keyMode` said of `clientPublicKey` when the challenge was issued. */
  keyMode: 'client-held' | 'sealed'
  expiresAt: number
  used: boolean
}

/** Everything one sandbox remembers; one per `createSandbox` call, nothing global. */
export interface SandboxStore {
  customers: Map<string, CustomerRecord>
  /** Also by owner: `where('customer', customerId)`. */
  accounts: IndexedMap<InternalAccountRecord, 'customer'>
  /**
   * Also by wallet (`where('account', accountId)`), by WebAuthn credential id (`'passkey'`), and
   * OTP credentials by `contactKey(type, nickname)` (`'contact'`: an email or phone in use).
   */
  credentials: IndexedMap<CredentialRecord, 'account' | 'passkey' | 'contact'>
  /** Also by wallet (`'account'`) and by the credential that opened them (`'credential'`). */
  sessions: IndexedMap<SessionRecord, 'account' | 'credential'>
  /**
   * Also by `operation` (the body-mismatch check). Each new 202 forgets those that expired a
   * lifetime ago (`pruneExpired`).
   */
  pendingRequests: IndexedMap<PendingRequest, 'operation'>
  /** Keyed by credential id: the latest unused issuance only, so an older bundle no longer opens. */
  otpIssuances: Map<string, OtpIssuance>
  /** Each new challenge forgets those that expired a lifetime ago, like `pendingRequests`. */
  passkeyChallenges: Map<string, PasskeyChallengeRecord>
  /** Credential id -> when its last challenge was issued (rate limit). */
  lastChallengeAt: Map<string, number>
  /** Credential id -> its failed verifications (rate limit). */
  verifyFailures: Map<string, VerifyFailures>
  /** Also by wallet (`'account'`) and by card funding source (`'fundingSource'`). */
  delegatedKeys: IndexedMap<DelegatedKeyRecord, 'account' | 'fundingSource'>
  /** Also by cardholder (`'cardholder'`). */
  cards: IndexedMap<CardRecord, 'cardholder'>
  money: MoneyState
  /** Customer id -> its SCA factors, pending enrolments, logins and session (EU customers only). */
  sca: Map<string, ScaRecord>
}

/**
 * The key an OTP credential's contact is filed under (emails compared without case); `undefined`
 * for the other credential types.
 *
 * @example
 * ```ts
 * store.credentials.where('contact', contactKey('EMAIL_OTP', 'Ada@Example.com'))
 * ```
 */
export function contactKey(type: CredentialType, contact: string): string | undefined {
  if (type === 'EMAIL_OTP') return `EMAIL_OTP ${contact.toLowerCase()}`
  if (type === 'SMS_OTP') return `SMS_OTP ${contact}`
  return undefined
}

/**
 * An empty in-memory store.
 *
 * @example
 * ```ts
 * const store = createStore()
 * store.customers.size // 0
 * ```
 */
export function createStore(): SandboxStore {
  return {
    customers: new Map(),
    accounts: new IndexedMap({ customer: (account) => account.customerId }),
    credentials: new IndexedMap({
      account: (credential) => credential.accountId,
      passkey: (credential) => credential.passkey?.credentialId,
      contact: (credential) => contactKey(credential.type, credential.nickname),
    }),
    sessions: new IndexedMap({
      account: (session) => session.accountId,
      credential: (session) => session.credentialId,
    }),
    pendingRequests: new IndexedMap({ operation: (pending) => pending.operation }),
    otpIssuances: new Map(),
    passkeyChallenges: new Map(),
    lastChallengeAt: new Map(),
    verifyFailures: new Map(),
    delegatedKeys: new IndexedMap({
      account: (key) => key.accountId,
      fundingSource: (key) => key.fundingSourceId,
    }),
    cards: new IndexedMap({ cardholder: (card) => card.cardholderId }),
    money: createMoneyState(),
    sca: new Map(),
  }
}
