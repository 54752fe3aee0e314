import type { Page } from '@playwright/test'
import {
  chooseMethod,
  confirmInSigner,
  continueAs,
  expectSignedIn,
  openDemo,
  SANDBOX_CODE,
  signerCodeField,
  signerDocument,
  signerFrame,
  signInElement,
  signInWithEmailCode,
  statusOf,
  typeCodeInSigner,
  uniqueEmail,
} from './demoSteps.js'
import { expectAccessible } from './expectAccessible.js'
import { expect, test } from './fixtures.js'
import { phraseRead } from './phraseHeard.js'

/** The page's width and the width of what it lays out: equal when nothing scrolls sideways. */
const widths = (page: Page) =>
  page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }))

test('on a 390 px phone nothing scrolls sideways, and the activity drawer covers the page instead of pushing it', async ({
  page,
  guard,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openDemo(page)
  expect(await widths(page)).toEqual({ scroll: 390, client: 390 })
  await expectAccessible(page)

  // The signer's code box over the page: inside the phone's width, and accessible in its own frame.
  const email = uniqueEmail()
  await continueAs(page, email)
  await chooseMethod(page, 'Email code')
  await expect(signerCodeField(page)).toBeVisible()
  expect(await widths(page)).toEqual({ scroll: 390, client: 390 })
  const box = await signerFrame(page).getByRole('dialog').boundingBox()
  expect(box?.x).toBeGreaterThanOrEqual(0)
  expect((box?.x ?? 0) + (box?.width ?? 391)).toBeLessThanOrEqual(390)
  await expectAccessible(signerDocument(page))
  await expectAccessible(page)
  await typeCodeInSigner(page, guard, SANDBOX_CODE)
  await expectSignedIn(page, email)

  await page.locator('#get-quote').click()
  await expect(page.locator('wallet-sca-step').getByRole('button', { name: /^Pay/ })).toBeVisible()
  expect(await widths(page)).toEqual({ scroll: 390, client: 390 })
  await expectAccessible(page)

  // The drawer: a toggle that says whether it is open, focus into it, Escape back to the toggle.
  const toggle = page.locator('#activity-toggle')
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(page.locator('#activity-heading')).toBeFocused()
  await expect(page.locator('#activity li').first()).toBeVisible()
  const drawer = await page.locator('#activity-drawer').boundingBox()
  expect(drawer?.x).toBe(0)
  expect(drawer?.width).toBe(390)
  expect(await widths(page)).toEqual({ scroll: 390, client: 390 })
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(page.locator('#activity-drawer')).toBeHidden()
  await expect(toggle).toBeFocused()
})

test('export: the recovery phrase after a confirmation, in the signer frame only, then hidden again', async ({
  page,
  guard,
}) => {
  await openDemo(page)
  await signInWithEmailCode(page, guard, uniqueEmail())
  const reveal = page.locator('wallet-export-reveal')
  await reveal.getByRole('button', { name: 'Show recovery phrase' }).click()
  // The signer asks before the export is signed, in its own frame.
  await confirmInSigner(page, /recovery phrase/i)
  // The phrase is in the signer's frame, another origin: no page script reaches it there; a screen
  // reader does, through the browser's accessibility tree.
  // Its words numbered: read as "1. word", "2. word"… and joined here into the phrase.
  const signer = signerDocument(page)
  await expect.poll(() => phraseRead(page, signer)).toMatch(/^([a-z]+ ){11,23}[a-z]+$/)
  // Never in the page: neither its tree nor its markup.
  expect(await phraseRead(page)).toBeUndefined()
  expect(await page.content()).not.toMatch(/\b[a-z]+( [a-z]+){11}\b/)
  await signerFrame(page).getByRole('button', { name: 'Hide' }).click()
  await expect.poll(() => phraseRead(page, signer)).toBeUndefined()
  await expect(reveal.getByRole('button', { name: 'Show recovery phrase' })).toBeVisible()
})

test('an expired quote cannot be paid: said so, and a new quote is asked for', async ({ page, guard }) => {
  await openDemo(page)
  await signInWithEmailCode(page, guard, uniqueEmail())
  await page.locator('#fund').click()
  await expect(page.locator('#balance')).toHaveText('1,000.00 USDB')
  await page.locator('#get-quote').click()
  const step = page.locator('wallet-sca-step')
  const pay = step.getByRole('button', { name: /^Pay/ })
  await expect(pay).toBeFocused()

  // Quotes live five minutes: the sandbox's clock moves six. The page's clock follows it, and the
  // step sees the quote's end on it: Pay is disabled at once, with the sentence, and the quote
  // read again says so too.
  await page.locator('#advance-6m').click()
  await expect(statusOf(page.locator('#advance-6m').locator('..'))).toHaveText(
    'Sandbox clock moved 6 minutes ahead.',
  )
  await expect(pay).toBeDisabled()
  await expect(step.locator('[part="status"]')).toHaveText('This quote expired. Get a new quote.')
  await expect(page.locator('#quote-status')).toHaveText('Expired')
})

test('keyboard only: focus follows each step from the email to the wallet, through the signer', async ({
  page,
  guard,
}) => {
  const email = uniqueEmail()
  await openDemo(page)
  const emailField = page.locator('#email')
  // Tab from the top of the page to the email field.
  for (
    let presses = 0;
    presses < 10 && !(await emailField.evaluate((node) => node === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab')
  }
  await expect(emailField).toBeFocused()
  await page.keyboard.type(email)
  await page.keyboard.press('Enter')
  // The account's only method: its button takes the focus.
  const send = signInElement(page).getByRole('button', { name: 'Email me a code' })
  await expect(send).toBeFocused()
  await page.keyboard.press('Enter')
  // The signer's code box opens over the page with the focus in its field.
  await expect(signerCodeField(page)).toBeFocused()
  guard.watchCode(SANDBOX_CODE)
  await page.keyboard.type(SANDBOX_CODE)
  await expectSignedIn(page, email)
  await expect(page.locator('#wallet-heading')).toBeFocused()
})
