import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import type { CredentialRevokeOptions } from '../client/accountMethods.js'
import type { BeneficiaryTrustOptions } from '../client/beneficiaryMethods.js'
import type { ContactChannel } from '../client/contactVerificationMethods.js'
import type { ContactChange } from '../client/customerMethods.js'
import type { ExchangeRateListOptions } from '../client/exchangeRateMethods.js'
import type { PasskeySignInOptions } from '../client/passkeyMethods.js'
import type { PaymentResult, PaymentScaFactor, QuoteRequest, ScaOptions } from '../client/quoteMethods.js'
import type { ReceiverLookupOptions } from '../client/receiverMethods.js'
import type {
  ScaLoginCompleteOptions,
  ScaLoginFactor,
  ScaResetCompleteOptions,
} from '../client/scaMethods.js'
import type { SignOutOrigin } from '../client/sessionState.js'
import type { ApproveOptions, RejectOptions, TransactionListOptions } from '../client/transactionMethods.js'
import type { SessionMetadata } from '../keys/createKeyStore.js'
import type { PasskeyEnrolmentStart, TotpEnrolmentStart } from '../sca/scaEnrolment.js'
import type { ScaFactorView } from '../sca/scaFactor.js'
import type { ScaLoginComplete, ScaLoginStart } from '../sca/scaLogin.js'
import type { AuthMethod } from '../wire/authMethod.js'
import type { ClientKeyAuthSession } from '../wire/authSession.js'
import type { Customer } from '../wire/customer.js'
import type { DelegatedKey } from '../wire/delegatedKey.js'
import type { ExchangeRateList } from '../wire/exchangeRate.js'
import type { Quote } from '../wire/quote.js'
import type { ReceiverExternalAccountLookup, ReceiverUmaLookup } from '../wire/receiverLookup.js'
import type { ScaResetStart, ScaResetStatus } from '../wire/scaReset.js'
import type { Transaction, TransactionPage } from '../wire/transaction.js'
import { connectSigner, type SignerFrameOptions } from './connectSigner.js'
import { framedFetch } from './framedFetch.js'
import { framedPreparedPasskey, type PreparedPasskeyAnswer } from './framedPreparedPasskey.js'

/** A session as the page sees it in signer mode: what it is, never its key (that stays in the signer). */
export interface SessionView extends SessionMetadata {
  key: { publicKey: string; publicKeyUncompressed: string }
  createdAt: string
}

/** The session events the page hears from its signer. */
export type FramedWalletAuthEvent =
  | { type: 'signed-in' | 'refreshed' | 'expiring-soon' | 'expired'; session: SessionView }
  | { type: 'signed-out'; origin?: SignOutOrigin }

/** Options of `createFramedWalletAuth`. */
export interface FramedWalletAuthOptions {
  /** The signer document to frame: where keys, codes, confirmations and signatures live. */
  signer: SignerFrameOptions
  /** How long before expiry `expiring-soon` fires, as the signer's deployment says. Default 60 000 ms. */
  expiringSoonMs?: number
  /**
   * The page's clock, for countdowns, sessions' ends (their `clockOffsetMs` made relative to it) and a
   * prepared passkey sign-in's `expiresAt`. Default `Date.now`.
   */
  now?: () => number
}

type Call = (method: string, args: readonly unknown[], callbacks?: readonly string[]) => Promise<unknown>

function preparedOauth(call: Call, { handle, nonce }: { handle: string; nonce: string }) {
  let used = false
  return {
    nonce,
    get used() {
      return used
    },
    signIn: (oidcToken: string) => {
      used = true
      return call('oauth.runPrepared', [handle, oidcToken]) as Promise<SessionView>
    },
  }
}

const otpMethods = (call: Call, type: 'emailOtp' | 'smsOtp') => ({
  send: (credentialId: string) => call(`${type}.send`, [credentialId]) as Promise<AuthMethod>,
  /** Shows the signer's code box; resolves once the person's code signed in (the page never sees it). */
  verify: (credentialId: string) => call(`${type}.verify`, [credentialId]) as Promise<SessionView>,
  add: (accountId: string, options: { contact: string; customerId?: string }) =>
    call(`${type}.add`, [
      accountId,
      {
        contact: options.contact,
        ...(options.customerId === undefined ? {} : { customerId: options.customerId }),
      },
    ]) as Promise<AuthMethod>,
})

/**
 * The browser client in signer mode: the same methods as `createWalletAuth`, each run by the
 * signer document on its own origin, which holds the session key, draws the code box, asks the
 * person to confirm every sensitive signature in its own frame, and shows the recovery phrase
 * there. The page holds no key, sees no code and no phrase, and cannot answer a confirmation.
 * What differs from page-held mode: `verify` takes no code, `exportWallet` resolves when the
 * person closed the phrase, sessions come without their key, and no `confirm` is taken.
 *
 * @example
 * ```ts
 * const wallet = createFramedWalletAuth({ signer: { url: 'https://signer.example.com/signer.html' } })
 * await wallet.emailOtp.send(credentialId)
 * await wallet.emailOtp.verify(credentialId) // the person types the code in the signer's box
 * await wallet.quotes.execute(quoteId) // the person confirms the amounts in the signer's frame
 * ```
 */
export function createFramedWalletAuth({
  signer,
  expiringSoonMs = 60_000,
  now = () => Date.now(),
}: FramedWalletAuthOptions) {
  const channel = connectSigner(signer, { now })
  const call: Call = (method, args, callbacks) => channel.call(method, args, callbacks)
  const plain =
    (id: string) =>
    (...args: unknown[]) =>
      call(id, args)
  return {
    /** `signer`: a signer frame holds the keys, draws the code box and asks the person. */
    mode: 'signer' as const,
    emailOtp: otpMethods(call, 'emailOtp'),
    smsOtp: otpMethods(call, 'smsOtp'),
    passkey: {
      signIn: (credentialId: string, options: PasskeySignInOptions) =>
        call('passkey.signIn', [credentialId, options]) as Promise<SessionView>,
      prepare: async (credentialId: string, options: PasskeySignInOptions) => {
        const askedAt = now()
        const answer = (await call('passkey.prepare', [credentialId, options])) as PreparedPasskeyAnswer
        return framedPreparedPasskey<SessionView>({ call, answer, askedAt })
      },
      add: (options: {
        accountId: string
        nickname: string
        optionsJSON: PublicKeyCredentialCreationOptionsJSON
      }) => call('passkey.add', [options]) as Promise<AuthMethod>,
    },
    oauth: {
      prepare: async (credentialId: string, options: { accountId: string }) =>
        preparedOauth(call, (await call('oauth.prepare', [credentialId, options])) as never),
      signIn: (
        credentialId: string,
        options: { accountId: string; getIdToken: (nonce: string) => Promise<string> | string },
      ) => call('oauth.signIn', [credentialId, options], ['getIdToken']) as Promise<SessionView>,
      add: (options: { accountId: string; oidcToken: string }) =>
        call('oauth.add', [options]) as Promise<AuthMethod>,
    },
    credentials: {
      list: plain('credentials.list') as (accountId: string) => Promise<AuthMethod[]>,
      revoke: plain('credentials.revoke') as (
        credentialId: string,
        options?: CredentialRevokeOptions,
      ) => Promise<void>,
    },
    sessions: {
      current: plain('sessions.current') as () => Promise<SessionView | undefined>,
      list: plain('sessions.list') as (accountId: string) => Promise<ClientKeyAuthSession[]>,
      refresh: plain('sessions.refresh') as () => Promise<SessionView>,
      revoke: plain('sessions.revoke') as (sessionId: string) => Promise<void>,
    },
    signOut: plain('signOut') as () => Promise<void>,
    /** Shows the recovery phrase in the signer's frame; resolves (with nothing) when the person closed it. */
    exportWallet: plain('exportWallet') as (accountId: string) => Promise<void>,
    customers: {
      get: plain('customers.get') as (customerId: string) => Promise<Customer>,
      updateContact: plain('customers.updateContact') as (
        customerId: string,
        change: ContactChange,
        options?: { customerType?: 'INDIVIDUAL' | 'BUSINESS' },
      ) => Promise<Customer>,
      sendVerificationCode: plain('customers.sendVerificationCode') as (
        customerId: string,
        channel: ContactChannel,
      ) => Promise<void>,
      /** Shows the signer's code box for the code sent to the contact. */
      confirmVerificationCode: plain('customers.confirmVerificationCode') as (
        customerId: string,
        channel: ContactChannel,
      ) => Promise<Customer>,
    },
    sca: {
      factors: plain('sca.factors') as (customerId: string) => Promise<ScaFactorView[]>,
      startPasskey: plain('sca.startPasskey') as (customerId: string) => Promise<PasskeyEnrolmentStart>,
      confirmPasskey: plain('sca.confirmPasskey') as (
        customerId: string,
        options: { started: PasskeyEnrolmentStart },
      ) => Promise<ScaFactorView>,
      startTotp: plain('sca.startTotp') as (customerId: string) => Promise<TotpEnrolmentStart>,
      confirmTotp: plain('sca.confirmTotp') as (
        customerId: string,
        proof: { secret: string; code: string },
      ) => Promise<string[]>,
      removeFactor: plain('sca.removeFactor') as (customerId: string, credentialId: string) => Promise<void>,
      startLogin: plain('sca.startLogin') as (
        customerId: string,
        factor: ScaLoginFactor,
      ) => Promise<ScaLoginStart>,
      completeLogin: plain('sca.completeLogin') as (
        customerId: string,
        options: Omit<ScaLoginCompleteOptions, 'origin'>,
      ) => Promise<ScaLoginComplete>,
      startReset: plain('sca.startReset') as (
        customerId: string,
        factor: ScaLoginFactor,
      ) => Promise<ScaResetStart>,
      resetStatus: plain('sca.resetStatus') as (
        customerId: string,
        resetId: string,
      ) => Promise<ScaResetStatus>,
      /** The person confirms it in the signer's frame, told the new phone. */
      completeReset: plain('sca.completeReset') as (
        customerId: string,
        resetId: string,
        options?: ScaResetCompleteOptions,
      ) => Promise<void>,
    },
    delegatedKeys: {
      create: plain('delegatedKeys.create') as (options: {
        cardId: string
        internalAccountId: string
        nickname: string
      }) => Promise<DelegatedKey>,
      get: plain('delegatedKeys.get') as (delegatedKeyId: string) => Promise<DelegatedKey>,
      list: plain('delegatedKeys.list') as (filter: {
        accountId?: string
        fundingSourceId?: string
      }) => Promise<DelegatedKey[]>,
      revoke: plain('delegatedKeys.revoke') as (delegatedKeyId: string) => Promise<void>,
    },
    quotes: {
      create: (
        request: QuoteRequest,
        options?: ScaOptions & { scaFactor?: PaymentScaFactor; idempotencyKey?: string },
      ) => call('quotes.create', [request, options ?? {}], ['onScaChallenge']) as Promise<Quote>,
      get: plain('quotes.get') as (quoteId: string) => Promise<Quote>,
      execute: (
        quoteId: string,
        options?: ScaOptions & { scaFactor?: PaymentScaFactor; idempotencyKey?: string },
      ) => call('quotes.execute', [quoteId, options ?? {}], ['onScaChallenge']) as Promise<PaymentResult>,
      authorize: (
        quoteId: string,
        options: ScaOptions & { onScaChallenge: NonNullable<ScaOptions['onScaChallenge']> },
      ) => call('quotes.authorize', [quoteId, options], ['onScaChallenge']) as Promise<Quote>,
      resend: plain('quotes.resend') as (quoteId: string) => Promise<void>,
    },
    transactions: {
      list: plain('transactions.list') as (
        customerId: string,
        options?: TransactionListOptions,
      ) => Promise<TransactionPage>,
      get: plain('transactions.get') as (transactionId: string) => Promise<Transaction>,
      approve: plain('transactions.approve') as (
        transactionId: string,
        options?: ApproveOptions,
      ) => Promise<Transaction>,
      reject: plain('transactions.reject') as (
        transactionId: string,
        options?: RejectOptions,
      ) => Promise<Transaction>,
    },
    receivers: {
      lookupUma: plain('receivers.lookupUma') as (
        receiverUmaAddress: string,
        options: ReceiverLookupOptions,
      ) => Promise<ReceiverUmaLookup>,
      lookupExternalAccount: plain('receivers.lookupExternalAccount') as (
        externalAccountId: string,
        options: ReceiverLookupOptions,
      ) => Promise<ReceiverExternalAccountLookup>,
    },
    exchangeRates: {
      list: plain('exchangeRates.list') as (options?: ExchangeRateListOptions) => Promise<ExchangeRateList>,
    },
    /** `onScaChallenge` runs in the page; the person confirms a trust in the signer's frame. */
    beneficiaries: {
      trust: (externalAccountId: string, options: BeneficiaryTrustOptions) =>
        call('beneficiaries.trust', [externalAccountId, options], ['onScaChallenge']) as Promise<{
          trusted: boolean
        }>,
      untrust: (externalAccountId: string, options: BeneficiaryTrustOptions) =>
        call('beneficiaries.untrust', [externalAccountId, options], ['onScaChallenge']) as Promise<{
          trusted: boolean
        }>,
    },
    /** fetch through the signer: to the relay only, 202 challenges checked, confirmed and stamped there. */
    fetch: framedFetch(call),
    /** Listens to signed-in, refreshed, expiring-soon, expired and signed-out; returns unsubscribe. */
    onChange: (listener: (event: FramedWalletAuthEvent) => void) =>
      channel.onEvent((event) => listener(event as FramedWalletAuthEvent)),
    /** Always undefined: in signer mode only the signer's own dialog answers a confirmation. */
    confirm: undefined,
    now,
    expiringSoonMs,
    /** The signer frame, for tests and layout. */
    frame: channel.frame,
    /** Removes the signer frame. */
    dispose: () => channel.close(),
  }
}

/** A client made by `createFramedWalletAuth`. */
export type FramedWalletAuth = ReturnType<typeof createFramedWalletAuth>
