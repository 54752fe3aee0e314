import {
  expectSignedOut,
  openDemo,
  signerDocument,
  signInWithEmailCode,
  signOut,
  statusOf,
  uniqueEmail,
} from './demoSteps.js'
import { expect, test } from './fixtures.js'

// The sandbox's sessions last 15 minutes. The page must tell the truth as soon as time moved
// (within a second on an idle machine), whether the sandbox tools moved it or the device slept
// past the end with no timer run, not when a timer set at sign-in fires, minutes later.

test('the sandbox clock moved past the end of the session: the page shows the sign-in at once', async ({
  page,
  guard,
}) => {
  await openDemo(page)
  await signInWithEmailCode(page, guard, uniqueEmail())
  const advance = page.locator('#advance-6m')
  for (let moved = 1; moved <= 3; moved++) {
    await advance.click()
    await expect(statusOf(advance.locator('..'))).toHaveText('Sandbox clock moved 6 minutes ahead.')
    if (moved < 3) await expect(page.locator('#wallet')).toBeVisible()
  }
  // 18 minutes on: ended, said at once, not when a timer set at sign-in would have fired (minutes
  // from now: the default bound tells the two apart on a busy machine too).
  await expect(page.locator('#sign-in')).toBeVisible()
  await expectSignedOut(page)
})

test('after the sandbox clock moved, a new session counts down its whole 15 minutes on the page', async ({
  page,
  guard,
}) => {
  await openDemo(page)
  const email = uniqueEmail()
  await signInWithEmailCode(page, guard, email)
  const advance = page.locator('#advance-6m')
  for (let moved = 1; moved <= 2; moved++) {
    await advance.click()
    await expect(statusOf(advance.locator('..'))).toHaveText('Sandbox clock moved 6 minutes ahead.')
  }
  await signOut(page)
  // The page follows the sandbox's clock, the signer frame keeps the device's: the new session's
  // end is read on the page's clock, not 12 minutes short of it.
  await signInWithEmailCode(page, guard, email)
  await expect(page.getByText(/^Session ends in 1[45]:\d\d\.$/)).toBeVisible()
})

test('a page back from a sleep past the end of the session shows the sign-in at once', async ({
  page,
  guard,
}) => {
  // The page's clock is Playwright's: moved below without running a single timer, as in a sleep.
  await page.clock.install()
  await openDemo(page)
  await signInWithEmailCode(page, guard, uniqueEmail())
  await page.clock.setSystemTime(Date.now() + 16 * 60_000)
  await expect(page.locator('#wallet')).toBeVisible()
  // Back: the tab is shown again, to each of its documents (the page's, and the signer frame's,
  // whose session it is: its clock moved too, the clock being the whole browser context's).
  const shown = () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
    document.dispatchEvent(new Event('visibilitychange'))
  }
  await signerDocument(page).evaluate(shown)
  await page.evaluate(shown)
  await expect(page.locator('#sign-in')).toBeVisible()
  await expectSignedOut(page)
})
