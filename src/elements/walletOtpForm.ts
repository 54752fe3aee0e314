import { isWalletAuthError, WalletAuthError } from '../errors.js'
import type { AuthMethod } from '../wire/authMethod.js'
import { codeField } from './codeField.js'
import { h } from './dom.js'
import type { ElementClient, ElementClientEvent, ElementSession } from './elementClient.js'
import { fillIn } from './messages.js'
import { otpDigits } from './otpDigits.js'
import { resendBackOff } from './resendBackOff.js'
import { WalletElement } from './walletElement.js'

/** Where a one-time code goes: the credential's email address or phone number. */
export type OtpChannel = 'email' | 'sms'

// What the form accepts as a typed contact: an address with one @ and a dot in its domain, or
// an E.164 number once spaces, dots, dashes and brackets are taken out.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const E164 = /^\+[1-9]\d{6,14}$/

/**
 * `<wallet-otp-form channel="email|sms">`: sends a one-time code ("Email me a code" / "Text me a
 * code"), then one code field (pasted "000 000" or "000-000" kept as digits, submitted on the last
 * digit, the SMS read by WebOTP where the browser can), Verify and "Send a new code" (disabled
 * for `resendAfterSeconds` after each code sent, and with the seconds of a `Retry-After` back-off,
 * on the first screen too, so that a click is never met with "Too many attempts"). A wrong code stays in
 * the field, selected, to be corrected and sent again under the same issuance. With `adding` and
 * `accountId`, the first step adds the credential and the code activates it.
 * Events: `wallet-code-sent`, `wallet-signed-in`, `wallet-error`. Parts: `form`, `label`, `input`,
 * `hint`, `button` (every button; also `verify`, `resend`), `status` (the polite live region),
 * `error`, `error-code`, and the confirmation's `confirmation` (the panel), `confirm-button`, `cancel-button`.
 *
 * Adding a credential binds it to a contact the user saw: with `contact` set, the first step
 * names it ("Email a code to ada@example.com"); without, the first step asks for it (an email
 * field, or a phone field taking E.164 numbers) and checks it before anything is sent. Unless the
 * app's client has its own `confirm`, the form then shows what is about to be signed and waits
 * for Confirm; Cancel or Escape signs nothing and says so quietly.
 *
 * With a signer-mode client (`mode: 'signer'`) the page never sees the code: after sending, the
 * form says that the code is typed in the wallet window and opens the signer's code box over the
 * page (`verify(credentialId)`, no code); the form itself has no code field, and the signer asks
 * its own confirmation before an add. When the person closes that box, the form says so quietly
 * (`wallet-cancelled`) and offers "Type the code" (the box again, for the same code) beside
 * "Send a new code".
 *
 * @example
 * ```ts
 * const form = document.createElement('wallet-otp-form')
 * form.credentialId = emailCredentialId
 * form.addEventListener('wallet-signed-in', (event) => showWallet(event.detail.session))
 * document.body.append(form)
 *
 * // Adding a text-message sign-in to a number the user gave on an earlier screen
 * const adding = document.createElement('wallet-otp-form')
 * Object.assign(adding, { channel: 'sms', adding: true, accountId, contact: '+33612345678' })
 * ```
 */
export class WalletOtpForm extends WalletElement {
  #credentialId: string | undefined
  #accountId: string | undefined
  #customerId: string | undefined
  #codeLength: number | undefined
  #resendAfterSeconds: number | undefined
  static observedAttributes = ['channel', 'adding', 'contact']
  /** The EMAIL_OTP or SMS_OTP credential to sign in with (not needed with `adding`). */
  get credentialId(): string | undefined {
    return this.#credentialId
  }
  set credentialId(value: string | undefined) {
    this.#credentialId = value
  }
  /** The account to add the credential to, with `adding`. */
  get accountId(): string | undefined {
    return this.#accountId
  }
  set accountId(value: string | undefined) {
    this.#accountId = value
  }
  /**
   * With `adding`: the customer whose email or phone number the credential's contact must be. The
   * form sets it there first when it is not, under the same one confirmation as the credential.
   */
  get customerId(): string | undefined {
    return this.#customerId
  }
  set customerId(value: string | undefined) {
    this.#customerId = value
  }
  /** Digits in a code (default 6). */
  get codeLength(): number | undefined {
    return this.#codeLength
  }
  set codeLength(value: number | undefined) {
    this.#codeLength = value
  }
  /**
   * Seconds after a code is sent before the form offers a new one (default 30, the service's
   * interval between codes; 0: at once). A longer `Retry-After` of the service still wins.
   */
  get resendAfterSeconds(): number | undefined {
    return this.#resendAfterSeconds
  }
  set resendAfterSeconds(value: number | undefined) {
    this.#resendAfterSeconds = value
  }

  /**
   * The client. A new one while a code waits to be typed starts over at the send step: the code
   * was sent through the old client, which alone can verify it (the back-off carries on).
   */
  override get client(): ElementClient | undefined {
    return super.client
  }
  override set client(value: ElementClient | undefined) {
    const before = super.client
    super.client = value
    if (value === before || this.#step !== 'code') return
    this.#webOtp?.abort()
    this.#step = 'send'
    this.#sentTo = undefined
    this.clearError()
    if (this.isConnected) this.refresh()
    this.#status.replaceChildren(this.messages.otpStartOver)
  }

  #step: 'send' | 'code' | 'done' = 'send'
  // The credential the code was sent for (the new one when adding).
  #sentTo: string | undefined
  // The credential added by this form (with `adding`): later codes are sent for it.
  #added: string | undefined
  #backOff = resendBackOff({
    show: () => this.#showWait(),
    onEnd: () => this.clearError(),
    now: () => this.now(),
  })
  #lastTried = ''
  #webOtp: AbortController | undefined
  #body = h('div', { class: 'stack' })
  // Never display:none (a live region must be in the accessibility tree before it speaks).
  #status = h('p', { role: 'status', 'aria-live': 'polite', part: 'status', tabindex: '-1' })
  #error = this.errorBox()
  #field: HTMLInputElement | undefined
  #contactField: HTMLInputElement | undefined
  #sendButton: HTMLButtonElement | undefined
  // Where the confirmation panel goes: outside #body, which every render replaces.
  #confirmSlot = h('div', { class: 'stack' })

  /** `email` (default) or `sms`; the `channel` attribute. */
  get channel(): OtpChannel {
    return this.getAttribute('channel') === 'sms' ? 'sms' : 'email'
  }
  set channel(value: OtpChannel) {
    this.setAttribute('channel', value)
  }

  /** Adds a credential of the channel to `accountId` instead of signing in with one; the `adding` attribute. */
  get adding(): boolean {
    return this.hasAttribute('adding')
  }
  set adding(value: boolean) {
    // `undefined` (a framework no longer passing it) clears it; toggleAttribute would flip it.
    this.toggleAttribute('adding', value === true)
  }

  /**
   * With `adding`: the email address or E.164 phone number the credential is bound to, as the
   * user gave or confirmed it; the `contact` attribute. Unset, the form asks for it.
   */
  get contact(): string | undefined {
    return this.getAttribute('contact') ?? undefined
  }
  set contact(value: string | undefined) {
    if (value === undefined) this.removeAttribute('contact')
    else this.setAttribute('contact', value)
  }

  attributeChangedCallback(_name: string, before: string | null, after: string | null): void {
    if (before === after || !this.isConnected) return
    this.#step = 'send'
    this.#added = undefined
    this.refresh()
  }

  // Signed in by this form, then the session ended (here or in another tab): ready to send again.
  protected override sessionChanged(event: ElementClientEvent): void {
    if (this.#step !== 'done' || (event.type !== 'signed-out' && event.type !== 'expired')) return
    this.#step = 'send'
    this.#status.replaceChildren()
    this.refresh()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#webOtp?.abort()
    this.#backOff.stop()
  }

  get #length(): number {
    return this.codeLength ?? 6
  }

  #otp() {
    const client = this.requireClient()
    return this.channel === 'sms' ? client.smsOtp : client.emailOtp
  }

  // Signer mode: the signer's own box takes the code, and the page only hears how it ended.
  get #inSigner(): boolean {
    return this.client?.mode === 'signer'
  }

  protected render(): void {
    const m = this.messages
    const typed = this.#field?.value ?? ''
    this.#field = undefined
    if (this.#step === 'send') {
      const asks = this.adding && this.contact === undefined && !this.#added
      this.#sendButton = h('button', { type: asks ? 'submit' : 'button', part: 'button' })
      if (asks) this.#body.replaceChildren(this.#contactForm())
      else {
        this.#contactField = undefined
        this.#sendButton.addEventListener('click', () => void this.start())
        this.#body.replaceChildren(this.#sendButton)
      }
    } else if (this.#step === 'code' && this.#inSigner) {
      const open = h('button', { type: 'button', part: 'button verify' }, m.otpTypeInSigner)
      open.addEventListener('click', () => void this.#verifyInSigner())
      this.#sendButton = h('button', { type: 'button', class: 'secondary', part: 'button resend' })
      this.#sendButton.addEventListener('click', () => void this.start())
      this.#body.replaceChildren(h('div', { class: 'row' }, open, this.#sendButton))
    } else if (this.#step === 'code') {
      const field = codeField({
        length: this.#length,
        ...(m.otpHint ? { describedBy: 'hint' } : {}),
        // The same wrong code again (one more digit typed at its end) is not sent again.
        onComplete: (code) => {
          if (code !== this.#lastTried && !this.busy) void this.#verify()
        },
      })
      field.value = typed
      this.#field = field
      this.#sendButton = h('button', { type: 'button', class: 'secondary', part: 'button resend' })
      this.#sendButton.addEventListener('click', () => void this.start())
      const form = h(
        'form',
        { part: 'form', novalidate: true },
        h('label', { for: 'code', part: 'label' }, m.otpCodeLabel),
        field,
        m.otpHint && h('p', { id: 'hint', part: 'hint' }, m.otpHint),
        h(
          'div',
          { class: 'row' },
          h('button', { type: 'submit', part: 'button verify' }, m.otpVerify),
          this.#sendButton,
        ),
      )
      form.addEventListener('submit', (event) => {
        event.preventDefault()
        void this.#verify()
      })
      this.#body.replaceChildren(form)
    } else {
      this.#sendButton = undefined
      this.#body.replaceChildren()
    }
    this.#showWait()
    // Put in place once: a live region taken out and put back may not announce its next change.
    if (!this.#body.parentNode)
      this.shadow.replaceChildren(
        h('div', { class: 'stack' }, this.#status, this.#body, this.#confirmSlot, this.#error),
      )
  }

  // The first step of an add without a `contact`: the email address or phone number to bind.
  #contactForm() {
    const m = this.messages
    const sms = this.channel === 'sms'
    const typed = this.#contactField?.value ?? ''
    const field = h('input', {
      id: 'contact',
      part: 'input contact',
      name: sms ? 'tel' : 'email',
      type: sms ? 'tel' : 'email',
      autocomplete: sms ? 'tel' : 'email',
      inputmode: sms ? 'tel' : 'email',
      autocapitalize: 'off',
      spellcheck: 'false',
      'aria-describedby': sms ? 'contact-hint' : undefined,
    })
    field.value = typed
    field.addEventListener('input', () => this.clearError(field))
    this.#contactField = field
    const form = h(
      'form',
      { part: 'form', novalidate: true },
      h('label', { for: 'contact', part: 'label' }, sms ? m.otpPhoneLabel : m.otpEmailLabel),
      field,
      sms && h('p', { id: 'contact-hint', part: 'hint' }, m.otpPhoneHint),
      h('div', { class: 'row' }, this.#sendButton),
    )
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      void this.start()
    })
    return form
  }

  // The send or resend button: its label, and disabled while a back-off runs.
  #showWait() {
    const m = this.messages
    const sms = this.channel === 'sms'
    const { contact } = this
    const label =
      this.#step === 'code'
        ? m.otpResend
        : this.adding && contact !== undefined
          ? fillIn(sms ? m.otpSendSmsTo : m.otpSendEmailTo, { contact })
          : sms
            ? m.otpSendSms
            : m.otpSendEmail
    this.#backOff.paint(this.#sendButton, label, m.otpResendIn, this.busy)
  }

  // The contact to bind, as set or typed; a typed one that is no email address or E.164 number
  // is refused at its field.
  #contactToBind(): string {
    const { contact } = this
    if (contact !== undefined) return contact
    const sms = this.channel === 'sms'
    const typed = this.#contactField?.value.trim() ?? ''
    const value = sms ? typed.replace(/[\s().-]/g, '') : typed
    if ((sms ? E164 : EMAIL).test(value)) return value
    throw new WalletAuthError(
      'INVALID_ARGUMENT',
      sms ? 'Not an E.164 phone number.' : 'Not an email address.',
      { reason: sms ? 'invalid phone number' : 'invalid email address' },
    )
  }

  protected override afterBusy(): void {
    this.#showWait()
  }

  /**
   * Sends a code (or a new one), as the send button does; with `adding`, the first call adds the
   * credential, which sends its first code. Then the code field takes focus.
   */
  async start(): Promise<void> {
    if (this.busy || this.#backOff.secondsLeft > 0) return
    const contactField = this.#contactField
    // "Send a new code": the wrong code's mark and sentence go with it.
    this.clearError(contactField ?? this.#field)
    // A cancelled confirmation's sentence goes once the user tries again.
    if (this.#step === 'send') this.#status.replaceChildren()
    const method = await this.runBusy(
      async (): Promise<AuthMethod> => {
        const otp = this.#otp()
        if (!this.adding) return otp.send(this.#required(this.credentialId, 'credentialId'))
        if (this.#added) return otp.send(this.#added)
        const accountId = this.#required(this.accountId, 'accountId')
        const contact = this.#contactToBind()
        const { customerId } = this
        // One control at a time: the signer's question over the page, or the panel here, alone.
        const inSigner = this.#inSigner
        if (inSigner) this.#body.hidden = true
        const added = await otp
          .add(accountId, {
            contact,
            ...(customerId ? { customerId } : {}),
            ...this.confirmation(this.#confirmSlot, this.#body),
          })
          .finally(() => {
            if (inSigner) this.#body.hidden = false
          })
        this.#added = added.id
        return added.otpEncryptionTargetBundle ? added : otp.send(added.id)
      },
      (error) => {
        // Cancelled at the confirmation: nothing was signed, and nothing is wrong.
        if (isWalletAuthError(error, 'CONFIRMATION_DECLINED')) {
          this.#status.replaceChildren(this.messages.confirmDeclined)
          this.emit('wallet-cancelled', { error })
          return
        }
        const atField = isWalletAuthError(error, 'INVALID_ARGUMENT') && error.reason !== undefined
        this.showError(error, atField ? contactField : undefined)
        this.#backOff.startFrom(error)
      },
    )
    if (!method) return
    this.#backOff.wait(this.resendAfterSeconds ?? 30)
    this.#sentTo = method.id
    this.#lastTried = ''
    if (this.#step === 'code' && this.#field) this.#field.value = ''
    else {
      this.#step = 'code'
      this.refresh()
    }
    const m = this.messages
    const sent = fillIn(this.channel === 'sms' ? m.otpSentSms : m.otpSentEmail, { length: this.#length })
    this.#status.replaceChildren(this.#inSigner ? `${sent} ${m.otpInSigner}` : sent)
    this.#field?.focus()
    this.emit('wallet-code-sent', { method })
    if (this.#inSigner) void this.#verifyInSigner()
    else this.#readSms()
  }

  #required(value: string | undefined, name: string): string {
    if (value) return value
    throw new WalletAuthError(
      'INVALID_ARGUMENT',
      `${this.localName} has no ${name}: set its ${name} property.`,
    )
  }

  async #verify() {
    const field = this.#field
    if (!field || this.busy || this.#sentTo === undefined) return
    const code = otpDigits(field.value, this.#length)
    if (code.length !== this.#length) {
      this.showError(new WalletAuthError('INVALID_OTP_CODE', `Type the ${this.#length} digits.`), field)
      return
    }
    this.#webOtp?.abort()
    this.#lastTried = code
    this.clearError(field)
    const credentialId = this.#sentTo
    const client = this.requireClient()
    if (client.mode === 'signer') return
    const otp = this.channel === 'sms' ? client.smsOtp : client.emailOtp
    const session = await this.runBusy(
      () => otp.verify(credentialId, code),
      (error) => this.showError(error, field),
    )
    if (session) this.#signedIn(session)
  }

  // Opens the signer's code box for the code sent; resolves once it signed in or was closed.
  async #verifyInSigner() {
    const credentialId = this.#sentTo
    const client = this.requireClient()
    if (this.busy || credentialId === undefined || client.mode !== 'signer') return
    this.clearError()
    const otp = this.channel === 'sms' ? client.smsOtp : client.emailOtp
    const session = await this.runBusy(
      () => otp.verify(credentialId),
      (error) => {
        // The person closed the box: nothing is wrong, and the same code can still be typed.
        if (isWalletAuthError(error, 'CONFIRMATION_DECLINED')) {
          this.#status.replaceChildren(this.messages.otpSignerClosed)
          this.shadow.querySelector<HTMLElement>('[part~="verify"]')?.focus()
          this.emit('wallet-cancelled', { error })
          return
        }
        this.showError(error)
        this.#backOff.startFrom(error)
      },
    )
    if (session) this.#signedIn(session)
  }

  #signedIn(session: ElementSession) {
    this.#step = 'done'
    this.refresh()
    this.#status.replaceChildren(this.messages.signedIn)
    this.#status.focus()
    this.emit('wallet-signed-in', { session })
  }

  // WebOTP: the browser offers the SMS's code (its last line names this origin); aborted on submit,
  // on a new code and when the form leaves the page.
  #readSms() {
    this.#webOtp?.abort()
    if (this.channel !== 'sms' || !('OTPCredential' in globalThis)) return
    const controller = new AbortController()
    this.#webOtp = controller
    const request = { otp: { transport: ['sms'] }, signal: controller.signal } as CredentialRequestOptions
    navigator.credentials
      .get(request)
      .then((credential) => {
        const code = (credential as { code?: string } | null)?.code
        if (controller.signal.aborted || !code || !this.#field) return
        this.#field.value = otpDigits(code, this.#length)
        void this.#verify()
      })
      .catch(() => {}) // no SMS, or aborted: the user types the code
  }
}
