import { openDemo, signInWithEmailCode, uniqueEmail } from './demoSteps.js'
import { expect, test } from './fixtures.js'

// The sandbox's SCA "SMS" code.
const SCA_CODE = '123456'

test('quote with two SCA steps, executed with the wallet signature, transaction id shown', async ({
  page,
  guard,
}) => {
  const email = uniqueEmail()
  await openDemo(page)
  // An EU customer: payments need strong customer authentication, in two steps.
  await signInWithEmailCode(page, guard, email, 'FR')
  await expect(page.locator('#money')).toBeVisible()

  const balance = page.locator('#balance')
  const before = await balance.textContent()
  await page.locator('#fund-amount').fill('100000')
  await page.locator('#fund').click()
  await expect(balance).not.toHaveText(before ?? '')
  await expect(page.locator('#alert')).toBeEmpty()

  const destination = page.locator('#destination option', { hasText: '$success.eur@' }).first()
  await expect(destination).toBeAttached()
  const value = await destination.getAttribute('value')
  await page.locator('#destination').selectOption(value ?? '')
  await page.locator('#quote-amount').fill('25000')
  await page.locator('#get-quote').click()
  await expect(page.locator('#quote-status')).toContainText('PENDING_AUTHORIZATION')
  await expect(page.locator('#execute')).toBeDisabled()

  // The page asks for each step's proof in turn: the first step's code must not answer the second.
  for (const step of [1, 2]) {
    await expect(page.locator('#sca-form')).toBeVisible()
    await expect(page.locator('#sca-step')).toContainText(`step ${step}`)
    const authorized = page.waitForResponse(
      (response) =>
        /\/quotes\/[^/]+\/authorize$/.test(new URL(response.url()).pathname) &&
        response.request().method() === 'POST',
    )
    await page.locator('#sca-code').fill(SCA_CODE)
    await page.locator('#sca-confirm').click()
    expect((await authorized).status(), `SCA step ${step}`).toBe(200)
  }
  await expect(page.locator('#status')).toHaveText('Payment confirmed: it can be paid now.')
  await expect(page.locator('#alert')).toBeEmpty()
  await expect(page.locator('#sca-form')).toBeHidden()
  await expect(page.locator('#quote-status')).toHaveText(/^PENDING · /)
  await expect(page.locator('#execute')).toBeEnabled()

  await page.locator('#execute').click()
  await expect(page.locator('#transaction-id')).toHaveText(/^Transaction:/)
  await expect(page.locator('#alert')).toBeEmpty()
  // The execute call carried the wallet signature of this session's key, shown decoded.
  const publicKey = (await page.locator('#public-key').textContent()) ?? ''
  const executed = page.locator('#activity li.signed').filter({ hasText: /\/quotes\/\S+\/execute/ })
  await expect(executed).toHaveCount(1)
  await expect(executed).toHaveAttribute('data-status', /^2\d\d$/)
  await expect(executed.locator('dl.stamp dd').first()).toHaveText(publicKey)
})
