import type { Page } from '@playwright/test'
import {
  confirmSignature,
  openDemo,
  passScaLogin,
  signInWithEmailCode,
  statusOf,
  uniqueEmail,
} from './demoSteps.js'
import { expect, type Guard, test } from './fixtures.js'

// The sandbox's SCA "SMS" code.
const SCA_CODE = '123456'

/** Funds the wallet with 1000 and quotes `amount` to the destination whose label has `to`. */
async function quote(page: Page, to: string, amount: string) {
  const balance = page.locator('#balance')
  await page.locator('#fund-amount').fill('1000')
  await page.locator('#fund').click()
  await expect(balance).toHaveText('1,000.00 USDB')
  await expect(statusOf(page.locator('#fund-form'))).toHaveText('Added 1,000.00 USDB (sandbox).')

  const destination = page.locator('#destination option', { hasText: to }).first()
  await page.locator('#destination').selectOption((await destination.getAttribute('value')) ?? '')
  await page.locator('#quote-amount').fill(amount)
  await page.locator('#get-quote').click()
  // No SCA at creation: the service opens it when the quote is executed.
  await expect(page.locator('#quote-status')).toHaveAttribute('data-status', 'PENDING')
  await expect(page.locator('#quote-status')).toHaveText('Ready to pay')
}

async function signedInAs(page: Page, guard: Guard, country: 'FR' | 'US') {
  await openDemo(page)
  await signInWithEmailCode(page, guard, uniqueEmail(), country)
  await expect(page.locator('#money')).toBeVisible()
}

test('payment: SCA opened at execution, a wrong code corrected, paid only when the status says so', async ({
  page,
  guard,
}) => {
  // An EU customer: payments need strong customer authentication, and an SCA login before them.
  await signedInAs(page, guard, 'FR')
  await passScaLogin(page)
  // A bank payment that takes about six minutes of sandbox time to arrive.
  await quote(page, 'ending 003', '25')
  const step = page.locator('wallet-sca-step')
  // What is paid, and to whom, as money; focus on the Pay button.
  await expect(step.locator('[part="summary"]')).toHaveText(
    /^You pay 25\.00 USDB to US bank account ending 003\./,
  )
  const pay = step.getByRole('button', { name: 'Pay 25.00 USDB' })
  await expect(pay).toBeFocused()
  await pay.click()
  // Before the wallet signs: what the signature pays, from the quote the page holds.
  await confirmSignature(step, '25.00 USDB')

  const code = step.getByLabel('Confirmation code')
  await expect(code).toBeFocused()
  await expect(page.locator('#quote-status')).toHaveText('Waiting for your confirmation')
  // The execute call carried the wallet signature of this session's key, shown decoded.
  const publicKey = (await page.locator('#public-key').textContent()) ?? ''
  const executed = page.locator('#activity li.signed').filter({ hasText: /\/quotes\/\S+\/execute/ })
  await expect(executed).toHaveCount(1)
  await expect(executed.locator('dl.stamp dd').first()).toHaveText(publicKey)

  // A mistyped code is refused at the field and can be corrected: the step stays open. (The SCA
  // code goes to the service as it is typed: it is not one of the guard's HPKE-sealed OTPs.)
  await code.fill('654321')
  await expect(step.locator('[part="error"]')).toHaveText('That code is not right. Check it and try again.')
  await expect(step.locator('[part="error-code"]')).toHaveText(/^Reference for support: [A-Z_]+$/)
  await expect(code).toHaveAttribute('aria-invalid', 'true')
  await expect(code).toBeFocused()
  await expect(page.locator('#quote-status')).toHaveText('Waiting for your confirmation')

  await code.fill(SCA_CODE)
  await expect(code).toBeHidden()
  await expect(step.locator('[part="error"]')).toBeEmpty()
  await expect(page.locator('#transaction-id')).toHaveText(/^Transaction:/)
  // Released is not paid: "Paid" only once the quote's status is COMPLETED.
  await expect(step.locator('[part="status"]')).toHaveText(/^Payment sent\./)
  await expect(page.locator('#quote-status')).toHaveText('On its way')
  await page.locator('#advance-6m').click()
  await expect(step.locator('[part="status"]')).toHaveText('Paid: the money has arrived.')
  await expect(page.locator('#quote-status')).toHaveText('Paid')
  await expect(page.locator('#balance')).toHaveText('975.00 USDB')
})

test('a failed payment is shown as failed, not paid', async ({ page, guard }) => {
  await signedInAs(page, guard, 'US')
  // No EU rules outside the EU.
  await expect(page.locator('#sca')).toBeHidden()
  await quote(page, 'ending 002', '10')
  const step = page.locator('wallet-sca-step')
  await step.getByRole('button', { name: 'Pay 10.00 USDB' }).click()
  await confirmSignature(step, '10.00 USDB')
  await expect(step.locator('[part="error"]')).toHaveText(/^The payment failed\..*\.$/)
  await expect(step.locator('[part="error-code"]')).toHaveText('Reference for support: PAYMENT_FAILED')
  await expect(step.locator('[part="status"]')).toBeEmpty()
  await expect(page.locator('#quote-status')).toHaveText('Failed')
  await expect(page.locator('#quote-status')).toHaveAttribute('data-status', 'FAILED')
  await expect(step.getByRole('button', { name: /^Pay/ })).toHaveCount(0)
})
