// <wallet-otp-form> in Chromium against the real relay and sandbox (code 000000): keyboard only,
// pasted formatted codes, submit on the last digit, a wrong code corrected without a new send, the
// Retry-After countdown on both screens, SMS (adding the credential, WebOTP), names, axe, 390 px.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { WalletElementEventMap } from '../../src/elements/events.js'
import type { WalletOtpForm } from '../../src/elements/walletOtpForm.js'
import {
  advanceSandboxClock,
  type ElementCustomer,
  expectAccessible,
  expectFitsPhone,
  mount,
  shadowOf,
  signInByEmail,
  signUpWithClient,
} from './elementKit.js'

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
    .button(/me a code/)
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
    // The session ends: the form offers to send a code again.
    await customer.wallet.signOut()
    await expect.poll(() => parts(form).button('Email me a code')).toBeDefined()
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
    expect(parts(form).button('Send a new code')).toBeDefined()
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
    expect(alert?.textContent).toBe(
      'That code is not right. Check it and try again, or send a new code. Code: UNAUTHORIZED',
    )
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

  it('counts down a resend refused with Retry-After 30, and sends again at 0', async () => {
    const customer = await signUpWithClient()
    const form = emailForm(customer)
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
    async function withPhone() {
      const customer = await signUpWithClient()
      await signInByEmail(customer)
      const phoneNumber = `+3361${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
      await customer.wallet.customers.updateContact(customer.customerId, { phoneNumber })
      return customer
    }

    function smsForm(customer: ElementCustomer) {
      return mount('wallet-otp-form', {
        client: customer.wallet,
        channel: 'sms',
        adding: true,
        accountId: customer.accountId,
      })
    }

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
      const send = parts(form).button('Text me a code')
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
    expect(parts(bare).alert?.textContent).toMatch(/Code: INVALID_ARGUMENT$/)
  })
})
