/**
 * The elements in React. From React 16.8 to 19: `createWalletComponents({ react: React })` gives a
 * thin wrapper per element (`<WalletOtpForm client={wallet} onWalletSignedIn={…} />`) that sets
 * the element's properties and listens to its events through a ref. React 18 and earlier set the
 * props of a custom element as attributes (`client="[object Object]"`), so the raw tags need React
 * 19; for it, importing this entry also makes the tags JSX intrinsic elements, their properties and
 * `onwallet-…` events typed. React is the app's: this entry imports none of it.
 *
 * @packageDocumentation
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react'
import type { walletElementTags } from '../defineWalletElements.js'
import type { WalletElementEventProps, WalletElementProperties } from '../elementProperties.js'

export type { WalletElementEventProps, WalletElementProperties } from '../elementProperties.js'
export {
  type CreateWalletComponentOptions,
  createWalletComponent,
  type ReactApi,
  type WalletComponent,
  type WalletComponentProps,
} from './createWalletComponent.js'
export {
  type CreateWalletComponentsOptions,
  createWalletComponents,
  type WalletComponents,
} from './createWalletComponents.js'
export type { WalletComponentProperties } from './walletComponentProperties.js'
export type { WalletEventHandlerProps } from './walletEventProps.js'

/** The JSX props of element `E` in React 19: its properties, its events, and React's attributes of any element. */
export type WalletElementJsxProps<E extends HTMLElement> = WalletElementProperties<E> &
  WalletElementEventProps &
  DetailedHTMLProps<HTMLAttributes<E>, E>

/** The elements as React 19 JSX intrinsic elements, by tag. */
export type WalletIntrinsicElements = {
  [Tag in keyof typeof walletElementTags]: WalletElementJsxProps<HTMLElementTagNameMap[Tag]>
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends WalletIntrinsicElements {}
  }
}
