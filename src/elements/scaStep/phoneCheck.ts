import type { ConfirmAction } from '../../client/confirmAction.js'
import { isWalletAuthError, WalletAuthError } from '../../errors.js'
import { codeField } from '../codeField.js'
import { h } from '../dom.js'
import type { ElementClient } from '../elementClient.js'
import { fillIn, type WalletMessages } from '../messages.js'
import { otpDigits } from '../otpDigits.js'
import { resendBackOff } from '../resendBackOff.js'
import { phoneNumberForm } from './phoneNumberForm.js'
import { scaForm, stepButton } from './scaForm.js'

const CODE_LENGTH = 6
// The interval between two codes the element assumes (a longer Retry-After still wins).
const RESEND_AFTER_SECONDS = 30

/** What the phone check takes from `<wallet-sca-step>`. */
export interface PhoneCheckHost {
  readonly messages: WalletMessages
  /** The customer whose phone is checked. */
  readonly customerId: string
  /** Seconds between two codes (the element's `resendAfterSeconds`). */
  readonly resendAfterSeconds: number | undefined
  /** A signer-mode client: codes are typed in the signer's own box, never in the page. */
  readonly signer: boolean
  /** The client's clock, which the wait between two codes counts on. */
  now(): number
  /** Whether the element still shows this check (a new quote, or the check done, ends it). */
  active(): boolean
  busy(): boolean
  /** Runs `job` with the element busy; a failure goes to `onError`. */
  run<T>(
    job: (client: ElementClient) => Promise<T>,
    onError: (error: unknown) => void,
  ): Promise<T | undefined>
  fail(error: unknown, field?: HTMLInputElement): void
  clear(field?: HTMLInputElement): void
  /** Says where things stand (the element's polite status). */
  say(...text: string[]): void
  /** Draws the element again (its `form()` included). */
  redraw(): void
  /** The `confirm` for the contact change (the element's panel or the app's hook; none in signer mode). */
  confirmation(): { confirm?: ConfirmAction }
  /** The person cancelled the change: nothing was signed. */
  cancelled(error: WalletAuthError): void
  /** The phone is verified: the payment goes on. */
  verified(): Promise<void>
}

/**
 * `<wallet-sca-step>`'s phone check, loaded only when a payment needs it: the customer's phone is
 * not verified (none yet, or changed since), so the service has no phone to text the payment's
 * codes to. Asks for the number when there is none (saved with `customers.updateContact`, the
 * person confirming it) or texts a code to the one there is (`customers.sendVerificationCode`),
 * takes the code (`customers.confirmVerificationCode`; in signer mode typed in the signer's own
 * box, the page has no field), then hands back to the element. "Use another number" goes back to
 * the number.
 *
 * @example
 * ```ts
 * const check = new PhoneCheck(host, customer.phoneNumber)
 * render(check.form())
 * await check.start()
 * ```
 */
export class PhoneCheck {
  #host: PhoneCheckHost
  #phone: string | undefined
  #sent = false
  #lastTried = ''
  #field: HTMLInputElement | undefined
  #resend: HTMLButtonElement | undefined
  #backOff = resendBackOff({
    show: () => this.paint(),
    onEnd: () => this.#host.clear(),
    now: () => this.#host.now(),
  })

  constructor(host: PhoneCheckHost, phoneNumber: string | undefined) {
    this.#host = host
    this.#phone = phoneNumber
  }

  /** Texts the first code to the number there is, or asks for one. */
  async start(): Promise<void> {
    if (this.#phone !== undefined) return this.#send()
    this.#host.say(this.#host.messages.scaPhoneAsk)
    this.#field?.focus()
  }

  /** Ends the resend countdown (the element left the page or the check). */
  stop(): void {
    this.#backOff.stop()
  }

  /** The resend button's label and state (after each busy step and each second of a wait). */
  paint(): void {
    const m = this.#host.messages
    this.#backOff.paint(
      this.#resend,
      this.#sent ? m.scaResend : m.scaLoginSend,
      m.scaResendIn,
      this.#host.busy(),
    )
  }

  /** The form for where the check stands: the number to type, or the code sent to it. */
  form(): HTMLFormElement {
    const m = this.#host.messages
    const { signer } = this.#host
    this.#field = undefined
    if (this.#phone === undefined) {
      const { form, field } = phoneNumberForm(m, (number) => void this.#save(number))
      this.#field = field
      return form
    }
    const form = scaForm(m.scaPhoneHeading, () => void this.#confirm())
    // In signer mode the code is typed in the signer's own box: the page has no field for it.
    if (!signer) {
      this.#field = codeField({
        length: CODE_LENGTH,
        onComplete: (code) => {
          if (code !== this.#lastTried) void this.#confirm()
        },
      })
      form.append(h('label', { for: 'code', part: 'label' }, m.scaLoginCodeLabel), this.#field)
    }
    this.#resend = stepButton('', 'resend', () => void this.#send())
    const change = stepButton(m.scaPhoneChange, 'change', () => {
      this.#phone = undefined
      this.#host.clear()
      this.#host.redraw()
      this.#field?.focus()
    })
    const confirm = stepButton(signer ? m.otpTypeInSigner : m.scaConfirm, 'confirm')
    form.append(h('div', { class: 'row' }, confirm, this.#resend, change))
    this.paint()
    return form
  }

  // Saves the number typed as the customer's phone (the person confirms it: codes for payments go
  // to it), then texts a code to it.
  async #save(phoneNumber: string) {
    const host = this.#host
    const field = this.#field
    if (!/^\+[1-9]\d{6,14}$/.test(phoneNumber)) {
      return void host.fail(new WalletAuthError('INVALID_PHONE', 'Not an E.164 phone number.'), field)
    }
    host.clear(field)
    const saved = await host.run(
      async (client) => {
        const { customerId } = host
        if (client.mode === 'signer') await client.customers.updateContact(customerId, { phoneNumber })
        else await client.customers.updateContact(customerId, { phoneNumber }, host.confirmation())
        return true
      },
      (error) => {
        if (isWalletAuthError(error, 'CONFIRMATION_DECLINED')) return host.cancelled(error)
        const refused = isWalletAuthError(error, 'INVALID_INPUT')
        host.fail(
          refused ? new WalletAuthError('INVALID_PHONE', error.message, { cause: error }) : error,
          field,
        )
      },
    )
    if (!saved || !host.active()) return
    // A new number: its first code goes now, the wait after the old number's code does not apply.
    this.#phone = phoneNumber
    this.#sent = false
    this.#backOff.stop()
    host.redraw()
    await this.#send()
  }

  // Texts a code (again) to the phone; one verified meanwhile (409) needs none.
  async #send() {
    const host = this.#host
    if (host.busy() || this.#backOff.secondsLeft > 0) return
    host.clear(this.#field)
    const sent = await host.run(
      async (client) => {
        await client.customers.sendVerificationCode(host.customerId, 'phone').catch((error: unknown) => {
          if (!isWalletAuthError(error, 'CONFLICT')) throw error
        })
        return true
      },
      (error) => {
        host.fail(error)
        this.#backOff.startFrom(error)
      },
    )
    if (!sent || !host.active()) return
    const m = host.messages
    const first = !this.#sent
    this.#sent = true
    this.#backOff.wait(host.resendAfterSeconds ?? RESEND_AFTER_SECONDS)
    this.paint()
    const said = fillIn(m.scaPhoneCodeSent, { length: CODE_LENGTH, phone: this.#phone ?? '' })
    const { signer } = host
    host.say(first ? said : m.scaResent, ' ', signer ? m.otpInSigner : m.scaTypeHere)
    if (signer) return this.#confirm()
    this.#field?.focus()
  }

  // Confirms the phone with the code (typed here, or in the signer's box), then the payment goes on.
  async #confirm() {
    const host = this.#host
    const field = this.#field
    const { signer } = host
    const code = otpDigits(field?.value ?? '', CODE_LENGTH)
    if (!signer && code.length < CODE_LENGTH) {
      return void host.fail(new WalletAuthError('INVALID_OTP_CODE', 'The code is too short.'), field)
    }
    if (host.busy()) return
    this.#lastTried = code
    host.clear(field)
    const done = await host.run(
      async (client) => {
        const { customerId } = host
        const confirmed =
          client.mode === 'signer'
            ? client.customers.confirmVerificationCode(customerId, 'phone')
            : client.customers.confirmVerificationCode(customerId, 'phone', code)
        // 409: the phone was verified meanwhile (another tab): nothing left to confirm.
        await confirmed.catch((error: unknown) => {
          if (!isWalletAuthError(error, 'CONFLICT')) throw error
        })
        return true
      },
      (error) => {
        // The signer's box closed: nothing is wrong, and the same code can still be typed there.
        if (signer && isWalletAuthError(error, 'CONFIRMATION_DECLINED'))
          return host.say(host.messages.otpSignerClosed)
        // The service's 400 for a wrong, expired or spent code: said at the field.
        const wrong = isWalletAuthError(error, 'INVALID_INPUT')
        host.fail(
          wrong ? new WalletAuthError('INVALID_SCA_CODE', error.message, { cause: error }) : error,
          field,
        )
      },
    )
    if (!done || !host.active()) return
    this.#backOff.stop()
    await host.verified()
  }
}
