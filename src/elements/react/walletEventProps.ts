import type { WalletElementEventMap, WalletElementEventName } from '../events.js'

// `wallet-signed-in` → `WalletSignedIn`.
type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${Pascal<Tail>}`
  : Capitalize<S>

/**
 * The elements' events as props of the React wrappers: `onWalletSignedIn` hears
 * `wallet-signed-in`, `onWalletError` hears `wallet-error`, … (every wrapper takes every event:
 * they bubble out of the elements inside it).
 *
 * @example
 * ```ts
 * const props: WalletEventHandlerProps = {
 *   onWalletSignedIn: (event) => console.info(event.detail.session.expiresAt),
 *   onWalletError: (event) => console.warn(event.detail.error.code),
 * }
 * ```
 */
export type WalletEventHandlerProps = {
  [K in WalletElementEventName as `on${Pascal<K>}`]?: (event: WalletElementEventMap[K]) => void
}

/**
 * Each wrapper event prop → the DOM event it listens to (every event of `WalletElementEventMap`:
 * the type refuses a missing or misspelt one).
 *
 * @example
 * ```ts
 * walletEventProps.onWalletSignedIn // 'wallet-signed-in'
 * ```
 */
export const walletEventProps: {
  readonly [K in WalletElementEventName as `on${Pascal<K>}`]-?: K
} = {
  onWalletSignedIn: 'wallet-signed-in',
  onWalletError: 'wallet-error',
  onWalletCancelled: 'wallet-cancelled',
  onWalletUnavailable: 'wallet-unavailable',
  onWalletCodeSent: 'wallet-code-sent',
  onWalletRefreshed: 'wallet-refreshed',
  onWalletSessionEnded: 'wallet-session-ended',
  onWalletScaRequired: 'wallet-sca-required',
  onWalletScaLoginRequired: 'wallet-sca-login-required',
  onWalletPhoneVerificationRequired: 'wallet-phone-verification-required',
  onWalletAuthorized: 'wallet-authorized',
  onWalletPaymentSettled: 'wallet-payment-settled',
  onWalletRevealed: 'wallet-revealed',
  onWalletHidden: 'wallet-hidden',
}
