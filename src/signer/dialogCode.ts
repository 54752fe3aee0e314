import { codeField } from '../elements/codeField.js'
import { h } from '../elements/dom.js'
import { errorSentence } from '../elements/errorSentence.js'
import { fillIn } from '../elements/messages.js'
import { WalletAuthError } from '../errors.js'
import { dialogLayer } from './dialogLayer.js'
import type { SignerDialogMessages } from './dialogMessages.js'

/** What `SignerDialog.askCode` is given: where the code went, and what to do with it. */
export interface AskCodeOptions {
  /** Where the code was sent: an email or text-message sign-in code, or a payment's SCA code. */
  channel: 'EMAIL_OTP' | 'SMS_OTP' | 'SCA'
  /** Uses the code; a rejection is shown beside the field and the person may type again. */
  submit: (code: string) => Promise<void>
  /** Sends a new code; offered as "Send a new code" when given. */
  resend?: () => Promise<void>
}

/** Options of `dialogCode`. */
export interface DialogCodeOptions extends AskCodeOptions {
  /** The dialog host's shadow root. */
  shadow: ShadowRoot
  messages: SignerDialogMessages
}

const LENGTH = 6

/**
 * The code box in the signer's dialog: one field (`codeField`: one-time-code autocomplete, numeric
 * keyboard, pasting a whole code) that calls `submit` on its sixth digit, on Enter or on Verify.
 * A rejected `submit` is said in the person's words beside the field (`errorSentence`, the code
 * apart for support), the field marked invalid and its digits selected to type over; typing or
 * asking for a new code clears the mark. Resolves when `submit` resolves; Cancel or Escape rejects
 * with `CONFIRMATION_DECLINED`, at once, even while a `submit` runs (whatever it does then is the
 * caller's). The code goes to `submit` and nowhere else: not in the answer, and gone from the DOM
 * when the box closes.
 *
 * @example
 * ```ts
 * await dialogCode({ shadow, messages, channel: 'EMAIL_OTP', submit: (code) => verify(code) })
 * ```
 */
export function dialogCode({
  shadow,
  messages: m,
  channel,
  submit,
  resend,
}: DialogCodeOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const sca = channel === 'SCA'
    const heading = h(
      'h2',
      { id: 'code-heading', tabindex: '-1' },
      sca ? m.scaHeading : channel === 'SMS_OTP' ? m.dialogCodeHeadingSms : m.dialogCodeHeadingEmail,
    )
    const hint = h(
      'p',
      { id: 'code-hint' },
      fillIn(sca ? m.scaCodeSent : channel === 'SMS_OTP' ? m.otpSentSms : m.otpSentEmail, { length: LENGTH }),
    )
    const problem = h('p', { id: 'code-error', class: 'live error', 'aria-live': 'polite' })
    const said = h('p', { class: 'live', 'aria-live': 'polite' })
    let busy = false
    let open = true
    const field = codeField({
      length: LENGTH,
      onComplete: (code) => void send(code),
      describedBy: 'code-hint code-error',
    })
    const verify = h('button', { type: 'submit' }, sca ? m.scaConfirm : m.otpVerify)
    const again =
      resend && h('button', { type: 'button', class: 'secondary' }, sca ? m.scaResend : m.otpResend)
    const cancelButton = h('button', { type: 'button', class: 'secondary' }, m.confirmCancel)
    const form = h(
      'form',
      { novalidate: true, 'aria-labelledby': 'code-heading' },
      h('label', { for: 'code' }, sca ? m.scaCodeLabel : m.otpCodeLabel),
      field,
      problem,
      h('div', { class: 'row' }, verify, again, cancelButton),
    )

    const clearProblem = () => {
      field.removeAttribute('aria-invalid')
      problem.replaceChildren()
    }
    const showProblem = (error: unknown) => {
      const { sentence, code } = errorSentence(error, m)
      problem.replaceChildren(sentence, h('span', { class: 'code-ref' }, fillIn(m.errorCode, { code })))
    }
    const close = () => {
      open = false
      field.value = ''
      layer.remove()
    }
    const cancel = () => {
      if (!open) return
      close()
      reject(new WalletAuthError('CONFIRMATION_DECLINED', 'The person closed the code box.'))
    }

    async function send(code: string) {
      if (busy || !open) return
      if (code.length !== LENGTH) {
        field.setAttribute('aria-invalid', 'true')
        showProblem(new WalletAuthError('INVALID_OTP_CODE', 'The code is not complete.'))
        return
      }
      busy = true
      field.readOnly = true
      verify.disabled = true
      said.replaceChildren()
      try {
        await submit(code)
        if (!open) return
        close()
        resolve()
      } catch (error) {
        if (!open) return
        field.setAttribute('aria-invalid', 'true')
        showProblem(error)
        field.readOnly = false
        field.focus()
        field.select()
      } finally {
        busy = false
        field.readOnly = false
        verify.disabled = false
      }
    }

    // Captured above the field: the mark goes before the field's own listener sends a whole code.
    form.addEventListener('input', clearProblem, true)
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      void send(field.value)
    })
    cancelButton.addEventListener('click', cancel)
    again?.addEventListener('click', async () => {
      field.value = ''
      clearProblem()
      said.replaceChildren()
      again.disabled = true
      try {
        await resend?.()
        if (open) said.textContent = m.scaResent
      } catch (error) {
        if (open) showProblem(error)
      } finally {
        again.disabled = false
        if (open) field.focus()
      }
    })

    const layer = dialogLayer(shadow, { labelledBy: 'code-heading', onEscape: cancel })
    layer.dialog.append(heading, hint, form, said)
    field.focus()
  })
}
