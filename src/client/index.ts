export type { PasskeyEnrolmentStart, TotpEnrolmentStart } from '../sca/scaEnrolment.js'
export type { ScaFactorView } from '../sca/scaFactor.js'
export type { ScaLoginComplete, ScaLoginStart } from '../sca/scaLogin.js'
export type { ExchangeRate, ExchangeRateList } from '../wire/exchangeRate.js'
export type {
  CurrencyPreference,
  ReceiverExternalAccountLookup,
  ReceiverUmaLookup,
} from '../wire/receiverLookup.js'
export type { ScaResetStart, ScaResetStatus } from '../wire/scaReset.js'
export type { Transaction, TransactionPage } from '../wire/transaction.js'
export type {
  CredentialMethods,
  CredentialRevokeOptions,
  ExportWalletOptions,
  SessionMethods,
} from './accountMethods.js'
export type { BeneficiaryMethods, BeneficiaryTrustOptions } from './beneficiaryMethods.js'
export type { ConfirmAction } from './confirmAction.js'
export type { ContactChannel, ContactVerificationMethods } from './contactVerificationMethods.js'
export {
  createPageHeldWalletAuth,
  createWalletAuth,
  type WalletAuth,
  type WalletAuthOptions,
} from './createWalletAuth.js'
export type { ContactChange, CustomerMethods } from './customerMethods.js'
export type { DelegatedKeyMethods } from './delegatedKeyMethods.js'
export type { ExchangeRateListOptions, ExchangeRateMethods } from './exchangeRateMethods.js'
export type { OauthMethods, PreparedOauthSignIn } from './oauthMethods.js'
export type { OtpAddOptions, OtpMethods } from './otpMethods.js'
export type { PasskeyMethods, PasskeySignInOptions, PreparedPasskeySignIn } from './passkeyMethods.js'
export type {
  PaymentResult,
  PaymentScaFactor,
  QuoteMethods,
  QuoteRequest,
  ScaAnswer,
  ScaOptions,
} from './quoteMethods.js'
export type { ReceiverLookupOptions, ReceiverMethods } from './receiverMethods.js'
export type {
  ScaLoginCompleteOptions,
  ScaLoginFactor,
  ScaMethods,
  ScaResetCompleteOptions,
} from './scaMethods.js'
export type { SignOutOrigin, WalletAuthEvent } from './sessionState.js'
export type {
  ApproveOptions,
  RejectOptions,
  TransactionListOptions,
  TransactionMethods,
} from './transactionMethods.js'
