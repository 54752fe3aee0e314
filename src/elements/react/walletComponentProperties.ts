import type { WalletElementProperties } from '../elementProperties.js'

// The elements' methods (lifecycle callbacks, and those an app calls through the ref): writable
// keys as far as TypeScript can tell, but no props.
type ElementMethod =
  | 'connectedCallback'
  | 'disconnectedCallback'
  | 'attributeChangedCallback'
  | 'start'
  | 'signIn'
  | 'refreshSession'
  | 'signOut'
  | 'pay'
  | 'hide'

/**
 * The properties of element `E` a React wrapper takes as props and sets on the element:
 * `WalletElementProperties` without the element's methods.
 *
 * @example
 * ```ts
 * const props: WalletComponentProperties<WalletOtpForm> = { credentialId: 'x', channel: 'sms' }
 * ```
 */
export type WalletComponentProperties<E extends HTMLElement> = Omit<WalletElementProperties<E>, ElementMethod>
