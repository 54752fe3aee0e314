import type { PayloadDescription, PaymentAmount } from '../intent/describePayload.js'
import { h } from './dom.js'
import { formatMoney } from './formatMoney.js'
import { fillIn, type WalletMessages } from './messages.js'

/** Options of `askToConfirm`. */
export interface AskToConfirmOptions {
  /** The element asking: focus goes back into it when the panel closes. */
  host: HTMLElement
  /** Where in the element's shadow root the panel goes (appended; removed on close). */
  container: HTMLElement
  /** What is about to be signed, as the client describes it. */
  description: PayloadDescription
  messages: WalletMessages
  /** The element's other controls, hidden while the panel asks: one question at a time. */
  aside?: HTMLElement
}

// One open panel per container: a second question closes the first as declined.
const open = new WeakMap<HTMLElement, () => void>()

/**
 * Asks the person at the page, inside an element's own shadow root, whether to sign what
 * `description` says: its summary (as text, never markup), each part the kit could not check
 * marked as such; for a payment, instead of the sentence, the amounts sent, received and in fees
 * as money and the destination. A labelled group with Confirm and Cancel;
 * focus moves to its heading and comes back where it was when it closes; Escape cancels. Resolves
 * `true` only on Confirm.
 *
 * @example
 * ```ts
 * const confirm = client.confirm ?? ((description) =>
 *   askToConfirm({ host: this, container: this.confirmSlot, description, messages: this.messages }))
 * await client.quotes.execute(quote.id, { confirm })
 * ```
 */
export function askToConfirm({
  host,
  container,
  description,
  messages,
  aside,
}: AskToConfirmOptions): Promise<boolean> {
  open.get(container)?.()
  const root = host.shadowRoot ?? document
  const previous = root.activeElement ?? document.activeElement
  return new Promise<boolean>((resolve) => {
    const heading = h(
      'p',
      { id: 'confirm-heading', class: 'confirm-heading', part: 'confirm-heading', tabindex: '-1' },
      h('strong', {}, messages.confirmHeading),
    )
    const confirm = h('button', { type: 'button', part: 'button confirm-button' }, messages.confirmYes)
    const cancel = h(
      'button',
      { type: 'button', class: 'secondary', part: 'button cancel-button' },
      messages.confirmCancel,
    )
    const panel = h(
      'div',
      {
        role: 'group',
        'aria-labelledby': 'confirm-heading',
        'aria-describedby': 'confirm-summary',
        part: 'confirmation',
        class: 'confirm stack',
      },
      heading,
      // A payment's sentence says what its list says: the list alone, amounts as money.
      paymentList(description, messages) ??
        h('p', { id: 'confirm-summary', part: 'confirm-summary' }, description.summary),
      uncheckedList(description, messages),
      h('div', { class: 'row' }, confirm, cancel),
    )
    const close = (answer: boolean) => {
      open.delete(container)
      const hadFocus = panel.contains(root.activeElement)
      panel.remove()
      if (aside) aside.hidden = false
      // A control disabled while the element works takes no focus now; the element gives it back.
      if (hadFocus && previous instanceof HTMLElement && previous.isConnected) previous.focus()
      resolve(answer)
    }
    confirm.addEventListener('click', () => close(true))
    cancel.addEventListener('click', () => close(false))
    panel.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      event.stopPropagation()
      close(false)
    })
    open.set(container, () => close(false))
    if (aside) aside.hidden = true
    container.append(panel)
    heading.focus()
  })
}

// The amounts of a payment, as money in the page's language.
function paymentList({ payment }: PayloadDescription, messages: WalletMessages): HTMLElement | undefined {
  if (!payment) return undefined
  const money = ({ amount, currency, decimals }: PaymentAmount) =>
    formatMoney(amount, { code: currency, decimals }, document.documentElement.lang || undefined)
  const rows: Array<[string, string]> = [
    [messages.confirmSend, money(payment.sent)],
    [messages.confirmReceive, money(payment.received)],
  ]
  if (payment.fees) rows.push([messages.confirmFees, money(payment.fees)])
  rows.push([messages.confirmTo, payment.destination])
  return h(
    'dl',
    { id: 'confirm-summary', part: 'confirm-summary confirm-payment' },
    ...rows.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]),
  )
}

// What the summary repeats without the kit having checked it (a nickname, a name).
function uncheckedList({ unchecked }: PayloadDescription, messages: WalletMessages): HTMLElement | undefined {
  if (!unchecked?.length) return undefined
  return h(
    'ul',
    { class: 'unchecked', part: 'confirm-unchecked' },
    ...unchecked.map((what) => h('li', {}, fillIn(messages.confirmUnchecked, { what }))),
  )
}
