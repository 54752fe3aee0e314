// <wallet-sca-step> for an EU customer whose phone is not verified, in Chromium against the relay
// and sandbox: created without a phone (the service has nowhere to text a code: execute answers
// 400 INVALID_INPUT and the customer's contactVerification.phone is PENDING), or whose phone was
// changed since it was verified. The element asks for the number or texts a code to the new one,
// takes the code, then the SCA login and the payment's code, without Pay pressed again. By keyboard,
// axe, 390 px; the phases are screenshot for a look.
import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { PaymentResult } from '../../src/client/quoteMethods.js'
import type { WalletAuthError } from '../../src/errors.js'
import {
  advanceSandboxClock,
  type ElementCustomer,
  errorCodeOf,
  expectAccessible,
  expectFitsPhone,
  mount,
  shadowOf,
  signInByEmail,
  signUpWithClient,
} from './elementKit.js'
import { END_USER_IP, fundedCustomer, platformCall, quoteTo, SCA_CODE } from './paymentKit.js'

const appSaysYes = { confirm: () => true }
const PARIS = { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' }
const status = (element: Element) => shadowOf(element).querySelector('[role="status"]')
const alert = (element: Element) => shadowOf(element).querySelector('[role="alert"]')
const focused = (element: Element) => shadowOf(element).activeElement
const newPhone = () => `+336${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`

function listen(element: HTMLElement) {
  const heard = {
    errors: [] as string[],
    phones: [] as Array<{ quoteId: string; customerId: string; phoneNumber?: string }>,
    logins: [] as string[],
    required: [] as string[],
    authorized: [] as PaymentResult[],
  }
  element.addEventListener('wallet-phone-verification-required', (event) => heard.phones.push(event.detail))
  element.addEventListener('wallet-sca-login-required', (event) => heard.logins.push(event.detail.quoteId))
  element.addEventListener('wallet-sca-required', (event) =>
    heard.required.push(event.detail.step.challenge.factor),
  )
  element.addEventListener('wallet-error', (event) =>
    heard.errors.push((event as CustomEvent<{ error: WalletAuthError }>).detail.error.code),
  )
  element.addEventListener('wallet-authorized', (event) =>
    heard.authorized.push((event as CustomEvent<{ payment: PaymentResult }>).detail.payment),
  )
  return heard
}

/** An EU customer signed up with no phone (its KYC waits for one), signed in, holding 50. */
async function customerWithoutPhone(): Promise<ElementCustomer> {
  const customer = await signUpWithClient(appSaysYes, { address: PARIS })
  await signInByEmail(customer)
  await platformCall('POST', `/sandbox/internal-accounts/${customer.accountId}/fund`, { amount: 50_000_000 })
  return customer
}

const customerView = (customerId: string) =>
  platformCall('GET', `/customers/${customerId}`) as Promise<Record<string, unknown>>

/** A look at the element in one phase, on a phone's width (test/elements/__screenshots__, not in git). */
async function shot(element: Element, name: string) {
  await page.viewport(390, 844)
  try {
    await page.screenshot({ element, path: `__screenshots__/scaStepPhone/${name}.png` })
  } finally {
    await page.viewport(1280, 720)
  }
}

describe('<wallet-sca-step> and a phone to verify', () => {
  it('asks a customer with no phone for the number, verifies it, logs in and pays, by keyboard', async () => {
    const customer = await customerWithoutPhone()
    const { customerId } = customer
    // The sandbox's state: an EU customer without a phone has it PENDING, and KYC waits for it.
    expect(await customerView(customerId)).toMatchObject({
      contactVerification: { email: 'VERIFIED', phone: 'PENDING' },
      kycStatus: 'UNVERIFIED',
    })
    const quote = await quoteTo(customer)
    const step = mount('wallet-sca-step', {
      client: customer.wallet,
      quote,
      customerId,
      endUserIpAddress: END_USER_IP,
      followEveryMs: 50,
    })
    const heard = listen(step)

    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    // The service has no phone to text a code to: the element asks for the number, at its field.
    await expect
      .element(page.getByRole('form', { name: 'Confirm your mobile number before paying' }))
      .toBeVisible()
    const number = page.getByRole('textbox', { name: 'Phone number' })
    await expect.element(number).toBeVisible()
    const numberField = shadowOf(step).querySelector('input')
    await expect.poll(() => focused(step)).toBe(numberField)
    expect(numberField?.getAttribute('autocomplete')).toBe('tel')
    expect(status(step)?.textContent).toBe(
      'Before this payment can go, add your mobile number: payments are confirmed with a code sent to it by text message.',
    )
    expect(heard.phones).toEqual([{ quoteId: quote.id, customerId }])
    expect(heard.errors).toEqual([])
    expect(alert(step)?.textContent).toBe('')
    await expectAccessible(step)
    await expectFitsPhone(step)
    await shot(step, '1-number')

    // Not a phone number: said at the field, nothing sent.
    await userEvent.keyboard('0612{Enter}')
    await expect.poll(() => heard.errors).toEqual(['INVALID_PHONE'])
    expect(alert(step)?.textContent).toBe(
      'Type the phone number with its country code, like +44 7700 900123.',
    )
    expect(errorCodeOf(step)).toBe('Reference for support: INVALID_PHONE')
    expect(focused(step)).toBe(numberField)
    expect(numberField?.getAttribute('aria-invalid')).toBe('true')

    // A number: saved on the customer (the app's confirm said yes), and a code texted to it.
    const phoneNumber = newPhone()
    await userEvent.keyboard(`${phoneNumber.slice(0, 4)} ${phoneNumber.slice(4)}{Enter}`)
    await expect.element(page.getByRole('textbox', { name: 'Code from the text message' })).toBeVisible()
    await expect
      .poll(() => status(step)?.textContent)
      .toBe(
        `Before this payment can go, confirm your mobile number: we sent a 6-digit code to ${phoneNumber}. Type it here.`,
      )
    const codeField = shadowOf(step).querySelector('input')
    await expect.poll(() => focused(step)).toBe(codeField)
    expect(await customerView(customerId)).toMatchObject({
      phoneNumber,
      contactVerification: { phone: 'PENDING' },
    })
    expect(shadowOf(step).querySelector('[part~="resend"]')?.hasAttribute('disabled')).toBe(true)
    await expectAccessible(step)
    await expectFitsPhone(step)
    await shot(step, '2-phone-code')

    // A wrong code at the field, then the right one: the phone verified, KYC done, then the login.
    await userEvent.keyboard('654321')
    await expect.poll(() => heard.errors).toEqual(['INVALID_PHONE', 'INVALID_SCA_CODE'])
    expect(alert(step)?.textContent).toBe('That code is not right. Check it and try again.')
    expect(errorCodeOf(step)).toBe('Reference for support: INVALID_SCA_CODE')
    expect(focused(step)).toBe(codeField)
    await userEvent.keyboard(SCA_CODE)
    await expect.element(page.getByRole('form', { name: 'Confirm it is you before paying' })).toBeVisible()
    await expect
      .poll(() => status(step)?.textContent)
      .toBe(
        'Before this payment can go, confirm it is you: we sent a 6-digit code by text message. Type it here.',
      )
    expect(await customerView(customerId)).toMatchObject({
      contactVerification: { email: 'VERIFIED', phone: 'VERIFIED' },
      kycStatus: 'APPROVED',
    })
    expect(heard.logins).toEqual([quote.id])
    expect(heard.required).toEqual([])
    await expect.poll(() => focused(step) === shadowOf(step).querySelector('input')).toBe(true)

    // The login's code, then the payment's own code: paid, Pay never pressed again.
    await userEvent.keyboard(SCA_CODE)
    await expect.element(page.getByRole('textbox', { name: 'Confirmation code' })).toBeVisible()
    expect(heard.required).toEqual(['SMS_OTP'])
    await expect.poll(() => focused(step) === shadowOf(step).querySelector('input')).toBe(true)
    await userEvent.keyboard(SCA_CODE)
    await expect.poll(() => heard.authorized.length).toBe(1)
    expect(heard.authorized[0]).toMatchObject({ released: true, quote: { id: quote.id } })
    await advanceSandboxClock(3_000)
    await expect.poll(() => status(step)?.textContent).toBe('Paid: the money has arrived.')
    expect(heard.errors).toEqual(['INVALID_PHONE', 'INVALID_SCA_CODE'])
    expect(heard.phones).toHaveLength(1)
    await expectAccessible(step)
  })

  it('texts a code to a phone changed since it was verified, lets the person use another number, then pays', async () => {
    const customer = await fundedCustomer({ scaLogin: false, client: appSaysYes })
    const { customerId } = customer
    const changed = newPhone()
    await customer.wallet.customers.updateContact(customerId, { phoneNumber: changed })
    expect(await customerView(customerId)).toMatchObject({ contactVerification: { phone: 'PENDING' } })
    const step = mount('wallet-sca-step', {
      client: customer.wallet,
      quote: await quoteTo(customer),
      customerId,
      endUserIpAddress: END_USER_IP,
      resendAfterSeconds: 0,
    })
    const heard = listen(step)
    await step.pay()
    // The number it has: a code goes to it at once, the number said.
    await expect
      .poll(() => status(step)?.textContent)
      .toBe(
        `Before this payment can go, confirm your mobile number: we sent a 6-digit code to ${changed}. Type it here.`,
      )
    expect(heard.phones).toEqual([{ quoteId: step.quote?.id, customerId, phoneNumber: changed }])

    // Not the person's number any more: another one, typed and confirmed.
    await page.getByRole('button', { name: 'Use another number' }).click()
    const number = page.getByRole('textbox', { name: 'Phone number' })
    await expect.element(number).toBeVisible()
    const other = newPhone()
    await userEvent.fill(number, other)
    await userEvent.keyboard('{Enter}')
    await expect
      .poll(() => status(step)?.textContent)
      .toBe(
        `Before this payment can go, confirm your mobile number: we sent a 6-digit code to ${other}. Type it here.`,
      )
    // Sent again on request.
    const resend = page.getByRole('button', { name: 'Send the code again' })
    await expect.element(resend).toBeEnabled()
    await resend.click()
    await expect.poll(() => status(step)?.textContent).toBe('We sent the code again. Type it here.')
    await userEvent.keyboard(SCA_CODE)
    await expect
      .poll(() => customerView(customerId))
      .toMatchObject({
        phoneNumber: other,
        contactVerification: { phone: 'VERIFIED' },
      })
    // Then the SCA login and the payment's code.
    await expect.element(page.getByRole('textbox', { name: 'Code from the text message' })).toBeVisible()
    await expect.poll(() => focused(step) === shadowOf(step).querySelector('input')).toBe(true)
    await userEvent.keyboard(SCA_CODE)
    await expect.element(page.getByRole('textbox', { name: 'Confirmation code' })).toBeVisible()
    await expect.poll(() => focused(step) === shadowOf(step).querySelector('input')).toBe(true)
    await userEvent.keyboard(SCA_CODE)
    await expect.poll(() => heard.authorized.length).toBe(1)
    expect(heard.errors).toEqual([])
  })
})
