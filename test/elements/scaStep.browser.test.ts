// <wallet-sca-step> in Chromium against the relay and sandbox: what is paid and to whom, the SCA
// code by keyboard (a wrong code corrected in the same step), the resend back-off, Paid only when
// the money arrived, a failed payment as an error, an expired quote not payable.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { PaymentResult } from '../../src/client/quoteMethods.js'
import type { WalletAuthError } from '../../src/errors.js'
import type { PayloadDescription } from '../../src/intent/describePayload.js'
import { addVirtualAuthenticator } from '../browser/virtualAuthenticator.js'
import { confirmPanel, panelButton, watchRequests } from './confirmKit.js'
import {
  advanceSandboxClock,
  errorCodeOf,
  expectAccessible,
  expectFitsPhone,
  mount,
  shadowOf,
} from './elementKit.js'
import { enrolScaPasskey, fundedCustomer, quoteTo, SCA_CODE } from './paymentKit.js'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.documentElement.lang = ''
})

// The app's own confirm, saying yes: for the tests about the SCA step rather than the question.
const appSaysYes = { confirm: () => true }
// The page's requests that would pay: the execute, and anything signed.
const paying = (requests: { sent: string[]; signed: string[] }) => [
  ...requests.sent.filter((line) => line.endsWith('/execute')),
  ...requests.signed,
]

const status = (element: Element) => shadowOf(element).querySelector('[role="status"]')
const alert = (element: Element) => shadowOf(element).querySelector('[role="alert"]')
const focused = (element: Element) => shadowOf(element).activeElement

function listen(element: HTMLElement) {
  const heard = {
    errors: [] as string[],
    required: [] as string[],
    authorized: [] as PaymentResult[],
    settled: [] as PaymentResult[],
  }
  element.addEventListener('wallet-sca-required', (event) =>
    heard.required.push(event.detail.step.challenge.factor),
  )
  element.addEventListener('wallet-error', (event) =>
    heard.errors.push((event as CustomEvent<{ error: WalletAuthError }>).detail.error.code),
  )
  element.addEventListener('wallet-authorized', (event) =>
    heard.authorized.push((event as CustomEvent<{ payment: PaymentResult }>).detail.payment),
  )
  element.addEventListener('wallet-payment-settled', (event) =>
    heard.settled.push((event as CustomEvent<{ payment: PaymentResult }>).detail.payment),
  )
  return heard
}

describe('<wallet-sca-step>', () => {
  it('pays by keyboard: says what is paid to whom, takes a wrong code then the right one in the same step, and says Paid only once the money arrived', async () => {
    const customer = await fundedCustomer()
    const quote = await quoteTo(customer)
    const step = mount('wallet-sca-step', { client: customer.wallet, quote, followEveryMs: 50 })
    const heard = listen(step)

    await expect
      .element(page.getByText('You pay 10.00 USDB to $success.eur@sandbox.uma.example.'))
      .toBeVisible()
    const pay = page.getByRole('button', { name: 'Pay 10.00 USDB' })
    await expect.element(pay).toBeVisible()
    await expectAccessible(step)
    await expectFitsPhone(step)

    const requests = watchRequests()
    await userEvent.tab()
    expect(focused(step)?.textContent).toBe('Pay 10.00 USDB')
    await userEvent.keyboard('{Enter}')

    // Without a confirm from the app, the element asks first: Tab to Confirm, Enter.
    await expect.element(page.getByRole('group', { name: 'Check this before you confirm' })).toBeVisible()
    expect(focused(step)?.id).toBe('confirm-heading')
    expect(paying(requests)).toEqual([])
    await userEvent.tab()
    expect(focused(step)).toBe(panelButton(step, 'confirm-button'))
    await userEvent.keyboard('{Enter}')

    // The service asks for SCA: the code step takes focus and is announced.
    await expect.element(page.getByRole('textbox', { name: 'Confirmation code' })).toBeVisible()
    const field = shadowOf(step).querySelector('input')
    expect(focused(step)).toBe(field)
    expect(heard.required).toEqual(['SMS_OTP'])
    expect(status(step)?.textContent).toBe(
      'We sent a 6-digit code by text message. Type it to confirm the payment.',
    )
    expect(status(step)?.getAttribute('aria-live')).toBe('polite')
    expect(shadowOf(step).querySelector('form')?.getAttribute('aria-labelledby')).toBe('sca-heading')
    await expect.element(page.getByRole('form', { name: 'Confirm it is you' })).toBeVisible()
    expect(field?.getAttribute('autocomplete')).toBe('one-time-code')
    expect(field?.getAttribute('inputmode')).toBe('numeric')
    await expectAccessible(step)
    await expectFitsPhone(step)

    // Confirm with too few digits: said at the field, nothing sent.
    await userEvent.keyboard('12{Enter}')
    await expect.poll(() => heard.errors).toEqual(['INVALID_OTP_CODE'])
    expect(alert(step)?.textContent).toBe('Type all the digits of the code.')
    expect(errorCodeOf(step)).toBe('Reference for support: INVALID_OTP_CODE')
    expect(focused(step)).toBe(field)
    heard.errors.length = 0

    // A wrong code: the step stays open, the field keeps it selected, the sentence says so.
    await userEvent.keyboard('654321')
    await expect.poll(() => heard.errors).toEqual(['INVALID_SCA_CODE'])
    expect(alert(step)?.textContent).toBe('That code is not right. Check it and try again.')
    expect(errorCodeOf(step)).toBe('Reference for support: INVALID_SCA_CODE')
    expect(field?.getAttribute('aria-invalid')).toBe('true')
    expect(field?.getAttribute('aria-describedby')).toBe('error')
    expect(focused(step)).toBe(field)
    expect(field?.selectionStart).toBe(0)
    expect(field?.selectionEnd).toBe(6)

    // Typing over the selection submits the right code on its last digit.
    await userEvent.keyboard(SCA_CODE)
    await expect.poll(() => heard.authorized.length).toBe(1)
    expect(heard.authorized[0]).toMatchObject({
      paid: false,
      released: true,
      quote: { status: 'PROCESSING' },
    })
    expect(status(step)?.textContent).toBe('Payment sent. It is on its way; this can take a moment.')
    expect(focused(step)).toBe(status(step))
    expect(alert(step)?.textContent).toBe('')

    // Followed until it settles: Paid only at COMPLETED.
    await advanceSandboxClock(3_000)
    await expect.poll(() => status(step)?.textContent).toBe('Paid: the money has arrived.')
    expect(heard.settled.map((payment) => payment.paid)).toEqual([true])
    expect(heard.errors).toEqual(['INVALID_SCA_CODE'])
    await expectAccessible(step)
  })

  it('shows a bidi override in the payee as a visible mark, never obeying it', async () => {
    const customer = await fundedCustomer()
    const quote = await quoteTo(customer)
    // A payee name with U+202E would read reversed: "ada" then "live.moc" shown as "com.evil".
    const step = mount('wallet-sca-step', { client: customer.wallet, quote, receiver: 'ada\u202Elive.moc' })
    const summary = shadowOf(step).querySelector('[part="summary"]')
    expect(summary?.textContent).toContain('ada<U+202E>live.moc')
    expect(summary?.textContent).not.toContain('\u202E')
  })

  describe('its own confirmation, when the app has no confirm', () => {
    it('shows what is paid (sent, received, fees, destination) before anything is signed, named, 390 px wide', async () => {
      const customer = await fundedCustomer()
      const quote = await quoteTo(customer)
      const step = mount('wallet-sca-step', { client: customer.wallet, quote })
      const heard = listen(step)
      const requests = watchRequests()
      await userEvent.click(page.getByRole('button', { name: 'Pay 10.00 USDB' }))

      const group = page.getByRole('group', { name: 'Check this before you confirm' })
      await expect.element(group).toBeVisible()
      const rows = [...(confirmPanel(step)?.querySelectorAll('dt, dd') ?? [])].map((node) => node.textContent)
      expect(rows).toEqual([
        'You send',
        '10.00 USDB',
        'They receive',
        expect.stringMatching(/€/),
        'Fees',
        expect.stringMatching(/^\d+\.\d\d+ USDB$/),
        'To',
        '$success.eur@sandbox.uma.example',
      ])
      await expect.element(group.getByRole('button', { name: 'Confirm' })).toBeVisible()
      await expect.element(group.getByRole('button', { name: 'Cancel' })).toBeVisible()
      await expectAccessible(step)
      await expectFitsPhone(step)
      expect(paying(requests)).toEqual([])
      expect(heard.required).toEqual([])

      await userEvent.click(panelButton(step, 'confirm-button'))
      await expect.poll(() => heard.required).toEqual(['SMS_OTP'])
      expect(confirmPanel(step)).toBeNull()
      expect(requests.signed).toEqual([`POST /api/wallet/quotes/${encodeURIComponent(quote.id)}/execute`])
    })

    it('pays nothing on Cancel or Escape: a quiet status, Pay focused again, the quote untouched', async () => {
      const customer = await fundedCustomer()
      const quote = await quoteTo(customer)
      const step = mount('wallet-sca-step', { client: customer.wallet, quote })
      const heard = listen(step)
      const cancelled: string[] = []
      step.addEventListener('wallet-cancelled', (event) => cancelled.push(event.detail.error.code))
      const requests = watchRequests()
      const pay = shadowOf(step).querySelector<HTMLButtonElement>('[part~="pay"]') as HTMLButtonElement
      await userEvent.click(pay)
      await expect.poll(() => confirmPanel(step)).not.toBeNull()
      await userEvent.click(panelButton(step, 'cancel-button'))

      await expect.poll(() => cancelled).toEqual(['CONFIRMATION_DECLINED'])
      expect(confirmPanel(step)).toBeNull()
      expect(status(step)?.textContent).toBe('Cancelled. Nothing was signed.')
      expect(alert(step)?.textContent).toBe('')
      expect(heard.errors).toEqual([])
      expect(pay.disabled).toBe(false)
      expect(focused(step)).toBe(pay)

      await userEvent.keyboard('{Enter}')
      await expect.poll(() => confirmPanel(step)).not.toBeNull()
      await userEvent.keyboard('{Escape}')
      await expect.poll(() => cancelled).toHaveLength(2)
      expect(focused(step)).toBe(pay)
      expect(paying(requests)).toEqual([])
      expect((await customer.wallet.quotes.get(quote.id)).status).toBe('PENDING')
    })

    it('never signs while the question stands: Enter on it, pay() again, the element moved away', async () => {
      const customer = await fundedCustomer()
      const quote = await quoteTo(customer)
      const step = mount('wallet-sca-step', { client: customer.wallet, quote })
      const requests = watchRequests()
      await userEvent.click(page.getByRole('button', { name: 'Pay 10.00 USDB' }))
      await expect.poll(() => confirmPanel(step)).not.toBeNull()
      await userEvent.keyboard('{Enter}') // on the heading: not a yes
      await step.pay() // busy: ignored
      step.remove()
      // Read after everything the page sent was answered.
      expect((await customer.wallet.quotes.get(quote.id)).status).toBe('PENDING')
      expect(paying(requests)).toEqual([])
    })

    it("asks the app's confirm instead when the client has one, with the payment: the element's own panel never shows", async () => {
      let step: HTMLElement | undefined
      const confirm = vi.fn((_description: PayloadDescription) => !!step && confirmPanel(step) === null)
      const customer = await fundedCustomer({ client: { confirm } })
      const quote = await quoteTo(customer)
      step = mount('wallet-sca-step', { client: customer.wallet, quote })
      const heard = listen(step)
      await userEvent.click(page.getByRole('button', { name: 'Pay 10.00 USDB' }))
      await expect.poll(() => heard.required).toEqual(['SMS_OTP'])
      expect(confirm).toHaveBeenCalledOnce()
      expect(confirm.mock.calls[0]?.[0]).toMatchObject({
        action: 'pay',
        payment: {
          sent: { amount: 10_000_000, currency: 'USDB' },
          destination: '$success.eur@sandbox.uma.example',
        },
      })
      expect(confirmPanel(step)).toBeNull()
    })
  })

  it('offers "Send the code again" only 30 s after a code went out, instead of inviting a 429', async () => {
    const customer = await fundedCustomer({ client: appSaysYes })
    const step = mount('wallet-sca-step', { client: customer.wallet, quote: await quoteTo(customer) })
    const heard = listen(step)
    await step.pay()
    const resend = shadowOf(step).querySelector<HTMLButtonElement>('[part~="resend"]')
    expect(resend?.textContent).toMatch(/^Send the code again in (30|29) s$/)
    expect(resend?.disabled).toBe(true)
    resend?.click()
    expect(heard.errors).toEqual([])
  })

  it('disables "Send the code again" with the seconds of Retry-After, counting down, then sends it again', async () => {
    const customer = await fundedCustomer({ client: appSaysYes })
    // Offered at once, to reach the service's own refusal (429, Retry-After).
    const step = mount('wallet-sca-step', {
      client: customer.wallet,
      quote: await quoteTo(customer),
      resendAfterSeconds: 0,
    })
    const heard = listen(step)
    await step.pay()
    const field = shadowOf(step).querySelector('input')
    expect(focused(step)).toBe(field)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true })

    // The code went out moments ago: the service asks to wait (429, Retry-After 30).
    await userEvent.tab()
    await userEvent.tab()
    expect(focused(step)?.textContent).toBe('Send the code again')
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => heard.errors).toEqual(['RATE_LIMITED'])
    const resend = shadowOf(step).querySelector<HTMLButtonElement>('[part~="resend"]')
    expect(alert(step)?.textContent).toMatch(/^Too many attempts\. Try again in (30|29) seconds\.$/)
    expect(errorCodeOf(step)).toBe('Reference for support: RATE_LIMITED')
    expect(resend?.textContent).toMatch(/^Send the code again in (30|29) s$/)
    expect(resend?.disabled).toBe(true)
    expect(focused(step)).toBe(alert(step))

    vi.advanceTimersByTime(10_000)
    expect(resend?.textContent).toMatch(/^Send the code again in (20|19) s$/)
    expect(resend?.disabled).toBe(true)

    await advanceSandboxClock(30_000)
    vi.advanceTimersByTime(21_000)
    expect(resend?.textContent).toBe('Send the code again')
    expect(resend?.disabled).toBe(false)
    expect(alert(step)?.textContent).toBe('')
    vi.useRealTimers()

    await userEvent.tab({ shift: true })
    expect(focused(step)).toBe(resend)
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => status(step)?.textContent).toBe('We sent the code again.')
    expect(focused(step)).toBe(field)
    expect(heard.errors).toEqual(['RATE_LIMITED'])

    // A pasted, formatted code is kept as digits and confirms the step.
    await userEvent.fill(page.getByRole('textbox', { name: 'Confirmation code' }), '123 456')
    await expect.poll(() => heard.authorized.length).toBe(1)
  })

  it('shows a payment that fails after release as a failure (an error, not a success), never as paid', async () => {
    const customer = await fundedCustomer({ inEurope: false, client: appSaysYes })
    const quote = await quoteTo(customer, '$fail.compliance.usd@sandbox.uma.example')
    const step = mount('wallet-sca-step', { client: customer.wallet, quote, followEveryMs: 50 })
    const heard = listen(step)
    await userEvent.click(page.getByRole('button', { name: 'Pay 10.00 USDB' }))

    // No SCA outside the EU: released at once, shown as on its way.
    await expect.poll(() => heard.authorized.length).toBe(1)
    expect(heard.authorized[0]).toMatchObject({ paid: false, released: true })
    expect(status(step)?.textContent).toBe('Payment sent. It is on its way; this can take a moment.')

    await advanceSandboxClock(3_000)
    await expect.poll(() => heard.settled.length).toBe(1)
    expect(heard.settled[0]).toMatchObject({ paid: false, quote: { status: 'FAILED' } })
    expect(heard.errors).toEqual(['PAYMENT_FAILED'])
    const sentence = alert(step) as HTMLElement
    expect(sentence.textContent).toBe(
      'The payment failed. The money goes back to the wallet; get a new quote to try again.',
    )
    expect(errorCodeOf(step)).toBe('Reference for support: PAYMENT_FAILED')
    expect(getComputedStyle(sentence).color).toBe('rgb(179, 38, 30)')
    expect(status(step)?.textContent).toBe('')
    expect(shadowOf(step).querySelector('button')).toBeNull()
    await expectAccessible(step)
    await expectFitsPhone(step)
  })

  it('does not pay an expired quote: on its expiry here, and when the service says so', async () => {
    const customer = await fundedCustomer({ inEurope: false, client: appSaysYes })
    const quote = await quoteTo(customer)

    // Its expiresAt passes while shown: Pay is disabled and the sentence is announced.
    const soon = new Date(Date.now() + 300).toISOString()
    const shown = mount('wallet-sca-step', { client: customer.wallet, quote: { ...quote, expiresAt: soon } })
    const pay = shadowOf(shown).querySelector('button')
    expect(pay?.disabled).toBe(false)
    await expect.poll(() => shadowOf(shown).querySelector('button')?.disabled).toBe(true)
    expect(status(shown)?.textContent).toBe('This quote expired. Get a new quote.')
    shown.remove()

    // Amounts follow the page's language (and survive a tag Intl refuses).
    document.documentElement.lang = 'de-DE'
    const german = mount('wallet-sca-step', { client: customer.wallet, quote })
    expect(shadowOf(german).querySelector('button')?.textContent).toBe('Pay 10,00 USDB')
    document.documentElement.lang = 'not a language'
    german.quote = { ...quote }
    expect(shadowOf(german).querySelector('button')?.textContent).toBe('Pay 10.00 USDB')
    german.remove()

    // The service's clock says it expired: the Pay click is refused with the sentence.
    const step = mount('wallet-sca-step', { client: customer.wallet, quote })
    const heard = listen(step)
    await advanceSandboxClock(5 * 60_000 + 1_000)
    await userEvent.click(page.getByRole('button', { name: 'Pay 10.00 USDB' }))
    await expect.poll(() => heard.errors).toEqual(['QUOTE_EXPIRED'])
    expect(alert(step)?.textContent).toBe('This quote expired. Get a new quote.')
    expect(errorCodeOf(step)).toBe('Reference for support: QUOTE_EXPIRED')
    expect(shadowOf(step).querySelector('button')?.disabled).toBe(true)
    expect(heard.authorized).toEqual([])
    expect((await customer.wallet.quotes.get(quote.id)).status).toBe('EXPIRED')
  })

  it("disables Pay within a second when its clock jumps past the quote's end (a moved clock, a wake from sleep)", async () => {
    let ahead = 0
    const customer = await fundedCustomer({
      inEurope: false,
      client: { ...appSaysYes, now: () => Date.now() + ahead },
    })
    const quote = await quoteTo(customer)
    const step = mount('wallet-sca-step', { client: customer.wallet, quote })
    const heard = listen(step)
    const pay = () => shadowOf(step).querySelector<HTMLButtonElement>('[part~="pay"]')
    expect(pay()?.disabled).toBe(false)
    // No timer of the page reaches the quote's end: only the clock the client reads moves.
    ahead = Date.parse(quote.expiresAt) - Date.now() + 60_000
    await expect.poll(() => pay()?.disabled).toBe(true)
    expect(status(step)?.textContent).toBe('This quote expired. Get a new quote.')
    expect(heard.authorized).toEqual([])
  })

  it('confirms with a passkey where the challenge offers one, from the button, by keyboard', async () => {
    const removeAuthenticator = await addVirtualAuthenticator()
    try {
      const customer = await fundedCustomer({ client: appSaysYes })
      const { wallet } = customer
      // The payment's passkey is the one enrolled as the customer's SCA factor.
      await enrolScaPasskey(customer)
      const step = mount('wallet-sca-step', {
        client: wallet,
        quote: await quoteTo(customer),
        scaFactor: 'PASSKEY',
      })
      const heard = listen(step)
      await step.pay()

      // A passkey challenge: no code field, the passkey button focused and named.
      await expect.element(page.getByRole('button', { name: 'Confirm with a passkey' })).toBeVisible()
      expect(shadowOf(step).querySelector('input')).toBeNull()
      expect(focused(step)?.textContent).toBe('Confirm with a passkey')
      expect(status(step)?.textContent).toBe('Confirm the payment with your passkey.')
      await expectAccessible(step)
      await userEvent.keyboard('{Enter}')
      await expect.poll(() => heard.authorized.length).toBe(1)
      expect(heard.authorized[0]).toMatchObject({ released: true, awaitingAuthorization: false })
      expect(heard.errors).toEqual([])
    } finally {
      await removeAuthenticator()
    }
  })

  it('says so when repeated wrong codes first slow the step down, then lock the account', async () => {
    const customer = await fundedCustomer({ client: appSaysYes })
    const step = mount('wallet-sca-step', { client: customer.wallet, quote: await quoteTo(customer) })
    const heard = listen(step)
    await step.pay()
    const field = shadowOf(step).querySelector('input')
    for (let attempt = 0; attempt < 10; attempt++) {
      await userEvent.keyboard(`65432${attempt}`)
      await expect.poll(() => heard.errors.length).toBe(attempt + 1)
      if (attempt === 3) {
        // Past the free failures the next try waits: said at the field, with the seconds.
        await userEvent.keyboard('{Enter}')
        await expect.poll(() => heard.errors.at(-1)).toBe('RATE_LIMITED')
        expect(alert(step)?.textContent).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/)
        expect(errorCodeOf(step)).toBe('Reference for support: RATE_LIMITED')
        expect(focused(step)).toBe(field)
        heard.errors.pop()
      }
      await advanceSandboxClock(10_000)
    }
    expect(new Set(heard.errors)).toEqual(new Set(['INVALID_SCA_CODE']))
    await userEvent.keyboard(SCA_CODE)
    await expect.poll(() => heard.errors.at(-1)).toBe('ACCOUNT_LOCKED')
    // With when to try again: the lock's end as the service gave it (details.lockedUntil), in local time.
    expect(alert(step)?.textContent).toMatch(
      /^Too many wrong confirmations: the account is locked for a while\. You can try again after \d{1,2}:\d\d( [AP]M)?\.$/,
    )
    expect(errorCodeOf(step)).toBe('Reference for support: ACCOUNT_LOCKED')
    expect(heard.authorized).toEqual([])
    // The step stays open for later.
    expect(shadowOf(step).querySelector('input')).toBe(field)
  })
})
