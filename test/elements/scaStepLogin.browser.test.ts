// <wallet-sca-step> for an EU customer as the service's contract has it (phone verified from
// creation, no SCA login yet) in Chromium against the relay and sandbox: Pay, the payment's code,
// then the SCA login the service asks for first (409 SCA_SESSION_REQUIRED), in the same element, by
// keyboard, and the payment going on with the code already typed. A US customer is never asked.
import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { PaymentResult } from '../../src/client/quoteMethods.js'
import type { WalletAuthError } from '../../src/errors.js'
import {
  advanceSandboxClock,
  errorCodeOf,
  expectAccessible,
  expectFitsPhone,
  mount,
  shadowOf,
} from './elementKit.js'
import { END_USER_IP, fundedCustomer, platformCall, quoteTo, SCA_CODE } from './paymentKit.js'

const appSaysYes = { confirm: () => true }
const status = (element: Element) => shadowOf(element).querySelector('[role="status"]')
const alert = (element: Element) => shadowOf(element).querySelector('[role="alert"]')
const focused = (element: Element) => shadowOf(element).activeElement

function listen(element: HTMLElement) {
  const heard = {
    errors: [] as string[],
    required: [] as string[],
    logins: [] as Array<{ quoteId: string; customerId?: string }>,
    authorized: [] as PaymentResult[],
  }
  element.addEventListener('wallet-sca-required', (event) =>
    heard.required.push(event.detail.step.challenge.factor),
  )
  element.addEventListener('wallet-sca-login-required', (event) => heard.logins.push(event.detail))
  element.addEventListener('wallet-error', (event) =>
    heard.errors.push((event as CustomEvent<{ error: WalletAuthError }>).detail.error.code),
  )
  element.addEventListener('wallet-authorized', (event) =>
    heard.authorized.push((event as CustomEvent<{ payment: PaymentResult }>).detail.payment),
  )
  return heard
}

describe('<wallet-sca-step> and the SCA login', () => {
  it('takes an EU customer from Pay through the SCA login and back to the payment, by keyboard', async () => {
    const customer = await fundedCustomer({ scaLogin: false, client: appSaysYes })
    const { customerId } = customer
    // The contract's state: the phone verified from creation, KYC done after it.
    const view = (await platformCall('GET', `/customers/${customerId}`)) as Record<string, unknown>
    expect(view).toMatchObject({
      contactVerification: { email: 'VERIFIED', phone: 'VERIFIED' },
      kycStatus: 'APPROVED',
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
    expect(focused(step)?.textContent).toBe('Pay 10.00 USDB')
    await userEvent.keyboard('{Enter}')
    await expect.element(page.getByRole('textbox', { name: 'Confirmation code' })).toBeVisible()
    expect(heard.required).toEqual(['SMS_OTP'])
    await userEvent.keyboard(SCA_CODE)

    // No SCA session yet: the element asks for the login, says why and what to do, focus on its field.
    await expect.element(page.getByRole('form', { name: 'Confirm it is you before paying' })).toBeVisible()
    const field = shadowOf(step).querySelector('input')
    await expect.poll(() => focused(step)).toBe(field)
    expect(status(step)?.textContent).toBe(
      'Before this payment can go, confirm it is you: we sent a 6-digit code by text message. Type it here.',
    )
    expect(heard.logins).toEqual([{ quoteId: quote.id, customerId }])
    expect(heard.errors).toEqual([])
    expect(alert(step)?.textContent).toBe('')
    await expect.element(page.getByRole('textbox', { name: 'Code from the text message' })).toBeVisible()
    expect(field?.getAttribute('autocomplete')).toBe('one-time-code')
    expect(shadowOf(step).querySelector('[part~="resend"]')?.hasAttribute('disabled')).toBe(true)
    await expectAccessible(step)
    await expectFitsPhone(step)

    // A wrong login code: said at the field, which keeps it selected to type over.
    await userEvent.keyboard('654321')
    await expect.poll(() => heard.errors).toEqual(['INVALID_SCA_CODE'])
    expect(alert(step)?.textContent).toBe('That code is not right. Check it and try again.')
    expect(errorCodeOf(step)).toBe('Reference for support: INVALID_SCA_CODE')
    expect(field?.getAttribute('aria-invalid')).toBe('true')
    expect(focused(step)).toBe(field)
    expect(heard.authorized).toEqual([])

    // The right one: logged in, and the payment's code typed before goes again by itself.
    await userEvent.keyboard(SCA_CODE)
    await expect.poll(() => heard.authorized.length).toBe(1)
    expect(heard.authorized[0]).toMatchObject({ released: true, quote: { id: quote.id } })
    expect(status(step)?.textContent).toBe('Payment sent. It is on its way; this can take a moment.')
    expect(focused(step)).toBe(status(step))
    expect(alert(step)?.textContent).toBe('')
    await advanceSandboxClock(3_000)
    await expect.poll(() => status(step)?.textContent).toBe('Paid: the money has arrived.')
    expect(heard.errors).toEqual(['INVALID_SCA_CODE'])
    expect(heard.logins).toHaveLength(1)
    await expectAccessible(step)

    // The session now open, the next payment asks for its own code only.
    const next = mount('wallet-sca-step', {
      client: customer.wallet,
      quote: await quoteTo(customer),
      customerId,
      endUserIpAddress: END_USER_IP,
    })
    const nextHeard = listen(next)
    await next.pay()
    await expect.poll(() => nextHeard.required).toEqual(['SMS_OTP'])
    shadowOf(next).querySelector('input')?.focus()
    await userEvent.keyboard(SCA_CODE)
    await expect.poll(() => nextHeard.authorized.length).toBe(1)
    expect(nextHeard.logins).toEqual([])
  })

  it('lets the person send the login code again after the wait, and says where the page left out its part', async () => {
    const customer = await fundedCustomer({ scaLogin: false, client: appSaysYes })
    // The page forgot endUserIpAddress: the login cannot complete; said, never a silent dead end.
    const step = mount('wallet-sca-step', {
      client: customer.wallet,
      quote: await quoteTo(customer),
      customerId: customer.customerId,
      resendAfterSeconds: 0,
    })
    const heard = listen(step)
    await step.pay()
    await expect.poll(() => heard.required).toEqual(['SMS_OTP'])
    shadowOf(step).querySelector('input')?.focus()
    await userEvent.keyboard(SCA_CODE)
    await expect.element(page.getByRole('form', { name: 'Confirm it is you before paying' })).toBeVisible()
    const resend = page.getByRole('button', { name: 'Send the code again' })
    await expect.element(resend).toBeEnabled()
    await resend.click()
    await expect.poll(() => status(step)?.textContent).toBe('We sent the code again.')
    await userEvent.keyboard(SCA_CODE)
    await expect.poll(() => heard.errors).toEqual(['INVALID_ARGUMENT'])
    expect(heard.authorized).toEqual([])
    // With it set, the same login completes and the payment goes on.
    step.endUserIpAddress = END_USER_IP
    const field = shadowOf(step).querySelector('input') as HTMLInputElement
    field.focus()
    field.select()
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => heard.authorized.length).toBe(1)
  })

  it('never asks a US customer for an SCA login: Pay pays', async () => {
    const customer = await fundedCustomer({ inEurope: false, client: appSaysYes })
    const view = (await platformCall('GET', `/customers/${customer.customerId}`)) as Record<string, unknown>
    expect(view.contactVerification).toBeUndefined()
    const step = mount('wallet-sca-step', {
      client: customer.wallet,
      quote: await quoteTo(customer),
      customerId: customer.customerId,
      endUserIpAddress: END_USER_IP,
    })
    const heard = listen(step)
    await step.pay()
    await expect.poll(() => heard.authorized.length).toBe(1)
    expect([heard.required, heard.logins, heard.errors]).toEqual([[], [], []])
  })
})
