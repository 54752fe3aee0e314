type Child = Node | string | false | null | undefined

/**
 * A DOM element built without HTML strings (nothing for a CSP or an injection to object to):
 * `h('button', { type: 'button', part: 'button' }, 'Sign in')`. Attributes are set as given;
 * `false` and `undefined` leave one out.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) node.setAttribute(name, '')
    else if (typeof value === 'string') node.setAttribute(name, value)
  }
  for (const child of children) if (child) node.append(child)
  return node
}
