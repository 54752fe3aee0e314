import { askToConfirm } from '../elements/askToConfirm.js'
import { h } from '../elements/dom.js'
import type { PayloadDescription } from '../intent/describePayload.js'
import { dialogLayer } from './dialogLayer.js'
import type { SignerDialogMessages } from './dialogMessages.js'
import { createPersonGate, type PersonGateOptions, type PersonGateRefusal } from './personGate.js'

/** Options of `dialogConfirm`. */
export interface DialogConfirmOptions extends PersonGateOptions {
  /** The dialog host's shadow root. */
  shadow: ShadowRoot
  description: PayloadDescription
  messages: SignerDialogMessages
}

// What the person is told of a refused click: only what they can do something about.
const SAY: Record<PersonGateRefusal, keyof SignerDialogMessages | undefined> = {
  untrusted: undefined,
  'no-activation': undefined,
  'too-soon': 'dialogHoldOn',
  'pointer-just-arrived': 'dialogHoldOn',
  'not-visible': 'dialogNotVisible',
}

/**
 * Asks the person, in the signer's dialog, whether to sign what `description` says: the panel of
 * `askToConfirm` (its summary as text, unchecked parts marked, a payment as money), whose Confirm
 * is heard only when `createPersonGate` accepts the click. A refused click leaves the panel open,
 * with a sentence when the person can do something about it ("Hold on a moment, then confirm.").
 * Cancel and Escape answer `false`.
 *
 * @example
 * ```ts
 * const signIt = await dialogConfirm({ shadow, description, messages: defaultSignerDialogMessages })
 * ```
 */
export async function dialogConfirm({
  shadow,
  description,
  messages,
  ...gateOptions
}: DialogConfirmOptions): Promise<boolean> {
  const container = h('div')
  const said = h('p', { class: 'live', 'aria-live': 'polite' })
  // Escape with focus off the panel (on the backdrop, say): the panel's own Cancel answers.
  const cancel = () => container.querySelector<HTMLButtonElement>('[part~="cancel-button"]')?.click()
  const layer = dialogLayer(shadow, { labelledBy: 'confirm-heading', onEscape: cancel })
  layer.dialog.append(container, said)
  const gate = createPersonGate(layer.dialog, gateOptions)
  // Captured above the button: a click the gate refuses never reaches askToConfirm's listener.
  container.addEventListener(
    'click',
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest('[part~="confirm-button"]')) return
      const verdict = gate.accepts(event)
      if (verdict.ok) return
      event.stopPropagation()
      const key = SAY[verdict.reason]
      if (key) said.textContent = messages[key] as string
    },
    true,
  )
  try {
    return await askToConfirm({ host: shadow.host as HTMLElement, container, description, messages })
  } finally {
    gate.dispose()
    layer.remove()
  }
}
