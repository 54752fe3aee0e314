/**
 * Vue 3 typings for the elements: the tags as global components for Vue's template type check
 * (vue-tsc, Volar), their properties as props and their events as emits. Types only (nothing to
 * bundle): import it once, `import type {} from 'embedded-wallet-auth/elements/vue'`. At run time,
 * tell Vue's template compiler that `wallet-` tags are custom elements
 * (`compilerOptions.isCustomElement`); Vue sets the props an element defines as properties.
 *
 * @packageDocumentation
 */
import type { AllowedComponentProps, EmitFn, VNodeProps } from 'vue'
import type { walletElementTags } from '../defineWalletElements.js'
import type { WalletElementProperties } from '../elementProperties.js'
import type { WalletElementEventMap } from '../events.js'

export type { WalletElementProperties } from '../elementProperties.js'

/** Element `E` as Vue's type check sees a component: its properties as props, its events as emits. */
export type WalletVueElement<E extends HTMLElement> = new () => E & {
  $props: WalletElementProperties<E> & AllowedComponentProps & VNodeProps
  $emit: EmitFn<{ [K in keyof WalletElementEventMap]: (event: WalletElementEventMap[K]) => void }>
}

/** The elements as Vue global components, by tag. */
export type WalletGlobalComponents = {
  [Tag in keyof typeof walletElementTags]: WalletVueElement<HTMLElementTagNameMap[Tag]>
}

declare module 'vue' {
  interface GlobalComponents extends WalletGlobalComponents {}
}
