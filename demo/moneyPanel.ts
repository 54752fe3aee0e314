// Money: fund the wallet (sandbox), quote a payment, and pay it with <wallet-sca-step>: it says
// what is paid to whom, runs the wallet-signed execution, asks for the confirmation step the
// service opens (SMS code or passkey), and follows the payment until it is paid or failed.
import { formatMoney } from '../src/elements/formatMoney.js'
import type { WalletScaStep } from '../src/elements/walletScaStep.js'
import { WalletAuthError } from '../src/errors.js'
import type { Currency, Quote, QuoteDestination } from '../src/wire/index.js'
import { demoApi } from './demoApi.js'
import { type DemoApp, focusFirstControl, runAction } from './demoApp.js'
import { byId, element, setText } from './dom.js'
import { quoteState } from './friendlyNames.js'
import { showStatus } from './notices.js'
import { paymentDestinations } from './paymentDestinations.js'

/** An amount in the smallest unit of a currency, with the currency's code and decimals. */
interface Money {
  amount: number
  currency: Currency
}

/** Wires the money section; `load()` shows the balance, `refreshQuote()` reads the quote shown again. */
export function createMoneyPanel(app: DemoApp) {
  const step = byId<WalletScaStep>('sca-step')
  const wallet = () => app.wallet()
  const customerId = () => {
    if (!app.user) throw new WalletAuthError('UNAUTHENTICATED', 'Say who you are first.')
    return app.user.customerId
  }
  const accountId = async () => {
    const session = await wallet().sessions.current()
    if (!session) throw new WalletAuthError('NO_SESSION_KEY', 'Sign in first.')
    return session.accountId
  }

  // The wallet's currency: amounts typed in it (whole units) are turned into its smallest unit.
  let walletCurrency: Currency = { code: 'USDB', decimals: 6 }
  const toMinorUnits = (id: string) =>
    Math.round(Number(byId<HTMLInputElement>(id).value) * 10 ** (walletCurrency.decimals ?? 2))
  const money = ({ amount, currency }: Money) => formatMoney(amount, currency, 'en-US')

  function showBalance(balance: Money | undefined) {
    if (balance) walletCurrency = balance.currency
    setText('balance', balance ? money(balance) : '–')
    for (const id of ['fund-currency', 'quote-currency']) setText(id, walletCurrency.code ?? '')
  }

  async function load() {
    const query = new URLSearchParams({ customerId: customerId() })
    const response = await wallet().fetch(`/api/wallet/customers/internal-accounts?${query}`)
    const { data } = (await response.json()) as { data: { id: string; balance?: Money }[] }
    const id = await accountId()
    showBalance(data.find((account) => account.id === id)?.balance)
  }

  // Where the quote stands, in words, with the service's status kept for tests and tools.
  function showQuote(quote: Quote) {
    const status = byId('quote-status')
    status.textContent = quoteState(quote.status)
    status.dataset.status = quote.status
    setText('quote-id', quote.id)
    setText('transaction-id', quote.transactionId ?? 'none yet')
  }

  step.addEventListener('wallet-authorized', (event) => showQuote(event.detail.payment.quote))
  step.addEventListener('wallet-payment-settled', (event) => {
    showQuote(event.detail.payment.quote)
    void load().catch(() => {})
  })
  // A confirmation asked for, or a step refused: the quote is read again to show where it stands.
  const reread = () => {
    const { quote } = step
    if (quote)
      void wallet()
        .quotes.get(quote.id)
        .then(showQuote, () => {})
  }
  step.addEventListener('wallet-sca-required', reread)
  step.addEventListener('wallet-error', reread)

  // Short options in groups (a phone's select shows them whole); what the sandbox does with the
  // chosen one is said under the list.
  const destinations = byId<HTMLSelectElement>('destination')
  const choices = paymentDestinations(app.config.umaDomain ?? 'sandbox.uma.example')
  const groups = [...new Set(choices.map((choice) => choice.group))]
  destinations.replaceChildren(
    ...groups.map((group) =>
      element(
        'optgroup',
        { label: group },
        ...choices
          .filter((choice) => choice.group === group)
          .map(({ value, label }) => element('option', { value }, label)),
      ),
    ),
  )
  const chosen = () => choices.find((choice) => choice.value === destinations.value)
  const showOutcome = () => setText('destination-outcome', `In the sandbox: ${chosen()?.outcome ?? ''}.`)
  destinations.addEventListener('change', showOutcome)
  showOutcome()

  byId('fund-form').addEventListener('submit', (event) => {
    event.preventDefault()
    return runAction(byId('fund'), async () => {
      const { balance } = await demoApi.fund(toMinorUnits('fund-amount'))
      showBalance(balance)
      showStatus(
        byId('fund'),
        `Added ${money({ amount: toMinorUnits('fund-amount'), currency: walletCurrency })} (sandbox).`,
      )
    })
  })

  byId('quote-form').addEventListener('submit', (event) => {
    event.preventDefault()
    const amount = toMinorUnits('quote-amount')
    const [kind, target = ''] = destinations.value.split(/:(.*)/s)
    return runAction(
      byId('get-quote'),
      async () => {
        const destination: QuoteDestination =
          kind === 'uma'
            ? { destinationType: 'UMA_ADDRESS', umaAddress: target }
            : {
                destinationType: 'ACCOUNT',
                accountId: (
                  await demoApi.externalAccount({ accountNumber: `98765${target}`, currency: 'USD' })
                ).id,
              }
        const quote = await wallet().quotes.create({
          source: { sourceType: 'ACCOUNT', accountId: await accountId() },
          destination,
          lockedCurrencySide: 'SENDING',
          lockedCurrencyAmount: amount,
        })
        step.receiver = chosen()?.receiver ?? target
        step.quote = quote
        showQuote(quote)
        byId('payment').hidden = false
        showStatus(byId('get-quote'), 'Quote ready: check it and pay below.')
        // Focus follows the step: the Pay button of the new quote.
        focusFirstControl(step)
      },
      'Getting a quote…',
    )
  })

  /** Reads the quote on screen again (the sandbox clock moved: it may have expired meanwhile). */
  function refreshQuote() {
    if (!byId('payment').hidden) reread()
  }

  /** Forgets the quote (at sign-out). */
  function stop() {
    step.quote = undefined
    byId('payment').hidden = true
  }

  return { load, stop, refreshQuote }
}
