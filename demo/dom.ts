// Small DOM helpers: the page is plain TypeScript, so these keep the panels short.

/** The element with `id`; a missing one is a bug in index.html, so it throws. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id)
  if (!element) throw new Error(`index.html has no #${id}`)
  return element as T
}

/** Sets the text of `#id` (never HTML: everything shown comes from the network or the user). */
export function setText(id: string, text: string): void {
  byId(id).textContent = text
}

/** Shows or hides `#id`. */
export function showIf(id: string, visible: boolean): void {
  byId(id).hidden = !visible
}

/** A new element with text children and attributes. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  node.append(...children)
  return node
}

/** The first and last characters of a long id or key, for tables. */
export function shorten(value: string, keep = 10): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`
}
