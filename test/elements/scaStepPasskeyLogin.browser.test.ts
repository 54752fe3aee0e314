// <wallet-sca-step>'s SCA login by passkey, in Chromium (a virtual authenticator) against the relay
// and sandbox: an EU customer with a passkey enrolled as its SCA factor is offered the passkey first
// when the service asks for the login (409 SCA_SESSION_REQUIRED), a texted code as the other way;
// either logs in and the payment's code typed before goes again by itself. Keyboard, axe, 390 px.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { PaymentResult } from '../../src/client/quoteMethods.js'
import type { WalletAuthError } from '../../src/errors.js'
import { addVirtualAuthenticator } from '../browser/virtualAuthenticator.js'
import { expectAccessible, expectFitsPhone, mount, shadowOf } from './elementKit.js'
import { END_USER_IP, enrolScaPasskey, fundedCustomer, quoteTo, SCA_CODE } from './paymentKit.js'

const appSaysYes = { confirm: () => true }
const status = (element: Element) => shadowOf(element).querySelector('[role="status"]')
const focused = (element: Element) => shadowOf(element).activeElement

let removeAuthenticator: (() => Promise<void>) | undefined
beforeEach(async () => {
  removeAuthenticator = await addVirtualAuthenticator()
})
afterEach(async () => {
  await removeAuthenticator?.()
})

function listen(element: HTMLElement) {
  const heard = { errors: [] as string[], logins: [] as string[], authorized: [] as PaymentResult[] }
  element.addEventListener('wallet-sca-login-required', (event) => heard.logins.push(event.detail.quoteId))
  element.addEventListener('wallet-error', (event) =>
    heard.errors.push((event as CustomEvent<{ error: WalletAuthError }>).detail.error.code),
  )
  element.addEventListener('wallet-authorized', (event) =>
    heard.authorized.push((event as CustomEvent<{ payment: PaymentResult }>).detail.payment),
  )
  return heard
}

/** An EU customer with an SCA passkey and no SCA login yet, at the login the payment's code led to. */
async function atTheLogin() {
  const customer = await fundedCustomer({ scaLogin: false, client: appSaysYes })
  await enrolScaPasskey(customer)
  const step = mount('wallet-sca-step', {
    client: customer.wallet,
    quote: await quoteTo(customer),
    customerId: customer.customerId,
    endUserIpAddress: END_USER_IP,
  })
  const heard = listen(step)
  await userEvent.tab()
  await userEvent.keyboard('{Enter}')
  await expect.element(page.getByRole('textbox', { name: 'Confirmation code' })).toBeVisible()
  await userEvent.keyboard(SCA_CODE)
  await expect.element(page.getByRole('form', { name: 'Confirm it is you before paying' })).toBeVisible()
  await expect
    .poll(() => status(step)?.textContent)
    .toBe('Before this payment can go, confirm it is you with your passkey.')
  return { step, heard }
}

describe('<wallet-sca-step> and an SCA login by passkey', () => {
  it('offers the passkey first, focused, and logs in with it by keyboard; the payment goes on', async () => {
    const { step, heard } = await atTheLogin()
    const passkey = shadowOf(step).querySelector('[part~="passkey"]')
    await expect.poll(() => focused(step)).toBe(passkey)
    expect(passkey?.textContent).toBe('Confirm with a passkey')
    await expect.element(page.getByRole('button', { name: 'Text me a code instead' })).toBeVisible()
    expect(shadowOf(step).querySelector('input')).toBeNull()
    await expectAccessible(step)
    await expectFitsPhone(step)
    await page.screenshot({ element: step, path: '__screenshots__/scaStepPasskeyLogin/passkey-login.png' })

    await userEvent.keyboard('{Enter}')
    await expect.poll(() => heard.authorized.length).toBe(1)
    expect(heard.authorized[0]).toMatchObject({ released: true })
    expect(heard.errors).toEqual([])
    expect(heard.logins).toHaveLength(1)
  })

  it('texts a code instead when the person asks, and logs in with it', async () => {
    const { step, heard } = await atTheLogin()
    await userEvent.tab()
    expect(focused(step)?.textContent).toBe('Text me a code instead')
    await userEvent.keyboard('{Enter}')
    await expect.element(page.getByRole('textbox', { name: 'Code from the text message' })).toBeVisible()
    await expect
      .poll(() => status(step)?.textContent)
      .toBe(
        'Before this payment can go, confirm it is you: we sent a 6-digit code by text message. Type it here.',
      )
    await expect.poll(() => focused(step) === shadowOf(step).querySelector('input')).toBe(true)
    await expectAccessible(step)
    await userEvent.keyboard(SCA_CODE)
    await expect.poll(() => heard.authorized.length).toBe(1)
    expect(heard.errors).toEqual([])
  })
})
