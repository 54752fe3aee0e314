// The signed-in user's payment: a quote for a fixed 1.00 USDB to the app's payee, the payment (the
// signer shows the person what it is about to sign, in its own frame, and waits for their click),
// and then the service's webhooks about it as the app's backend received and verified them.
import type { PaymentResult } from 'embedded-wallet-auth/client'
import { formatMoney } from 'embedded-wallet-auth/elements'
import type { FramedWalletAuth } from 'embedded-wallet-auth/signer-client'
import { api } from './appApi.js'

/** 1.00 USDB in its smallest unit (the sandbox's wallets hold USDB, 6 decimals). */
const PAYMENT_AMOUNT = 1_000_000
/** How often the page asks its backend for webhooks while a payment settles, and for how long. */
const POLL_INTERVAL_MS = 1_000
const POLL_ROUNDS = 120

/** One webhook the backend accepted, as it shows it to the user it concerns. */
interface EventSummary {
  id: string
  type: string
  subject: string
  status?: string
  balance?: { amount: number; currency: { code?: string; decimals?: number } }
}

const $ = <T extends HTMLElement>(selector: string) => document.querySelector(selector) as T
const isFinal = (event: EventSummary) => /^OUTGOING_PAYMENT\.(COMPLETED|FAILED)$/.test(event.type)

function showEvents(events: EventSummary[]) {
  $<HTMLUListElement>('#events').replaceChildren(
    ...events.map((event) => {
      const item = document.createElement('li')
      item.dataset.type = event.type
      item.dataset.subject = event.subject
      if (event.balance) item.dataset.balance = String(event.balance.amount)
      const about = event.balance
        ? `balance ${formatMoney(event.balance.amount, event.balance.currency)}`
        : event.subject
      item.textContent = `${event.type}: ${about}`
      return item
    }),
  )
}

/** The payment section: `show` once signed in (with the wallet paid from), `hide` at sign-out. */
export function createPaymentPanel(options: { wallet: FramedWalletAuth; payTo: string }) {
  const { wallet, payTo } = options
  const section = $<HTMLElement>('#payment')
  const button = $<HTMLButtonElement>('#pay')
  const result = $<HTMLElement>('#payment-result')
  let accountId: string | undefined
  // Bumped at sign-out, so that a poll of the signed-out user stops.
  let generation = 0

  const readEvents = async () => (await api<{ data: EventSummary[] }>('/api/webhook-events')).data

  function showResult(payment: PaymentResult) {
    const { quote } = payment
    result.dataset.status = quote.status
    result.textContent = payment.paid
      ? `Paid (${quote.transactionId}).`
      : `Payment sent, settling (${quote.transactionId}).`
  }

  /** Shows the webhooks until the payment's final one and a balance update since `seen` arrived. */
  async function follow(transactionId: string, seen: number) {
    const round = generation
    for (let i = 0; i < POLL_ROUNDS && round === generation; i++) {
      const events = await readEvents()
      showEvents(events)
      const final = events.find((event) => event.subject === transactionId && isFinal(event))
      const balanced = events.slice(seen).some((event) => event.type === 'INTERNAL_ACCOUNT.BALANCE_UPDATED')
      if (final) {
        result.dataset.status = final.status ?? ''
        result.textContent =
          final.status === 'COMPLETED' ? `Paid (${transactionId}).` : `The payment failed (${transactionId}).`
      }
      if (final && balanced) return
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS))
    }
  }

  async function pay() {
    if (accountId === undefined) return
    button.disabled = true
    result.textContent = 'Getting a quote…'
    delete result.dataset.status
    try {
      const seen = (await readEvents()).length
      const quote = await wallet.quotes.create({
        source: { sourceType: 'ACCOUNT', accountId },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: payTo },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: PAYMENT_AMOUNT,
      })
      result.textContent = 'Check the payment in the wallet window and confirm it there.'
      const payment = await wallet.quotes.execute(quote.id)
      showResult(payment)
      const { transactionId } = payment.quote
      if (transactionId) void follow(transactionId, seen).catch(() => {})
    } catch (error) {
      const { code } = error as { code?: string }
      result.textContent =
        code === 'CONFIRMATION_DECLINED'
          ? 'Payment cancelled: nothing was signed.'
          : `The payment did not go through.${code ? ` Code: ${code}` : ''}`
    } finally {
      button.disabled = false
    }
  }
  button.addEventListener('click', () => void pay())

  return {
    show(walletAccountId: string) {
      accountId = walletAccountId
      $<HTMLElement>('#pay-to').textContent = payTo
      section.hidden = false
      void readEvents().then(showEvents, () => {})
    },
    hide() {
      generation += 1
      accountId = undefined
      section.hidden = true
      result.textContent = ''
      showEvents([])
    },
  }
}
