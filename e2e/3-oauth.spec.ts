import {
  continueAs,
  credentialRow,
  expectSignedIn,
  openDemo,
  signInWithEmailCode,
  signOut,
  uniqueEmail,
} from './demoSteps.js'
import { expect, test } from './fixtures.js'
import { inspectIndexedDb } from './inspectIndexedDb.js'

test('OAuth sign-in in both session-key modes', async ({ page, guard }) => {
  const email = uniqueEmail()
  await openDemo(page)
  await signInWithEmailCode(page, guard, email)
  await page.locator('#add-oauth').click()
  await expect(page.locator('#status')).toContainText('Google sign-in (sandbox) added')
  await expect(credentialRow(page, 'OAUTH')).toHaveCount(1)
  await signOut(page)

  for (const mode of ['client-held', 'sealed'] as const) {
    await page.locator('#session-mode').selectOption(mode)
    await continueAs(page, email)
    await expect(page.locator('#oauth-sign-in')).toBeVisible()
    await page.locator('#oauth-sign-in').click()
    await expectSignedIn(page, email)
    await expect(page.locator('#signed-in-with')).toContainText(/oauth|google/i)
    await expect(page.locator('#session-mode-used')).toContainText(mode)

    // The key of each mode is in IndexedDB and non-extractable: in sealed mode too, where the
    // private key was opened from the service's bundle in this page.
    const stored = await inspectIndexedDb(page)
    expect(stored.privateKeys, `private keys stored after a ${mode} sign-in`).toBeGreaterThanOrEqual(1)
    expect(stored.extractablePrivateKeys, `extractable private keys after a ${mode} sign-in`).toEqual([])

    await signOut(page)
  }
})
