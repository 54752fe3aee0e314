// The rate preview before a quote: as the person types an amount (or picks the currency the
// receiver gets), the service's indicative rate says about how much would arrive. It is an
// estimate, and says so: the quote locks the real rate and fees.
import { formatMoney } from '../src/elements/formatMoney.js'
import type { Currency } from '../src/wire/index.js'
import type { DemoApp } from './demoApp.js'
import { demoErrorSentence } from './demoMessages.js'
import { byId, setText } from './dom.js'
import { showErrorLine } from './errorLine.js'

/** What the preview prices: an amount in the sender's smallest unit, from one currency to another. */
export interface RateQuestion {
  /** Undefined while the field holds no positive amount. */
  amount: number | undefined
  from: Currency
  /** Undefined until a receiver was found. */
  to: Currency | undefined
}

// Typing pauses this long before the service is asked: one request per pause, not per key.
const TYPING_PAUSE_MS = 300

/** Wires `#rate-preview`; `update()` prices what `read()` says (after a typing pause unless `now`). */
export function createRatePreview(app: DemoApp, read: () => RateQuestion) {
  const line = byId('rate-preview')
  let generation = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const money = (amount: number, currency: Currency) => formatMoney(amount, currency, 'en-US')

  function say(text: string, state: string) {
    line.textContent = text
    line.dataset.state = state
  }

  async function price(mine: number, amount: number, from: Currency, to: Currency) {
    if (!from.code || !to.code) return
    if (from.code === to.code) {
      say(
        `Estimate: they receive ${to.code}, the currency you send: no exchange. The quote shows the fees.`,
        'estimate',
      )
      return
    }
    try {
      const { data } = await app.wallet().exchangeRates.list({
        sourceCurrency: from.code,
        destinationCurrencies: [to.code],
        sendingAmount: amount,
      })
      if (mine !== generation) return
      const rate = data.find((each) => each.destinationCurrency.code === to.code)
      if (!rate) return say(`No estimate for ${to.code} right now. The quote will show the rate.`, 'none')
      if (amount < rate.minSendingAmount || rate.receivingAmount === 0)
        return say(
          `Too little to send to ${to.code}: send at least ${money(rate.minSendingAmount, from)}.`,
          'too-little',
        )
      if (amount > rate.maxSendingAmount)
        return say(
          `More than one payment can send: at most ${money(rate.maxSendingAmount, from)}.`,
          'too-much',
        )
      const perUnit = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 }).format(
        1 / rate.exchangeRate,
      )
      const fees = rate.fees.total === undefined ? '' : `, fees ${money(rate.fees.total, from)} included`
      say(
        `Estimate: about ${money(rate.receivingAmount, rate.destinationCurrency)} arrives ` +
          `(1 ${from.code} ≈ ${perUnit} ${to.code}${fees}). The quote sets the exact amount.`,
        'estimate',
      )
    } catch (error) {
      if (mine !== generation) return
      const { sentence, code } = demoErrorSentence(error)
      showErrorLine(line, `No estimate right now. ${sentence}`, code)
      line.dataset.state = 'failed'
    }
  }

  /** Prices the amount on screen, after a typing pause unless `now`; nothing to price clears the line. */
  function update({ now = false } = {}) {
    const mine = ++generation
    clearTimeout(timer)
    const { amount, from, to } = read()
    if (to === undefined || amount === undefined) {
      setText('rate-preview', '')
      delete line.dataset.state
      return
    }
    if (now) void price(mine, amount, from, to)
    else timer = setTimeout(() => void price(mine, amount, from, to), TYPING_PAUSE_MS)
  }

  /** Clears the line (at sign-out). */
  function stop() {
    generation++
    clearTimeout(timer)
    setText('rate-preview', '')
    delete line.dataset.state
  }

  return { update, stop }
}
