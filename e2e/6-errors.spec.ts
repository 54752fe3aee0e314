import { continueAs, expectAlert, expectSignedIn, openDemo, SANDBOX_CODE, uniqueEmail } from './demoSteps.js'
import { expect, test } from './fixtures.js'

test('wrong code, 429 on resend, expired signed-retry challenge: each explained, then success', async ({
  page,
  guard,
}) => {
  const email = uniqueEmail()
  await openDemo(page)
  await continueAs(page, email)
  await page.locator('#send-email-code').click()
  await expect(page.locator('#code-form')).toBeVisible()

  // A wrong code: said so, and the field is kept for another try.
  await guard.typeCode(page, '111111')
  await expectAlert(page, 'UNAUTHORIZED')
  await expect(page.locator('#alert')).toContainText('not right')
  await expect(page.locator('#code-form')).toBeVisible()

  // A new code at once: 429, and the button counts down from Retry-After.
  const resend = page.locator('#resend-code')
  await resend.click()
  await expectAlert(page, 'RATE_LIMITED')
  await expect(resend).toBeDisabled()
  await expect(resend).toHaveText(/^Send a new code \(\d+ s\)$/)
  await expect(page.locator('#alert')).toContainText('Try again in')

  // Time is moved instead of waited for: the sandbox tool moves the sandbox's clock 30 s, and the
  // page's clock follows the sandbox's (demo/demoClock.ts), so the back-off ends with it. (Moving
  // the browser's clock too, with page.clock, would put the page 30 s ahead of the sandbox.)
  await page.locator('#advance-30s').click()
  await expect(page.locator('#status')).toHaveText('Sandbox clock moved 30 seconds ahead.')
  await expect(resend).toBeEnabled()
  await expect(resend).toHaveText('Send a new code')
  await resend.click()
  await expect(page.locator('#status')).toHaveText('Code sent.')
  await expect(page.locator('#alert')).toBeEmpty()
  await guard.typeCode(page, SANDBOX_CODE)
  await expectSignedIn(page, email)

  // The next 202 goes stale before the page can sign it: the signed retry is refused as expired.
  await page.locator('#expire-next-challenge').click()
  await expect(page.locator('#status')).toContainText('next signed-retry challenge will have expired')
  await page.locator('#refresh-session').click()
  await expectAlert(page, /^(UNAUTHORIZED|CHALLENGE_EXPIRED)$/)
  await expect(page.locator('#alert')).toContainText(/timed out|expired/i)
  // The activity panel shows that 202 and its refused signed retry as one entry.
  await expect(page.locator('#activity li.signed-retry[data-status="401"]')).toHaveCount(1)
  // Nothing is lost: still signed in, and the same click now works (a new key replaces the old).
  await expectSignedIn(page, email)
  const keyBefore = (await page.locator('#public-key').textContent()) ?? ''
  await page.locator('#refresh-session').click()
  await expect(page.locator('#status')).toContainText(/refreshed/i)
  await expect(page.locator('#alert')).toBeEmpty()
  await expectSignedIn(page, email)
  await expect(page.locator('#public-key')).not.toHaveText(keyBefore)
})
