// Money: fund the wallet (sandbox), check who receives the payment and preview the rate, quote
// it, and pay it with <wallet-sca-step>: it says what is paid to whom, runs the wallet-signed
// execution, asks for the confirmation step the service opens (SMS code or passkey), and follows
// the payment until it is paid or failed.
import { formatMoney } from '../src/elements/formatMoney.js'
import type { WalletScaStep } from '../src/elements/walletScaStep.js'
import { WalletAuthError } from '../src/errors.js'
import type { Currency, Quote, QuoteDestination } from '../src/wire/index.js'
import type { CurrencyPreference } from '../src/wire/receiverLookup.js'
import { demoApi } from './demoApi.js'
import { type DemoApp, focusFirstControl, runAction } from './demoApp.js'
import { byId, element, setText } from './dom.js'
import { quoteState } from './friendlyNames.js'
import { showStatus } from './notices.js'
import { paymentDestinations, TYPED_ADDRESS } from './paymentDestinations.js'
import { createRatePreview } from './ratePreview.js'
import { type CheckedReceiver, createReceiverCheck, type ReceiverChoice } from './receiverCheck.js'

/** An amount in the smallest unit of a currency, with the currency's code and decimals. */
interface Money {
  amount: number
  currency: Currency
}

/**
 * Wires the money section; `load()` shows the balance, `refreshQuote()` reads the quote shown
 * again. `onMoneyMoved` runs after funds were added and after a payment was authorized or settled.
 */
export function createMoneyPanel(app: DemoApp, onMoneyMoved: () => void = () => {}) {
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
  // The amount typed, or undefined while the field holds no positive amount.
  const typedAmount = () => {
    const amount = toMinorUnits('quote-amount')
    return Number.isSafeInteger(amount) && amount > 0 ? amount : undefined
  }
  const money = ({ amount, currency }: Money) => formatMoney(amount, currency, 'en-US')

  function showBalance(balance: Money | undefined) {
    if (balance) walletCurrency = balance.currency
    setText('balance', balance ? money(balance) : '–')
    for (const id of ['fund-currency', 'quote-currency']) setText(id, walletCurrency.code ?? '')
  }

  // The customer whose destination was checked last: a new one checks again.
  let checkedFor: string | undefined

  async function load() {
    const query = new URLSearchParams({ customerId: customerId() })
    const response = await wallet().fetch(`/api/wallet/customers/internal-accounts?${query}`)
    const { data } = (await response.json()) as { data: { id: string; balance?: Money }[] }
    const id = await accountId()
    showBalance(data.find((account) => account.id === id)?.balance)
    if (checkedFor !== customerId()) {
      checkedFor = customerId()
      void receivers.check()
    } else preview.update({ now: true })
  }

  // Where the quote stands, in words, with the service's status kept for tests and tools.
  function showQuote(quote: Quote) {
    const status = byId('quote-status')
    status.textContent = quoteState(quote.status)
    status.dataset.status = quote.status
    setText('quote-id', quote.id)
    setText('transaction-id', quote.transactionId ?? 'none yet')
  }

  step.addEventListener('wallet-authorized', (event) => {
    showQuote(event.detail.payment.quote)
    onMoneyMoved()
  })
  step.addEventListener('wallet-payment-settled', (event) => {
    showQuote(event.detail.payment.quote)
    void load().catch(() => {})
    onMoneyMoved()
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
  const address = byId<HTMLInputElement>('receiver-address')
  setText('receiver-address-example', `$name@${app.config.umaDomain ?? 'sandbox.uma.example'}`)
  // The address field is there only while "Type a UMA address" is chosen (disabled otherwise).
  const showAddressField = () => {
    const typed = destinations.value === TYPED_ADDRESS
    byId('receiver-address-field').hidden = !typed
    address.disabled = !typed
  }

  /** The destination on screen, as the receiver check takes it. */
  function choice(): ReceiverChoice | undefined {
    const picked = chosen()
    if (!picked) return undefined
    if (picked.value === TYPED_ADDRESS) {
      const typed = address.value.trim()
      return typed ? { kind: 'uma', address: typed, receiver: `UMA ${typed}`, typed: true } : undefined
    }
    const [kind, target = ''] = picked.value.split(/:(.*)/s)
    return kind === 'uma'
      ? { kind: 'uma', address: target, receiver: picked.receiver, typed: false }
      : { kind: 'account', suffix: target, receiver: picked.receiver }
  }

  // The customer's bank account of each suffix, made once (sandbox): the check and the quote use it.
  const externalAccounts = new Map<string, Promise<string>>()
  function externalAccountId(suffix: string): Promise<string> {
    const key = `${customerId()}:${suffix}`
    let made = externalAccounts.get(key)
    if (!made) {
      made = demoApi
        .externalAccount({ accountNumber: `98765${suffix}`, currency: 'USD' })
        .then(({ id }) => id)
      made.catch(() => externalAccounts.delete(key))
      externalAccounts.set(key, made)
    }
    return made
  }

  // The currencies the receiver takes: a choice only when there are several.
  const receiveCurrency = byId<HTMLSelectElement>('receive-currency')
  let receiverCurrencies: CurrencyPreference[] = []
  function showCurrencies(found: CheckedReceiver | undefined) {
    receiverCurrencies = found?.currencies ?? []
    receiveCurrency.replaceChildren(
      ...receiverCurrencies.map(({ currency }) =>
        element('option', { value: currency.code ?? '' }, currency.name ?? currency.code ?? ''),
      ),
    )
    byId('receive-currency-field').hidden = receiverCurrencies.length < 2
    preview.update({ now: true })
  }
  const receivedCurrency = (): Currency | undefined =>
    receiverCurrencies.find(({ currency }) => currency.code === receiveCurrency.value)?.currency ??
    receiverCurrencies[0]?.currency

  const receivers = createReceiverCheck(app, { choice, externalAccountId, onFound: showCurrencies })
  const preview = createRatePreview(app, () => ({
    amount: typedAmount(),
    from: walletCurrency,
    to: receivedCurrency(),
  }))

  destinations.addEventListener('change', () => {
    showOutcome()
    showAddressField()
    void receivers.check()
  })
  address.addEventListener('change', () => void receivers.check())
  receiveCurrency.addEventListener('change', () => preview.update({ now: true }))
  byId('quote-amount').addEventListener('input', () => preview.update())
  showOutcome()
  showAddressField()

  byId('fund-form').addEventListener('submit', (event) => {
    event.preventDefault()
    return runAction(byId('fund'), async () => {
      const { balance } = await demoApi.fund(toMinorUnits('fund-amount'))
      showBalance(balance)
      onMoneyMoved()
      showStatus(
        byId('fund'),
        `Added ${money({ amount: toMinorUnits('fund-amount'), currency: walletCurrency })} (sandbox).`,
      )
    })
  })

  byId('quote-form').addEventListener('submit', (event) => {
    event.preventDefault()
    const amount = toMinorUnits('quote-amount')
    return runAction(
      byId('get-quote'),
      async () => {
        // The receiver checked before the quote: what is on screen (checked again if it failed).
        const checked = await receivers.current()
        if (!checked.ok) {
          // Said where it is corrected: the address field (or the list, whose line says why).
          if (destinations.value !== TYPED_ADDRESS) destinations.focus()
          else if (address.value.trim()) address.focus()
          else receivers.askForAddress()
          return
        }
        const { found } = checked
        const currency = receiverCurrencies.length > 1 ? receivedCurrency()?.code : undefined
        const destination: QuoteDestination =
          found.destination.destinationType === 'UMA_ADDRESS' && currency
            ? { ...found.destination, currency }
            : found.destination
        const quote = await wallet().quotes.create({
          lookupId: found.lookupId,
          source: { sourceType: 'ACCOUNT', accountId: await accountId() },
          destination,
          lockedCurrencySide: 'SENDING',
          lockedCurrencyAmount: amount,
        })
        step.receiver = found.receiver
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
    checkedFor = undefined
    receivers.stop()
    preview.stop()
    showCurrencies(undefined)
  }

  return { load, stop, refreshQuote }
}
