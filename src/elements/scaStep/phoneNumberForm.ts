import { h } from '../dom.js'
import type { WalletMessages } from '../messages.js'
import { scaForm, stepButton } from './scaForm.js'

/**
 * The SCA step's form asking for the customer's mobile number (it has none the service could
 * text a payment's code to): a labelled `tel` field with the format as its hint, and the button
 * that saves it and texts a code to it (`submit` gets the number without spaces or punctuation).
 *
 * @example
 * ```ts
 * const { form, field } = phoneNumberForm(messages, (number) => void save(number))
 * ```
 */
export function phoneNumberForm(
  m: WalletMessages,
  submit: (number: string) => void,
): { form: HTMLFormElement; field: HTMLInputElement } {
  const field = h('input', {
    id: 'phone',
    type: 'tel',
    part: 'input',
    name: 'tel',
    autocomplete: 'tel',
    inputmode: 'tel',
    'aria-describedby': 'phone-hint',
  })
  const form = scaForm(m.scaPhoneHeading, () => submit(field.value.replace(/[\s().-]/g, '')))
  form.append(
    h('label', { for: 'phone', part: 'label' }, m.otpPhoneLabel),
    field,
    h('p', { id: 'phone-hint', part: 'hint' }, m.otpPhoneHint),
    stepButton(m.otpSendSms, 'send'),
  )
  return { form, field }
}
