import axe from 'axe-core'

/**
 * axe-core over `element` (its shadow tree included): throws naming every serious or critical
 * violation, the bar the Chromium element tests hold.
 *
 * @example
 * ```ts
 * await checkAccessible(signIn, 'the method list')
 * ```
 */
export async function checkAccessible(element: Element, what: string): Promise<void> {
  const result = await axe.run(element, { resultTypes: ['violations'] })
  const severe = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  if (severe.length > 0) {
    const said = severe.map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
    throw new Error(`${what}: axe-core found ${said.join('; ')}`)
  }
}
