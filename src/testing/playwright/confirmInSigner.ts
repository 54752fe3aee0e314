import { type Page, expect as playwrightExpect } from '@playwright/test'

/**
 * The person confirms in the signer's frame (the one `createWalletAuth({ signer })` makes, titled
 * "Your wallet"): waits for its dialog, checks it says `says` when given, then points at Confirm
 * and clicks it until that dialog is gone (closed, or replaced by the signer's next one). The
 * signer takes a click only once its dialog has been in view, with the pointer on it, for a
 * moment: a first click may be refused, as a person's too-quick one is.
 *
 * @example
 * ```ts
 * import { confirmInSigner } from 'embedded-wallet-auth/testing/playwright'
 *
 * await page.getByRole('button', { name: 'Pay' }).click()
 * await confirmInSigner(page, /You send/)
 * ```
 */
export async function confirmInSigner(page: Page, says?: string | RegExp): Promise<void> {
  const dialog = page.frameLocator('iframe[title="Your wallet"]').getByRole('dialog')
  await playwrightExpect(dialog).toBeVisible()
  if (says !== undefined) await playwrightExpect(dialog).toContainText(says)
  // This question's own dialog: the signer draws each question in a dialog of its own, so when
  // it is gone the Confirm was heard, even if the signer's next question (a second confirmation,
  // the phrase) is already up with a Confirm in the same place, which must not be clicked here.
  const asked = await dialog.elementHandle()
  const open = () => asked.evaluate((element) => element.isConnected).catch(() => false)
  const confirm = dialog.getByRole('button', { name: 'Confirm', exact: true })
  await confirm.hover()
  await playwrightExpect(async () => {
    if (await open()) await confirm.click({ timeout: 1_000 })
    await playwrightExpect.poll(open, { timeout: 1_000 }).toBe(false)
  }).toPass()
}
