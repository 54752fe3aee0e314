import {
  confirmSignature,
  continueAs,
  credentialRow,
  expectAlert,
  expectSignedIn,
  openDemo,
  signInElement,
  signInWithEmailCode,
  signOut,
  statusOf,
  uniqueEmail,
} from './demoSteps.js'
import { expect, test } from './fixtures.js'

// Added and used in the signer's frame: the ceremonies run on the signer's origin, framed by the page.
test('passkey: add one while signed in with an email code (not twice on one device), sign out, sign in with it', async ({
  page,
  guard,
}) => {
  const email = uniqueEmail()
  await openDemo(page)
  await signInWithEmailCode(page, guard, email)

  const buttons = page.locator('#add-passkey').locator('..')
  await page.locator('#add-passkey').click()
  await confirmSignature(page.locator('#credentials-panel'), 'Add a passkey')
  await expect(statusOf(buttons)).toContainText('Passkey added')
  await expect(credentialRow(page, 'PASSKEY')).toHaveCount(1)
  await expect(credentialRow(page, 'PASSKEY')).toContainText('Passkey')
  await expect(credentialRow(page, 'EMAIL_OTP')).toContainText('Email code')
  await expect(credentialRow(page, 'PASSKEY').getByRole('button', { name: 'Remove Passkey' })).toBeVisible()

  // The registration options exclude the account's passkeys: this device refuses a second one.
  await page.locator('#add-passkey').click()
  // The signer asks first: the passkey is made with the person's click in its frame.
  await confirmSignature(page.locator('#credentials-panel'), 'Add a passkey')
  await expectAlert(buttons, 'PASSKEY_ALREADY_REGISTERED')
  await expect(buttons.locator(':scope > p.alert')).toBeFocused()
  await expect(credentialRow(page, 'PASSKEY')).toHaveCount(1)

  await signOut(page)
  await continueAs(page, email)
  // One click: the passkey's own button in the list, its challenge fetched ahead.
  const button = signInElement(page).getByRole('button', { name: /^Passkey/ })
  await expect(button).toBeEnabled()
  await button.click()
  await expectSignedIn(page, email)
  await expect(page.locator('#signed-in-with')).toHaveText('Passkey')
  await expect(statusOf(page.locator('#wallet'))).toHaveText('Signed in with passkey.')
})
