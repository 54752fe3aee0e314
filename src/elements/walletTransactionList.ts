import { visibleText } from '../intent/visibleText.js'
import type { CurrencyAmount, Transaction } from '../wire/transaction.js'
import { h } from './dom.js'
import type { ElementClientEvent } from './elementClient.js'
import { formatMoney } from './formatMoney.js'
import { fillIn, type WalletMessages } from './messages.js'
import { sessionEnd } from './sessionEnd.js'
import { WalletElement } from './walletElement.js'

const DEFAULT_LIMIT = 20

// The status in words, by the service's value (payments and cards); a value it adds later reads
// as `historyStatusOther`, never as its enum name.
const STATUS_WORDS: Record<string, keyof WalletMessages> = {
  CREATED: 'historyStatusCreated',
  PENDING: 'historyStatusPending',
  PENDING_AUTHORIZATION: 'historyStatusPendingAuthorization',
  PROCESSING: 'historyStatusProcessing',
  COMPLETED: 'historyStatusCompleted',
  REJECTED: 'historyStatusRejected',
  FAILED: 'historyStatusFailed',
  REFUNDED: 'historyStatusRefunded',
  EXPIRED: 'historyStatusExpired',
  AUTHORIZED: 'historyStatusAuthorized',
  PARTIALLY_SETTLED: 'historyStatusPartiallySettled',
  SETTLED: 'historyStatusSettled',
  EXCEPTION: 'historyStatusException',
}

// Where money came from or went, as the transaction names it (the service's text, shown visibly).
type Party = { umaAddress?: unknown; accountId?: unknown; sourceType?: unknown; destinationType?: unknown }

/**
 * `<wallet-transaction-list customer-id="…">`: the customer's transactions, newest first, in a
 * person's words: sent or received, the amount with its currency, to or from whom (the UMA
 * address or the account, as the transaction names it), the status in words and the time (local,
 * in a `<time datetime>`). "Show more" loads the next page with the cursor and moves focus to the
 * first transaction it added. Loading and what was loaded are announced politely; an empty
 * history says so; a failure shows its sentence and code (and `wallet-error`), with "Try again"
 * when nothing could be shown. A session that ends clears the list from the page.
 *
 * @example
 * ```ts
 * const history = document.createElement('wallet-transaction-list')
 * history.customerId = customerId
 * history.limit = 10
 * history.addEventListener('wallet-error', (event) => log(event.detail.error.code))
 * main.append(history)
 * ```
 */
export class WalletTransactionList extends WalletElement {
  static observedAttributes = ['customer-id', 'limit']

  #transactions: Transaction[] = []
  #nextCursor: string | undefined
  #loaded = false
  #failed = false
  // Each load gets a number: an answer for a customer or client since replaced is dropped.
  #generation = 0
  #status = h('p', { role: 'status', 'aria-live': 'polite', part: 'status', class: 'status' })
  #list: HTMLUListElement | undefined
  #empty: HTMLElement | undefined
  #more: HTMLButtonElement | undefined
  #retry: HTMLButtonElement | undefined

  /** The customer whose transactions are listed; the `customer-id` attribute. */
  get customerId(): string | undefined {
    return this.getAttribute('customer-id') ?? undefined
  }
  set customerId(value: string | undefined) {
    if (value === undefined) this.removeAttribute('customer-id')
    else this.setAttribute('customer-id', value)
  }

  /** Transactions per page, 1 to 100 (default 20); the `limit` attribute. */
  get limit(): number {
    const value = Number(this.getAttribute('limit') ?? DEFAULT_LIMIT)
    return Number.isInteger(value) && value >= 1 && value <= 100 ? value : DEFAULT_LIMIT
  }
  set limit(value: number | undefined) {
    if (value === undefined) this.removeAttribute('limit')
    else this.setAttribute('limit', String(value))
  }

  /** The transactions shown so far, newest first. */
  get transactions(): readonly Transaction[] {
    return this.#transactions
  }

  /** The client from `createWalletAuth`; a new one lists again. */
  override get client() {
    return super.client
  }
  override set client(value) {
    const changed = value !== super.client
    super.client = value
    if (changed && this.isConnected) void this.reload()
  }

  override connectedCallback(): void {
    super.connectedCallback()
    if (!this.#loaded) void this.reload()
  }

  attributeChangedCallback(_name: string, before: string | null, after: string | null): void {
    if (before !== after && this.isConnected) void this.reload()
  }

  protected override sessionChanged(event: ElementClientEvent): void {
    // The history is the customer's: once their session ends it leaves the page.
    if (sessionEnd(event, this.messages)) {
      this.#reset()
      this.refresh()
    } else if (event.type === 'signed-in') void this.reload()
  }

  protected render(): void {
    const { messages } = this
    this.#list = h('ul', { part: 'list', class: 'history', 'aria-label': messages.historyLabel })
    this.#empty = h('p', { part: 'empty', tabindex: '-1' }, messages.historyEmpty)
    this.#more = h(
      'button',
      { type: 'button', part: 'show-more', class: 'secondary' },
      messages.historyShowMore,
    )
    this.#more.onclick = () => void this.showMore()
    this.#retry = h('button', { type: 'button', part: 'retry', class: 'secondary' }, messages.historyRetry)
    this.#retry.onclick = () => void this.reload()
    this.shadow.replaceChildren(
      h(
        'div',
        { class: 'stack' },
        this.#status,
        this.#list,
        this.#empty,
        this.#more,
        this.#retry,
        this.errorBox(),
      ),
    )
    this.#list.append(...this.#transactions.map((transaction) => this.#item(transaction)))
    this.#showState()
  }

  #showState() {
    const shown = this.#transactions.length > 0
    if (this.#list) this.#list.hidden = !shown
    if (this.#empty) this.#empty.hidden = !this.#loaded || shown
    if (this.#more) this.#more.hidden = this.#nextCursor === undefined
    if (this.#retry) this.#retry.hidden = !this.#failed
  }

  #reset() {
    this.#generation++
    this.#transactions = []
    this.#nextCursor = undefined
    this.#loaded = false
    this.#failed = false
    this.#status.textContent = ''
  }

  /** Lists the customer's transactions again from the newest (as "Try again" does). */
  async reload(): Promise<void> {
    // Pressed "Try again" (hidden now): once loaded, the reader goes on at what was listed.
    const pressed = this.matches(':focus-within')
    this.#reset()
    this.clearError()
    // The same nodes emptied (not a new render): "Try again" keeps the focus until the answer.
    this.#list?.replaceChildren()
    this.#showState()
    if (!this.customerId || !this.client) return
    await this.#load(undefined, pressed)
  }

  /** Adds the next page (as "Show more" does); nothing when there is none. */
  async showMore(): Promise<void> {
    if (this.#nextCursor === undefined || this.busy) return
    this.clearError()
    await this.#load(this.#nextCursor, this.matches(':focus-within'))
  }

  async #load(cursor: string | undefined, pressed: boolean) {
    const { customerId } = this
    if (!customerId) return
    const generation = this.#generation
    const first = cursor === undefined
    this.#failed = false
    this.#showState()
    this.#status.textContent = this.messages.historyLoading
    this.#list?.setAttribute('aria-busy', 'true')
    // Focus outside the element stays where it is when the first page fails (no stolen focus).
    const focusedBefore = document.activeElement
    const page = await this.runBusy(
      () =>
        this.requireClient().transactions.list(customerId, {
          limit: this.limit,
          ...(cursor === undefined ? {} : { cursor }),
        }),
      (error) => {
        if (generation !== this.#generation) return
        this.#status.textContent = ''
        this.#failed = first
        this.#showState()
        this.showError(error)
        if (
          first &&
          focusedBefore instanceof HTMLElement &&
          focusedBefore !== document.body &&
          !this.contains(focusedBefore)
        )
          focusedBefore.focus()
      },
    )
    if (generation !== this.#generation) return
    this.#list?.removeAttribute('aria-busy')
    if (!page) return
    this.#transactions = [...this.#transactions, ...page.data]
    this.#nextCursor = page.hasMore ? page.nextCursor : undefined
    this.#loaded = true
    const items = page.data.map((transaction) => this.#item(transaction))
    this.#list?.append(...items)
    this.#showState()
    this.#status.textContent =
      this.#transactions.length === 0
        ? ''
        : fillIn(first ? this.messages.historyShown : this.messages.historyMoreShown, {
            count: page.data.length,
          })
    // The button pressed may be gone: focus goes to the first new transaction, or the empty sentence.
    if (pressed) (items[0] ?? (this.#transactions.length === 0 ? this.#empty : undefined))?.focus()
  }

  #item(transaction: Transaction): HTMLLIElement {
    const time = transaction.createdAt ?? transaction.settledAt ?? transaction.updatedAt
    return h(
      'li',
      { part: 'transaction', class: 'transaction', tabindex: '-1', 'data-id': transaction.id },
      h('p', { part: 'summary', class: 'summary' }, this.#summary(transaction)),
      this.#counterparty(transaction) ?? false,
      h(
        'p',
        { part: 'details', class: 'details' },
        h('span', { part: 'transaction-status' }, this.#statusWords(transaction.status)),
        time !== undefined && h('span', { 'aria-hidden': 'true' }, ' · '),
        time !== undefined && h('time', { part: 'time', datetime: time }, this.#when(time)),
      ),
    )
  }

  // "Sent 2.00 USDB" / "Received 50.00 USDB" / "Card payment of 4.50 EUR".
  #summary(transaction: Transaction): string {
    const { messages } = this
    const money = transaction.type === 'INCOMING' ? transaction.receivedAmount : undefined
    const amount: CurrencyAmount | undefined =
      money ?? transaction.sentAmount ?? transaction.receivedAmount ?? authorized(transaction)
    const written = amount
      ? formatMoney(amount.amount, amount.currency, document.documentElement.lang || undefined)
      : messages.historyNoAmount
    const template =
      transaction.type === 'INCOMING'
        ? messages.historyReceived
        : transaction.type === 'CARD'
          ? messages.historyCard
          : messages.historySent
    return fillIn(template, { amount: written })
  }

  #counterparty(transaction: Transaction): HTMLElement | undefined {
    const { messages } = this
    let sentence: string | undefined
    if (transaction.type === 'INCOMING') {
      const source = transaction.source as Party | undefined
      if (source?.sourceType === 'REALTIME_FUNDING') sentence = messages.historyFromFunding
      else {
        const party = partyName(source, messages)
        if (party) sentence = fillIn(messages.historyFrom, { party })
      }
    } else if (transaction.type === 'CARD') {
      const name = (transaction.merchant as { name?: unknown }).name
      if (typeof name === 'string' && name)
        sentence = fillIn(messages.historyAt, { party: visibleText(name) })
    } else {
      const party = partyName(transaction.destination as Party | undefined, messages)
      if (party) sentence = fillIn(messages.historyTo, { party })
    }
    return sentence === undefined
      ? undefined
      : h('p', { part: 'counterparty', class: 'counterparty' }, sentence)
  }

  #statusWords(status: string): string {
    const key = STATUS_WORDS[status]
    const words = key === undefined ? undefined : this.messages[key]
    return typeof words === 'string' ? words : this.messages.historyStatusOther
  }

  #when(iso: string): string {
    const date = new Date(iso)
    try {
      return new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(date)
    } catch {
      // A page `lang` Intl refuses gives way to the browser's language.
      return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
    }
  }
}

function authorized(transaction: Transaction): CurrencyAmount | undefined {
  return transaction.type === 'CARD' ? (transaction.authorizedAmount as CurrencyAmount) : undefined
}

function partyName(party: Party | undefined, messages: WalletMessages): string | undefined {
  if (typeof party?.umaAddress === 'string' && party.umaAddress) return visibleText(party.umaAddress)
  if (typeof party?.accountId === 'string' && party.accountId)
    return fillIn(messages.historyAccount, { account: visibleText(party.accountId) })
  return undefined
}
