import type { Page } from '@playwright/test'
import { afterPaint, openDemo, signInWithEmailCode, statusOf, uniqueEmail } from './demoSteps.js'
import { expectAccessible } from './expectAccessible.js'
import { expect, test } from './fixtures.js'

// A payment someone sends the person: the demo backend's webhook endpoint answers the sandbox's
// INCOMING_PAYMENT.PENDING with 202, and the person approves or declines it on the page, by the
// time it says; then the outcome, the balance and the history. Keyboard only, as a person would.
// Letting a payment's time run out moves the shared sandbox's clock 12 minutes for the tests that
// come after it; none of them minds (a passkey sign-in in the signer frame included), so the file
// need not run last, though its name puts it there.

/** Screenshots of the page, the money section and the sandbox tools at a 390 px phone's width and a desktop's. */
async function shootBoth(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 720 })
    await afterPaint(page)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0)
    await page.screenshot({ path: `/tmp/screens/${name}-${width}.png`, fullPage: true })
    await page.locator('#money').screenshot({ path: `/tmp/screens/${name}-section-${width}.png` })
    await page.locator('#sandbox-tools').screenshot({ path: `/tmp/screens/${name}-tools-${width}.png` })
  }
}

/** The time of day `ms` is, as the page writes a deadline. */
const timeOfDay = (page: Page, ms: number) =>
  page.evaluate((at) => new Date(at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }), ms)

/** The sandbox's time now (the demo moves it; tests share it). */
async function sandboxNow(page: Page): Promise<number> {
  const config = (await (await page.request.get('/api/demo/config')).json()) as { now: string }
  return Date.parse(config.now)
}

/** "Receive a payment" in the sandbox tools, with the keyboard: the block asking for a decision gets the focus. */
async function receiveWithKeyboard(page: Page) {
  await page.getByRole('button', { name: 'Receive a payment' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Payments for you' })).toBeFocused()
}

const TEN_MINUTES = 10 * 60_000

test('an incoming payment waits for the person: approved, declined, or its time runs out', async ({
  page,
  guard,
}) => {
  await openDemo(page)
  await signInWithEmailCode(page, guard, uniqueEmail())
  await expect(page.locator('#incoming')).toBeHidden()
  await expect(page.locator('#balance')).toHaveText('0.00 USDB')
  const history = page.getByRole('list', { name: 'Transactions' })

  // Someone sends 50.00 USDB: said where the person acted, asked in Money, with the time to decide.
  const before = await sandboxNow(page)
  await receiveWithKeyboard(page)
  const after = await sandboxNow(page)
  await expect(statusOf(page.locator('#receive-payment').locator('..'))).toHaveText(
    '50.00 USDB is on its way to you: approve or decline it in Money.',
  )
  const incoming = page.locator('#incoming-list > li')
  await expect(incoming).toHaveCount(1)
  const first = incoming.first()
  await expect(first).toContainText(/^\$friend@\S+ sends you 50\.00 USDB\./)
  const deadlines = [await timeOfDay(page, before + TEN_MINUTES), await timeOfDay(page, after + TEN_MINUTES)]
  const deadline = first.locator('.incoming-deadline')
  await expect(deadline).toHaveText(
    /^Approve or decline it by \d{1,2}:\d{2} [AP]M: after that, it is declined\.$/,
  )
  expect(deadlines).toContain(/by (.+):/.exec((await deadline.textContent()) ?? '')?.[1])
  // Nothing is credited before the person says yes.
  await expect(page.locator('#balance')).toHaveText('0.00 USDB')
  await shootBoth(page, 'incoming-pending')
  await expectAccessible(page)

  // Tab from the heading to Approve; Enter: the outcome takes the focus, the money arrives.
  await page.keyboard.press('Tab')
  const approve = first.getByRole('button', { name: 'Approve' })
  await expect(approve).toBeFocused()
  await expect(approve).toHaveAccessibleDescription(/sends you 50\.00 USDB/)
  await page.keyboard.press('Enter')
  const approved = first.locator('.incoming-outcome')
  await expect(approved).toHaveText('Approved: 50.00 USDB added to your wallet.')
  await expect(approved).toBeFocused()
  await expect(first.getByRole('button')).toHaveCount(0)
  await expect(page.locator('#balance')).toHaveText('50.00 USDB')
  await expect(history.getByRole('listitem').first()).toContainText('Received 50.00 USDB')
  await expect(history.getByRole('listitem').first()).toContainText(/From \$friend@/)
  await expect(history.getByRole('listitem').first()).toContainText('Completed')
  await shootBoth(page, 'incoming-approved')

  // A second one, declined with the keyboard: nothing is added, the history says it failed.
  await receiveWithKeyboard(page)
  await expect(incoming).toHaveCount(2)
  const second = incoming.first()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(second.getByRole('button', { name: 'Decline' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(second.locator('.incoming-outcome')).toHaveText('Declined: nothing was added to your wallet.')
  await expect(second.locator('.incoming-outcome')).toBeFocused()
  await expect(history.getByRole('listitem')).toHaveCount(2)
  await expect(history.getByRole('listitem').first()).toContainText('Failed')
  await expect(page.locator('#balance')).toHaveText('50.00 USDB')

  // A third, left alone past its ten minutes of sandbox time: said declined, no buttons left.
  await receiveWithKeyboard(page)
  const third = incoming.first()
  await expect(third.getByRole('button', { name: 'Approve' })).toBeVisible()
  await page.getByRole('button', { name: 'Advance 6 min' }).click()
  await expect(third.getByRole('button', { name: 'Approve' })).toBeVisible()
  await page.getByRole('button', { name: 'Advance 6 min' }).click()
  await expect(third.locator('.incoming-outcome')).toHaveText(
    'The time to decide passed, so the payment was declined. Nothing was added to your wallet.',
  )
  await expect(third.getByRole('button')).toHaveCount(0)
  await expect(page.locator('#balance')).toHaveText('50.00 USDB')
  await shootBoth(page, 'incoming-outcomes')
  await expectAccessible(page)
})

test('a payment still waiting is shown again after a reload', async ({ page, guard }) => {
  await openDemo(page)
  await signInWithEmailCode(page, guard, uniqueEmail())
  await receiveWithKeyboard(page)
  await page.reload()
  const row = page.locator('#incoming-list > li')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(/sends you 50\.00 USDB\./)
  await row.getByRole('button', { name: 'Decline' }).click()
  await expect(row.locator('.incoming-outcome')).toHaveText('Declined: nothing was added to your wallet.')
})

test('keys in the page (?keys=page): the receiver, the estimate and an incoming payment work the same', async ({
  page,
  guard,
}) => {
  await openDemo(page, 'page')
  await signInWithEmailCode(page, guard, uniqueEmail())
  await expect(page.locator('#receiver-check')).toHaveText(
    /^\$success\.eur@\S+ receives payments in Euro \(EUR\)\.$/,
  )
  await expect(page.locator('#rate-preview')).toHaveText(/^Estimate: about €[\d,.]+ arrives/)
  await receiveWithKeyboard(page)
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(page.locator('#incoming-list .incoming-outcome')).toHaveText(
    'Approved: 50.00 USDB added to your wallet.',
  )
  await expect(page.locator('#balance')).toHaveText('50.00 USDB')
  await expect(page.getByRole('list', { name: 'Transactions' }).getByRole('listitem')).toHaveCount(1)
})

test("the demo's webhook endpoint refuses a delivery the service did not sign", async ({ page }) => {
  const forged = await page.request.post('/api/webhooks', {
    headers: { 'Content-Type': 'application/json', 'X-Service-Signature': 'AAAA' },
    data: JSON.stringify({ id: 'x', type: 'INCOMING_PAYMENT.PENDING', timestamp: new Date().toISOString() }),
  })
  expect(forged.status()).toBe(401)
})
