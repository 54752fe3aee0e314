import type { Page } from '@playwright/test'
import {
  chooseMethod,
  confirmSignature,
  continueAs,
  credentialRow,
  expectSignedIn,
  type Keys,
  openDemo,
  signInWithEmailCode,
  signOut,
  statusOf,
  uniqueEmail,
} from './demoSteps.js'
import { expect, type Guard, test } from './fixtures.js'
import { inspectIndexedDb, walletKeysPlace } from './inspectIndexedDb.js'

/** Signs in with an email code, adds Google sign-in (sandbox), and signs out: the user's email. */
async function withGoogleAdded(page: Page, guard: Guard, keys: Keys): Promise<string> {
  const email = uniqueEmail()
  await openDemo(page, keys)
  await signInWithEmailCode(page, guard, email)
  await page.locator('#add-oauth').click()
  // Asked once, in either mode: the signer's frame, or the kit's panel under the button.
  await confirmSignature(page.locator('#credentials-panel'), 'Google')
  await expect(statusOf(page.locator('#add-oauth').locator('..'))).toContainText(
    'Google sign-in (sandbox) added',
  )
  await expect(credentialRow(page, 'OAUTH')).toHaveCount(1)
  await expect(credentialRow(page, 'OAUTH')).toContainText('Google (sandbox)')
  await signOut(page)
  return email
}

/** "Google (sandbox)" at the sign-in, then the checks of a signed-in OAuth session whose key is `mode`. */
async function signInWithGoogle(page: Page, email: string, mode: 'client-held' | 'sealed') {
  await continueAs(page, email)
  await chooseMethod(page, 'Google (sandbox)')
  await page
    .locator('wallet-oauth-button')
    .getByRole('button', { name: 'Sign in with Google (sandbox)' })
    .click()
  await expectSignedIn(page, email)
  await expect(page.locator('#signed-in-with')).toHaveText('Google (sandbox)')
  await expect(page.locator('#session-mode-used')).toContainText(mode)

  // The key is in IndexedDB (the signer frame's, in signer mode) and non-extractable: in sealed
  // mode too, where the private key was opened from the service's bundle in this browser.
  const stored = await inspectIndexedDb(walletKeysPlace(page))
  expect(stored.privateKeys, `private keys stored after a ${mode} sign-in`).toBeGreaterThanOrEqual(1)
  expect(stored.extractablePrivateKeys, `extractable private keys after a ${mode} sign-in`).toEqual([])
  await signOut(page)
}

test('OAuth sign-in with the signer frame', async ({ page, guard }) => {
  const email = await withGoogleAdded(page, guard, 'signer')
  // The signer's deployment makes client-held keys; the mode list is the page-held mode's.
  await expect(page.locator('#session-mode')).toBeHidden()
  await signInWithGoogle(page, email, 'client-held')
})

test('keys in the page (?keys=page): OAuth sign-in in both session-key modes', async ({ page, guard }) => {
  const email = await withGoogleAdded(page, guard, 'page')
  for (const mode of ['client-held', 'sealed'] as const) {
    await page.locator('#session-mode').selectOption(mode)
    await signInWithGoogle(page, email, mode)
  }
})
