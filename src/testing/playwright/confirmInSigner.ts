import { type Page, expect as playwrightExpect } from '@playwright/test'

/**
 * The person confirms in the signer's frame (the one `createWalletAuth({ signer })` makes, titled
 * "Your wallet"): waits for its dialog, checks it says `says` when given, then points at Confirm
 * and clicks it until Confirm is gone (the dialog closed, or the signer's next one shown). The
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
  const confirm = dialog.getByRole('button', { name: 'Confirm', exact: true })
  await confirm.hover()
  await playwrightExpect(async () => {
    await confirm.click({ timeout: 1_000 })
    // Confirm gone, not the dialog: the signer may go on to a dialog of its own (the phrase).
    await playwrightExpect(confirm).toBeHidden({ timeout: 1_000 })
  }).toPass()
}
