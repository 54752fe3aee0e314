import { h } from './dom.js'
import { otpDigits } from './otpDigits.js'

/** Options of `codeField`. */
export interface CodeFieldOptions {
  /** Digits in a whole code. */
  length: number
  /** Called with the code when its last digit is typed or a whole code is pasted. */
  onComplete: (code: string) => void
  /** The id of a hint that describes the field. */
  describedBy?: string
}

/**
 * The one-time-code field of the OTP form and the SCA step: one `<input id="code">` with
 * `autocomplete="one-time-code"` and a numeric keyboard, and no `maxlength` (a pasted "000 000"
 * would be cut to "000 00"): what is typed or pasted keeps its digits up to `length`, a pasted
 * whole code replaces what was there, and the last digit calls `onComplete`.
 *
 * @example
 * ```ts
 * const field = codeField({ length: 6, onComplete: (code) => void verify(code) })
 * ```
 */
export function codeField({ length, onComplete, describedBy }: CodeFieldOptions): HTMLInputElement {
  const field = h('input', {
    id: 'code',
    class: 'code',
    part: 'input',
    name: 'code',
    autocomplete: 'one-time-code',
    inputmode: 'numeric',
    enterkeyhint: 'done',
    autocapitalize: 'off',
    spellcheck: 'false',
    'aria-describedby': describedBy,
  })
  field.addEventListener('input', () => {
    const digits = otpDigits(field.value, length)
    if (digits !== field.value) field.value = digits
    if (digits.length === length) onComplete(digits)
  })
  field.addEventListener('paste', (event) => {
    const digits = otpDigits(event.clipboardData?.getData('text') ?? '', length)
    if (digits.length < length) return // part of a code: inserted, then kept as digits
    event.preventDefault()
    field.value = digits
    onComplete(digits)
  })
  return field
}
