/**
 * React 19 typings for the elements: `<wallet-otp-form>` and the other tags as JSX intrinsic
 * elements, their properties and `onwallet-…` events typed. Types only (nothing to bundle): import
 * it once, `import type {} from 'embedded-wallet-auth/elements/react'`. React 19 sets the props an
 * element defines as properties (`client`, `credentialId`, …) and adds a listener for each
 * `on<event>` prop.
 *
 * @packageDocumentation
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react'
import type { walletElementTags } from '../defineWalletElements.js'
import type { WalletElementEventProps, WalletElementProperties } from '../elementProperties.js'

export type { WalletElementEventProps, WalletElementProperties } from '../elementProperties.js'

/** The JSX props of element `E`: its properties, its events, and React's attributes of any element. */
export type WalletElementJsxProps<E extends HTMLElement> = WalletElementProperties<E> &
  WalletElementEventProps &
  DetailedHTMLProps<HTMLAttributes<E>, E>

/** The elements as JSX intrinsic elements, by tag. */
export type WalletIntrinsicElements = {
  [Tag in keyof typeof walletElementTags]: WalletElementJsxProps<HTMLElementTagNameMap[Tag]>
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends WalletIntrinsicElements {}
  }
}
