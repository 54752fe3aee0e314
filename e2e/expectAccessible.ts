import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { expect, type Frame, type Page } from '@playwright/test'

const require = createRequire(import.meta.url)

/**
 * Runs axe-core over the whole page or frame (shadow trees included; a frame of another origin,
 * such as the signer's, is checked on its own) and expects no serious or critical
 * violation. axe is evaluated through the DevTools protocol, which the page's CSP does not govern
 * (a script tag would be an inline script: refused, and counted as a violation by the guard).
 */
export async function expectAccessible(page: Page | Frame): Promise<void> {
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8')
  const loaded = await page.evaluate(() => 'axe' in window)
  // A string is evaluated as it is by the protocol: no eval in the page, which its CSP forbids.
  if (!loaded) await page.evaluate(source)
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<unknown> }
    }
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: { id: string; impact?: string; nodes: { target: unknown }[] }[]
    }
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`)
  })
  expect(violations, 'axe-core serious or critical violations').toEqual([])
}
