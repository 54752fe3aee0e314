// <wallet-sca-step>'s phone check with a signer-mode client, in Chromium against the relay and
// sandbox (the signer's frame stood in for by signerStandIn.ts, given here the customers and sca
// methods a framed client has): the number is typed in the page (it is no secret) and its change
// confirmed by the signer, never by a `confirm` of the page; the phone's code is typed in the
// signer's box (confirmVerificationCode is called without a code) and the page has no field for it.
import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { PaymentResult } from '../../src/client/quoteMethods.js'
import { WalletAuthError } from '../../src/errors.js'
import type { Customer } from '../../src/wire/customer.js'
import { expectAccessible, mount, shadowOf, signInByEmail, signUpWithClient } from './elementKit.js'
import { END_USER_IP, platformCall, quoteTo, SCA_CODE } from './paymentKit.js'
import { signerStandIn } from './signerStandIn.js'

const PARIS = { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' }
const status = (element: Element) => shadowOf(element).querySelector('[role="status"]')

describe('<wallet-sca-step> and a phone to verify, in signer mode', () => {
  it('takes the number in the page, the code in the signer, then logs in and pays', async () => {
    const customer = await signUpWithClient({}, { address: PARIS })
    await signInByEmail(customer)
    await platformCall('POST', `/sandbox/internal-accounts/${customer.accountId}/fund`, {
      amount: 50_000_000,
    })
    const { wallet, customerId } = customer
    const signer = signerStandIn(wallet)
    const calls: Array<{ method: string; args: number }> = []
    // The signer's code box for the phone: the test types the code there.
    let typeInSigner: ((code: string) => void) | undefined
    let closeSigner: (() => void) | undefined
    Object.assign(signer.client, {
      customers: {
        get: (id: string) => wallet.customers.get(id),
        updateContact: (id: string, change: { phoneNumber: string }, ...rest: unknown[]) => {
          calls.push({ method: 'updateContact', args: 2 + rest.length })
          // The signer asks the person itself (said yes here).
          return wallet.customers.updateContact(id, change, { confirm: () => true })
        },
        sendVerificationCode: (id: string, channel: 'phone') =>
          wallet.customers.sendVerificationCode(id, channel),
        confirmVerificationCode: (id: string, channel: 'phone', ...rest: unknown[]) => {
          calls.push({ method: 'confirmVerificationCode', args: 2 + rest.length })
          return new Promise<Customer>((resolve, reject) => {
            typeInSigner = (code) =>
              wallet.customers.confirmVerificationCode(id, channel, code).then(resolve, reject)
            closeSigner = () =>
              reject(new WalletAuthError('CONFIRMATION_DECLINED', 'The person closed the box.'))
          })
        },
      },
      sca: wallet.sca,
    })
    const step = mount('wallet-sca-step', {
      client: signer.client,
      quote: await quoteTo(customer),
      customerId,
      endUserIpAddress: END_USER_IP,
    })
    const authorized: PaymentResult[] = []
    step.addEventListener('wallet-authorized', (event) => authorized.push(event.detail.payment))

    await page.getByRole('button', { name: 'Pay 10.00 USDB' }).click()
    await (await signer.question()).answer()
    const number = page.getByRole('textbox', { name: 'Phone number' })
    await expect.element(number).toBeVisible()
    const phoneNumber = `+336${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
    await userEvent.fill(number, phoneNumber)
    await userEvent.keyboard('{Enter}')

    // The code goes to the signer's box: the page says so and has no field for it.
    await expect
      .poll(() => status(step)?.textContent)
      .toBe(
        `Before this payment can go, confirm your mobile number: we sent a 6-digit code to ${phoneNumber}. Type it in the wallet window that opens over this page.`,
      )
    await expect.poll(() => typeInSigner).toBeTypeOf('function')
    expect(shadowOf(step).querySelector('input')).toBeNull()
    expect(calls).toEqual([
      { method: 'updateContact', args: 2 },
      { method: 'confirmVerificationCode', args: 2 },
    ])
    expect(shadowOf(step).querySelector('[part~="confirm"]')?.textContent).toBe('Type the code')
    await expectAccessible(step)
    await page.screenshot({ element: step, path: '__screenshots__/scaStepPhone/3-signer.png' })

    // The box closed before the code was typed: said, and "Type the code" opens it again.
    const opened = typeInSigner
    closeSigner?.()
    await expect
      .poll(() => status(step)?.textContent)
      .toBe(
        'The wallet window was closed before the code was typed. Open it again to type the code, or send a new code.',
      )
    await page.getByRole('button', { name: 'Type the code' }).click()
    await expect.poll(() => typeInSigner !== opened).toBe(true)
    typeInSigner?.(SCA_CODE)

    // The login's code (typed in the page, as the payment's), then the payment, confirmed by the signer.
    const login = page.getByRole('textbox', { name: 'Code from the text message' })
    await expect.element(login).toBeVisible()
    await userEvent.fill(login, SCA_CODE)
    await (await signer.question()).answer()
    const code = page.getByRole('textbox', { name: 'Confirmation code' })
    await expect.element(code).toBeVisible()
    await userEvent.fill(code, SCA_CODE)
    await expect.poll(() => authorized.length).toBe(1)
  })
})
