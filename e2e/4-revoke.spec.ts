import {
  chooseMethod,
  confirmIfSigner,
  confirmSignature,
  continueAs,
  credentialRow,
  expectAlert,
  expectSignedIn,
  expectSignedOut,
  openDemo,
  SANDBOX_CODE,
  signInElement,
  signInWithEmailCode,
  statusOf,
  typeOtp,
  uniqueEmail,
} from './demoSteps.js'
import { expect, test } from './fixtures.js'
import { inspectIndexedDb, walletKeysPlace } from './inspectIndexedDb.js'

test('revoke a credential and a session; the refusals the spec requires are shown where the user acted', async ({
  page,
  guard,
}) => {
  const email = uniqueEmail()
  await openDemo(page)
  await signInWithEmailCode(page, guard, email)

  // The last credential cannot go: said at its row.
  await expect(page.locator('#credentials li')).toHaveCount(1)
  await credentialRow(page, 'EMAIL_OTP').getByRole('button', { name: 'Remove Email code' }).click()
  await expectAlert(credentialRow(page, 'EMAIL_OTP'), 'INVALID_INPUT')
  await expect(credentialRow(page, 'EMAIL_OTP')).toContainText(
    'Add another sign-in method before removing this one.',
  )
  await expect(credentialRow(page, 'EMAIL_OTP')).toHaveCount(1)

  // A phone number that is not E.164 is refused at the field, before anything is signed.
  const phone = page.locator('#phone')
  await phone.fill('06 12 34 56 78')
  await page.locator('#add-sms').getByRole('button', { name: 'Add SMS sign-in' }).click()
  await expect(phone).toHaveAttribute('aria-invalid', 'true')
  await expect(phone).toBeFocused()
  await expect(page.locator('#phone-error')).toHaveText(/^Type the number with its country code.*\)\.$/)
  await expect(page.locator('#phone-error + p.code-ref')).toHaveText(
    'Reference for support: INVALID_PHONE_NUMBER',
  )
  await expect(page.locator('wallet-otp-form#sms-otp')).toBeHidden()

  // SMS sign-in: the number goes on the customer (signed), <wallet-otp-form adding> adds the
  // credential, and the code the service sends at once activates it; this session is then the SMS
  // credential's.
  await phone.fill('+33 6 12 34 56 78')
  await expect(phone).not.toHaveAttribute('aria-invalid')
  await page.locator('#add-sms').getByRole('button', { name: 'Add SMS sign-in' }).click()
  const smsForm = page.locator('#activate-sms')
  // One question for the number put on the customer and the credential bound to it: the form (or
  // the signer) names the number the user gave before anything is signed.
  await confirmSignature(smsForm, 'Sign in with codes texted to +33612345678.')
  await expect(credentialRow(page, 'SMS_OTP')).toHaveCount(1)
  await expect(credentialRow(page, 'SMS_OTP')).toContainText('Text message code')
  await typeOtp(smsForm, guard, SANDBOX_CODE)
  await expect(smsForm).toBeHidden()
  await expect(statusOf(page.locator('#add-sms'))).toHaveText('SMS sign-in is on; this session now uses it.')
  await expect(page.locator('#signed-in-with')).toHaveText('Text message code')

  // A credential cannot remove itself: a session of another credential must sign. (The list is
  // drawn again for the new session first: a click before that would land on the old row.)
  await expect(credentialRow(page, 'SMS_OTP')).toContainText('(this session)')
  await credentialRow(page, 'SMS_OTP').getByRole('button', { name: 'Remove Text message code' }).click()
  await confirmIfSigner(page, /remove/i)
  await expectAlert(credentialRow(page, 'SMS_OTP'), 'WALLET_SIGNATURE_INVALID')
  await expect(credentialRow(page, 'SMS_OTP').locator(':scope > p.alert')).toBeFocused()
  await expect(credentialRow(page, 'SMS_OTP')).toHaveCount(1)
  // Refused, but still signed in.
  await expectSignedIn(page, email)

  await credentialRow(page, 'EMAIL_OTP').getByRole('button', { name: 'Remove Email code' }).click()
  await confirmIfSigner(page, /remove/i)
  await expect(credentialRow(page, 'EMAIL_OTP')).toHaveCount(0)
  await expect(statusOf(page.locator('#credentials-panel'))).toContainText('Removed Email code')
  await expect(credentialRow(page, 'SMS_OTP')).toHaveCount(1)

  // A second session of the same user, in another browser profile. The SMS credential was
  // challenged a moment ago: the sandbox allows one challenge per 30 s, so move its clock on.
  await page.locator('#advance-30s').click()
  await expect(statusOf(page.locator('#advance-30s').locator('..'))).toHaveText(
    'Sandbox clock moved 30 seconds ahead.',
  )
  const other = await guard.newGuardedPage()
  await openDemo(other)
  await continueAs(other, email)
  await chooseMethod(other, 'Text message code')
  await typeOtp(signInElement(other), guard, SANDBOX_CODE)
  await expectSignedIn(other, email)
  const otherSessionId = (await other.locator('#session-id').textContent()) ?? ''
  expect(otherSessionId).toMatch(/^Session:/)

  // The first page lists both once it reads the sessions again (a reload keeps its session).
  await page.reload()
  await expectSignedIn(page, email)
  const thisSessionId = (await page.locator('#session-id').textContent()) ?? ''
  await expect(page.locator(`#sessions li[data-session-id="${thisSessionId}"]`)).toHaveAttribute(
    'data-current',
    'true',
  )
  const otherRow = page.locator(`#sessions li[data-session-id="${otherSessionId}"]`)
  await expect(otherRow).toHaveAttribute('data-current', 'false')
  await otherRow.getByRole('button', { name: /^Revoke/ }).click()
  await expect(otherRow).toHaveCount(0)
  await expect(statusOf(page.locator('#sessions-panel'))).toHaveText('Session revoked.')
  await expect(page.locator(`#sessions li[data-session-id="${thisSessionId}"]`)).toHaveCount(1)

  // The revoked session can no longer act. The service refuses its refresh (401) and no longer
  // lists it: the kit wipes the dead key, and the sign-in says the session ended.
  await other.locator('wallet-session-status').getByRole('button', { name: 'Stay signed in' }).click()
  await expectSignedOut(other)
  await expect(other.locator('#methods')).toContainText('Your session ended')
  expect((await inspectIndexedDb(walletKeysPlace(other))).privateKeys).toBe(0)

  await page.locator('#revoke-this-session').click()
  await expectSignedOut(page)
  await expect(signInElement(page).locator('[part="status"]').first()).toContainText('You signed out')
})
