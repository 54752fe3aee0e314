/**
 * The first element matching `selector` in `root` or any open shadow root below it: the elements
 * nest theirs (`<wallet-sign-in>` holds a `<wallet-otp-form>`).
 *
 * @example
 * ```ts
 * const field = deepQuery(document, 'input[autocomplete="one-time-code"]')
 * ```
 */
export function deepQuery<E extends Element = Element>(root: ParentNode, selector: string): E | null {
  const found = root.querySelector<E>(selector)
  if (found) return found
  for (const element of root.querySelectorAll('*')) {
    const inner = element.shadowRoot ? deepQuery<E>(element.shadowRoot, selector) : null
    if (inner) return inner
  }
  return null
}
