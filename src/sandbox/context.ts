import type { SandboxClock } from './clock.js'
import type { Enclave } from './enclave.js'
import type { SandboxStore } from './store.js'
import type { SandboxWebhooks } from './webhooks/sandboxWebhooks.js'

/** Settings of one sandbox, with their defaults filled in. */
export interface SandboxConfig {
  organizationId: string
  /** WebAuthn relying-party id and the origins passkey ceremonies may run on. */
  rpId: string
  origins: string[]
  sessionLifetimeMs: number
  signedRetryTtlMs: number
  otpTtlMs: number
  /** A credential's `/challenge` may be re-issued only this long after the previous one. */
  challengeIntervalMs: number
  /**
   * Failed `/verify` attempts of one credential (bad codes, tokens, assertions or retries) within
   * five minutes, after which `/verify` answers 429 until those five minutes are over.
   */
  verifyFailureLimit: number
  /** Domain of the sandbox UMA addresses (`$success.usd@<domain>`). */
  umaDomain: string
  /**
   * Browser origins allowed to call the sandbox directly (CORS). Empty by default: pages talk
   * to their backend, which holds the API secret. Meant for tests that have no backend.
   */
  corsOrigins: string[]
  /**
   * Name of the wallet-signature header the sandbox reads. Default `Service-Wallet-Signature`; set
   * it to the real service's name to run the same client code against both.
   */
  signatureHeaderName: string
  /** Where the sandbox says what a real service would send (OTP codes). */
  log: (message: string) => void
  /**
   * Header of the webhook signature (`{"v":"1","s":"…"}`). Default `X-Service-Signature`; the
   * real service's name is `X-Grid-Signature`.
   */
  webhookSignatureHeaderName: string
  /**
   * Wait before a webhook's first retry (sandbox clock), doubled for each further one up to 30
   * minutes; retries stop 7 days after the first attempt. Default 1 s.
   */
  webhookRetryDelayMs: number
  /**
   * A webhook attempt not answered within this (real) time has failed: its retry is scheduled,
   * but not sent while that connection is still open. Default 30 s, the service's answer time.
   */
  webhookTimeoutMs: number
  /**
   * How long (sandbox clock) a platform that answered an `INCOMING_PAYMENT.PENDING` with 202 has
   * to call `/transactions/{id}/approve` or `/reject` before the payment fails
   * (`PAYMENT_APPROVAL_TIMED_OUT`). Default 5 s, the contract's.
   */
  incomingPaymentApprovalWindowMs: number
}

/** What every route of one sandbox shares. */
export interface SandboxContext {
  store: SandboxStore
  clock: SandboxClock
  enclave: Enclave
  config: SandboxConfig
  /** Webhook delivery; absent in a bare context (routes then send none). */
  webhooks?: SandboxWebhooks
}

/** ISO 8601 of a sandbox-clock time. */
export function iso(milliseconds: number): string {
  return new Date(milliseconds).toISOString()
}

/** A new `<Type>:<uuid>` identifier. */
export function newId(type: string): string {
  return `${type}:${crypto.randomUUID()}`
}

/**
 * The enclave user id the service's activities name for a wallet (`userId` in a payload's
 * parameters): one per embedded wallet, stable for its lifetime.
 *
 * @example
 * ```ts
 * walletUserId('InternalAccount:0195…') // 'user_0195…'
 * ```
 */
export function walletUserId(accountId: string): string {
  return `user_${accountId.slice(accountId.indexOf(':') + 1)}`
}
