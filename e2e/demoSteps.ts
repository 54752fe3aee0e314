import { expect, type Frame, type FrameLocator, type Locator, type Page } from '@playwright/test'
import { confirmInSigner } from '../src/testing/playwright/index.js'
import type { Guard } from './fixtures.js'

export { confirmInSigner }

/**
 * Where the demo's wallet keeps its keys: `signer`, the default (the signer frame on another
 * origin draws the code box, asks for confirmations and shows the recovery phrase), or `page`
 * (`?keys=page`: the page-held mode, for what only it has, such as the session-key mode list).
 */
export type Keys = 'signer' | 'page'

/** Which mode the demo in `page` runs in (from its address). */
export function keysOf(page: Page): Keys {
  return new URL(page.url()).searchParams.get('keys') === 'page' ? 'page' : 'signer'
}

/** The signer document's frame over the demo page (shown only while its dialog is). */
export function signerFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Your wallet"]')
}

/** The signer document's frame as a `Frame` (to evaluate in, or for its accessibility tree). */
export function signerDocument(page: Page): Frame {
  const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname.endsWith('/signer.html'))
  if (!frame) throw new Error('The demo page frames no signer document.')
  return frame
}

/** The signer's code box: where the person types an emailed or texted code in signer mode. */
export function signerCodeField(page: Page): Locator {
  return signerFrame(page).getByLabel('Code', { exact: true })
}

/**
 * Types `code` into the signer's code box, with the guard watching that it leaves neither the page
 * nor the frame in clear (the guard sees the requests of every frame of the context).
 */
export async function typeCodeInSigner(page: Page, guard: Guard, code: string): Promise<void> {
  const field = signerCodeField(page)
  // Focus follows the step into the signer's box, as it did to the page's own field.
  await expect(field).toBeFocused()
  await guard.typeCode(field, code)
}

/**
 * Waits for the signer's code box to refuse the code typed: its sentence, then the service's code
 * for support in a span of its own, beside the field, the field marked invalid, to be typed again.
 */
export async function expectSignerCodeError(page: Page, code: string | RegExp): Promise<void> {
  const error = signerFrame(page).locator('#code-error')
  const reference = error.locator('.code-ref')
  await expect(reference).toHaveText(typeof code === 'string' ? `Reference for support: ${code}` : code)
  await expect(error).toHaveText(/^[A-Z][^_]{9,}[.!?]Reference for support: [A-Z_]+$/)
  await expect(signerCodeField(page)).toHaveAttribute('aria-invalid', 'true')
}

/** The sandbox accepts this OTP code, and only this one. */
export const SANDBOX_CODE = '000000'

/** A user of its own for each test: tests share one sandbox. */
export function uniqueEmail(): string {
  return `e2e-${crypto.randomUUID()}@example.com`
}

/** A French mobile number of its own: the sandbox refuses one another account's SMS sign-in holds. */
export function uniquePhone(): string {
  return `+3361${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
}

/** The page's `<wallet-sign-in>` (its shadow content is reached through it: locators pierce it). */
export function signInElement(page: Page): Locator {
  return page.locator('wallet-sign-in')
}

/** The code field of the `<wallet-otp-form>` inside `scope`. */
export function codeField(scope: Locator): Locator {
  return scope.locator('wallet-otp-form').getByLabel('Code', { exact: true })
}

/** Opens the demo (in signer mode unless `keys` says `page`) and waits until it has decided between the sign-in and the wallet view. */
export async function openDemo(page: Page, keys: Keys = 'signer'): Promise<void> {
  await page.goto(keys === 'page' ? '/?keys=page' : '/')
  await expect(page.locator('#sign-in:visible, #wallet:visible').first()).toBeVisible()
}

/**
 * Says who the user is (the integrator's stand-in login) and waits for `<wallet-sign-in>` with that
 * user's methods. When the page still knows this user (after a sign-out), the methods are already
 * there; when it knows another one, "Use another email" first.
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

/**
 * Picks a method in `<wallet-sign-in>`: its button in the list (`name`, e.g. "Email code"), unless
 * the account has only that method and its element is shown at once. An OTP method then asks for
 * a code: the code field is shown (after "Email me a code" when it was the only method).
 */
export async function chooseMethod(
  page: Page,
  name: 'Email code' | 'Text message code' | 'Google (sandbox)',
) {
  const signIn = signInElement(page)
  const label = name === 'Google (sandbox)' ? /Google \(sandbox\)/ : new RegExp(`^${escapeRegExp(name)}`)
  const listed = signIn.locator('[part="method"]').filter({ hasText: label })
  const only = signIn.locator('wallet-otp-form, wallet-passkey-button, wallet-oauth-button')
  await expect(listed.or(only).first()).toBeVisible()
  if (await listed.count()) await listed.click()
  else if (name === 'Email code' || name === 'Text message code') {
    await signIn.getByRole('button', { name: /^(Email|Text) me a code$/ }).click()
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

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

/**
 * Types an OTP code where the demo's mode asks for it: the signer's code box, or (`?keys=page`)
 * the code field of the `<wallet-otp-form>` in `scope`.
 */
export async function typeOtp(scope: Locator, guard: Guard, code: string): Promise<void> {
  const page = scope.page()
  if (keysOf(page) === 'signer') return typeCodeInSigner(page, guard, code)
  await expect(codeField(scope)).toBeFocused()
  await guard.typeCode(codeField(scope), code)
}

/** "Email code", then the sandbox code: signed in with EMAIL_OTP. */
export async function signInWithEmailCode(
  page: Page,
  guard: Guard,
  email: string,
  country: 'FR' | 'US' = 'US',
): Promise<void> {
  await continueAs(page, email, country)
  await chooseMethod(page, 'Email code')
  await typeOtp(signInElement(page), guard, SANDBOX_CODE)
  await expectSignedIn(page, email)
  await expect(page.locator('#signed-in-with')).toHaveText('Email code')
}

/** "Sign out" of `<wallet-session-status>`: back to the sign-in view, the key wiped, and said so. */
export async function signOut(page: Page): Promise<void> {
  await page.locator('wallet-session-status').getByRole('button', { name: 'Sign out' }).click()
  await expectSignedOut(page)
  await expect(signInElement(page).locator('[part="status"]').first()).toContainText('You signed out')
}

/** The row of the credential of `type` in `#credentials`. */
export function credentialRow(page: Page, type: string): Locator {
  return page.locator(`#credentials li[data-type="${type}"]`)
}

/** The page's own success line of the `[data-feedback]` container `scope`. */
export function statusOf(scope: Locator): Locator {
  return scope.locator(':scope > p.status')
}

/**
 * Waits for the page's error line in `scope` (the form, button row or row where the user acted):
 * a sentence a person understands, without any code in it, then, on the line after it and outside
 * the alert, "Reference for support: " and the service's code. `code` may be a pattern when the
 * page may get one of several.
 */
export async function expectAlert(scope: Locator, code: string | RegExp): Promise<void> {
  const alert = scope.locator(':scope > p.alert')
  await expect(scope.locator(':scope > p.alert + p.code-ref code')).toHaveText(code)
  await expect(alert).toHaveText(/^[A-Z][^_]{9,}[.!?]$/)
}

/**
 * Waits for an element's error region: a sentence without any code in it (the alert), then the
 * code for support on the line after it, outside the alert.
 */
export async function expectElementError(element: Locator, code: string | RegExp): Promise<void> {
  const error = element.locator('[part="error"]').first()
  const reference = element.locator('[part="error-code"]').first()
  const shown = typeof code === 'string' ? `Reference for support: ${code}` : code
  await expect(reference).toHaveText(shown)
  await expect(error).toHaveText(/^[A-Z][^_]{9,}[.!?]$/)
}

/**
 * What the demo's own buttons sign without asking in the page (they pass no `confirm`), the signer
 * asks in its frame: confirmed there in signer mode (`confirmInSigner`); nothing to do with
 * `?keys=page`.
 */
export async function confirmIfSigner(page: Page, says: string | RegExp): Promise<void> {
  if (keysOf(page) === 'signer') await confirmInSigner(page, says)
}

/**
 * The confirmation before a signature: in signer mode the signer's dialog (`confirmInSigner`);
 * with `?keys=page`, the element's own panel (the demo passes no `confirm`): waits for the panel in
 * `element`, checks it names `says`, and confirms with the keyboard as a person would.
 */
export async function confirmSignature(element: Locator, says: string | RegExp): Promise<void> {
  if (keysOf(element.page()) === 'signer') return confirmInSigner(element.page(), says)
  const panel = element.getByRole('group', { name: 'Check this before you confirm' })
  await expect(panel).toBeVisible()
  await expect(panel).toContainText(says)
  await panel.getByRole('button', { name: 'Confirm', exact: true }).focus()
  await panel.page().keyboard.press('Enter')
}

/**
 * The EU rules in the money section (an EU customer only): confirms a phone of its own with the
 * sandbox's code, then an SCA login by text message, which the page says opened the SCA session.
 */
export async function passScaLogin(page: Page): Promise<void> {
  const code = '123456'
  await expect(page.locator('#sca')).toBeVisible()
  const phone = uniquePhone()
  await page.locator('#sca-phone').fill(phone)
  await page.locator('#sca-send-phone-code').click()
  if (keysOf(page) === 'signer') {
    // The phone's code is typed in the signer's box. (Not an HPKE-sealed OTP: not the guard's.)
    await confirmInSigner(page, phone)
    await expect(signerCodeField(page)).toBeFocused()
    await signerCodeField(page).fill(code)
  } else {
    await expect(page.locator('#sca-phone-code')).toBeFocused()
    await page.locator('#sca-phone-code').fill(code)
    await page.locator('#sca-verify-phone').click()
  }
  await expect(page.locator('#sca-start-login')).toBeFocused()
  await page.locator('#sca-start-login').click()
  await expect(page.locator('#sca-login-code')).toBeFocused()
  await page.locator('#sca-login-code').fill(code)
  await page.locator('#sca-complete-login').click()
  await expect(page.locator('#sca-state')).toHaveAttribute('data-state', 'SUCCESS')
  await expect(page.locator('#sca-state')).toHaveText(/^Confirmed: you can pay until /)
}

/** Waits for the page's next two frames: what a screenshot then takes is what a person sees. */
export async function afterPaint(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
}
