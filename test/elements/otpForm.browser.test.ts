// <wallet-otp-form> in Chromium against the real relay and sandbox (code 000000): keyboard only,
// pasted formatted codes, submit on the last digit, a wrong code corrected without a new send, the
// Retry-After countdown on both screens, SMS (adding the credential, WebOTP), names, axe, 390 px.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { WalletAuthOptions } from '../../src/client/index.js'
import type { WalletElementEventMap } from '../../src/elements/events.js'
import type { WalletOtpForm } from '../../src/elements/walletOtpForm.js'
import type { PayloadDescription } from '../../src/intent/describePayload.js'
import { confirmPanel, panelButton, watchRequests } from './confirmKit.js'
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
import { clientOf } from './signInKit.js'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

/** The events of `type` the element fires, as they come. */
function record<K extends keyof WalletElementEventMap>(element: Element, type: K) {
  const heard: Array<WalletElementEventMap[K]['detail']> = []
  element.addEventListener(type, (event) => heard.push((event as WalletElementEventMap[K]).detail))
  return heard
}

function parts(form: WalletOtpForm) {
  const root = shadowOf(form)
  return {
    root,
    field: root.querySelector<HTMLInputElement>('input'),
    button: (name: string | RegExp) =>
      [...root.querySelectorAll('button')].find((button) =>
        typeof name === 'string' ? button.textContent === name : name.test(button.textContent ?? ''),
      ),
    status: root.querySelector<HTMLElement>('[role="status"]'),
    alert: root.querySelector<HTMLElement>('[role="alert"]'),
  }
}

function emailForm(customer: ElementCustomer, properties: Partial<WalletOtpForm> = {}) {
  return mount('wallet-otp-form', {
    client: customer.wallet,
    credentialId: customer.emailCredentialId,
    ...properties,
  })
}

/** Clicks the first screen's button and waits for the code field to take focus. */
async function sendCode(form: WalletOtpForm): Promise<HTMLInputElement> {
  const sent = record(form, 'wallet-code-sent')
  parts(form)
    .button(/me a code|a code to/)
    ?.click()
  await expect.poll(() => sent.length).toBe(1)
  const { field, root } = parts(form)
  if (!field) throw new Error('no code field')
  expect(root.activeElement).toBe(field)
  return field
}

/** /challenge requests the page made (the client calls the global fetch through its customer header). */
function countChallenges() {
  const spy = vi.spyOn(globalThis, 'fetch')
  return () =>
    spy.mock.calls.filter(([input]) =>
      String(input instanceof Request ? input.url : input).endsWith('/challenge'),
    ).length
}

describe('<wallet-otp-form>', () => {
  it('signs in with the keyboard only: tab, Enter, the code (submitted on its last digit)', async () => {
    const customer = await signUpWithClient()
    const form = emailForm(customer)
    const signedIn = record(form, 'wallet-signed-in')
    const status = parts(form).status
    await userEvent.tab()
    expect(parts(form).root.activeElement?.textContent).toBe('Email me a code')
    await userEvent.keyboard('{Enter}')
    // Focus on the field, the sending announced in the polite live region that was already there.
    await expect.poll(() => parts(form).root.activeElement?.id).toBe('code')
    expect(parts(form).status).toBe(status)
    expect(status?.getAttribute('aria-live')).toBe('polite')
    expect(status?.textContent).toBe('We sent a 6-digit code to your email.')
    await userEvent.keyboard('000000')
    await expect.poll(() => signedIn.length).toBe(1)
    expect(signedIn[0]?.session).toMatchObject({
      type: 'EMAIL_OTP',
      credentialId: customer.emailCredentialId,
    })
    expect(status?.textContent).toBe('You are signed in.')
    expect(parts(form).root.activeElement).toBe(status)
    expect(await customer.wallet.sessions.current()).toMatchObject({
      credentialId: customer.emailCredentialId,
    })
    // The session ends: the form offers to send a code again, once the service allows a new one.
    await customer.wallet.signOut()
    await expect.poll(() => parts(form).button(/^Send a new code in \d+ s$/)).toBeDefined()
    expect(status?.textContent).toBe('')
  })

  it('names its field and buttons for screen readers, passes axe and fits 390 px on both screens', async () => {
    const customer = await signUpWithClient()
    const form = emailForm(customer)
    await expect.element(form).toBeInTheDocument()
    // The names a screen reader reads, from the accessibility tree (through the shadow root).
    await expect.element(page.getByRole('button', { name: 'Email me a code' })).toBeVisible()
    await expectAccessible(form)
    await expectFitsPhone(form)
    const field = await sendCode(form)
    await expect.element(page.getByRole('textbox', { name: 'Code' })).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Verify' })).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Send a new code' })).toBeVisible()
    await expect.element(page.getByRole('status')).toHaveTextContent('We sent a 6-digit code to your email.')
    expect(field.labels?.[0]?.textContent).toBe('Code')
    expect(field.autocomplete).toBe('one-time-code')
    expect(field.inputMode).toBe('numeric')
    expect(field.maxLength).toBe(-1) // nothing cuts a pasted "000 000" short
    expect(parts(form).button('Verify')?.type).toBe('submit')
    expect(parts(form).button(/^Send a new code/)).toBeDefined()
    await expectAccessible(form)
    await expectFitsPhone(form)
    // With an error shown at the field, too.
    await userEvent.type(field, '111111')
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
    await expectAccessible(form)
    await expectFitsPhone(form)
  })

  it('keeps the digits of a pasted "000 000" (a real paste) and signs in', async () => {
    const customer = await signUpWithClient()
    const form = emailForm(customer)
    const signedIn = record(form, 'wallet-signed-in')
    const field = await sendCode(form)
    // Copy the formatted code from the page, as from an email, then paste it into the field.
    const source = mount('input', { value: '000 000' })
    source.select()
    await userEvent.copy()
    field.focus()
    await userEvent.paste()
    await expect.poll(() => signedIn.length).toBe(1)
    expect(field.value).toBe('000000')
  })

  it('keeps the digits of a pasted "000-000" (a paste event with its data) and signs in', async () => {
    const customer = await signUpWithClient()
    const form = emailForm(customer)
    const signedIn = record(form, 'wallet-signed-in')
    const field = await sendCode(form)
    const clipboardData = new DataTransfer()
    clipboardData.setData('text/plain', '000-000')
    const paste = new ClipboardEvent('paste', {
      clipboardData,
      bubbles: true,
      cancelable: true,
      composed: true,
    })
    field.dispatchEvent(paste)
    expect(paste.defaultPrevented).toBe(true)
    expect(field.value).toBe('000000')
    await expect.poll(() => signedIn.length).toBe(1)
  })

  it('keeps only digits while typing, and submits on the last one', async () => {
    const customer = await signUpWithClient()
    const form = emailForm(customer)
    const signedIn = record(form, 'wallet-signed-in')
    const field = await sendCode(form)
    await userEvent.type(field, '00 0-0')
    expect(field.value).toBe('0000')
    // Not submitted: nothing is running (a submission would hold the form busy).
    expect(form.busy).toBe(false)
    await userEvent.type(field, '0')
    expect(form.busy).toBe(false)
    await userEvent.type(field, '0')
    await expect.poll(() => signedIn.length).toBe(1)
  })

  it('keeps a wrong code selected with the sentence, and signs in with the corrected code, sent once', async () => {
    const customer = await signUpWithClient()
    const challenges = countChallenges()
    const form = emailForm(customer)
    const signedIn = record(form, 'wallet-signed-in')
    const errors = record(form, 'wallet-error')
    const field = await sendCode(form)
    await userEvent.type(field, '123456')
    await expect.poll(() => errors.length).toBe(1)
    const { alert, root } = parts(form)
    expect(errors[0]?.error.code).toBe('UNAUTHORIZED')
    expect(alert?.textContent).toBe('That code is not right. Check it and try again, or send a new code.')
    expect(errorCodeOf(form)).toBe('Reference for support: UNAUTHORIZED')
    expect(field.value).toBe('123456')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.getAttribute('aria-describedby')).toBe(alert?.id)
    expect(root.activeElement).toBe(field)
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 6])
    expect(field.disabled).toBe(false)
    // Typing replaces the selection; the corrected code verifies under the same issuance.
    await userEvent.keyboard('000000')
    await expect.poll(() => signedIn.length).toBe(1)
    expect(challenges()).toBe(1)
    expect(errors).toHaveLength(1)
  })

  it('clears the wrong code, its mark and its sentence when a new code is sent', async () => {
    const customer = await signUpWithClient()
    const form = emailForm(customer, { resendAfterSeconds: 0 })
    const errors = record(form, 'wallet-error')
    const field = await sendCode(form)
    await userEvent.type(field, '123456')
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
    // Past the service's own 30 s between two codes.
    await advanceSandboxClock(30_000)
    await userEvent.click(page.getByRole('button', { name: 'Send a new code' }))
    await expect.poll(() => !form.busy && parts(form).field?.value === '').toBe(true)
    const fresh = parts(form).field
    expect(fresh?.hasAttribute('aria-invalid')).toBe(false)
    expect(parts(form).alert?.textContent).toBe('')
    expect(errors).toHaveLength(1)
  })

  it('disables the whole form while it verifies', async () => {
    const customer = await signUpWithClient()
    const form = emailForm(customer)
    const field = await sendCode(form)
    field.value = '000000'
    field.dispatchEvent(new InputEvent('input', { bubbles: true }))
    expect(form.busy).toBe(true)
    expect(form.getAttribute('aria-busy')).toBe('true')
    expect(
      [...parts(form).root.querySelectorAll('input, button')].every((c) => (c as HTMLInputElement).disabled),
    ).toBe(true)
    await expect.poll(() => parts(form).status?.textContent).toBe('You are signed in.')
    expect(form.hasAttribute('aria-busy')).toBe(false)
  })

  it('offers a new code only 30 s after one was sent (counted down), and then sends it without a 429', async () => {
    const customer = await signUpWithClient()
    const form = emailForm(customer)
    const sent = record(form, 'wallet-code-sent')
    const errors = record(form, 'wallet-error')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true })
    const field = await sendCode(form)
    const resend = parts(form).button(/^Send a new code/)
    expect(resend?.disabled).toBe(true)
    expect(resend?.textContent).toBe('Send a new code in 30 s')
    resend?.click()
    vi.advanceTimersByTime(10_000)
    expect(resend?.textContent).toMatch(/^Send a new code in (19|20) s$/)
    expect(resend?.disabled).toBe(true)
    // The field stays usable meanwhile.
    expect(field.disabled).toBe(false)
    vi.advanceTimersByTime(20_000)
    expect(resend?.textContent).toBe('Send a new code')
    expect(resend?.disabled).toBe(false)
    await advanceSandboxClock(30_000)
    resend?.click()
    await expect.poll(() => sent.length).toBe(2)
    await expect.poll(() => form.busy).toBe(false)
    expect(errors).toEqual([])
    expect(parts(form).button(/^Send a new code/)?.textContent).toBe('Send a new code in 30 s')
  })

  it('starts over at the first screen when its client is replaced while a code waits, the wait carried over', async () => {
    const customer = await signUpWithClient()
    const form = emailForm(customer)
    const errors = record(form, 'wallet-error')
    const signedIn = record(form, 'wallet-signed-in')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true })
    await sendCode(form)
    const challenges = countChallenges()
    // The same browser's key store, another client (an app that changed its options).
    const next = clientOf(customer, { databaseName: customer.databaseName })
    customer.wallet.dispose()
    form.client = next
    expect(parts(form).field).toBeNull()
    expect(parts(form).status?.textContent).toBe(
      'The code sent before can no longer be used. Send a new code.',
    )
    const send = parts(form).button(/^Send a new code in \d+ s$/)
    expect(send?.disabled).toBe(true)
    vi.advanceTimersByTime(30_000)
    expect(send?.textContent).toBe('Email me a code')
    await advanceSandboxClock(30_000)
    const field = await sendCode(form)
    expect(challenges()).toBe(1)
    await userEvent.type(field, '000000')
    await expect.poll(() => signedIn.length).toBe(1)
    expect((await next.sessions.current())?.credentialId).toBe(customer.emailCredentialId)
    expect(errors).toEqual([])
  })

  it('counts down a resend refused with Retry-After 30, and sends again at 0', async () => {
    const customer = await signUpWithClient()
    // A form that offers a new code at once: the service's own back-off is what counts down.
    const form = emailForm(customer, { resendAfterSeconds: 0 })
    const sent = record(form, 'wallet-code-sent')
    const errors = record(form, 'wallet-error')
    const field = await sendCode(form)
    // The page's timers and clock are faked (still running); the sandbox's clock is moved.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true })
    const resend = parts(form).button('Send a new code')
    resend?.click()
    await expect.poll(() => errors.length).toBe(1)
    expect(errors[0]?.error).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 30 })
    expect(parts(form).alert?.textContent).toContain('Too many attempts. Try again in 30 seconds.')
    expect(resend?.disabled).toBe(true)
    expect(resend?.textContent).toBe('Send a new code in 30 s')
    // The field stays usable during the back-off.
    expect(field.disabled).toBe(false)
    vi.advanceTimersByTime(10_000)
    expect(resend?.textContent).toMatch(/^Send a new code in (19|20) s$/)
    expect(resend?.disabled).toBe(true)
    vi.advanceTimersByTime(20_000)
    expect(resend?.textContent).toBe('Send a new code')
    expect(resend?.disabled).toBe(false)
    expect(parts(form).alert?.textContent).toBe('')
    await advanceSandboxClock(30_000)
    await userEvent.type(field, '12')
    resend?.click()
    await expect.poll(() => sent.length).toBe(2) // the first screen's send, and this one
    await expect.poll(() => form.busy).toBe(false)
    expect(parts(form).root.activeElement).toBe(field)
    expect(field.value).toBe('')
    expect(errors).toHaveLength(1)
  })

  it('counts down on the first screen too: a second form sending within 30 s', async () => {
    const customer = await signUpWithClient()
    await sendCode(emailForm(customer))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true })
    const second = emailForm(customer)
    const errors = record(second, 'wallet-error')
    const send = parts(second).button('Email me a code')
    send?.click()
    await expect.poll(() => errors.length).toBe(1)
    expect(errors[0]?.error).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 30 })
    expect(send?.disabled).toBe(true)
    expect(send?.textContent).toBe('Send a new code in 30 s')
    // The sentence takes focus (no field at fault on this screen).
    expect(parts(second).root.activeElement).toBe(parts(second).alert)
    vi.advanceTimersByTime(15_000)
    expect(send?.textContent).toMatch(/^Send a new code in (14|15) s$/)
    vi.advanceTimersByTime(15_000)
    expect(send?.textContent).toBe('Email me a code')
    expect(send?.disabled).toBe(false)
    await advanceSandboxClock(30_000)
    await sendCode(second)
  })

  describe('SMS', () => {
    /**
     * A signed-in customer whose phone number is set (the add binds it). `confirm` is the app's
     * hook on the client: yes by default, so that these tests are about the code, not the question.
     */
    async function withPhone(options: Partial<WalletAuthOptions> = { confirm: () => true }) {
      const customer = await signUpWithClient(options)
      await signInByEmail(customer)
      const phoneNumber = `+3361${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
      await customer.wallet.customers.updateContact(
        customer.customerId,
        { phoneNumber },
        { confirm: () => true },
      )
      return { ...customer, phoneNumber }
    }

    /** A form adding an SMS credential; its `contact` the customer's number unless told (null: none). */
    function smsForm(
      customer: ElementCustomer & { phoneNumber: string },
      contact: string | null = customer.phoneNumber,
    ) {
      return mount('wallet-otp-form', {
        client: customer.wallet,
        channel: 'sms',
        adding: true,
        accountId: customer.accountId,
        ...(contact === null ? {} : { contact }),
      })
    }

    const credentialTypes = async ({ wallet, accountId }: ElementCustomer) =>
      (await wallet.credentials.list(accountId)).map((credential) => credential.type)

    describe('its own confirmation, when the app has no confirm', () => {
      it('asks before the add is signed, naming the number; nothing signed while it waits; Tab and Enter confirm', async () => {
        const customer = await withPhone({})
        const requests = watchRequests()
        const form = smsForm(customer)
        const sent = record(form, 'wallet-code-sent')
        const signedIn = record(form, 'wallet-signed-in')
        const send = parts(form).button(`Text a code to ${customer.phoneNumber}`)
        send?.focus()
        await userEvent.keyboard('{Enter}')

        const group = page.getByRole('group', { name: 'Check this before you confirm' })
        await expect.element(group).toBeVisible()
        const panel = confirmPanel(form) as HTMLElement
        expect(panel.getAttribute('aria-labelledby')).toBe('confirm-heading')
        expect(panel.textContent).toContain(customer.phoneNumber)
        // The add's first leg came back and was checked; its signed retry waits for the person.
        expect(requests.sent).toContain('POST /api/wallet/auth/credentials')
        expect(requests.signed).toEqual([])
        expect(parts(form).root.activeElement?.id).toBe('confirm-heading')
        await expect.element(group.getByRole('button', { name: 'Confirm' })).toBeVisible()
        await expect.element(group.getByRole('button', { name: 'Cancel' })).toBeVisible()
        await expectAccessible(form)
        await expectFitsPhone(form)
        expect(requests.signed).toEqual([])
        expect(sent).toEqual([])

        await userEvent.tab()
        expect(parts(form).root.activeElement).toBe(panelButton(form, 'confirm-button'))
        await userEvent.keyboard('{Enter}')
        await expect.poll(() => sent.length).toBe(1)
        expect(confirmPanel(form)).toBeNull()
        expect(requests.signed).toEqual(['POST /api/wallet/auth/credentials'])
        expect(parts(form).root.activeElement?.id).toBe('code')
        await userEvent.keyboard('000000')
        await expect.poll(() => signedIn.length).toBe(1)
        expect(await credentialTypes(customer)).toEqual(['EMAIL_OTP', 'SMS_OTP'])
      })

      it('signs nothing on Cancel or Escape: a quiet status, focus back on the button, no credential', async () => {
        const customer = await withPhone({})
        const requests = watchRequests()
        const form = smsForm(customer)
        const cancelled = record(form, 'wallet-cancelled')
        const errors = record(form, 'wallet-error')
        const send = parts(form).button(/^Text a code to/) as HTMLButtonElement
        await userEvent.click(send)
        await expect.poll(() => confirmPanel(form)).not.toBeNull()
        await userEvent.click(panelButton(form, 'cancel-button'))

        await expect.poll(() => cancelled.length).toBe(1)
        expect(cancelled[0]?.error.code).toBe('CONFIRMATION_DECLINED')
        expect(confirmPanel(form)).toBeNull()
        expect(parts(form).status?.textContent).toBe('Cancelled. Nothing was signed.')
        expect(parts(form).alert?.textContent).toBe('')
        expect(errors).toEqual([])
        expect(form.busy).toBe(false)
        expect(send.disabled).toBe(false)
        expect(parts(form).root.activeElement).toBe(send)

        // Again by keyboard: Escape closes it the same way, and the status is the latest word.
        await userEvent.keyboard('{Enter}')
        await expect.poll(() => confirmPanel(form)).not.toBeNull()
        expect(parts(form).status?.textContent).toBe('')
        await userEvent.keyboard('{Escape}')
        await expect.poll(() => cancelled.length).toBe(2)
        expect(confirmPanel(form)).toBeNull()
        expect(parts(form).root.activeElement).toBe(send)
        expect(parts(form).status?.textContent).toBe('Cancelled. Nothing was signed.')
        expect(requests.signed).toEqual([])
        expect(await credentialTypes(customer)).toEqual(['EMAIL_OTP'])
      })

      it('never signs while the question stands: Enter on it, start() again, the element moved away', async () => {
        const customer = await withPhone({})
        const requests = watchRequests()
        const form = smsForm(customer)
        await userEvent.click(parts(form).button(/^Text a code to/) as HTMLButtonElement)
        await expect.poll(() => confirmPanel(form)).not.toBeNull()
        await userEvent.keyboard('{Enter}') // on the heading: not a yes
        await form.start() // busy: ignored
        form.remove()
        // Everything the page had sent has been answered: the credential list is read after it.
        expect(await credentialTypes(customer)).toEqual(['EMAIL_OTP'])
        expect(requests.signed).toEqual([])
        expect(requests.sent.filter((line) => line === 'POST /api/wallet/auth/credentials')).toHaveLength(1)
      })

      it("asks the app's confirm instead when the client has one: the element's own panel never shows", async () => {
        let form: WalletOtpForm | undefined
        // Yes only when asked with no panel of the element's own open.
        const confirm = vi.fn((_description: PayloadDescription) => !!form && confirmPanel(form) === null)
        const customer = await withPhone({ confirm })
        form = smsForm(customer)
        const sent = record(form, 'wallet-code-sent')
        await userEvent.click(parts(form).button(/^Text a code to/) as HTMLButtonElement)
        await expect.poll(() => sent.length).toBe(1)
        expect(confirm).toHaveBeenCalledOnce()
        expect(confirm.mock.calls[0]?.[0]).toMatchObject({ contact: customer.phoneNumber })
        expect(confirmPanel(form)).toBeNull()
      })

      it('asks for the number when no contact is set, refuses one that is no E.164 number before sending, and names the typed one', async () => {
        const customer = await withPhone({})
        const requests = watchRequests()
        const form = smsForm(customer, null)
        const errors = record(form, 'wallet-error')
        const sent = record(form, 'wallet-code-sent')
        const field = page.getByRole('textbox', { name: 'Phone number' })
        await expect.element(field).toBeVisible()
        const input = parts(form).field as HTMLInputElement
        expect([input.type, input.autocomplete, input.inputMode]).toEqual(['tel', 'tel', 'tel'])
        expect(input.getAttribute('aria-describedby')).toBe('contact-hint')
        await expect.element(field).toHaveAccessibleDescription(/country code/)
        await expectAccessible(form)
        await expectFitsPhone(form)

        await userEvent.type(input, '06 12 34 56 78{Enter}')
        await expect.poll(() => errors.length).toBe(1)
        expect(errors[0]?.error.code).toBe('INVALID_ARGUMENT')
        expect(parts(form).alert?.textContent).toBe(
          'Type the phone number with its country code, like +44 7700 900123.',
        )
        expect(errorCodeOf(form)).toBe('Reference for support: INVALID_ARGUMENT')
        expect(input.getAttribute('aria-invalid')).toBe('true')
        expect(parts(form).root.activeElement).toBe(input)
        expect(requests.sent).toEqual([])

        // Typed with spaces: sent as E.164, and the question names that number.
        const spaced = customer.phoneNumber.replace(
          /^\+33(\d)(\d\d)(\d\d)(\d\d)(\d\d)$/,
          '+33 $1 $2 $3 $4 $5',
        )
        await userEvent.clear(input)
        await userEvent.type(input, `${spaced}{Enter}`)
        await expect.poll(() => confirmPanel(form)).not.toBeNull()
        expect(input.hasAttribute('aria-invalid')).toBe(false)
        expect(confirmPanel(form)?.textContent).toContain(customer.phoneNumber)
        await userEvent.click(panelButton(form, 'confirm-button'))
        await expect.poll(() => sent.length).toBe(1)
        expect(sent[0]?.method).toMatchObject({ type: 'SMS_OTP' })
      })
    })

    /** A browser with WebOTP whose SMS `code` arrives when the test says (never by default). */
    function fakeWebOtp() {
      vi.stubGlobal('OTPCredential', class {})
      let deliver: (code: string) => void = () => {}
      const get = vi.spyOn(navigator.credentials, 'get').mockImplementation(
        (options) =>
          new Promise((resolve, reject) => {
            deliver = (code) => resolve({ code, id: '', type: 'otp' } as Credential)
            options?.signal?.addEventListener('abort', () => reject(options.signal?.reason))
          }),
      )
      return { get, deliver: (code: string) => deliver(code) }
    }

    it('adds an SMS credential: "Text me a code", the code activates it and signs in with it', async () => {
      const customer = await withPhone()
      const form = smsForm(customer)
      expect(form.getAttribute('channel')).toBe('sms')
      const signedIn = record(form, 'wallet-signed-in')
      const sent = record(form, 'wallet-code-sent')
      const send = parts(form).button(`Text a code to ${customer.phoneNumber}`)
      expect(send).toBeDefined()
      await userEvent.click(send as HTMLButtonElement)
      await expect.poll(() => sent.length).toBe(1)
      expect(sent[0]?.method).toMatchObject({ type: 'SMS_OTP', accountId: customer.accountId })
      expect(parts(form).status?.textContent).toBe('We sent a 6-digit code by text message.')
      expect(parts(form).root.activeElement?.id).toBe('code')
      await userEvent.keyboard('000000')
      await expect.poll(() => signedIn.length).toBe(1)
      expect(signedIn[0]?.session).toMatchObject({ type: 'SMS_OTP', credentialId: sent[0]?.method.id })
      const types = (await customer.wallet.credentials.list(customer.accountId)).map((c) => c.type)
      expect(types).toEqual(['EMAIL_OTP', 'SMS_OTP'])
    })

    it('resends for the credential it added, counting down the Retry-After of the add', async () => {
      const customer = await withPhone()
      const form = smsForm(customer)
      form.resendAfterSeconds = 0
      const errors = record(form, 'wallet-error')
      await sendCode(form)
      parts(form).button('Send a new code')?.click()
      await expect.poll(() => errors.length).toBe(1)
      // A second add would be SMS_OTP_CREDENTIAL_ALREADY_EXISTS: the resend went to /challenge.
      expect(errors[0]?.error).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 30 })
      expect(parts(form).button(/Send a new code in \d+ s/)?.disabled).toBe(true)
    })

    it('signs in with the code WebOTP reads from the SMS, where the browser has it', async () => {
      const webOtp = fakeWebOtp()
      const customer = await withPhone()
      const form = smsForm(customer)
      const signedIn = record(form, 'wallet-signed-in')
      const field = await sendCode(form)
      expect(webOtp.get).toHaveBeenCalledWith(
        expect.objectContaining({ otp: { transport: ['sms'] }, signal: expect.any(AbortSignal) }),
      )
      webOtp.deliver('000000')
      await expect.poll(() => signedIn.length).toBe(1)
      expect(field.value).toBe('000000')
    })

    it('aborts WebOTP when the code is typed, and when the form leaves the page', async () => {
      const webOtp = fakeWebOtp()
      const customer = await withPhone()
      const form = smsForm(customer)
      const signedIn = record(form, 'wallet-signed-in')
      await sendCode(form)
      const typedSignal = webOtp.get.mock.calls[0]?.[0]?.signal
      expect(typedSignal?.aborted).toBe(false)
      await userEvent.keyboard('000000')
      await expect.poll(() => signedIn.length).toBe(1)
      expect(typedSignal?.aborted).toBe(true)

      const other = await withPhone()
      const leaving = smsForm(other)
      await sendCode(leaving)
      const leftSignal = webOtp.get.mock.calls[1]?.[0]?.signal
      expect(leftSignal?.aborted).toBe(false)
      leaving.remove()
      expect(leftSignal?.aborted).toBe(true)
    })
  })

  it('asks for the email address to add when no contact is set, refusing one that is not, and mirrors `contact`', async () => {
    const customer = await signUpWithClient()
    await signInByEmail(customer)
    const requests = watchRequests()
    const form = mount('wallet-otp-form', {
      client: customer.wallet,
      adding: true,
      accountId: customer.accountId,
    })
    const errors = record(form, 'wallet-error')
    await expect.element(page.getByRole('textbox', { name: 'Email address' })).toBeVisible()
    const input = parts(form).field as HTMLInputElement
    expect([input.type, input.autocomplete]).toEqual(['email', 'email'])
    await userEvent.type(input, 'ada@example{Enter}')
    await expect.poll(() => errors.length).toBe(1)
    expect(errors[0]?.error.code).toBe('INVALID_ARGUMENT')
    expect(parts(form).alert?.textContent).toBe(
      'Type the email address the codes should go to, like ada@example.com.',
    )
    expect(errorCodeOf(form)).toBe('Reference for support: INVALID_ARGUMENT')
    expect(parts(form).root.activeElement).toBe(input)
    expect(requests.sent).toEqual([])

    // Named by the app instead: attribute and property are one, and the button says where codes go.
    form.setAttribute('contact', 'ada@example.com')
    expect(form.contact).toBe('ada@example.com')
    expect(parts(form).field).toBeNull()
    expect(parts(form).button('Email a code to ada@example.com')).toBeDefined()
    form.contact = undefined
    expect(form.hasAttribute('contact')).toBe(false)
    await expect.element(page.getByRole('textbox', { name: 'Email address' })).toBeVisible()
  })

  it('takes replaced strings, and keeps the typed digits when they change', async () => {
    const customer = await signUpWithClient()
    const form = emailForm(customer)
    form.messages = { otpSendEmail: 'Envoyez-moi un code' }
    parts(form).button('Envoyez-moi un code')?.click()
    await expect.poll(() => parts(form).field).not.toBeNull()
    const field = parts(form).field as HTMLInputElement
    await userEvent.type(field, '000')
    form.messages = { otpCodeLabel: 'Code reçu', otpVerify: 'Vérifier' }
    await expect.element(page.getByRole('textbox', { name: 'Code reçu' })).toHaveValue('000')
    expect(parts(form).button('Vérifier')).toBeDefined()
  })

  it('keeps what a framework set before the tag was defined (channel, client, credential)', async () => {
    const customer = await signUpWithClient()
    const early = document.createElement('wallet-otp-form-late') as WalletOtpForm
    Object.assign(early, {
      channel: 'sms',
      client: customer.wallet,
      credentialId: customer.emailCredentialId,
    })
    document.body.append(early)
    const { WalletOtpForm: Form } = await import('../../src/elements/walletOtpForm.js')
    customElements.define('wallet-otp-form-late', class extends Form {})
    try {
      expect(early.getAttribute('channel')).toBe('sms')
      expect(early.client).toBe(customer.wallet)
      expect(parts(early).button('Text me a code')).toBeDefined()
    } finally {
      early.remove()
    }
  })

  it('starts from start() without its button, and says what is missing without a credential', async () => {
    const customer = await signUpWithClient()
    const form = emailForm(customer)
    const sent = record(form, 'wallet-code-sent')
    await form.start()
    expect(sent).toHaveLength(1)
    expect(parts(form).root.activeElement?.id).toBe('code')

    const bare = mount('wallet-otp-form', { client: customer.wallet })
    const errors = record(bare, 'wallet-error')
    await bare.start()
    expect(errors[0]?.error.code).toBe('INVALID_ARGUMENT')
    expect(parts(bare).alert?.textContent).toBe(
      'This site could not talk to the wallet service as it should. Try again later, or contact the site.',
    )
    expect(errorCodeOf(bare)).toBe('Reference for support: INVALID_ARGUMENT')
  })
})
