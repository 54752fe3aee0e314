import type { WalletElementEventMap } from './events.js'
import type { WalletMessages } from './messages.js'

// `K` when `T[K]` can be assigned (not a getter alone, not readonly).
type IfWritable<T, K extends keyof T> =
  (<U>() => U extends { [Q in K]: T[K] } ? 1 : 2) extends <U>() => U extends { -readonly [Q in K]: T[K] }
    ? 1
    : 2
    ? K
    : never
type WritableKeys<T> = { [K in keyof T]-?: IfWritable<T, K> }[keyof T]

/**
 * The properties an app sets on element `E` (all optional): its own writable ones (`client`,
 * `credentialId`, `channel`, …, not those of `HTMLElement`), with `messages` as a partial copy.
 * What the React and Vue typings (`embedded-wallet-auth/elements/react`, `/elements/vue`) offer as
 * props.
 */
export type WalletElementProperties<E extends HTMLElement> = {
  [K in Exclude<WritableKeys<E>, keyof HTMLElement | 'messages'>]?: E[K]
} & { messages?: Partial<WalletMessages> }

/** The elements' events as React 19 props: `onwallet-signed-in`, `onwallet-error`, … */
export type WalletElementEventProps = {
  [K in keyof WalletElementEventMap as `on${K}`]?: (event: WalletElementEventMap[K]) => void
}
