import type * as React from 'react'
import type { ForwardedRef, ForwardRefExoticComponent, HTMLAttributes, RefAttributes, RefObject } from 'react'
import { walletElementTags } from '../defineWalletElements.js'
import { settableProperties } from './settableProperties.js'
import type { WalletComponentProperties } from './walletComponentProperties.js'
import { type WalletEventHandlerProps, walletEventProps } from './walletEventProps.js'

type WalletTag = keyof typeof walletElementTags

/**
 * What the wrappers use of the app's React (16.8 or later): hooks and `forwardRef` only. Pass the
 * app's own `React`, so that the wrappers run on the app's copy whatever its version.
 *
 * @example
 * ```ts
 * import * as React from 'react'
 * const react: ReactApi = React
 * ```
 */
export type ReactApi = Pick<
  typeof React,
  'createElement' | 'forwardRef' | 'useCallback' | 'useEffect' | 'useLayoutEffect' | 'useRef'
>

/**
 * The props of the wrapper of element `E`: its properties (set on the element), its events
 * (`onWalletSignedIn`, …) and whatever React passes to any element (`className`, `style`, `id`,
 * `aria-*`, `children`, attributes).
 *
 * @example
 * ```ts
 * const props: WalletComponentProps<WalletOtpForm> = { credentialId: 'x', className: 'sign-in' }
 * ```
 */
export type WalletComponentProps<E extends HTMLElement> = WalletComponentProperties<E> &
  WalletEventHandlerProps &
  Omit<HTMLAttributes<E>, keyof WalletComponentProperties<E> | keyof WalletEventHandlerProps>

/**
 * The React component wrapping element `E`; its ref is the element.
 *
 * @example
 * ```ts
 * const OtpForm: WalletComponent<WalletOtpForm> = createWalletComponent({ react: React, tag: 'wallet-otp-form' })
 * ```
 */
export type WalletComponent<E extends HTMLElement> = ForwardRefExoticComponent<
  WalletComponentProps<E> & RefAttributes<E>
>

/** Options of `createWalletComponent`. */
export interface CreateWalletComponentOptions<Tag extends WalletTag> {
  /** The app's React (`import * as React from 'react'`). */
  react: ReactApi
  /** The element's tag. */
  tag: Tag
}

type Props = Record<string, unknown>

/**
 * A thin React wrapper of one element, for React 16.8 to 19: it renders the tag, sets the
 * element's properties (`client`, `credentialId`, …) on the element on every render where they
 * changed, listens to the `onWallet…` props' events, and passes everything else to React.
 * React 18 and earlier would set the properties as attributes (`client="[object Object]"`).
 *
 * @example
 * ```tsx
 * import * as React from 'react'
 * const OtpForm = createWalletComponent({ react: React, tag: 'wallet-otp-form' })
 * const form = <OtpForm client={wallet} credentialId={id} onWalletSignedIn={() => go('/wallet')} />
 * ```
 */
export function createWalletComponent<Tag extends WalletTag>(
  options: CreateWalletComponentOptions<Tag>,
): WalletComponent<HTMLElementTagNameMap[Tag]> {
  const { react, tag } = options
  const properties = settableProperties(walletElementTags[tag])
  // Layout effects set the properties before the browser paints; on a server, where they do not
  // run (and React 16–17 warn about them), plain effects.
  const useEffect = typeof document === 'undefined' ? react.useEffect : react.useLayoutEffect
  const component = react.forwardRef<HTMLElement, Props>((props, forwarded) => {
    const element = react.useRef<HTMLElement | null>(null)
    const given = react.useRef(new Map<string, unknown>())
    const ref = react.useCallback(
      (node: HTMLElement | null) => setRef({ element, forwarded, node }),
      [forwarded],
    )
    useEffect(() => {
      if (element.current) setProperties(element.current, props, properties, given.current)
    })
    useEffect(() => {
      const node = element.current
      return node ? listen(node, props) : undefined
    })
    return react.createElement(tag, { ...reactProps(props, properties), ref })
  })
  component.displayName = tag
  // Written over plain records (the props are sorted by name at run time); typed for the app here.
  return component as unknown as WalletComponent<HTMLElementTagNameMap[Tag]>
}

/** The element in our ref and in the app's (an object or a callback). */
function setRef<E>(options: { element: RefObject<E | null>; forwarded: ForwardedRef<E>; node: E | null }) {
  const { element, forwarded, node } = options
  element.current = node
  if (typeof forwarded === 'function') forwarded(node)
  else if (forwarded) forwarded.current = node
}

// What React renders: not the properties, not the events; `className` as `class`, which React 18
// and earlier would set as a `classname` attribute on a custom element.
function reactProps(props: Props, properties: readonly string[]): Props {
  const rendered: Props = {}
  for (const [name, value] of Object.entries(props)) {
    if (properties.includes(name) || name in walletEventProps) continue
    rendered[name === 'className' ? 'class' : name] = value
  }
  return rendered
}

// Sets each property whose value changed since it was last set (a setter may redraw the element);
// one never given stays the element's default.
function setProperties(
  node: HTMLElement,
  props: Props,
  properties: readonly string[],
  given: Map<string, unknown>,
) {
  for (const name of properties) {
    const value = props[name]
    if (given.has(name) ? given.get(name) === value : value === undefined) continue
    given.set(name, value)
    Reflect.set(node, name, value)
  }
}

/** Adds a listener for each `onWallet…` prop given; returns what removes them. */
function listen(node: HTMLElement, props: Props): () => void {
  const added: Array<[string, EventListener]> = []
  for (const [prop, type] of Object.entries(walletEventProps)) {
    const handler = props[prop]
    if (typeof handler !== 'function') continue
    const listener = (event: Event) => handler(event)
    node.addEventListener(type, listener)
    added.push([type, listener])
  }
  return () => {
    for (const [type, listener] of added) node.removeEventListener(type, listener)
  }
}
