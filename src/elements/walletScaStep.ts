import { paymentResult } from '../client/paymentResult.js'
import type { PaymentResult, PaymentScaFactor, ScaAnswer } from '../client/quoteMethods.js'
import { isWalletAuthError, WalletAuthError } from '../errors.js'
import { visibleText } from '../intent/visibleText.js'
import type { ScaStep } from '../sca/authorizeSca.js'
import type { ScaLoginStart } from '../sca/scaLogin.js'
import { scaLoginRequired } from '../sca/scaLoginRequired.js'
import type { Quote } from '../wire/quote.js'
import { codeField } from './codeField.js'
import { h } from './dom.js'
import { formatMoney } from './formatMoney.js'
import { fillIn } from './messages.js'
import { otpDigits } from './otpDigits.js'
import { resendBackOff } from './resendBackOff.js'
import type { PhoneCheck, PhoneCheckHost } from './scaStep/phoneCheck.js'
import { phoneToVerify } from './scaStep/phoneToVerify.js'
import { scaForm, stepButton } from './scaStep/scaForm.js'
import { WalletElement } from './walletElement.js'

const CODE_LENGTH = 6
// The service sends an SCA code no more often than this (its interval between two codes).
const RESEND_AFTER_SECONDS = 30
// Statuses after which a quote no longer changes.
const FINAL = ['COMPLETED', 'FAILED', 'EXPIRED']

/**
 * `<wallet-sca-step>`: pays a quote from the wallet. It says what is authorised (the amount as
 * money and the receiver), runs `quotes.execute` from its Pay button and, when the service asks
 * for strong customer authentication, shows the step: one code field (pasted "123 456" kept as
 * digits, submitted on the last digit), Confirm, "Confirm with a passkey" where the challenge
 * offers one, and "Send the code again" (disabled with the seconds of a `Retry-After`). A wrong
 * code stays in the field to be corrected. When the service first needs the customer's SCA login
 * (`SCA_SESSION_REQUIRED`: none yet, or it expired), the same element asks for it: a code texted
 * to the customer's phone (`customerId`), completed with the page's `endUserIpAddress`, after
 * which the payment's code the person typed goes again by itself. When the customer has an SCA
 * passkey enrolled, the login offers it first, a texted code as the other way (in signer mode too:
 * the ceremony runs in the signer's frame, where the client runs). When the service has no verified
 * phone to text a code to (`INVALID_INPUT` at Pay while the customer's `contactVerification.phone`
 * is `PENDING`: no number yet, or one changed since), the element asks for the number (saved with
 * `customers.updateContact`, confirmed by the person) or texts a code to the one it has, takes the
 * code, then logs in and pays without Pay being pressed again. "Paid" only once the quote is `COMPLETED`: a released
 * payment is shown as on its way and followed until it settles; a failed one as an error.
 * An expired quote cannot be paid: Pay is disabled within a second of its `expiresAt` on the
 * client's clock (`now`), a clock that jumps included. Unless the app's client has its own `confirm`, Pay first shows
 * what is about to be signed (the amounts sent and received, the fees, the destination) and waits
 * for Confirm; Cancel or Escape signs nothing and says so quietly.
 * Events: `wallet-sca-required`, `wallet-sca-login-required`, `wallet-phone-verification-required`,
 * `wallet-authorized`,
 * `wallet-payment-settled`, `wallet-error`.
 * Parts: `summary`, `button` (every button; also `pay`, `confirm` the code step's, `resend`,
 * `passkey`, `sms`, `send`, `change`), `form`, `heading`, `label`, `input`, `hint`, `status`, `error`,
 * `error-code`, and the
 * confirmation's `confirmation` (the panel), `confirm-button`, `cancel-button`.
 *
 * @example
 * ```ts
 * const step = document.createElement('wallet-sca-step')
 * step.quote = await wallet.quotes.create(request)
 * step.customerId = customerId // for an SCA login, when the service asks for one
 * step.endUserIpAddress = ipYourBackendSaw // the person's device address, never your server's
 * step.addEventListener('wallet-payment-settled', (event) => refreshBalance(event.detail.payment))
 * document.body.append(step)
 * ```
 */
export class WalletScaStep extends WalletElement {
  #scaFactor: PaymentScaFactor | undefined
  #receiver: string | undefined
  #followEveryMs: number | undefined
  #resendAfterSeconds: number | undefined
  #customerId: string | undefined
  #endUserIpAddress: string | undefined
  /**
   * The customer who pays: the SCA login the service may ask for first is this customer's
   * (default the quote's `source.customerId`).
   */
  get customerId(): string | undefined {
    return this.#customerId
  }
  set customerId(value: string | undefined) {
    this.#customerId = value
  }
  /**
   * The person's device IP address as your backend saw the page's request come from (never your
   * server's): sent with each proof, and required by the service to complete an SCA login.
   */
  get endUserIpAddress(): string | undefined {
    return this.#endUserIpAddress
  }
  set endUserIpAddress(value: string | undefined) {
    this.#endUserIpAddress = value
  }
  /** The factor to ask for when the service opens SCA (default the service's, an SMS code). */
  get scaFactor(): PaymentScaFactor | undefined {
    return this.#scaFactor
  }
  set scaFactor(value: PaymentScaFactor | undefined) {
    this.#scaFactor = value
  }
  /**
   * Seconds "Send the code again" waits after each SMS code sent (default 30, the service's
   * interval between codes; 0: at once). A longer `Retry-After` of the service still wins.
   */
  get resendAfterSeconds(): number | undefined {
    return this.#resendAfterSeconds
  }
  set resendAfterSeconds(value: number | undefined) {
    this.#resendAfterSeconds = value
  }
  /** How to name the receiver (default the quote's UMA address or account id). */
  get receiver(): string | undefined {
    return this.#receiver
  }
  set receiver(value: string | undefined) {
    this.#receiver = value
    if (this.isConnected) this.refresh()
  }
  /** How often a released payment is read again until it settles (ms, default 2000). */
  get followEveryMs(): number | undefined {
    return this.#followEveryMs
  }
  set followEveryMs(value: number | undefined) {
    this.#followEveryMs = value
  }

  #quote: Quote | undefined
  #phase: 'pay' | 'step' | 'login' | 'contact' | 'done' = 'pay'
  #step: ScaStep | undefined
  // The SCA login under way (its code sent), the customer it is for, and the payment's answer
  // that waits for it, given again once the login is done.
  #login: ScaLoginStart | undefined
  #loginCustomerId: string | undefined
  #waitingAnswer: ScaAnswer | undefined
  // Whether the customer's factors include a texted code (offered beside a passkey login).
  #smsLogin = true
  // The check of a phone to verify before paying, while it runs.
  #phoneCheck: PhoneCheck | undefined
  #expired = false
  #lastTried = ''
  #backOff = resendBackOff({
    show: () => this.#showWait(),
    onEnd: () => this.clearError(),
    now: () => this.now(),
  })
  #timer: ReturnType<typeof setTimeout> | undefined
  #field: HTMLInputElement | undefined
  #resend: HTMLButtonElement | undefined
  #body = h('div', { class: 'stack' })
  // Where the confirmation panel goes: outside #body, which every render replaces.
  #confirmSlot = h('div', { class: 'stack' })
  // Never display:none: a live region must be in the accessibility tree before it speaks.
  #status = h('p', { role: 'status', 'aria-live': 'polite', part: 'status', tabindex: '-1' })
  #error = this.errorBox()

  /** The quote to pay, as `quotes.create` returned it. Setting it starts over. */
  get quote(): Quote | undefined {
    return this.#quote
  }
  set quote(value: Quote | undefined) {
    this.#quote = value
    this.#phase = 'pay'
    this.#step = undefined
    this.#login = this.#waitingAnswer = undefined
    this.#phoneCheck?.stop()
    this.#phoneCheck = undefined
    this.#expired = false
    this.#backOff.stop()
    this.#status.replaceChildren()
    this.clearError()
    if (this.isConnected) this.#watch()
  }

  override connectedCallback(): void {
    super.connectedCallback()
    this.#watch()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    clearTimeout(this.#timer)
    this.#backOff.stop()
    this.#phoneCheck?.stop()
  }

  // Renders, and waits for the quote to expire (not payable after) or, once released, to settle.
  #watch() {
    clearTimeout(this.#timer)
    const quote = this.#quote
    if (quote && this.#phase === 'pay' && !this.#expired) this.#checkExpiry()
    if (quote && this.#phase === 'done' && !FINAL.includes(quote.status)) this.#follow(quote.id)
    this.refresh()
  }

  // The quote's end, judged by the client's clock at least once a second: that clock can jump
  // (a sandbox's moved clock, a device back from sleep) where a single timer would not notice.
  #checkExpiry() {
    const quote = this.#quote
    if (!quote || this.#phase !== 'pay' || this.#expired) return
    const left = Date.parse(quote.expiresAt) - this.now()
    if (left <= 0) return this.#expire()
    this.#timer = setTimeout(() => this.#checkExpiry(), Math.min(left, 1000))
  }

  #expire() {
    this.#expired = true
    if (this.#phase === 'pay') this.#status.replaceChildren(this.messages.errors.QUOTE_EXPIRED ?? '')
    this.refresh()
  }

  #money(amount: number, currency: Quote['sendingCurrency']) {
    return formatMoney(amount, currency, document.documentElement.lang || undefined)
  }

  protected render(): void {
    const m = this.messages
    const quote = this.#quote
    this.#field = this.#resend = undefined
    const body: Node[] = []
    if (quote) {
      const sent = this.#money(quote.totalSendingAmount, quote.sendingCurrency)
      const { destination } = quote
      // The service's text, shown for a decision: a bidi override must not reverse what is read.
      const receiver = visibleText(
        String(
          this.receiver ??
            (destination.destinationType === 'UMA_ADDRESS' ? destination.umaAddress : destination.accountId),
        ),
      )
      body.push(
        h(
          'p',
          { id: 'summary', part: 'summary' },
          fillIn(m.scaSummary, { amount: sent, receiver }),
          ' ',
          fillIn(m.scaReceives, { amount: this.#money(quote.totalReceivingAmount, quote.receivingCurrency) }),
        ),
      )
      if (this.#phase === 'pay') {
        const pay = h(
          'button',
          { type: 'button', part: 'button pay', 'aria-describedby': 'summary', disabled: this.#expired },
          fillIn(m.scaPay, { amount: sent }),
        )
        pay.addEventListener('click', () => void this.pay())
        body.push(pay)
      } else if (this.#phase === 'step' && this.#step) body.push(this.#stepForm(this.#step))
      else if (this.#phase === 'login') body.push(this.#loginForm())
      else if (this.#phase === 'contact' && this.#phoneCheck) body.push(this.#phoneCheck.form())
    }
    this.#showWait()
    this.#body.replaceChildren(...body)
    // The live regions stay in place across renders, so that their changes are announced.
    if (!this.#body.parentNode)
      this.shadow.append(
        h('div', { class: 'stack' }, this.#body, this.#confirmSlot, this.#status, this.#error),
      )
  }

  #stepForm({ challenge }: ScaStep) {
    const m = this.messages
    const takesCode = challenge.factor !== 'PASSKEY'
    const form = scaForm(m.scaHeading, () => void this.#confirm())
    if (takesCode) {
      const row = h('div', { class: 'row' }, stepButton(m.scaConfirm, 'confirm'))
      if (challenge.factor === 'SMS_OTP') {
        this.#resend = stepButton('', 'resend', () => void this.#sendAgain())
        row.append(this.#resend)
      }
      form.append(...this.#codeInput(m.scaCodeLabel, () => this.#confirm()), row)
    }
    if (challenge.passkeyAssertionOptions) {
      const passkey = stepButton(m.scaPasskey, 'passkey', () => void this.#authorize('passkey'))
      if (!takesCode) passkey.classList.remove('secondary')
      form.append(passkey)
    }
    return form
  }

  // The code field and its label (the same wrong code again does not submit).
  #codeInput(label: string, submit: () => unknown) {
    this.#field = codeField({
      length: CODE_LENGTH,
      onComplete: (code) => {
        if (code !== this.#lastTried) void submit()
      },
    })
    return [h('label', { for: 'code', part: 'label' }, label), this.#field]
  }

  // The whole code typed, or undefined with the reason said at the field.
  #typedCode(): string | undefined {
    const code = otpDigits(this.#field?.value ?? '', CODE_LENGTH)
    if (code.length === CODE_LENGTH) return code
    this.showError(new WalletAuthError('INVALID_OTP_CODE', 'The code is too short.'), this.#field)
  }

  // The resend button: its label, and disabled while a back-off runs.
  #showWait() {
    const m = this.messages
    // Before a login's first code went out, the button sends the first one.
    const first = this.#phase === 'login' && this.#login?.factor !== 'SMS_OTP'
    this.#phoneCheck?.paint()
    this.#backOff.paint(this.#resend, first ? m.scaLoginSend : m.scaResend, m.scaResendIn, this.busy)
  }

  protected override afterBusy(): void {
    this.#showWait()
  }

  /** Pays the quote (as the Pay button does): executes it, or resumes its open SCA step. */
  async pay(): Promise<void> {
    await this.#authorize()
  }

  #confirm() {
    const code = this.#typedCode()
    if (code === undefined) return
    this.#lastTried = code
    return this.#authorize({ code })
  }

  // Executes (or resumes) the quote, giving `answer` to the open step. When the service asks for
  // a step the user has not answered yet, the call stops there and the step is shown.
  async #authorize(answer?: ScaAnswer) {
    const quote = this.#quote
    if (!quote || this.busy) return
    if (this.#phase === 'pay' && !this.#expired && Date.parse(quote.expiresAt) <= this.now()) this.#expire()
    if (this.#expired) return void this.showError(this.#quoteExpired())
    this.clearError(this.#field)
    if (this.#phase === 'pay') {
      // In signer mode the payment is read and confirmed in the signer's frame: the page says where.
      const inSigner = answer === undefined && this.client?.mode === 'signer'
      this.#status.replaceChildren(inSigner ? this.messages.scaConfirmInSigner : '')
    }
    let pending = answer
    let next: ScaStep | undefined
    let loginFirst: unknown
    let phone: { phoneNumber?: string } | undefined
    const result = await this.runBusy(
      async () => {
        const client = this.requireClient()
        try {
          return await client.quotes.execute(quote.id, {
            ...(this.scaFactor ? { scaFactor: this.scaFactor } : {}),
            ...(this.endUserIpAddress ? { endUserIpAddress: this.endUserIpAddress } : {}),
            ...this.confirmation(this.#confirmSlot),
            onScaChallenge: (step) => {
              if (pending === undefined) {
                next = step
                throw new Error('The step waits for the user.')
              }
              const given = pending
              pending = undefined
              return given
            },
          })
        } catch (error) {
          if (next) return undefined
          // Not a refused answer: the service wants the customer's SCA login first.
          if (isWalletAuthError(error, 'SCA_SESSION_REQUIRED')) {
            loginFirst = error
            return undefined
          }
          // No factor to open the step with: the service's state says whether a phone is to verify.
          const payer = this.#payer()
          if (isWalletAuthError(error, 'INVALID_INPUT') && answer === undefined && payer !== undefined) {
            phone = await phoneToVerify(client, payer).catch(() => undefined)
            if (phone) return undefined
          }
          throw await this.#explain(error, answer)
        }
      },
      (error) => {
        this.#failed(error)
      },
    )
    if (next) this.#ask(next)
    else if (loginFirst) await this.#beginLogin(answer, loginFirst)
    else if (phone) await this.#beginContact(phone.phoneNumber)
    else if (result) this.#settled(result, true)
  }

  // The SCA login the service asks for before it takes the payment's answer: says why, sends the
  // code to the customer's phone, and keeps the answer to give again once logged in.
  async #beginLogin(answer: ScaAnswer | undefined, error?: unknown) {
    const quote = this.#quote
    this.#waitingAnswer = answer
    this.#loginCustomerId = this.#payer() ?? scaLoginRequired(error)?.customerId
    this.#phase = 'login'
    this.#login = undefined
    this.#lastTried = ''
    this.#backOff.stop()
    this.refresh()
    this.#status.replaceChildren(this.messages.scaLoginStarting)
    this.emit('wallet-sca-login-required', {
      quoteId: quote?.id ?? '',
      ...(this.#loginCustomerId === undefined ? {} : { customerId: this.#loginCustomerId }),
    })
    await this.#startLogin()
  }

  #loginForm() {
    const m = this.messages
    const form = scaForm(m.scaLoginHeading, () => void this.#confirmLogin())
    if (this.#login?.factor === 'PASSKEY') {
      form.append(stepButton(m.scaPasskey, 'passkey'))
      if (this.#smsLogin)
        form.append(stepButton(m.scaLoginBySms, 'sms', () => void this.#startLogin('SMS_OTP')))
    } else {
      this.#resend = stepButton('', 'resend', () => void this.#startLogin('SMS_OTP'))
      const row = h('div', { class: 'row' }, stepButton(m.scaConfirm, 'confirm'), this.#resend)
      form.append(...this.#codeInput(m.scaLoginCodeLabel, () => this.#confirmLogin()), row)
    }
    return form
  }

  // Starts the login (again). Without `factor`: the customer's passkey when one is enrolled (the
  // app did not ask for texted codes), else a code by text message to its verified phone; a
  // customer with neither has a phone to verify first.
  async #startLogin(factor?: 'SMS_OTP') {
    if (this.busy || this.#backOff.secondsLeft > 0) return
    const customerId = this.#loginCustomerId
    let phone: { phoneNumber?: string } | undefined
    this.clearError(this.#field)
    const started = await this.runBusy(
      async () => {
        if (customerId === undefined) {
          throw new WalletAuthError(
            'INVALID_ARGUMENT',
            'Set customerId on <wallet-sca-step> for its SCA login.',
          )
        }
        const client = this.requireClient()
        let use: 'SMS_OTP' | 'PASSKEY' = factor ?? 'SMS_OTP'
        if (!factor) {
          const factors = await client.sca.factors(customerId).then(
            (list) => list.map((view) => view.factor),
            () => ['SMS_OTP'],
          )
          this.#smsLogin = factors.includes('SMS_OTP')
          // The ceremony runs where the client runs: in this page (when it has WebAuthn), or in
          // signer mode in the signer's frame, framed with publickey-credentials-get, as its
          // sign-in and payment passkeys are. There the service must allow the signer's origin,
          // else the login fails before any prompt and "Text me a code instead" is still beside it.
          const ceremony = client.mode === 'signer' || 'PublicKeyCredential' in globalThis
          if (factors.includes('PASSKEY') && ceremony && this.scaFactor !== 'SMS_OTP') use = 'PASSKEY'
          else if (!this.#smsLogin) {
            phone = await phoneToVerify(client, customerId).catch(() => undefined)
            if (phone) return undefined
          }
        }
        return client.sca.startLogin(customerId, use)
      },
      (error) => {
        this.showError(error)
        this.#backOff.startFrom(error)
      },
    )
    if (phone) return this.#beginContact(phone.phoneNumber)
    if (!started || this.#phase !== 'login') return
    const first = this.#login?.factor !== 'SMS_OTP'
    const fromPasskey = this.#login?.factor === 'PASSKEY'
    this.#login = started
    const m = this.messages
    if (started.factor === 'PASSKEY') {
      this.refresh()
      this.#status.replaceChildren(m.scaLoginPasskeyAsk)
      this.shadow.querySelector<HTMLElement>('[part~="passkey"]')?.focus()
      return
    }
    // From the passkey to a texted code: the code form replaces the passkey's.
    if (fromPasskey) this.refresh()
    this.#codeSent()
    // The button now sends the code again (its label changes even without a wait).
    this.#showWait()
    this.#status.replaceChildren(first ? fillIn(m.scaLoginCodeSent, { length: CODE_LENGTH }) : m.scaResent)
    this.#field?.focus()
  }

  // Completes the login with the typed code (or the passkey), then goes on with the payment.
  async #confirmLogin() {
    const field = this.#field
    const started = this.#login
    const code = started?.factor === 'PASSKEY' ? '' : this.#typedCode()
    if (code === undefined) return
    const customerId = this.#loginCustomerId
    if (!started || customerId === undefined) {
      return void this.showError(new WalletAuthError('OTP_NOT_SENT', 'No login code was sent.'), field)
    }
    if (this.busy) return
    this.#lastTried = code
    this.clearError(field)
    const done = await this.runBusy(
      async () => {
        const endUserIpAddress = this.endUserIpAddress
        if (!endUserIpAddress) {
          throw new WalletAuthError(
            'INVALID_ARGUMENT',
            'Set endUserIpAddress on <wallet-sca-step> for its SCA login.',
          )
        }
        const proof = started.factor === 'PASSKEY' ? {} : { code }
        const login = await this.requireClient().sca.completeLogin(customerId, {
          started,
          endUserIpAddress,
          ...proof,
        })
        if (login.status !== 'SUCCESS') {
          throw new WalletAuthError('SCA_SESSION_REQUIRED', `The SCA login ended ${login.status}.`)
        }
        return true
      },
      (error) => this.#loginFailed(error),
    )
    if (done && this.#phase === 'login') await this.#loggedIn()
  }

  // Logged in: a typed code goes again by itself; a passkey needs the person's press, on the step
  // shown again; with no step yet (a phone just verified), the payment is executed now.
  async #loggedIn() {
    const answer = this.#waitingAnswer
    this.#login = this.#waitingAnswer = undefined
    this.#backOff.stop()
    this.#phase = 'step'
    this.refresh()
    this.#status.replaceChildren(this.messages.scaLoginDone)
    this.#status.focus()
    if (typeof answer === 'object' && answer !== null && 'code' in answer) await this.#authorize(answer)
    else if (this.#step) this.#ask(this.#step)
    else await this.#authorize()
  }

  // Where the person acted: a wrong code at the field; a login no longer pending asks for a new
  // code; a closed passkey dialog is no error: the passkey (or a texted code) is offered again.
  #loginFailed(error: unknown) {
    if (isWalletAuthError(error, 'PASSKEY_CANCELLED')) {
      this.#status.replaceChildren(this.messages.scaLoginPasskeyAsk)
      this.emit('wallet-cancelled', { error })
      return
    }
    if (isWalletAuthError(error, 'INVALID_INPUT')) {
      const wrong = error.details?.reason !== undefined
      if (!wrong) this.#backOff.stop()
      const code = wrong ? 'INVALID_SCA_CODE' : 'SCA_CHALLENGE_EXPIRED'
      return void this.showError(
        new WalletAuthError(code, error.message, { cause: error, status: error.status }),
        this.#field,
      )
    }
    const limited = isWalletAuthError(error, 'RATE_LIMITED')
    if (limited) this.#backOff.startFrom(error)
    this.showError(error, limited ? this.#field : undefined)
  }

  // The customer who pays: the element's `customerId`, else the one the quote names.
  #payer(): string | undefined {
    const named = this.#quote?.source.customerId
    return this.customerId ?? (typeof named === 'string' ? named : undefined)
  }

  // The phone the service needs verified before it texts the payment's codes: its check asks for
  // the number or texts a code to it, then the login comes.
  async #beginContact(phoneNumber: string | undefined) {
    // Loaded here, the first time a payment needs it: most payments never do.
    const { PhoneCheck } = await import('./scaStep/phoneCheck.js')
    const customerId = this.#payer() ?? this.#loginCustomerId ?? ''
    this.#loginCustomerId = customerId
    this.#phase = 'contact'
    this.#lastTried = ''
    this.#backOff.stop()
    const check = new PhoneCheck(this.#phoneHost(customerId), phoneNumber)
    this.#phoneCheck = check
    this.refresh()
    this.emit('wallet-phone-verification-required', {
      quoteId: this.#quote?.id ?? '',
      customerId,
      ...(phoneNumber === undefined ? {} : { phoneNumber }),
    })
    await check.start()
  }

  #phoneHost(customerId: string): PhoneCheckHost {
    const quote = this.#quote
    return {
      messages: this.messages,
      customerId,
      resendAfterSeconds: this.resendAfterSeconds,
      signer: this.client?.mode === 'signer',
      now: () => this.now(),
      active: () => this.#phase === 'contact' && this.#quote === quote,
      busy: () => this.busy,
      run: (job, onError) => this.runBusy(() => job(this.requireClient()), onError),
      fail: (error, field) => this.showError(error, field),
      clear: (field) => this.clearError(field),
      say: (...text) => this.#status.replaceChildren(...text),
      redraw: () => this.refresh(),
      confirmation: () => this.confirmation(this.#confirmSlot),
      cancelled: (error) => {
        this.#status.replaceChildren(this.messages.confirmDeclined)
        this.emit('wallet-cancelled', { error })
      },
      // The phone verified, the SCA login the payment needs comes first (the contract's order).
      verified: () => {
        this.#phoneCheck = undefined
        return this.#beginLogin(this.#waitingAnswer)
      },
    }
  }

  // A 423 says until when: the sentence gains the time to try again after.
  protected override showError(error: unknown, field?: HTMLInputElement): WalletAuthError {
    const shown = super.showError(error, field)
    const until = isWalletAuthError(error, 'ACCOUNT_LOCKED') ? error.details?.lockedUntil : undefined
    const sentence = this.errorNode?.firstChild
    if (typeof until === 'string' && sentence instanceof Text) {
      const time = new Date(until).toLocaleTimeString(document.documentElement.lang || undefined, {
        hour: '2-digit',
        minute: '2-digit',
      })
      sentence.data += ` ${fillIn(this.messages.scaLockedUntil, { time })}`
    }
    return shown
  }
  // A refused code is a wrong code; a quote the service will no longer execute may have expired.
  async #explain(error: unknown, answer: ScaAnswer | undefined): Promise<unknown> {
    if (!isWalletAuthError(error)) return error
    if (error.code === 'QUOTE_EXPIRED') return this.#quoteExpired(error)
    if (
      error.code === 'INVALID_INPUT' &&
      error.details?.reason !== undefined &&
      typeof answer === 'object' &&
      'code' in answer
    ) {
      return new WalletAuthError('INVALID_SCA_CODE', error.message, { cause: error, status: error.status })
    }
    if (error.code === 'CONFLICT' || error.code === 'INVALID_STATE_TRANSITION') {
      const id = this.#quote?.id ?? ''
      const quote = await this.requireClient()
        .quotes.get(id)
        .catch(() => undefined)
      if (quote?.status === 'EXPIRED') return this.#quoteExpired(error)
    }
    return error
  }

  #quoteExpired(cause?: unknown) {
    this.#expired = true
    return new WalletAuthError('QUOTE_EXPIRED', 'The quote expired.', { cause })
  }

  #failed(error: unknown) {
    // Cancelled at the confirmation: nothing was signed, and nothing is wrong.
    if (isWalletAuthError(error, 'CONFIRMATION_DECLINED')) {
      this.#status.replaceChildren(this.messages.confirmDeclined)
      this.emit('wallet-cancelled', { error })
      return
    }
    if (isWalletAuthError(error, 'QUOTE_EXPIRED')) {
      this.#phase = 'pay'
      this.refresh()
    }
    const atField = this.#phase === 'step' && isWalletAuthError(error, 'INVALID_SCA_CODE', 'RATE_LIMITED')
    this.showError(error, atField ? this.#field : undefined)
  }

  // Shows the step and moves focus to it.
  #ask(step: ScaStep) {
    const m = this.messages
    this.#step = step
    this.#phase = 'step'
    this.#lastTried = ''
    this.refresh()
    this.#status.replaceChildren(
      step.challenge.factor === 'PASSKEY' ? m.scaPasskeyAsk : fillIn(m.scaCodeSent, { length: CODE_LENGTH }),
    )
    ;(this.#field ?? this.shadow.querySelector<HTMLElement>('[part~="passkey"]'))?.focus()
    // A code just went out: the next one no sooner than the service sends one.
    if (step.challenge.factor === 'SMS_OTP') this.#codeSent()
    this.emit('wallet-sca-required', { step })
  }

  #codeSent() {
    this.#backOff.wait(this.resendAfterSeconds ?? RESEND_AFTER_SECONDS)
  }

  async #sendAgain() {
    const quote = this.#quote
    if (!quote || this.busy || this.#backOff.secondsLeft > 0) return
    this.clearError(this.#field)
    const done = await this.runBusy(
      async () => {
        await this.requireClient().quotes.resend(quote.id)
        return true
      },
      (error) => {
        this.showError(error)
        this.#backOff.startFrom(error)
      },
    )
    if (!done) return
    this.#codeSent()
    this.#status.replaceChildren(this.messages.scaResent)
    this.#field?.focus()
  }

  // Where the payment stands: paid, on its way (followed until it settles), failed or expired.
  #settled(payment: PaymentResult, authorized: boolean) {
    const m = this.messages
    const { quote } = payment
    const hadFocus = this.shadow.activeElement !== null
    this.#quote = quote
    this.#phase = 'done'
    this.#step = undefined
    this.#backOff.stop()
    this.refresh()
    if (authorized) this.emit('wallet-authorized', { payment })
    if (FINAL.includes(quote.status)) {
      this.emit('wallet-payment-settled', { payment })
    }
    if (payment.paid) this.#status.replaceChildren(m.scaPaid)
    else if (quote.status === 'FAILED' || quote.status === 'EXPIRED') {
      this.#status.replaceChildren()
      const code = quote.status === 'FAILED' ? 'PAYMENT_FAILED' : 'QUOTE_EXPIRED'
      this.showError(new WalletAuthError(code, `The payment ended ${quote.status}.`))
      return
    } else {
      this.#status.replaceChildren(m.scaPending)
      this.#follow(quote.id)
    }
    if (hadFocus) this.#status.focus()
  }

  #follow(quoteId: string) {
    clearTimeout(this.#timer)
    this.#timer = setTimeout(async () => {
      if (!this.isConnected || this.#quote?.id !== quoteId) return
      const quote = await this.client?.quotes.get(quoteId).catch(() => undefined)
      if (this.#quote?.id !== quoteId) return
      if (quote && FINAL.includes(quote.status)) {
        this.#settled(paymentResult(quote), false)
      } else this.#follow(quoteId)
    }, this.followEveryMs ?? 2000)
  }
}
