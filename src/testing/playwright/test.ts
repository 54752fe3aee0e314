import { test as base, expect as playwrightExpect } from '@playwright/test'
import { walletFixtures } from './walletFixtures.js'

/**
 * Playwright's `test` with the kit's fixtures (`walletFixtures`): every test is guarded (a CSP
 * violation or an OTP code in clear fails it) and its `page` has a virtual authenticator.
 *
 * @example
 * ```ts
 * import { expect, test } from 'embedded-wallet-auth/testing/playwright'
 *
 * test('signs in with the email code', async ({ page, guard }) => {
 *   await page.goto('/')
 *   await page.getByRole('button', { name: 'Email me a code' }).click()
 *   await guard.typeCode(page.getByLabel('Code'), '000000')
 *   await expect(page.getByText('You are signed in.')).toBeVisible()
 * })
 * ```
 */
export const test = base.extend(walletFixtures)

/**
 * Playwright's own `expect`, re-exported so that a spec imports both from one place.
 *
 * @example
 * ```ts
 * import { expect } from 'embedded-wallet-auth/testing/playwright'
 * await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
 * ```
 */
export const expect: typeof playwrightExpect = playwrightExpect
