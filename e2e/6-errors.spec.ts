import {
  chooseMethod,
  continueAs,
  expectElementError,
  expectSignedIn,
  expectSignerCodeError,
  openDemo,
  SANDBOX_CODE,
  signerCodeField,
  signInElement,
  signOut,
  statusOf,
  uniqueEmail,
} from './demoSteps.js'
import { expect, test } from './fixtures.js'

test('a new code waits its turn, a 429 counts down on the first screen, a wrong code is corrected under the same code, an expired signed-retry challenge is explained', async ({
  page,
  guard,
}) => {
  // The page's timers are Playwright's (time flows as usual until the test moves it): the resend
  // back-off counts down in the page, the rate limit in the sandbox, and both are moved together.
  await page.clock.install()
  const email = uniqueEmail()
  await openDemo(page)
  await continueAs(page, email)
  await chooseMethod(page, 'Email code')
  const signIn = signInElement(page)
  // The code is typed in the signer's box, over the page.
  const field = signerCodeField(page)
  await expect(field).toBeFocused()

  // No new code at once (the service would refuse it): "Send a new code" counts down first.
  const resend = signIn.getByRole('button', { name: /^Send a new code/ })
  await expect(resend).toBeDisabled()
  await expect(resend).toHaveText(/^Send a new code in \d+ s$/)

  // A wrong code: said at the signer's field, selected to be typed again; the code sent first
  // still works, without waiting for the back-off.
  await guard.typeCode(field, '111111')
  await expectSignerCodeError(page, 'UNAUTHORIZED')
  await expect(signerCodeField(page).locator('..').locator('#code-error')).toContainText('not right')
  await expect(field).toBeFocused()
  await guard.typeCode(field, SANDBOX_CODE)
  await expectSignedIn(page, email)

  // Signed out at once, the first screen's "Email me a code" is rate-limited too: it counts down.
  await signOut(page)
  const send = signIn.getByRole('button', { name: /^(Email me a code|Send a new code)/ })
  await send.click()
  await expectElementError(signIn, 'RATE_LIMITED')
  await expect(send).toBeDisabled()
  await expect(send).toHaveText(/^Send a new code in \d+ s$/)
  // Time is moved, not waited for: the page's 30 s, then the sandbox's (its tool also sets the
  // page's clock to the sandbox's, demo/demoClock.ts).
  await page.clock.fastForward('00:31')
  await page.locator('#advance-30s').click()
  await expect(statusOf(page.locator('#advance-30s').locator('..'))).toHaveText(
    'Sandbox clock moved 30 seconds ahead.',
  )
  await expect(send).toBeEnabled()
  await expect(send).toHaveText('Email me a code')
  await expect(signIn.locator('[part="error"]').first()).toBeEmpty()
  await send.click()
  await expect(field).toBeFocused()
  await guard.typeCode(field, SANDBOX_CODE)
  await expectSignedIn(page, email)

  // The next 202 goes stale before the page can sign it: the signed retry is refused as expired.
  await page.locator('#expire-next-challenge').click()
  await expect(statusOf(page.locator('#expire-next-challenge').locator('..'))).toContainText(
    'next signed-retry challenge will have expired',
  )
  const status = page.locator('wallet-session-status')
  const stay = status.getByRole('button', { name: 'Stay signed in' })
  await stay.click()
  // Said where the user clicked, as a sentence with the code apart (the service's 401 names the
  // expired challenge in its reason only).
  await expectElementError(status, /^Reference for support: (UNAUTHORIZED|CHALLENGE_EXPIRED)$/)
  // The activity panel shows that 202 and its refused signed retry as one entry.
  await expect(page.locator('#activity li.signed-retry[data-status="401"]')).toHaveCount(1)
  // Nothing is lost: still signed in, and the same click now works (a new key replaces the old).
  await expectSignedIn(page, email)
  const keyBefore = (await page.locator('#public-key').textContent()) ?? ''
  await stay.click()
  await expect(status.locator('[part="status"]')).toHaveText('You stay signed in.')
  await expect(status.locator('[part="error"]')).toBeEmpty()
  await expectSignedIn(page, email)
  await expect(page.locator('#public-key')).not.toHaveText(keyBefore)
})
