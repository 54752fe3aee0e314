import type { Page } from '@playwright/test'
import {
  afterPaint,
  confirmSignature,
  openDemo,
  signInWithEmailCode,
  statusOf,
  uniqueEmail,
} from './demoSteps.js'
import { expectAccessible } from './expectAccessible.js'
import { expect, test } from './fixtures.js'

// The money section before a payment (who receives it, about how much arrives) and the history
// after it, as a person meets them: by label and role, with the keyboard where a person types.

/**
 * Waits for two frames (the layout settled), then screenshots of the page and of the section
 * `part` at the page's width, in /tmp/screens.
 */
async function shoot(page: Page, name: string, part: string) {
  await afterPaint(page)
  const width = page.viewportSize()?.width
  await page.screenshot({ path: `/tmp/screens/${name}-${width}.png`, fullPage: true })
  await page.locator(part).screenshot({ path: `/tmp/screens/${name}-section-${width}.png` })
}

/** Both widths: a 390 px phone and a desktop, the page laid out without sideways scrolling. */
async function shootBoth(page: Page, name: string, part: string) {
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, name, part)
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0)
  await page.setViewportSize({ width: 1280, height: 720 })
  await shoot(page, name, part)
}

/** Picks the "Pay to" choice whose text has `text` (a person's pick in the list). */
async function payTo(page: Page, text: string) {
  const list = page.getByLabel('Pay to')
  const option = list.locator('option', { hasText: text }).first()
  await list.selectOption((await option.getAttribute('value')) ?? '')
}

const history = (page: Page) => page.getByRole('list', { name: 'Transactions' })

test('history lists the funding and the payment; the receiver and an estimate are shown before the quote', async ({
  page,
  guard,
}) => {
  await openDemo(page)
  await signInWithEmailCode(page, guard, uniqueEmail())
  const section = page.getByRole('region', { name: 'History' })
  await expect(section).toContainText('No transactions yet.')

  // Funds added: the history lists them at once, as money received.
  await page.getByLabel('Amount to add (USDB)').fill('1000')
  await page.getByRole('button', { name: 'Add funds (sandbox)' }).click()
  await expect(page.locator('#balance')).toHaveText('1,000.00 USDB')
  const funding = history(page).getByRole('listitem')
  await expect(funding).toHaveCount(1)
  await expect(funding).toContainText('Received 1,000.00 USDB')
  await expect(funding).toContainText('Added to your wallet')
  await expect(funding).toContainText('Completed')

  // The receiver checked before any quote: who it is and what it takes, in words.
  await payTo(page, '$success.eur')
  const check = page.locator('#receiver-check')
  await expect(check).toHaveText(/^\$success\.eur@\S+ receives payments in Euro \(EUR\)\.$/)
  await expect(check).toHaveAttribute('role', 'status')

  // The estimate follows the amount as it is typed, and says it is one.
  const amount = page.getByLabel('Amount (USDB)')
  const estimate = page.locator('#rate-preview')
  await amount.fill('')
  await amount.pressSequentially('50')
  await expect(estimate).toHaveText(
    /^Estimate: about €[\d,.]+ arrives \(1 USDB ≈ 0\.9259 EUR, fees [$\d,.]+ USDB included\)\. The quote sets the exact amount\.$/,
  )
  const fifty = (await estimate.textContent()) ?? ''
  await amount.press('Backspace')
  await amount.press('Backspace')
  await amount.pressSequentially('25')
  await expect(estimate).not.toHaveText(fifty)
  await expect(estimate).toHaveText(/^Estimate: about €[\d,.]+ arrives/)
  const estimated = Number(
    (/about €([\d,.]+)/.exec((await estimate.textContent()) ?? '')?.[1] ?? '').replace(',', ''),
  )
  // About 25 / 1.08 less the fees: below 23.15, not far below.
  expect(estimated).toBeGreaterThan(20)
  expect(estimated).toBeLessThan(23.15)
  await expect(amount).toHaveAttribute('aria-describedby', 'rate-preview')
  await shootBoth(page, 'receiver-estimate', '#quote-form')
  await expectAccessible(page)

  // Too little to send: said, with the smallest amount.
  await amount.fill('0.01')
  await expect(estimate).toHaveText(/^Too little to send to EUR: send at least [\d,.]+ USDB\.$/)
  await amount.fill('25')
  await expect(estimate).toHaveText(/^Estimate: about €/)

  // The quote and the payment: the history lists the payment too, newest first.
  await page.getByRole('button', { name: 'Get quote' }).click()
  await expect(statusOf(page.locator('#quote-form'))).toHaveText('Quote ready: check it and pay below.')
  const step = page.locator('wallet-sca-step')
  await expect(step.locator('[part="summary"]')).toHaveText(/^You pay 25\.00 USDB to UMA \$success\.eur@/)
  await step.getByRole('button', { name: 'Pay 25.00 USDB' }).click()
  await confirmSignature(step, '25.00 USDB')
  await expect(step.locator('[part="status"]')).toHaveText('Paid: the money has arrived.')
  const items = history(page).getByRole('listitem')
  await expect(items).toHaveCount(2)
  await expect(items.first()).toContainText('Sent 25.00 USDB')
  await expect(items.first()).toContainText(/To \$success\.eur@/)
  await expect(items.nth(1)).toContainText('Received 1,000.00 USDB')
  await section.scrollIntoViewIfNeeded()
  await shootBoth(page, 'history', '#history-panel')
  await expectAccessible(page)
})

test('a typed address is checked when the person leaves the field: nobody there is said at the field', async ({
  page,
  guard,
}) => {
  await openDemo(page)
  await signInWithEmailCode(page, guard, uniqueEmail())
  await payTo(page, 'Type a UMA address')
  const field = page.getByRole('textbox', { name: 'Their UMA address' })
  await expect(field).toBeVisible()

  // Get quote with nothing typed: the field asks for the address, and has the focus.
  await page.getByRole('button', { name: 'Get quote' }).click()
  const error = page.locator('#receiver-address-error')
  await expect(error).toHaveText(/^Type the UMA address to pay, like \$name@example\.com\.$/)
  await expect(page.locator('#receiver-address-error + p.code-ref')).toHaveText(
    /^Reference for support: [A-Z_]+$/,
  )
  await expect(field).toBeFocused()

  // Nobody at this address: said at the field when the person leaves it (Tab), the field marked.
  const domain = (await page.locator('#receiver-address-example').textContent())?.split('@')[1] ?? ''
  await page.keyboard.type(`$nobody@${domain}`)
  await page.keyboard.press('Tab')
  await expect(error).toHaveText('Nobody receives payments at that address. Check it and try again.')
  await expect(page.locator('#receiver-address-error + p.code-ref')).toHaveText(
    'Reference for support: UMA_NOT_FOUND',
  )
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription(/Nobody receives payments at that address/)
  await expect(page.locator('#receiver-check')).toBeEmpty()
  await expect(page.locator('#payment')).toBeHidden()
  await shootBoth(page, 'receiver-not-found', '#quote-form')
  await expectAccessible(page)

  // Enter on the wrong address makes no quote: the focus stays at the field to correct it.
  await field.focus()
  await page.keyboard.press('Enter')
  await expect(field).toBeFocused()
  await expect(page.locator('#payment')).toBeHidden()

  // Something that is no address at all.
  await field.fill('')
  await page.keyboard.type('bob')
  await page.keyboard.press('Tab')
  await expect(error).toHaveText('That is not a UMA address. Type one like $name@example.com.')

  // Corrected, then Enter: the address is found, the mark goes, and the quote pays it.
  await field.fill('')
  await page.keyboard.type(`$success.mxn@${domain}`)
  await page.keyboard.press('Enter')
  await expect(page.locator('#receiver-check')).toHaveText(
    `$success.mxn@${domain} receives payments in Mexican Peso (MXN).`,
  )
  await expect(error).toBeEmpty()
  await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('#rate-preview')).toHaveText(
    /^Estimate: about MX\$[\d,.]+ arrives \(1 USDB ≈ 18\.1818 MXN/,
  )
  const step = page.locator('wallet-sca-step')
  await expect(step.locator('[part="summary"]')).toHaveText(
    new RegExp(`^You pay 25\\.00 USDB to UMA \\$success\\.mxn@${domain.replaceAll('.', '\\.')}\\.`),
  )
})

test('a bank account is checked too: the page says it is yours and what it takes', async ({
  page,
  guard,
}) => {
  await openDemo(page)
  await signInWithEmailCode(page, guard, uniqueEmail())
  await payTo(page, 'ending 000')
  await expect(page.locator('#receiver-check')).toHaveText(
    'Your US bank account ending 000 receives payments in United States Dollar (USD).',
  )
  await expect(page.locator('#rate-preview')).toHaveText(
    /^Estimate: about \$[\d,.]+ arrives \(1 USDB ≈ 1 USD/,
  )
})
