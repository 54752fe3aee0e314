import type { KeyStore } from '../keys/createKeyStore.js'
import {
  createFramedWalletAuth,
  type FramedWalletAuth,
  type FramedWalletAuthOptions,
} from '../signer-client/createFramedWalletAuth.js'
import { createAccountMethods } from './accountMethods.js'
import { createBeneficiaryMethods } from './beneficiaryMethods.js'
import { createClientContext } from './clientContext.js'
import type { ConfirmAction } from './confirmAction.js'
import { createContactVerificationMethods } from './contactVerificationMethods.js'
import { createCustomerMethods } from './customerMethods.js'
import { createDelegatedKeyMethods } from './delegatedKeyMethods.js'
import { createExchangeRateMethods } from './exchangeRateMethods.js'
import { createOauthMethods } from './oauthMethods.js'
import { createOtpMethods } from './otpMethods.js'
import { createPasskeyMethods } from './passkeyMethods.js'
import { createQuoteMethods } from './quoteMethods.js'
import { createReceiverMethods } from './receiverMethods.js'
import { createScaMethods } from './scaMethods.js'
import { createSessionState, type WalletAuthEvent } from './sessionState.js'
import { createTransactionMethods } from './transactionMethods.js'
import { withJsonBodies } from './withJsonBodies.js'

/** Options of `createWalletAuth`. */
export interface WalletAuthOptions {
  /** Where the integrator's relay (or the service) answers, e.g. `/api/wallet`. */
  baseUrl: string
  /** Where session keys live. Default `createKeyStore()` (IndexedDB, memory fallback). */
  keyStore?: KeyStore | Promise<KeyStore>
  /** Default `globalThis.fetch`. */
  fetch?: typeof fetch
  /**
   * Name of the wallet-signature header on every signed call (retries, quote execution, delegated
   * keys). Default `Service-Wallet-Signature`; the service itself reads `Grid-Wallet-Signature`.
   */
  headerName?: string
  /** OTP target-bundle signers to trust. Default: the production signer. */
  trustedSigners?: readonly string[]
  /** Wallet-export signers to trust. Default: the production export signer. */
  exportSigners?: readonly string[]
  /** `client-held` (default): the browser's own key signs. `sealed`: the service seals one to it. */
  sessionMode?: 'client-held' | 'sealed'
  /** `expiring-soon` fires this long before expiry. Default 60 000 ms. */
  expiringSoonMs?: number
  /** Refresh the session automatically this long before it expires (e.g. 120 000). Default: off. */
  autoRefreshBeforeMs?: number
  /** Clock. Default `Date.now`. */
  now?: () => number
  /**
   * Asked before the session signs an export, a credential change (added, removed, or a lost SCA
   * factor's reset), a contact change, a payment or a delegated key, with what the checked payload (for a payment, the quote
   * the client holds) authorises: anything but `true` refuses with `CONFIRMATION_DECLINED`, and
   * nothing is signed or sent. A method's own `confirm` option replaces it for that call; the
   * elements pass theirs (their own confirmation step) only when the client has none.
   */
  confirm?: ConfirmAction
}

/**
 * The browser client: every sign-in (email and SMS OTP, passkey, OAuth), the session kept in
 * IndexedDB and announced, credentials (OTP ones added and activated) and sessions, the
 * customer's email and phone (changed, and verified where the service asks), export, delegated
 * keys, strong customer authentication (factors, their reset and the SCA login), payments with
 * SCA at execution and the transaction history, each call validated and every failure a
 * `WalletAuthError` with the service's code.
 *
 * @example
 * ```ts
 * const wallet = createWalletAuth({ baseUrl: '/api/wallet' })
 * await wallet.emailOtp.send(credentialId)
 * await wallet.emailOtp.verify(credentialId, codeInput.value)
 * wallet.onChange((event) => render(event))
 * await wallet.fetch('/api/wallet/internal-accounts/…', { method: 'PATCH', body }) // 202 → stamp → retry inside
 * const payment = await wallet.quotes.execute(quoteId, { onScaChallenge: () => askForSmsCode() })
 * if (payment.paid) showPaid() // else released (in flight) or still awaiting authorization
 * ```
 */
export function createWalletAuth(options: FramedWalletAuthOptions): FramedWalletAuth
export function createWalletAuth(options: WalletAuthOptions): WalletAuth
export function createWalletAuth(options: WalletAuthOptions | FramedWalletAuthOptions) {
  if ('signer' in options) {
    const { signer, now, expiringSoonMs } = options
    return createFramedWalletAuth({
      signer,
      ...(now ? { now } : {}),
      ...(expiringSoonMs === undefined ? {} : { expiringSoonMs }),
    })
  }
  return createPageHeldWalletAuth(options)
}

/**
 * The client whose session keys live in this page (what `createWalletAuth` makes without
 * `signer`), and what the signer document runs in its own origin. In an app's page, any script
 * of the page can use its keys: prefer the signer (security guide).
 *
 * @example
 * ```ts
 * const wallet = createPageHeldWalletAuth({ baseUrl: '/api/wallet', confirm: (d) => window.confirm(d.summary) })
 * ```
 */
export function createPageHeldWalletAuth(options: WalletAuthOptions) {
  // Read at each call: a clock a test fakes after the client exists is the one it follows.
  const now = options.now ?? (() => Date.now())
  const expiringSoonMs = options.expiringSoonMs ?? 60_000
  const settings = {
    baseUrl: options.baseUrl,
    fetch: options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init)),
    sessionMode: options.sessionMode ?? 'client-held',
    now,
    ...(options.headerName ? { headerName: options.headerName } : {}),
    ...(options.trustedSigners ? { trustedSigners: options.trustedSigners } : {}),
    ...(options.exportSigners ? { exportSigners: options.exportSigners } : {}),
    ...(options.confirm ? { confirm: options.confirm } : {}),
  } as const
  const state = createSessionState({
    ...(options.keyStore ? { keyStore: options.keyStore } : {}),
    now,
    expiringSoonMs,
    ...(options.autoRefreshBeforeMs === undefined ? {} : { refreshBeforeMs: options.autoRefreshBeforeMs }),
    refresh: () => refresh(),
  })
  const ctx = createClientContext(settings, state)
  const account = createAccountMethods(ctx)
  // Tracked, so that an action whose signature the refresh revoked waits for the new key to re-send.
  const refresh = () => ctx.changingSession(() => account.sessions.refresh())
  return {
    /** `page`: the session key lives in this page (signer mode is `createWalletAuth({ signer })`). */
    mode: 'page' as const,
    emailOtp: createOtpMethods(ctx, 'EMAIL_OTP'),
    smsOtp: createOtpMethods(ctx, 'SMS_OTP'),
    passkey: createPasskeyMethods(ctx),
    oauth: createOauthMethods(ctx),
    credentials: account.credentials,
    sessions: { ...account.sessions, refresh },
    signOut: account.signOut,
    exportWallet: account.exportWallet,
    customers: { ...createCustomerMethods(ctx), ...createContactVerificationMethods(ctx) },
    sca: createScaMethods(ctx),
    delegatedKeys: createDelegatedKeyMethods(ctx),
    quotes: createQuoteMethods(ctx),
    transactions: createTransactionMethods(ctx),
    receivers: createReceiverMethods(ctx),
    exchangeRates: createExchangeRateMethods(ctx),
    beneficiaries: createBeneficiaryMethods(ctx),
    /** fetch bound to the current session: 202 challenges are stamped and replayed inside. */
    // Declared as JSON before the signed fetch builds its Request, which would say text/plain.
    fetch: withJsonBodies(ctx.signedFetch),
    /** Listens to signed-in, refreshed, expiring-soon, expired and signed-out; returns unsubscribe. */
    onChange: (listener: (event: WalletAuthEvent) => void) => state.onChange(listener),
    /** The app's `confirm` option: the elements ask in their own UI only when it is undefined. */
    confirm: options.confirm,
    /** The client's clock (the `now` option): what its session timers and expiry checks count with. */
    now,
    /** How long before expiry `expiring-soon` fires (the `expiringSoonMs` option). */
    expiringSoonMs,
    /** Stops the timers, drops the listeners and stops watching the page come back. */
    dispose: () => state.dispose(),
  }
}

/** A client made by `createWalletAuth` with keys in the page (no `signer`). */
export type WalletAuth = ReturnType<typeof createPageHeldWalletAuth>
