import { createWalletComponent, type ReactApi, type WalletComponent } from './createWalletComponent.js'

/**
 * The eight wrappers, one per element, each named like the element's class.
 *
 * @example
 * ```ts
 * const { WalletOtpForm, WalletSignIn }: WalletComponents = createWalletComponents({ react: React })
 * ```
 */
export interface WalletComponents {
  WalletPasskeyButton: WalletComponent<HTMLElementTagNameMap['wallet-passkey-button']>
  WalletOtpForm: WalletComponent<HTMLElementTagNameMap['wallet-otp-form']>
  WalletOauthButton: WalletComponent<HTMLElementTagNameMap['wallet-oauth-button']>
  WalletSignIn: WalletComponent<HTMLElementTagNameMap['wallet-sign-in']>
  WalletSessionStatus: WalletComponent<HTMLElementTagNameMap['wallet-session-status']>
  WalletScaStep: WalletComponent<HTMLElementTagNameMap['wallet-sca-step']>
  WalletExportReveal: WalletComponent<HTMLElementTagNameMap['wallet-export-reveal']>
  WalletTransactionList: WalletComponent<HTMLElementTagNameMap['wallet-transaction-list']>
}

/** Options of `createWalletComponents`. */
export interface CreateWalletComponentsOptions {
  /** The app's React, 16.8 or later (`import * as React from 'react'`). */
  react: ReactApi
}

/**
 * React wrappers of the elements, for React 16.8 to 19 (see `createWalletComponent`): call it once
 * with the app's React, at module level. The elements still need `defineWalletElements`.
 *
 * @example
 * ```tsx
 * import * as React from 'react'
 * import { createWalletComponents } from 'embedded-wallet-auth/elements/react'
 *
 * const { WalletOtpForm } = createWalletComponents({ react: React })
 * const form = <WalletOtpForm client={wallet} credentialId={id} onWalletSignedIn={() => go('/wallet')} />
 * ```
 */
export function createWalletComponents(options: CreateWalletComponentsOptions): WalletComponents {
  const { react } = options
  return {
    WalletPasskeyButton: createWalletComponent({ react, tag: 'wallet-passkey-button' }),
    WalletOtpForm: createWalletComponent({ react, tag: 'wallet-otp-form' }),
    WalletOauthButton: createWalletComponent({ react, tag: 'wallet-oauth-button' }),
    WalletSignIn: createWalletComponent({ react, tag: 'wallet-sign-in' }),
    WalletSessionStatus: createWalletComponent({ react, tag: 'wallet-session-status' }),
    WalletScaStep: createWalletComponent({ react, tag: 'wallet-sca-step' }),
    WalletExportReveal: createWalletComponent({ react, tag: 'wallet-export-reveal' }),
    WalletTransactionList: createWalletComponent({ react, tag: 'wallet-transaction-list' }),
  }
}
