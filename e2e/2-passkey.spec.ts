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

test('passkey: add one while signed in with an email code, sign out, sign in with it', async ({
  page,
  guard,
}) => {
  const email = uniqueEmail()
  await openDemo(page)
  await signInWithEmailCode(page, guard, email)

  await page.locator('#add-passkey').click()
  await expect(page.locator('#status')).toContainText('Passkey added')
  await expect(credentialRow(page, 'PASSKEY')).toHaveCount(1)
  await expect(credentialRow(page, 'EMAIL_OTP')).toHaveCount(1)
  await expect(credentialRow(page, 'PASSKEY').getByRole('button', { name: 'Remove' })).toBeVisible()

  await signOut(page)
  await continueAs(page, email)
  await expect(page.locator('#passkey-sign-in')).toBeVisible()
  await page.locator('#passkey-sign-in').click()
  await expectSignedIn(page, email)
  await expect(page.locator('#signed-in-with')).toContainText(/passkey/i)
  await expect(page.locator('#status')).toHaveText('Signed in.')
})
