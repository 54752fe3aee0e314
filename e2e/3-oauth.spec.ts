import {
  chooseMethod,
  continueAs,
  credentialRow,
  expectSignedIn,
  openDemo,
  signInWithEmailCode,
  signOut,
  statusOf,
  uniqueEmail,
} from './demoSteps.js'
import { expect, test } from './fixtures.js'
import { inspectIndexedDb } from './inspectIndexedDb.js'

test('OAuth sign-in in both session-key modes', async ({ page, guard }) => {
  const email = uniqueEmail()
  await openDemo(page)
  await signInWithEmailCode(page, guard, email)
  await page.locator('#add-oauth').click()
  await expect(statusOf(page.locator('#add-oauth').locator('..'))).toContainText(
    'Google sign-in (sandbox) added',
  )
  await expect(credentialRow(page, 'OAUTH')).toHaveCount(1)
  await expect(credentialRow(page, 'OAUTH')).toContainText('Google (sandbox)')
  await signOut(page)

  for (const mode of ['client-held', 'sealed'] as const) {
    await page.locator('#session-mode').selectOption(mode)
    await continueAs(page, email)
    await chooseMethod(page, 'Google (sandbox)')
    await page
      .locator('wallet-oauth-button')
      .getByRole('button', { name: 'Sign in with Google (sandbox)' })
      .click()
    await expectSignedIn(page, email)
    await expect(page.locator('#signed-in-with')).toHaveText('Google (sandbox)')
    await expect(page.locator('#session-mode-used')).toContainText(mode)

    // The key of each mode is in IndexedDB and non-extractable: in sealed mode too, where the
    // private key was opened from the service's bundle in this page.
    const stored = await inspectIndexedDb(page)
    expect(stored.privateKeys, `private keys stored after a ${mode} sign-in`).toBeGreaterThanOrEqual(1)
    expect(stored.extractablePrivateKeys, `extractable private keys after a ${mode} sign-in`).toEqual([])

    await signOut(page)
  }
})
