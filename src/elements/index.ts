/**
 * UI elements for every sign-in surface: standard custom elements (Shadow DOM, no framework) on
 * top of `createWalletAuth`. Importing registers nothing; call `defineWalletElements()`.
 *
 * @packageDocumentation
 */
export {
  type DefineWalletElementsOptions,
  defineWalletElements,
  walletElementTags,
} from './defineWalletElements.js'
export type { ElementClient, ElementClientEvent, ElementSession } from './elementClient.js'
export { type ErrorSentence, errorSentence } from './errorSentence.js'
export type { SessionEndReason, WalletElementEventMap, WalletElementEventName } from './events.js'
export { formatMoney } from './formatMoney.js'
export { defaultMessages, type WalletMessages } from './messages.js'
export { WalletElement } from './walletElement.js'
export { WalletExportReveal } from './walletExportReveal.js'
export { WalletOauthButton } from './walletOauthButton.js'
export { type OtpChannel, WalletOtpForm } from './walletOtpForm.js'
export { WalletPasskeyButton } from './walletPasskeyButton.js'
export { WalletScaStep } from './walletScaStep.js'
export { WalletSessionStatus } from './walletSessionStatus.js'
export { type SignInMethod, WalletSignIn } from './walletSignIn.js'
export { WalletTransactionList } from './walletTransactionList.js'
