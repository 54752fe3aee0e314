// The elements under the demo's strict Content-Security-Policy (no inline script or style, no
// eval): a page of its own, served with that header, loads the entry from the Vite server, signs
// in through <wallet-otp-form> and renders all eight elements, with no violation; the shadow
// styles come from the constructed sheet, which the policy allows.
import { describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { walletElementTags } from '../../src/elements/index.js'
import type { CspPageRun } from '../browser/commands.js'
import type { CspAgentReport } from './cspAgent.js'

describe('the elements under a strict CSP', () => {
  it('sign in and render without a single violation, styled by the adopted sheet', async () => {
    const run = (await commands.runInCspPage(
      '/test/elements/cspAgent.ts',
      'run',
    )) as CspPageRun<CspAgentReport>
    const { result } = run
    expect(result.violationsBefore).toBe(0)
    // The only violation is the control's inline <style>: the policy was enforced all along.
    expect(run.violations).toEqual([expect.stringMatching(/^style-src-elem inline$/)])
    expect(run.consoleViolations).toHaveLength(1)
    expect(result.signedIn).toBe(true)
    expect(result.elements.map((element) => element.tag)).toEqual(Object.keys(walletElementTags))
    for (const element of result.elements) {
      expect(element, element.tag).toMatchObject({ adoptedSheets: 1, display: 'block' })
    }
    // Each shows something: the signed-in client lets the session elements render too.
    for (const element of result.elements) expect(element.shadowElements, element.tag).toBeGreaterThan(0)
  }, 60_000)
})
