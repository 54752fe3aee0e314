// <wallet-transaction-list> in Chromium against the relay and sandbox: a customer's funding and two
// payments read newest first in words, a small page size paged with "Show more" by keyboard, an
// empty history said in a sentence, another customer's history refused and said in words.
import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import type { WalletAuthError } from '../../src/errors.js'
import {
  type ElementCustomer,
  errorCodeOf,
  expectAccessible,
  expectFitsPhone,
  mount,
  shadowOf,
  signUpWithClient,
} from './elementKit.js'
import { fundedCustomer } from './paymentKit.js'

const RECEIVER = '$success.eur@sandbox.uma.example'

/** Pays `amount` (the wallet currency's smallest unit) to the sandbox's receiver that always succeeds. */
async function pay({ wallet, accountId }: ElementCustomer, amount: number) {
  const quote = await wallet.quotes.create({
    source: { sourceType: 'ACCOUNT', accountId },
    destination: { destinationType: 'UMA_ADDRESS', umaAddress: RECEIVER },
    lockedCurrencySide: 'SENDING',
    lockedCurrencyAmount: amount,
  })
  await wallet.quotes.execute(quote.id)
}

const items = (element: Element) => [...shadowOf(element).querySelectorAll('li')]
const summaries = (element: Element) =>
  items(element).map((item) => item.querySelector('[part="summary"]')?.textContent)
const status = (element: Element) => shadowOf(element).querySelector('[role="status"]')
const focused = (element: Element) => shadowOf(element).activeElement

// Every sentence the polite status said, in order (a loading state lasts too little to poll).
function recordStatus(element: Element) {
  const said: string[] = []
  const node = status(element)
  if (!node) throw new Error('no status region')
  new MutationObserver(() => {
    if (node.textContent) said.push(node.textContent)
  }).observe(node, { childList: true, characterData: true, subtree: true })
  return said
}

function listenErrors(element: HTMLElement) {
  const codes: string[] = []
  element.addEventListener('wallet-error', (event) =>
    codes.push((event as CustomEvent<{ error: WalletAuthError }>).detail.error.code),
  )
  return codes
}

describe('<wallet-transaction-list>', () => {
  it('lists funding and payments newest first in words, and pages by keyboard with "Show more"', async () => {
    const customer = await fundedCustomer({ inEurope: false, client: { confirm: () => true } })
    await pay(customer, 1_000_000)
    await pay(customer, 2_500_000)
    const { data: expected } = await customer.wallet.transactions.list(customer.customerId, { limit: 100 })
    expect(expected.map((transaction) => transaction.type)).toEqual(['OUTGOING', 'OUTGOING', 'INCOMING'])

    const history = mount('wallet-transaction-list', { client: customer.wallet, limit: 2 })
    const said = recordStatus(history)
    const errors = listenErrors(history)
    history.customerId = customer.customerId

    const list = page.getByRole('list', { name: 'Transactions' })
    await expect.element(list).toBeVisible()
    await expect.poll(() => items(history).length).toBe(2)
    expect(said).toEqual(['Loading transactions…', 'Transactions shown: 2.'])
    expect(status(history)?.getAttribute('aria-live')).toBe('polite')
    expect(summaries(history)).toEqual(['Sent 2.50 USDB', 'Sent 1.00 USDB'])
    const first = items(history)[0]
    expect(first?.querySelector('[part="counterparty"]')?.textContent).toBe(`To ${RECEIVER}`)
    // The status in words, never the service's enum name.
    const words = first?.querySelector('[part="transaction-status"]')?.textContent ?? ''
    expect(['Waiting to be sent', 'On its way', 'Completed']).toContain(words)
    // The time: machine-readable as the service gave it, shown in the page's language.
    const time = first?.querySelector('time')
    expect(time?.getAttribute('datetime')).toBe(expected[0]?.createdAt)
    expect(time?.textContent).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(expected[0]?.createdAt ?? ''),
      ),
    )
    await expectAccessible(history)
    await expectFitsPhone(history)

    // "Show more" is the first stop of the keyboard; Enter adds the next page and moves focus to it.
    await userEvent.tab()
    expect(focused(history)?.textContent).toBe('Show more')
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => items(history).length).toBe(3)
    expect(summaries(history)).toEqual(['Sent 2.50 USDB', 'Sent 1.00 USDB', 'Received 50.00 USDB'])
    expect(items(history).map((item) => item.dataset.id)).toEqual(
      expected.map((transaction) => transaction.id),
    )
    expect(items(history)[2]?.querySelector('[part="counterparty"]')?.textContent).toBe(
      'Added to your wallet',
    )
    expect(items(history)[2]?.querySelector('[part="transaction-status"]')?.textContent).toBe('Completed')
    expect(focused(history)).toBe(items(history)[2])
    expect(said.at(-1)).toBe('More transactions shown: 1.')
    // The last page: no "Show more" left.
    await expect.element(page.getByRole('button', { name: 'Show more' })).not.toBeInTheDocument()
    expect(errors).toEqual([])
    await expectAccessible(history)
    await expectFitsPhone(history)
  })

  it('says in a sentence that a customer has no transactions yet', async () => {
    const customer = await signUpWithClient()
    const history = mount('wallet-transaction-list', { client: customer.wallet })
    const errors = listenErrors(history)
    history.setAttribute('customer-id', customer.customerId)

    await expect
      .element(page.getByText('No transactions yet. Money you send or receive will be listed here.'))
      .toBeVisible()
    expect(page.getByRole('list', { name: 'Transactions' }).query()).toBeNull()
    expect(page.getByRole('button', { name: 'Show more' }).query()).toBeNull()
    expect(errors).toEqual([])
    await expectAccessible(history)
    await expectFitsPhone(history)
  })

  it("shows another customer's history refused in words, the code apart, then lists once told whose", async () => {
    const [ada, bob] = await Promise.all([signUpWithClient(), signUpWithClient()])
    const history = mount('wallet-transaction-list', { client: ada.wallet })
    const errors = listenErrors(history)
    history.customerId = bob.customerId

    await expect.poll(() => errors).toEqual(['FORBIDDEN'])
    const alert = shadowOf(history).querySelector('[role="alert"]')
    expect(alert?.textContent).toBe(
      'The signed-in account may not do this. Check that you signed in with the right account.',
    )
    expect(errorCodeOf(history)).toBe('Reference for support: FORBIDDEN')
    await expect.element(page.getByRole('button', { name: 'Try again' })).toBeVisible()
    expect(items(history)).toEqual([])
    await expectAccessible(history)
    await expectFitsPhone(history)

    // "Try again" by keyboard asks again: still refused, said again, the sentence focused.
    await userEvent.tab()
    expect(focused(history)?.textContent).toBe('Try again')
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => errors).toEqual(['FORBIDDEN', 'FORBIDDEN'])
    expect(focused(history)).toBe(alert)

    // Her own id: the error leaves, her (empty) history is said.
    history.customerId = ada.customerId
    await expect.element(page.getByText('No transactions yet.', { exact: false })).toBeVisible()
    expect(alert?.textContent).toBe('')
    expect(page.getByRole('button', { name: 'Try again' }).query()).toBeNull()
  })
})
