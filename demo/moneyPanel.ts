// Money: fund the wallet (sandbox), quote a payment, run the SCA loop (SMS code or passkey),
// execute with the wallet signature, then follow the quote to its transaction.
import { WalletAuthError } from '../src/errors.js'
import type { ScaAuthorization, ScaStep } from '../src/sca/authorizeSca.js'
import { passkeyScaAuthorization } from '../src/sca/passkeyScaAuthorization.js'
import { parseWire, Quote } from '../src/wire/index.js'
import { demoApi } from './demoApi.js'
import { type DemoApp, runAction } from './demoApp.js'
import { byId, element, setText, showIf } from './dom.js'
import { showStatus } from './notices.js'
import { paymentDestinations } from './paymentDestinations.js'

type Answer = (step: ScaStep) => ScaAuthorization | Promise<ScaAuthorization>

const FINAL_STATUSES = new Set(['COMPLETED', 'FAILED', 'EXPIRED', 'CANCELLED', 'REJECTED'])
const FOLLOW_EVERY_MS = 2000

const amount = (minor: number, currency: Quote['sendingCurrency']) =>
  `${(minor / 10 ** (currency.decimals ?? 2)).toFixed(currency.decimals ?? 2)} ${currency.code}`

/** Wires the money section; `load()` shows the balance. */
export function createMoneyPanel(app: DemoApp) {
  let quote: Quote | undefined
  // The SCA step the page waits on, if any: its step and how to hand back the proof.
  let waiting: { step: ScaStep; resolve: (proof: Promise<ScaAuthorization>) => void } | undefined
  let following: ReturnType<typeof setTimeout> | undefined

  const wallet = () => app.wallet()
  const accountId = async () => {
    const session = await wallet().sessions.current()
    if (!session) throw new WalletAuthError('NO_SESSION_KEY', 'Sign in first.')
    return session.accountId
  }
  const getJson = async (path: string) => (await wallet().fetch(`/api/wallet${path}`)).json()

  async function load() {
    const account = await getJson(`/internal-accounts/${encodeURIComponent(await accountId())}`)
    setText('balance', typeof account.balance === 'number' ? `${(account.balance / 100).toFixed(2)}` : '–')
  }

  function showQuote(next: Quote) {
    quote = next
    setText(
      'quote-status',
      `${next.status} · ${amount(next.totalSendingAmount, next.sendingCurrency)} → ` +
        `${amount(next.totalReceivingAmount, next.receivingCurrency)} · ${next.id}`,
    )
    setText('transaction-id', next.transactionId ?? '')
    byId<HTMLButtonElement>('execute').disabled = next.status !== 'PENDING' || Boolean(next.transactionId)
  }

  // Asks the page for the proof of one SCA step; the form or the passkey button answers.
  function askForProof(step: ScaStep): Promise<ScaAuthorization> {
    showIf('sca-form', true)
    showIf('sca-passkey', Boolean(step.challenge.passkeyAssertionOptions))
    setText(
      'sca-step',
      `Confirm step ${step.index}${step.purpose ? ` (${step.purpose.toLowerCase().replace(/_/g, ' ')})` : ''}.`,
    )
    byId('sca-code').focus()
    return new Promise((resolve) => {
      waiting = { step, resolve }
    })
  }

  // Runs the SCA loop; `first` answers the current step at once (a retry after a refused proof).
  async function authorize(first?: Answer) {
    if (!quote) return
    const { id } = quote
    let answerNow = first
    await runAction(null, async () => {
      const authorized = await wallet().quotes.authorize(id, {
        onChallenge: async (step) => {
          if (answerNow) {
            const answer = answerNow
            answerNow = undefined
            return answer(step)
          }
          return askForProof(step)
        },
      })
      waiting = undefined
      showIf('sca-form', false)
      showQuote(authorized)
      showStatus('Payment confirmed: it can be paid now.')
    })
  }

  function answer(proof: Answer) {
    if (waiting) {
      const { step, resolve } = waiting
      waiting = undefined
      resolve(Promise.resolve().then(() => proof(step)))
    } else {
      void authorize(proof)
    }
  }

  async function follow() {
    clearTimeout(following)
    if (!quote) return
    const current = await wallet().quotes.get(quote.id)
    showQuote(current)
    if (current.transactionId) {
      const transaction = await getJson(`/transactions/${encodeURIComponent(current.transactionId)}`)
      setText('transaction-status', String(transaction.status ?? ''))
    }
    if (!FINAL_STATUSES.has(current.status)) {
      following = setTimeout(() => void follow().catch(() => {}), FOLLOW_EVERY_MS)
    } else {
      await load()
    }
  }

  function stop() {
    clearTimeout(following)
  }

  const destinations = byId<HTMLSelectElement>('destination')
  destinations.replaceChildren(
    ...paymentDestinations(app.config.umaDomain ?? 'sandbox.uma.example').map(({ value, label }) =>
      element('option', { value }, label),
    ),
  )

  byId('fund-form').addEventListener('submit', (event) => {
    event.preventDefault()
    const cents = Number(byId<HTMLInputElement>('fund-amount').value)
    return runAction(byId('fund'), async () => {
      const { balance } = await demoApi.fund(cents)
      setText('balance', (balance / 100).toFixed(2))
      showStatus('Funds added (sandbox).')
    })
  })

  byId('quote-form').addEventListener('submit', (event) => {
    event.preventDefault()
    const cents = Number(byId<HTMLInputElement>('quote-amount').value)
    const [kind, target = ''] = destinations.value.split(/:(.*)/s)
    return runAction(
      byId('get-quote'),
      async () => {
        stop()
        setText('transaction-id', '')
        setText('transaction-status', '')
        const destination =
          kind === 'uma'
            ? { destinationType: 'UMA_ADDRESS', umaAddress: target }
            : {
                destinationType: 'ACCOUNT',
                accountId: (
                  await demoApi.externalAccount({ accountNumber: `98765${target}`, currency: 'USD' })
                ).id,
              }
        const response = await wallet().fetch('/api/wallet/quotes', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            source: { sourceType: 'ACCOUNT', accountId: await accountId() },
            destination,
            lockedCurrencySide: 'SENDING',
            lockedCurrencyAmount: cents,
          }),
        })
        showQuote(parseWire(Quote, await response.json(), 'Quote'))
        showStatus('Quote ready.')
      },
      'Getting a quote…',
    ).then((ready) => {
      if (ready && quote?.status === 'PENDING_AUTHORIZATION') void authorize()
    })
  })

  byId('sca-form').addEventListener('submit', (event) => {
    event.preventDefault()
    const otpCode = byId<HTMLInputElement>('sca-code').value.trim()
    byId<HTMLInputElement>('sca-code').value = ''
    answer(() => ({ otpCode }))
  })

  byId('sca-passkey').addEventListener('click', () =>
    answer((step) => passkeyScaAuthorization(step.challenge)),
  )

  byId('execute').addEventListener('click', async () => {
    await runAction(
      byId('execute'),
      async () => {
        if (!quote) return
        showQuote(await wallet().quotes.execute(quote.id))
        showStatus('Paid with the wallet signature. Following the payment…')
        await follow()
      },
      'Paying…',
    )
    // runAction re-enables the button; a quote is paid once.
    if (quote) showQuote(quote)
  })

  return { load, stop }
}
