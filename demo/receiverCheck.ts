// The receiver check before a quote: the destination picked (or typed) is looked up with the
// service, and the page says who receives the payment and in which currencies, in words. An
// address with nobody behind it is said at its field, which stays marked until it is corrected.
import { WalletAuthError } from '../src/errors.js'
import type { QuoteDestination } from '../src/wire/index.js'
import type { CurrencyPreference } from '../src/wire/receiverLookup.js'
import { currencyChoices } from './currencyWords.js'
import type { DemoApp } from './demoApp.js'
import { demoErrorSentence } from './demoMessages.js'
import { byId, setText } from './dom.js'
import { showErrorLine } from './errorLine.js'

/** What the person chose to pay: a UMA address, or one of their bank accounts (by its last digits). */
export type ReceiverChoice =
  | { kind: 'uma'; address: string; receiver: string; typed: boolean }
  | { kind: 'account'; suffix: string; receiver: string }

/** A receiver the service knows: where the quote pays, and what it takes. */
export interface CheckedReceiver {
  destination: QuoteDestination
  /** How the payment step names the receiver. */
  receiver: string
  /** Who receives it, as the check's sentence starts: the address, or "Your US bank account…". */
  name: string
  /** Goes into the quote, which the service ties to this lookup. */
  lookupId: string
  currencies: CurrencyPreference[]
}

/** The check of the destination on screen: `ok: false` when it was said at its field. */
export type ReceiverCheckResult = { ok: true; found: CheckedReceiver } | { ok: false }

interface ReceiverCheckOptions {
  /** The destination on screen, or undefined when an address is still to be typed. */
  choice(): ReceiverChoice | undefined
  /** The id of the bank account ending `suffix` (made for the customer on first use). */
  externalAccountId(suffix: string): Promise<string>
  /** Told each time a receiver is found (the rate preview follows it). */
  onFound(found: CheckedReceiver | undefined): void
}

const CHECKING = 'Checking who receives it…'

/**
 * Wires `#receiver-check` and the typed address's field; `check()` looks up the destination on
 * screen (a newer check wins), `current()` is the answer for what is on screen now.
 */
export function createReceiverCheck(app: DemoApp, options: ReceiverCheckOptions) {
  const field = byId<HTMLInputElement>('receiver-address')
  const customerId = () => app.user?.customerId ?? ''
  let generation = 0
  let pending: Promise<ReceiverCheckResult> = Promise.resolve({ ok: false })
  // What the running (or last) check was about: another destination on screen is checked anew.
  let checked: string | undefined
  // The answer of the last check once it came: one that failed is asked again by `current()`.
  let answer: ReceiverCheckResult | undefined
  const keyOf = (choice: ReceiverChoice | undefined) => JSON.stringify(choice ?? null)

  function fieldError(error: unknown) {
    const { sentence, code } = demoErrorSentence(error)
    showErrorLine(byId('receiver-address-error'), sentence, code)
    field.setAttribute('aria-invalid', 'true')
  }

  function clearFieldError() {
    byId('receiver-address-error').replaceChildren()
    field.removeAttribute('aria-invalid')
  }

  async function lookUp(choice: ReceiverChoice): Promise<CheckedReceiver> {
    const wallet = app.wallet()
    if (choice.kind === 'uma') {
      const found = await wallet.receivers.lookupUma(choice.address, { customerId: customerId() })
      return {
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: choice.address },
        receiver: choice.receiver,
        name: choice.address,
        lookupId: found.lookupId,
        currencies: found.supportedCurrencies,
      }
    }
    const accountId = await options.externalAccountId(choice.suffix)
    const found = await wallet.receivers.lookupExternalAccount(accountId, { customerId: customerId() })
    return {
      destination: { destinationType: 'ACCOUNT', accountId },
      receiver: choice.receiver,
      name: `Your ${choice.receiver}`,
      lookupId: found.lookupId,
      currencies: found.supportedCurrencies,
    }
  }

  function sayFound(found: CheckedReceiver) {
    const takes = currencyChoices(found.currencies.map((option) => option.currency))
    const line = byId('receiver-check')
    line.dataset.state = 'found'
    line.textContent =
      found.currencies.length === 0
        ? `${found.name} takes no currency the service can send to.`
        : `${found.name} receives payments in ${takes}.`
  }

  /** Looks up the destination on screen and says what was found (or what went wrong, where). */
  function check(): Promise<ReceiverCheckResult> {
    const mine = ++generation
    const choice = options.choice()
    checked = keyOf(choice)
    answer = undefined
    clearFieldError()
    const line = byId('receiver-check')
    delete line.dataset.state
    options.onFound(undefined)
    if (!choice) {
      setText('receiver-check', '')
      answer = { ok: false }
      pending = Promise.resolve(answer)
      return pending
    }
    setText('receiver-check', CHECKING)
    pending = lookUp(choice)
      .then(
        (found): ReceiverCheckResult => {
          if (mine !== generation) return { ok: true, found }
          sayFound(found)
          options.onFound(found)
          return { ok: true, found }
        },
        (error: unknown): ReceiverCheckResult => {
          if (mine !== generation) return { ok: false }
          // A typed address is corrected at its field; a listed one that fails is said on the line.
          if (choice.kind === 'uma' && choice.typed) {
            setText('receiver-check', '')
            fieldError(error)
          } else {
            line.dataset.state = 'failed'
            const { sentence, code } = demoErrorSentence(error)
            showErrorLine(line, `Could not check ${choice.receiver}. ${sentence}`, code)
          }
          return { ok: false }
        },
      )
      .then((result) => {
        if (mine === generation) answer = result
        return result
      })
    return pending
  }

  /**
   * The check of what is on screen: the running one, or its answer; a new one when the last one
   * failed, or when the screen changed since (an address edited and sent with Enter before the
   * field said it changed).
   */
  async function current(): Promise<ReceiverCheckResult> {
    for (;;) {
      const key = keyOf(options.choice())
      const result = await (checked === key && answer?.ok !== false ? pending : check())
      // Changed while it was asked: the answer is about something no longer on screen.
      if (checked === key && keyOf(options.choice()) === key) return result
    }
  }

  /** Says at the field that an address is needed (nothing typed yet). */
  function askForAddress() {
    fieldError(new WalletAuthError('UMA_ADDRESS_MISSING', 'No UMA address typed.'))
    field.focus()
  }

  /** Forgets the answer on screen (at sign-out). */
  function stop() {
    generation++
    checked = undefined
    answer = undefined
    clearFieldError()
    setText('receiver-check', '')
    pending = Promise.resolve({ ok: false })
  }

  return { check, current, askForAddress, stop }
}
