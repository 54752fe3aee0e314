// Money: fund the wallet (sandbox), quote a payment, pay it with the wallet signature, confirm the
// SCA steps the service opens at execution (SMS code or passkey), then follow the quote until its
// status says whether the money arrived.
import type { PaymentResult, ScaAnswer } from '../src/client/quoteMethods.js'
import { WalletAuthError } from '../src/errors.js'
import type { ScaStep } from '../src/sca/authorizeSca.js'
import type { Quote, QuoteDestination } from '../src/wire/index.js'
import { demoApi } from './demoApi.js'
import { type DemoApp, runAction } from './demoApp.js'
import { byId, element, setText, showIf } from './dom.js'
import { showError, showStatus } from './notices.js'
import { paymentDestinations } from './paymentDestinations.js'

/** An amount in the smallest unit of a currency, with the currency's code and decimals. */
interface Money {
  amount: number
  currency: { code?: string; decimals?: number }
}

const FINAL_STATUSES = new Set(['COMPLETED', 'FAILED', 'EXPIRED'])
const FOLLOW_EVERY_MS = 2000

// 1000.000000 USDB reads as 1,000.00 USDB: cents always, further digits only where they count.
const formatMoney = (minor: number, currency: Money['currency']) => {
  const decimals = currency.decimals ?? 2
  const amount = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: Math.min(2, decimals),
    maximumFractionDigits: decimals,
  }).format(minor / 10 ** decimals)
  return `${amount} ${currency.code ?? ''}`.trim()
}

/** Wires the money section; `load()` shows the balance. */
export function createMoneyPanel(app: DemoApp) {
  let quote: Quote | undefined
  // The SCA step the page waits on: how to hand back the user's answer.
  let waiting: ((answer: ScaAnswer) => void) | undefined
  let following: ReturnType<typeof setTimeout> | undefined

  const wallet = () => app.wallet()
  const customerId = () => {
    if (!app.user) throw new WalletAuthError('NO_SESSION_KEY', 'Sign in first.')
    return app.user.customerId
  }
  const accountId = async () => {
    const session = await wallet().sessions.current()
    if (!session) throw new WalletAuthError('NO_SESSION_KEY', 'Sign in first.')
    return session.accountId
  }

  // The wallet's currency: amounts typed in it are turned into its smallest unit.
  let walletCurrency: Money['currency'] = { code: 'USDB', decimals: 6 }
  const toMinorUnits = (id: string) =>
    Math.round(Number(byId<HTMLInputElement>(id).value) * 10 ** (walletCurrency.decimals ?? 2))

  function showBalance(balance: Money | undefined) {
    if (balance) walletCurrency = balance.currency
    setText('balance', balance ? formatMoney(balance.amount, balance.currency) : '–')
    for (const id of ['fund-currency', 'quote-currency']) setText(id, walletCurrency.code ?? '')
  }

  async function load() {
    const query = new URLSearchParams({ customerId: customerId() })
    const response = await wallet().fetch(`/api/wallet/customers/internal-accounts?${query}`)
    const { data } = (await response.json()) as { data: { id: string; balance?: Money }[] }
    const id = await accountId()
    showBalance(data.find((account) => account.id === id)?.balance)
  }

  function showQuote(next: Quote) {
    quote = next
    setText(
      'quote-status',
      `${next.status} · ${formatMoney(next.totalSendingAmount, next.sendingCurrency)} → ` +
        `${formatMoney(next.totalReceivingAmount, next.receivingCurrency)} · ${next.id}`,
    )
    setText('transaction-id', next.transactionId ?? '')
    const payable = next.status === 'PENDING' && Date.parse(next.expiresAt) > Date.now()
    byId<HTMLButtonElement>('execute').disabled = !(payable || next.status === 'PENDING_AUTHORIZATION')
  }

  // Shows the SCA form for one step and waits for the user's code or passkey.
  function askForProof(step: ScaStep): Promise<ScaAnswer> {
    // Asked only while the service holds the payment for authorization.
    if (quote) showQuote({ ...quote, status: 'PENDING_AUTHORIZATION' })
    showIf('sca-form', true)
    showIf('sca-passkey', Boolean(step.challenge.passkeyAssertionOptions))
    showIf('sca-resend', step.challenge.factor === 'SMS_OTP')
    setText(
      'sca-step',
      `Confirm step ${step.index}${step.purpose ? ` (${step.purpose.toLowerCase().replace(/_/g, ' ')})` : ''}.`,
    )
    byId('sca-code').focus()
    return new Promise((resolve) => {
      waiting = resolve
    })
  }

  function paymentFailed(failed: Quote) {
    const sentence = `The payment ${failed.status === 'EXPIRED' ? 'expired' : 'failed'}: no money was sent.`
    showError(new WalletAuthError(`PAYMENT_${failed.status}`, sentence), sentence)
  }

  function report(result: PaymentResult) {
    showQuote(result.quote)
    if (result.paid) showStatus('Paid: the money has arrived.')
    else if (result.released) showStatus('Payment sent. Following it until it arrives…')
    else if (result.quote.status === 'FAILED') paymentFailed(result.quote)
  }

  // Pays (or resumes the open SCA steps of) the current quote; `first` answers the first step at
  // once, when the user confirmed before the page was waiting (a retry after a refused code).
  async function pay(first?: ScaAnswer) {
    if (!quote) return
    const { id } = quote
    let answerNow = first
    await runAction(
      byId('execute'),
      async () => {
        const result = await wallet().quotes.execute(id, {
          onScaChallenge: (step) => {
            if (answerNow === undefined) return askForProof(step)
            const answer = answerNow
            answerNow = undefined
            return answer
          },
        })
        waiting = undefined
        showIf('sca-form', false)
        report(result)
        if (!FINAL_STATUSES.has(result.quote.status)) await follow()
      },
      'Paying…',
    )
    // runAction re-enables the button; whether the quote can still be paid is the quote's to say.
    if (quote) showQuote(quote)
  }

  function answer(proof: ScaAnswer) {
    if (waiting) {
      const resolve = waiting
      waiting = undefined
      resolve(proof)
    } else {
      void pay(proof)
    }
  }

  async function follow() {
    clearTimeout(following)
    if (!quote) return
    const current = await wallet().quotes.get(quote.id)
    showQuote(current)
    if (current.transactionId) {
      const transaction = await (
        await wallet().fetch(`/api/wallet/transactions/${encodeURIComponent(current.transactionId)}`)
      ).json()
      setText('transaction-status', String(transaction.status ?? ''))
    }
    if (!FINAL_STATUSES.has(current.status)) {
      following = setTimeout(() => void follow().catch(() => {}), FOLLOW_EVERY_MS)
      return
    }
    if (current.status === 'COMPLETED') showStatus('Paid: the money has arrived.')
    else paymentFailed(current)
    await load()
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
    return runAction(byId('fund'), async () => {
      const { balance } = await demoApi.fund(toMinorUnits('fund-amount'))
      showBalance(balance)
      showStatus('Funds added (sandbox).')
    })
  })

  byId('quote-form').addEventListener('submit', (event) => {
    event.preventDefault()
    const amount = toMinorUnits('quote-amount')
    const [kind, target = ''] = destinations.value.split(/:(.*)/s)
    return runAction(
      byId('get-quote'),
      async () => {
        stop()
        showIf('sca-form', false)
        setText('transaction-id', '')
        setText('transaction-status', '')
        const destination: QuoteDestination =
          kind === 'uma'
            ? { destinationType: 'UMA_ADDRESS', umaAddress: target }
            : {
                destinationType: 'ACCOUNT',
                accountId: (
                  await demoApi.externalAccount({ accountNumber: `98765${target}`, currency: 'USD' })
                ).id,
              }
        showQuote(
          await wallet().quotes.create({
            source: { sourceType: 'ACCOUNT', accountId: await accountId() },
            destination,
            lockedCurrencySide: 'SENDING',
            lockedCurrencyAmount: amount,
          }),
        )
        showStatus('Quote ready: pay it to send the money.')
      },
      'Getting a quote…',
    )
  })

  byId('sca-form').addEventListener('submit', (event) => {
    event.preventDefault()
    const code = byId<HTMLInputElement>('sca-code').value.trim()
    byId<HTMLInputElement>('sca-code').value = ''
    answer({ code })
  })

  byId('sca-passkey').addEventListener('click', () => answer('passkey'))

  byId('sca-resend').addEventListener('click', () =>
    runAction(byId('sca-resend'), async () => {
      if (!quote) return
      await wallet().quotes.resend(quote.id)
      showStatus('A new code is on its way.')
    }),
  )

  byId('execute').addEventListener('click', () => pay())

  return { load, stop }
}
