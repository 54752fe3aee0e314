import { expect, type Page } from '@playwright/test'
import type { Guard } from './fixtures.js'

/** The sandbox accepts this OTP code, and only this one. */
export const SANDBOX_CODE = '000000'

/** A user of its own for each test: tests share one sandbox. */
export function uniqueEmail(): string {
  return `e2e-${crypto.randomUUID()}@example.com`
}

/** Opens the demo and waits until it has decided between the sign-in and the wallet view. */
export async function openDemo(page: Page): Promise<void> {
  await page.goto('/')
  await expect(page.locator('#sign-in:visible, #wallet:visible').first()).toBeVisible()
}

/**
 * Says who the user is (the integrator's stand-in login) and waits for that user's sign-in
 * methods. When the page still knows this user (after a sign-out), the methods are already there;
 * when it knows another one, "Use another email" first.
 */
export async function continueAs(page: Page, email: string, country: 'FR' | 'US' = 'US'): Promise<void> {
  await expect(page.locator('#sign-in')).toBeVisible()
  const methods = page.locator('#methods')
  await expect(page.locator('#who:visible, #methods:visible').first()).toBeVisible()
  if (await methods.isVisible()) {
    if ((await page.locator('#methods-email').textContent()) === email) return
    await page.locator('#switch-user').click()
  }
  await page.locator('#email').fill(email)
  await page.locator('#country').selectOption(country)
  await page.locator('#who').getByRole('button', { name: 'Continue' }).click()
  await expect(methods).toBeVisible()
  await expect(page.locator('#methods-email')).toHaveText(email)
}

/** Waits for the signed-in view of `email` with a key shown. */
export async function expectSignedIn(page: Page, email: string): Promise<void> {
  await expect(page.locator('#wallet')).toBeVisible()
  await expect(page.locator('#sign-in')).toBeHidden()
  await expect(page.locator('#who-email')).toHaveText(email)
  await expect(page.locator('#public-key')).toHaveText(/^0[23][0-9a-f]{64}$/)
  await expect(page.locator('#non-extractable')).toHaveText(/^yes/)
}

/** Waits for the signed-out view. */
export async function expectSignedOut(page: Page): Promise<void> {
  await expect(page.locator('#sign-in')).toBeVisible()
  await expect(page.locator('#wallet')).toBeHidden()
}

/** "Email me a code", then the sandbox code: signed in with EMAIL_OTP. */
export async function signInWithEmailCode(
  page: Page,
  guard: Guard,
  email: string,
  country: 'FR' | 'US' = 'US',
): Promise<void> {
  await continueAs(page, email, country)
  await page.locator('#send-email-code').click()
  await expect(page.locator('#code-form')).toBeVisible()
  await guard.typeCode(page, SANDBOX_CODE)
  await expectSignedIn(page, email)
  await expect(page.locator('#signed-in-with')).toContainText(/email/i)
}

/** "Sign out": back to the sign-in view, the key wiped. */
export async function signOut(page: Page): Promise<void> {
  await page.locator('#sign-out').click()
  await expectSignedOut(page)
  await expect(page.locator('#status')).toContainText('Signed out')
}

/** The `<tr>` of the credential of `type` in `#credentials`. */
export function credentialRow(page: Page, type: string) {
  return page.locator(`#credentials tr[data-type="${type}"]`)
}

/**
 * Waits for `#alert` to show an error as the page must: a sentence a person understands, then the
 * service's code in a `<code>`. `code` may be a pattern when the page may get one of several.
 */
export async function expectAlert(page: Page, code: string | RegExp): Promise<void> {
  const codeText = page.locator('#alert code')
  await expect(codeText).toHaveText(code)
  const shown = (await codeText.textContent()) ?? ''
  await expect(page.locator('#alert')).toHaveText(new RegExp(`^[A-Z].{9,}[.!?:] ${shown}$`))
}
