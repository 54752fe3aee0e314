import { WalletElement } from '../walletElement.js'

/**
 * The names of the properties an element class defines with a setter (`client`, `credentialId`,
 * …, not its methods, read-only getters or `HTMLElement`'s): what a React wrapper sets on the
 * element instead of passing to React. Read from the class, so it is never behind the elements.
 *
 * @example
 * ```ts
 * settableProperties(WalletOtpForm).includes('credentialId') // true
 * ```
 */
export function settableProperties(elementClass: typeof WalletElement): string[] {
  const names = new Set<string>()
  const base = Object.getPrototypeOf(WalletElement.prototype)
  for (let proto = elementClass.prototype; proto && proto !== base; proto = Object.getPrototypeOf(proto)) {
    for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(proto)))
      if (descriptor.set) names.add(name)
  }
  return [...names]
}
