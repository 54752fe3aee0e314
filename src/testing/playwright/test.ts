import {
  test as base,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  expect as playwrightExpect,
  type TestType,
} from '@playwright/test'
import { type WalletFixtureOptions, type WalletFixtures, walletFixtures } from './walletFixtures.js'

/**
 * Playwright's `test` with the kit's fixtures (`walletFixtures`): every test is guarded (a CSP
 * violation or an OTP code in clear fails it) and its `page` has a virtual authenticator. The
 * browser is the one the Playwright config launches: where Playwright's own Chromium is not
 * installed, name another in `use.launchOptions.executablePath` (e.g. `/usr/bin/chromium`).
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
// Spelled out: an inferred type would name the `playwright` package (what @playwright/test re-exports),
// which an app that installed only @playwright/test may not resolve (pnpm's strict layout).
export const test: TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & WalletFixtures & WalletFixtureOptions,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
> = base.extend(walletFixtures)

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
