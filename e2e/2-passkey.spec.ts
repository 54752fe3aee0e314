import {
  chooseMethod,
  confirmIfSigner,
  continueAs,
  credentialRow,
  expectAlert,
  expectSignedIn,
  openDemo,
  signInWithEmailCode,
  signOut,
  statusOf,
  uniqueEmail,
} from './demoSteps.js'
import { expect, test } from './fixtures.js'

// Keys in the page: the sandbox refuses an assertion made in the signer's frame (a cross-origin
// ceremony, whose top origin it is not told to expect: src/sandbox/passkeys.ts, reported). Adding a
// passkey in the signer frame is covered by 8-rough-edges.
test('keys in the page (?keys=page): passkey: add one while signed in with an email code (not twice on one device), sign out, sign in with it', async ({
  page,
  guard,
}) => {
  const email = uniqueEmail()
  await openDemo(page, 'page')
  await signInWithEmailCode(page, guard, email)

  const buttons = page.locator('#add-passkey').locator('..')
  await page.locator('#add-passkey').click()
  await confirmIfSigner(page, 'Add a passkey.')
  await expect(statusOf(buttons)).toContainText('Passkey added')
  await expect(credentialRow(page, 'PASSKEY')).toHaveCount(1)
  await expect(credentialRow(page, 'PASSKEY')).toContainText('Passkey')
  await expect(credentialRow(page, 'EMAIL_OTP')).toContainText('Email code')
  await expect(credentialRow(page, 'PASSKEY').getByRole('button', { name: 'Remove Passkey' })).toBeVisible()

  // The registration options exclude the account's passkeys: this device refuses a second one.
  await page.locator('#add-passkey').click()
  await expectAlert(buttons, 'PASSKEY_ALREADY_REGISTERED')
  await expect(buttons.locator(':scope > p.alert')).toBeFocused()
  await expect(credentialRow(page, 'PASSKEY')).toHaveCount(1)

  await signOut(page)
  await continueAs(page, email)
  await chooseMethod(page, 'Passkey')
  const button = page
    .locator('wallet-sign-in wallet-passkey-button')
    .getByRole('button', { name: 'Sign in with a passkey' })
  await expect(button).toBeEnabled()
  await button.click()
  await expectSignedIn(page, email)
  await expect(page.locator('#signed-in-with')).toHaveText('Passkey')
  await expect(statusOf(page.locator('#wallet'))).toHaveText('Signed in with passkey.')
})
