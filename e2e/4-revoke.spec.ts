import {
  continueAs,
  credentialRow,
  expectAlert,
  expectSignedIn,
  expectSignedOut,
  openDemo,
  SANDBOX_CODE,
  signInWithEmailCode,
  uniqueEmail,
} from './demoSteps.js'
import { expect, test } from './fixtures.js'
import { inspectIndexedDb } from './inspectIndexedDb.js'

test('revoke a credential and a session; the refusals the spec requires are shown', async ({
  page,
  guard,
}) => {
  const email = uniqueEmail()
  await openDemo(page)
  await signInWithEmailCode(page, guard, email)

  // The last credential cannot go.
  await expect(page.locator('#credentials tr')).toHaveCount(1)
  await credentialRow(page, 'EMAIL_OTP').getByRole('button', { name: 'Remove' }).click()
  await expectAlert(page, 'INVALID_INPUT')
  await expect(credentialRow(page, 'EMAIL_OTP')).toHaveCount(1)

  // SMS sign-in: the number goes on the customer (signed), the credential follows it, and the code
  // the service sends at once activates it; this session is then the SMS credential's.
  await page.locator('#phone').fill('+33612345678')
  await page.locator('#add-sms').getByRole('button', { name: 'Add SMS sign-in' }).click()
  await expect(credentialRow(page, 'SMS_OTP')).toHaveCount(1)
  await expect(page.locator('#activate-sms')).toBeVisible()
  await expect(page.locator('#alert')).toBeEmpty()
  guard.watchCode(SANDBOX_CODE)
  await page.locator('#activate-code').fill(SANDBOX_CODE)
  await page.locator('#activate-sms').getByRole('button', { name: 'Turn on SMS sign-in' }).click()
  await expect(page.locator('#activate-sms')).toBeHidden()
  await expect(page.locator('#signed-in-with')).toContainText(/sms/i)
  await expect(page.locator('#alert')).toBeEmpty()

  // A credential cannot remove itself: a session of another credential must sign.
  await credentialRow(page, 'SMS_OTP').getByRole('button', { name: 'Remove' }).click()
  await expectAlert(page, 'WALLET_SIGNATURE_INVALID')
  await expect(credentialRow(page, 'SMS_OTP')).toHaveCount(1)
  // Refused, but still signed in.
  await expectSignedIn(page, email)

  await credentialRow(page, 'EMAIL_OTP').getByRole('button', { name: 'Remove' }).click()
  await expect(credentialRow(page, 'EMAIL_OTP')).toHaveCount(0)
  await expect(page.locator('#status')).toContainText('Removed')
  await expect(page.locator('#alert')).toBeEmpty()
  await expect(credentialRow(page, 'SMS_OTP')).toHaveCount(1)

  // A second session of the same user, in another browser profile. The SMS credential was
  // challenged a moment ago: the sandbox allows one challenge per 30 s, so move its clock on.
  await page.locator('#advance-30s').click()
  await expect(page.locator('#status')).toHaveText('Sandbox clock moved 30 seconds ahead.')
  const other = await guard.newGuardedPage()
  await openDemo(other)
  await continueAs(other, email)
  await other.locator('#send-sms-code').click()
  await expect(other.locator('#code-form')).toBeVisible()
  await guard.typeCode(other, SANDBOX_CODE)
  await expectSignedIn(other, email)
  const otherSessionId = (await other.locator('#session-id').textContent()) ?? ''
  expect(otherSessionId).toMatch(/^Session:/)

  // The first page lists both once it reads the sessions again (a reload keeps its session).
  await page.reload()
  await expectSignedIn(page, email)
  const thisSessionId = (await page.locator('#session-id').textContent()) ?? ''
  await expect(page.locator(`#sessions tr[data-session-id="${thisSessionId}"]`)).toHaveAttribute(
    'data-current',
    'true',
  )
  const otherRow = page.locator(`#sessions tr[data-session-id="${otherSessionId}"]`)
  await expect(otherRow).toHaveAttribute('data-current', 'false')
  await otherRow.getByRole('button', { name: 'Revoke' }).click()
  await expect(otherRow).toHaveCount(0)
  await expect(page.locator('#status')).toHaveText('Session revoked.')
  await expect(page.locator(`#sessions tr[data-session-id="${thisSessionId}"]`)).toHaveCount(1)

  // The revoked session can no longer act. The relay refuses it first (403 FORBIDDEN: a revoked
  // session is not among the user's active sessions), and the page then wipes its dead key.
  await other.locator('#refresh-session').click()
  await expectSignedOut(other)
  await expectAlert(other, 'FORBIDDEN')
  await expect(other.locator('#alert')).toContainText('Your session ended')
  expect((await inspectIndexedDb(other)).privateKeys).toBe(0)

  await page.locator('#revoke-this-session').click()
  await expectSignedOut(page)
  await expect(page.locator('#status')).toContainText('This session was revoked')
})
