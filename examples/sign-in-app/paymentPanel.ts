// The signed-in user's payment: a quote for a fixed 1.00 USDB to the app's payee, paid with
// <wallet-sca-step> (the signer shows the person what it is about to sign, in its own frame, and
// waits for their click; for an EU customer the element then asks for the code the service texts,
// and for the customer's SCA login first when the service wants it), and then the service's
// webhooks about it as the app's backend received and verified them.
import type { PaymentResult } from 'embedded-wallet-auth/client'
import { formatMoney } from 'embedded-wallet-auth/elements'
import type { FramedWalletAuth } from 'embedded-wallet-auth/signer-client'
import { api } from './appApi.js'
import { sayOutcome } from './sayOutcome.js'

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

/** Who pays: their wallet, their customer, and the address the backend saw them at. */
interface Payer {
  accountId: string
  customerId: string
  endUserIpAddress?: string
}

/** The payment section: `show` once signed in (with who pays), `hide` at sign-out. */
export function createPaymentPanel(options: { wallet: FramedWalletAuth; payTo: string }) {
  const { wallet, payTo } = options
  const section = $<HTMLElement>('#payment')
  const button = $<HTMLButtonElement>('#get-quote')
  const quoteStatus = $<HTMLElement>('#quote-status')
  const step = $<HTMLElementTagNameMap['wallet-sca-step']>('wallet-sca-step')
  const hint = $<HTMLElement>('#pay-hint')
  const result = $<HTMLElement>('#payment-result')
  let payer: Payer | undefined
  // How many webhooks the user had when the quote was made: the payment's balance update comes after.
  let seen = 0
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

  // A quote for the payment, handed to <wallet-sca-step>: it shows what is paid to whom, and Pay.
  async function quote() {
    if (payer === undefined) return
    // The last payment's webhooks are no longer followed: a new one starts.
    generation += 1
    button.disabled = true
    sayOutcome(quoteStatus, 'Getting a quote…')
    result.textContent = ''
    delete result.dataset.status
    try {
      seen = (await readEvents()).length
      const quote = await wallet.quotes.create({
        source: { sourceType: 'ACCOUNT', accountId: payer.accountId },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: payTo },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: PAYMENT_AMOUNT,
      })
      // The customer whose SCA login the service may want first, and where their request came
      // from (the service asks for it then): both from the backend.
      step.customerId = payer.customerId
      step.endUserIpAddress = payer.endUserIpAddress
      step.quote = quote
      step.hidden = hint.hidden = false
      sayOutcome(quoteStatus, 'Quote ready: check it and pay below.')
      step.shadowRoot?.querySelector<HTMLButtonElement>('button[part~="pay"]')?.focus()
    } catch (error) {
      const { code } = error as { code?: string }
      sayOutcome(quoteStatus, 'We could not get a quote. Try again.', code)
    } finally {
      button.disabled = false
    }
  }
  button.addEventListener('click', () => void quote())

  // Confirmed in the wallet window, the rest is the element's (a texted code): the hint is done.
  step.addEventListener('wallet-sca-required', () => {
    sayOutcome(quoteStatus, '')
    hint.hidden = true
  })

  // Paid or on its way (the element says so too): the page follows the backend's webhooks about it.
  step.addEventListener('wallet-authorized', (event) => {
    const { payment } = event.detail
    // The quote is spent, and the wallet window done with.
    sayOutcome(quoteStatus, '')
    hint.hidden = true
    showResult(payment)
    const { transactionId } = payment.quote
    if (transactionId) void follow(transactionId, seen).catch(() => {})
  })

  return {
    show(who: Payer) {
      payer = who
      $<HTMLElement>('#pay-to').textContent = payTo
      section.hidden = false
      void readEvents().then(showEvents, () => {})
    },
    hide() {
      generation += 1
      payer = undefined
      section.hidden = true
      step.quote = undefined
      step.hidden = hint.hidden = true
      result.textContent = ''
      sayOutcome(quoteStatus, '')
      showEvents([])
    },
  }
}
