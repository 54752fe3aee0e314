import type { Locator, Page } from '@playwright/test'
import {
  afterPaint,
  codeField,
  confirmSignature,
  continueAs,
  expectSignedIn,
  type Keys,
  openDemo,
  SANDBOX_CODE,
  signerFrame,
  signInElement,
  signInWithEmailCode,
  signOut,
  statusOf,
  typeOtp,
  uniqueEmail,
  uniquePhone,
} from './demoSteps.js'
import { expect, test } from './fixtures.js'

// Each flow as short as it can be, at a phone's width, with the keys in the signer's frame and in
// the page: one question per act, in plain words, whether it adds a passkey, Google or SMS or shows
// the recovery phrase; one control at a time; focus where the person acted; a passkey sign-in in
// one click; and the session's countdown on the sandbox's clock.

const QUESTION = 'Check this before you confirm'

/** The screen now at 390 px, then at a desktop's width (and back to the phone's). */
async function shoot(page: Page, name: string, keys: Keys) {
  for (const [width, height] of [
    [1280, 720],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await afterPaint(page)
    await page.screenshot({ path: test.info().outputPath(`${name}-${keys}-${width}.png`) })
  }
}

/** The confirmations on screen now: the signer's dialog, or the kit's panels in the page. */
function questions(page: Page, keys: Keys): Locator {
  return keys === 'signer'
    ? signerFrame(page).getByRole('group', { name: QUESTION })
    : page.getByRole('group', { name: QUESTION })
}

for (const keys of ['signer', 'page'] as const) {
  test.describe(`keys in the ${keys === 'signer' ? "signer's frame" : 'page'}, at 390 px`, () => {
    test.use({ viewport: { width: 390, height: 844 } })

    test('adding SMS: the number, one question, then the code; focus back on the button it started from', async ({
      page,
      guard,
    }) => {
      await openDemo(page, keys)
      await signInWithEmailCode(page, guard, uniqueEmail())
      const number = uniquePhone()
      const addSms = page.locator('#add-sms')
      await page.locator('#phone').fill(number)
      await addSms.getByRole('button', { name: 'Add SMS sign-in' }).click()

      // The number's form gives way: the question is the one control on screen.
      const activate = page.locator('#activate-sms')
      await expect(questions(page, keys)).toHaveCount(1)
      await expect(questions(page, keys)).toContainText(`Sign in with codes texted to ${number}.`)
      await expect(addSms).toBeHidden()
      await expect(activate.getByRole('button', { name: /^Text a code/ })).toHaveCount(0)
      await shoot(page, 'sms-question', keys)
      await confirmSignature(activate, number)

      // No second question (the number on the customer, then the credential): the code, at once.
      if (keys === 'page') {
        const field = codeField(activate)
        await expect(field).toBeFocused()
        await expect(questions(page, keys)).toHaveCount(0)
        // A wrong code is marked; a new code takes the mark and the sentence away with it.
        await guard.typeCode(field, '123456')
        await expect(field).toHaveAttribute('aria-invalid', 'true')
        await page.locator('#advance-30s').click()
        await expect(statusOf(page.locator('#advance-30s').locator('..'))).toHaveText(
          'Sandbox clock moved 30 seconds ahead.',
        )
        // The form's own wait counts on the page's clock, which follows the sandbox's: over too.
        const resend = activate.getByRole('button', { name: 'Send a new code' })
        await expect(resend).toBeEnabled()
        await resend.click()
        await expect(field).toHaveValue('')
        await expect(field).not.toHaveAttribute('aria-invalid')
        await expect(activate.locator('wallet-otp-form [part="error"]')).toHaveText('')
      }
      await shoot(page, 'sms-code', keys)
      await typeOtp(activate, guard, SANDBOX_CODE)

      await expect(activate).toBeHidden()
      await expect(statusOf(addSms)).toHaveText('SMS sign-in is on; this session now uses it.')
      await expect(addSms.getByRole('button', { name: 'Add SMS sign-in' })).toBeFocused()
      await shoot(page, 'sms-on', keys)
    })

    test('a passkey and Google each added after one question; the passkey then signs in with one click', async ({
      page,
      guard,
    }) => {
      const email = uniqueEmail()
      await openDemo(page, keys)
      await signInWithEmailCode(page, guard, email)
      const panel = page.locator('#credentials-panel')
      const addPasskey = page.locator('#add-passkey')
      await addPasskey.click()
      await expect(questions(page, keys)).toContainText('Add a passkey')
      // While it asks, the buttons that started it are set aside.
      if (keys === 'page') await expect(addPasskey).toBeHidden()
      await shoot(page, 'passkey-question', keys)
      await confirmSignature(panel, 'Add a passkey')
      await expect(statusOf(addPasskey.locator('..'))).toContainText('Passkey added')
      await expect(addPasskey).toBeFocused()

      const addOauth = page.locator('#add-oauth')
      await addOauth.click()
      await expect(questions(page, keys)).toContainText('Google')
      await shoot(page, 'google-question', keys)
      await confirmSignature(panel, 'Google')
      await expect(statusOf(addOauth.locator('..'))).toContainText('Google sign-in (sandbox) added')

      await signOut(page)
      await continueAs(page, email)
      const passkey = signInElement(page).getByRole('button', { name: /^Passkey/ })
      await expect(passkey).toBeEnabled()
      await shoot(page, 'sign-in-methods', keys)
      await passkey.click()
      await expectSignedIn(page, email)
      await expect(page.locator('#signed-in-with')).toHaveText('Passkey')
    })

    test('the recovery phrase after one question in plain words', async ({ page, guard }) => {
      await openDemo(page, keys)
      await signInWithEmailCode(page, guard, uniqueEmail())
      const reveal = page.locator('wallet-export-reveal')
      await reveal.getByRole('button', { name: 'Show recovery phrase' }).click()
      const question = questions(page, keys)
      await expect(question).toHaveCount(1)
      await expect(question).toContainText(
        "Show the wallet's recovery phrase. Whoever sees it controls the wallet.",
      )
      await expect(question).not.toContainText(/\b0[234][0-9a-f]{6}|encrypted|key/i)
      await shoot(page, 'export-question', keys)
      await confirmSignature(reveal, 'recovery phrase')
      // Shown at once: no second question.
      // (In the page, the words are in a closed shadow root no locator reaches: the element says so.)
      if (keys === 'signer')
        await expect(signerFrame(page).getByRole('list', { name: 'Recovery phrase' })).toBeVisible()
      else
        await expect(reveal.locator('[part="status"]')).toHaveText(
          'Recovery phrase shown. Write it down, then hide it.',
        )
      await expect(questions(page, keys)).toHaveCount(0)
      await (keys === 'signer' ? signerFrame(page) : reveal).getByRole('button', { name: 'Hide' }).click()
      await expect(reveal.getByRole('button', { name: 'Show recovery phrase' })).toBeVisible()
    })

    test("the session's countdown follows the sandbox clock when the tools move it", async ({
      page,
      guard,
    }) => {
      await openDemo(page, keys)
      await signInWithEmailCode(page, guard, uniqueEmail())
      const countdown = page.locator('wallet-session-status [part="countdown"]')
      await expect(countdown).toHaveText(/^Session ends in 1[45]:\d\d\.$/)
      await page.locator('#advance-6m').click()
      await expect(statusOf(page.locator('#advance-6m').locator('..'))).toHaveText(
        'Sandbox clock moved 6 minutes ahead.',
      )
      // (Counting on the device's clock, it would show 14 minutes for many seconds more.)
      await expect(countdown).toHaveText(/^Session ends in (8|9):\d\d\.$/)
      await shoot(page, 'countdown-moved', keys)
    })
  })
}
