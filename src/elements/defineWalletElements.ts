import type { ElementClient } from './elementClient.js'
import { defaultMessages, mergeMessages, type WalletMessages } from './messages.js'
import { elementDefaults, type WalletElement } from './walletElement.js'
import { WalletExportReveal } from './walletExportReveal.js'
import { WalletOauthButton } from './walletOauthButton.js'
import { WalletOtpForm } from './walletOtpForm.js'
import { WalletPasskeyButton } from './walletPasskeyButton.js'
import { WalletScaStep } from './walletScaStep.js'
import { WalletSessionStatus } from './walletSessionStatus.js'
import { WalletSignIn } from './walletSignIn.js'
import { WalletTransactionList } from './walletTransactionList.js'

/**
 * The elements by tag name.
 *
 * @example
 * ```ts
 * // Register them under the standard tags in another registry (a scoped one, a test's)
 * for (const [tag, element] of Object.entries(walletElementTags)) registry.define(tag, element)
 * ```
 */
export const walletElementTags = {
  'wallet-passkey-button': WalletPasskeyButton,
  'wallet-otp-form': WalletOtpForm,
  'wallet-oauth-button': WalletOauthButton,
  'wallet-sign-in': WalletSignIn,
  'wallet-session-status': WalletSessionStatus,
  'wallet-sca-step': WalletScaStep,
  'wallet-export-reveal': WalletExportReveal,
  'wallet-transaction-list': WalletTransactionList,
} as const satisfies Record<string, typeof WalletElement>

/** Options of `defineWalletElements`. */
export interface DefineWalletElementsOptions {
  /** The client every element uses unless its own `client` property is set (either mode). */
  client?: ElementClient
  /** Strings for every element (a partial `WalletMessages`; an element's own `messages` win). */
  messages?: Partial<WalletMessages>
  /** Default `customElements`. */
  registry?: CustomElementRegistry
}

/**
 * Registers the elements (a tag already defined is left as it is) and sets the client and
 * messages they share. Importing the entry registers nothing: call this in the browser.
 *
 * @example
 * ```ts
 * defineWalletElements({ client: createWalletAuth({ baseUrl: '/api/wallet' }) })
 * ```
 */
export function defineWalletElements(options: DefineWalletElementsOptions = {}): void {
  if (options.client) elementDefaults.client = options.client
  if (options.messages) elementDefaults.messages = mergeMessages(defaultMessages, options.messages)
  const registry = options.registry ?? globalThis.customElements
  for (const [tag, element] of Object.entries(walletElementTags)) {
    if (!registry.get(tag)) registry.define(tag, element)
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'wallet-passkey-button': WalletPasskeyButton
    'wallet-otp-form': WalletOtpForm
    'wallet-oauth-button': WalletOauthButton
    'wallet-sign-in': WalletSignIn
    'wallet-session-status': WalletSessionStatus
    'wallet-sca-step': WalletScaStep
    'wallet-export-reveal': WalletExportReveal
    'wallet-transaction-list': WalletTransactionList
  }
}
