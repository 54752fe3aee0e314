// Payments for you: an incoming payment the demo backend's webhook endpoint answered 202 waits
// for the person, who approves or declines it here before the sandbox's window ends (the time is
// said); then its outcome. "Receive a payment" (sandbox tools) makes one arrive.
import { formatMoney } from '../src/elements/formatMoney.js'
import { isWalletAuthError } from '../src/errors.js'
import type { Transaction } from '../src/wire/transaction.js'
import { demoApi } from './demoApi.js'
import { type DemoApp, runAction } from './demoApp.js'
import { demoClock } from './demoClock.js'
import { byId, element } from './dom.js'
import { addFeedbackRegions, showStatus } from './notices.js'

const WAITING = 'PENDING'

/** Wires the incoming payments block; `load()` shows those waiting, `refresh()` reads them again. */
export function createIncomingPanel(app: DemoApp, onDecided: () => void) {
  const block = byId('incoming')
  const list = byId<HTMLUListElement>('incoming-list')
  const rows = () => [...list.querySelectorAll<HTMLLIElement>(':scope > li')]
  const money = (transaction: Transaction) => {
    const received = transaction.receivedAmount
    return received ? formatMoney(received.amount, received.currency, 'en-US') : 'an amount not given'
  }
  const sender = (transaction: Transaction) => {
    const source = transaction.source as { umaAddress?: unknown } | undefined
    return typeof source?.umaAddress === 'string' ? source.umaAddress : 'Someone'
  }
  // The end of the window on the sandbox's clock (the page's follows it), as a time of day.
  const decideBy = (transaction: Transaction) => {
    const window = app.config.incomingApprovalWindowMs
    const created = Date.parse(transaction.createdAt ?? '')
    if (window === undefined || Number.isNaN(created)) return undefined
    return new Date(created + window).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
  }

  /** What became of a payment no longer waiting, in words. */
  function outcome(transaction: Transaction): string {
    const amount = money(transaction)
    if (transaction.status === 'COMPLETED') return `Approved: ${amount} added to your wallet.`
    if (transaction.failureReason === 'PAYMENT_APPROVAL_TIMED_OUT')
      return `The time to decide passed, so the payment was declined. Nothing was added to your wallet.`
    // The backend did not answer the service in time to let the person decide.
    if (transaction.failureReason === 'PAYMENT_APPROVAL_WEBHOOK_ERROR')
      return `The payment could not wait for your answer, so it was declined. Nothing was added to your wallet.`
    if (transaction.status === 'FAILED' || transaction.status === 'REJECTED')
      return `Declined: nothing was added to your wallet.`
    return `This payment is no longer waiting for you.`
  }

  function showOutcome(row: HTMLLIElement, transaction: Transaction, focus: boolean) {
    row.dataset.status = transaction.status
    const summary = row.querySelector('.incoming-summary')
    if (summary) summary.textContent = `${sender(transaction)} sent you ${money(transaction)}.`
    row.querySelector('.incoming-deadline')?.remove()
    row.querySelector('.actions')?.remove()
    const line = element(
      'p',
      { class: 'incoming-outcome', role: 'status', tabindex: '-1' },
      outcome(transaction),
    )
    row.querySelector('.incoming-outcome')?.remove()
    row.append(line)
    // The buttons are gone: the reader goes on at what happened.
    if (focus) line.focus()
  }

  async function decide(row: HTMLLIElement, transaction: Transaction, approve: boolean, button: Element) {
    await runAction(
      button,
      async () => {
        const wallet = app.wallet()
        let decided: Transaction
        try {
          decided = approve
            ? await wallet.transactions.approve(transaction.id)
            : await wallet.transactions.reject(transaction.id)
        } catch (error) {
          // Not waiting any more (its time ran out, or decided elsewhere): say what became of it.
          if (!isWalletAuthError(error, 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL')) throw error
          decided = await wallet.transactions.get(transaction.id)
        }
        showOutcome(row, decided, true)
        onDecided()
      },
      approve ? 'Approving…' : 'Declining…',
    )
  }

  function rowOf(transaction: Transaction): HTMLLIElement {
    const summaryId = `incoming-${transaction.id.replace(/[^A-Za-z0-9_-]/g, '-')}`
    const by = decideBy(transaction)
    const approve = element('button', { type: 'button', 'aria-describedby': summaryId }, 'Approve')
    const decline = element(
      'button',
      { type: 'button', class: 'secondary', 'aria-describedby': summaryId },
      'Decline',
    )
    const row = element(
      'li',
      { 'data-id': transaction.id, 'data-status': transaction.status },
      element(
        'div',
        { class: 'row-main' },
        element(
          'p',
          { id: summaryId, class: 'incoming-summary' },
          `${sender(transaction)} sends you ${money(transaction)}.`,
        ),
        by === undefined
          ? ''
          : element(
              'p',
              { class: 'hint incoming-deadline' },
              `Approve or decline it by ${by}: after that, it is declined.`,
            ),
      ),
      element('div', { class: 'actions', 'data-feedback': '' }, approve, decline),
    )
    addFeedbackRegions(row)
    approve.addEventListener('click', () => void decide(row, transaction, true, approve))
    decline.addEventListener('click', () => void decide(row, transaction, false, decline))
    if (transaction.status !== WAITING) showOutcome(row, transaction, false)
    return row
  }

  /** Shows `transaction` (a new row, or in place of the one it had). */
  function show(transaction: Transaction): HTMLLIElement {
    const row = rowOf(transaction)
    const shown = rows().find((each) => each.dataset.id === transaction.id)
    if (shown) shown.replaceWith(row)
    else list.prepend(row)
    block.hidden = false
    return row
  }

  /** Shows the customer's incoming payments that wait for a decision. */
  async function load() {
    const customerId = app.user?.customerId
    if (!customerId) return
    const { data } = await app.wallet().transactions.list(customerId, { type: 'INCOMING', status: WAITING })
    for (const transaction of data) {
      // One shown already stays as it is: the person may be at its buttons.
      if (!rows().some((each) => each.dataset.id === transaction.id)) show(transaction)
    }
  }

  /** Reads the waiting ones again (the sandbox clock moved: a window may have ended). */
  async function refresh() {
    const waiting = rows().filter((row) => row.dataset.status === WAITING)
    for (const row of waiting) {
      const transaction = await app.wallet().transactions.get(row.dataset.id ?? '')
      if (transaction.status !== WAITING) {
        showOutcome(row, transaction, false)
        onDecided()
      }
    }
  }

  /** Forgets them (at sign-out). */
  function stop() {
    list.replaceChildren()
    block.hidden = true
  }

  const receive = byId('receive-payment')
  receive.addEventListener('click', () =>
    runAction(receive, async () => {
      const { transaction } = await demoApi.receive()
      await demoClock.sync()
      const row = show(transaction)
      if (transaction.status === WAITING) {
        showStatus(receive, `${money(transaction)} is on its way to you: approve or decline it in Money.`)
        // The next step is the decision: the block that asks for it.
        byId('incoming-heading').focus()
      } else {
        showStatus(receive, outcome(transaction))
        row.scrollIntoView({ block: 'nearest' })
        onDecided()
      }
    }),
  )

  return { load, refresh, stop }
}
