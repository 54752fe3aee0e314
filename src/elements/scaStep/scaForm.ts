import { h } from '../dom.js'

/**
 * One form of the SCA step: labelled by its heading (`sca-heading`), submitted without a page load.
 *
 * @example
 * ```ts
 * const form = scaForm(messages.scaHeading, () => void confirm())
 * form.append(label, field, row)
 * ```
 */
export function scaForm(heading: string, onSubmit: () => void): HTMLFormElement {
  const form = h(
    'form',
    { part: 'form', novalidate: true, 'aria-labelledby': 'sca-heading' },
    h('p', { id: 'sca-heading', part: 'heading' }, h('strong', {}, heading)),
  )
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    onSubmit()
  })
  return form
}

/**
 * A button of the SCA step: `part` names it beside `button`; with `onClick` it is a plain button
 * drawn as the other way (`secondary`), without one the form's submit button.
 *
 * @example
 * ```ts
 * row.append(stepButton('Confirm', 'confirm'), stepButton('Use another number', 'change', change))
 * ```
 */
export function stepButton(label: string, part: string, onClick?: () => void): HTMLButtonElement {
  const button = h(
    'button',
    { type: onClick ? 'button' : 'submit', class: onClick ? 'secondary' : undefined, part: `button ${part}` },
    label,
  )
  if (onClick) button.addEventListener('click', onClick)
  return button
}
