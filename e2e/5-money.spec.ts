import { openDemo, signInWithEmailCode, uniqueEmail } from './demoSteps.js'
import { expect, test } from './fixtures.js'

// The sandbox's SCA "SMS" code.
const SCA_CODE = '123456'

test('payment: SCA opened at execution, a wrong code corrected, paid only when the status says so', async ({
  page,
  guard,
}) => {
  const email = uniqueEmail()
  await openDemo(page)
  // An EU customer: payments need strong customer authentication.
  await signInWithEmailCode(page, guard, email, 'FR')
  await expect(page.locator('#money')).toBeVisible()

  const balance = page.locator('#balance')
  const before = await balance.textContent()
  await page.locator('#fund-amount').fill('1000')
  await page.locator('#fund').click()
  await expect(balance).not.toHaveText(before ?? '')
  await expect(page.locator('#alert')).toBeEmpty()

  // A bank payment that takes about six minutes of sandbox time to arrive.
  const destination = page.locator('#destination option', { hasText: 'ending 003' }).first()
  await expect(destination).toBeAttached()
  const value = await destination.getAttribute('value')
  await page.locator('#destination').selectOption(value ?? '')
  await page.locator('#quote-amount').fill('25')
  await page.locator('#get-quote').click()
  // No SCA at creation: the service opens it when the quote is executed.
  await expect(page.locator('#quote-status')).toHaveText(/^PENDING · /)
  await expect(page.locator('#sca-form')).toBeHidden()

  await page.locator('#execute').click()
  await expect(page.locator('#quote-status')).toContainText('PENDING_AUTHORIZATION')
  // The execute call carried the wallet signature of this session's key, shown decoded.
  const publicKey = (await page.locator('#public-key').textContent()) ?? ''
  const executed = page.locator('#activity li.signed').filter({ hasText: /\/quotes\/\S+\/execute/ })
  await expect(executed).toHaveCount(1)
  await expect(executed).toHaveAttribute('data-status', '200')
  await expect(executed.locator('dl.stamp dd').first()).toHaveText(publicKey)

  const authorize = (code: string) => {
    const answered = page.waitForResponse(
      (response) =>
        /\/quotes\/[^/]+\/authorize$/.test(new URL(response.url()).pathname) &&
        response.request().method() === 'POST',
    )
    return page
      .locator('#sca-code')
      .fill(code)
      .then(() => page.locator('#sca-confirm').click())
      .then(() => answered)
  }

  // A mistyped code is refused and can be corrected: the step stays open, nothing is lost.
  await expect(page.locator('#sca-step')).toContainText('step 1')
  expect((await authorize('654321')).status()).toBeGreaterThanOrEqual(400)
  await expect(page.locator('#alert code')).not.toBeEmpty()
  await expect(page.locator('#quote-status')).toContainText('PENDING_AUTHORIZATION')

  await expect(page.locator('#sca-form')).toBeVisible()
  await expect(page.locator('#sca-step')).toContainText('step 1')
  expect((await authorize(SCA_CODE)).status()).toBe(200)
  await expect(page.locator('#sca-form')).toBeHidden()
  await expect(page.locator('#alert')).toBeEmpty()
  await expect(page.locator('#transaction-id')).toHaveText(/^Transaction:/)
  // Released is not paid: the page says so only once the quote's status is COMPLETED.
  await expect(page.locator('#status')).toHaveText('Payment sent. Following it until it arrives…')
  await expect(page.locator('#quote-status')).toHaveText(/^PROCESSING · /)
  await page.locator('#advance-6m').click()
  await expect(page.locator('#quote-status')).toHaveText(/^COMPLETED · /)
  await expect(page.locator('#status')).toHaveText('Paid: the money has arrived.')
})
