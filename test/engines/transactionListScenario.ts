// <wallet-transaction-list> in every engine: a funded customer's payment and funding in words,
// newest first, paged one at a time with "Show more" (a focusable button; focus moves to what it
// added), inside a phone-wide 390 px box without sideways overflow, accessible (axe-core) at each
// step, and another customer's history refused in words with the code apart.
import { createWalletAuth } from '../../src/client/index.js'
import { defineWalletElements } from '../../src/elements/index.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { checkAccessible } from './checkAccessible.js'
import { checkEqual } from './checkEqual.js'
import type { Scenario } from './scenario.js'
import { signUp } from './testBackend.js'
import { waitUntil } from './waitUntil.js'

const PHONE_WIDTH = 390

/** Calls the sandbox as the integrator's server does (the test backend's platform route). */
async function platformCall(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch('/api/test/platform', {
    method: 'POST',
    body: JSON.stringify({ method, path, body }),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} was refused: ${text}`)
  return text ? JSON.parse(text) : null
}

/** No node of the element's shadow tree reaches past the right edge of `box`. */
function checkFits(element: Element, box: Element, what: string) {
  const right = box.getBoundingClientRect().right
  const over = [...(element.shadowRoot?.querySelectorAll('*') ?? [])]
    .filter(
      (node) => node.getBoundingClientRect().width > 0 && node.getBoundingClientRect().right > right + 0.5,
    )
    .map((node) => node.localName)
  checkEqual(over, [], `${what}: nodes wider than ${PHONE_WIDTH} px`)
  checkEqual(box.scrollWidth <= box.clientWidth, true, `${what}: no sideways scroll`)
}

export const transactionList: Scenario = {
  name: '<wallet-transaction-list>: funding and a payment in words, paged with "Show more", an error in words, accessible (axe-core) at 390 px',
  steps: [
    async () => {
      const customer = await signUp()
      const wallet = createWalletAuth({
        baseUrl: '/api/wallet',
        fetch: customer.asCustomer,
        keyStore: createKeyStore({ databaseName: `engines-${crypto.randomUUID()}` }),
        trustedSigners: [customer.signerPublicKey],
        confirm: () => true,
      })
      await wallet.emailOtp.send(customer.emailCredentialId)
      await wallet.emailOtp.verify(customer.emailCredentialId, '000000')
      await platformCall('POST', `/sandbox/internal-accounts/${customer.accountId}/fund`, {
        amount: 50_000_000,
      })
      const quote = await wallet.quotes.create({
        source: { sourceType: 'ACCOUNT', accountId: customer.accountId },
        destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.eur@sandbox.uma.example' },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 1_000_000,
      })
      await wallet.quotes.execute(quote.id)

      defineWalletElements()
      const box = document.body.appendChild(document.createElement('div'))
      box.style.width = `${PHONE_WIDTH}px`
      box.style.overflowX = 'auto'
      const history = Object.assign(document.createElement('wallet-transaction-list'), {
        client: wallet,
        limit: 1,
      })
      const errors: string[] = []
      history.addEventListener('wallet-error', (event) => errors.push(event.detail.error.code))
      history.customerId = customer.customerId
      box.append(history)
      const root = history.shadowRoot
      const items = () => [...(root?.querySelectorAll('li') ?? [])]
      const text = (node: ParentNode | undefined, part: string) =>
        node?.querySelector(`[part="${part}"]`)?.textContent ?? null

      const more = await waitUntil(
        () => root?.querySelector<HTMLButtonElement>('[part="show-more"]:not([hidden])'),
        {
          what: 'the first page and "Show more"',
        },
      )
      checkEqual(root?.querySelector('ul')?.getAttribute('aria-label'), 'Transactions', 'the list’s name')
      checkEqual(
        [text(items()[0], 'summary'), text(items()[0], 'counterparty')],
        ['Sent 1.00 USDB', 'To $success.eur@sandbox.uma.example'],
        'the newest transaction',
      )
      const datetime = items()[0]?.querySelector('time')?.getAttribute('datetime') ?? ''
      checkEqual(Number.isNaN(Date.parse(datetime)), false, `the time's datetime (${datetime})`)
      checkEqual(text(root ?? undefined, 'status'), 'Transactions shown: 1.', 'the polite status')
      await checkAccessible(history, 'the first page')
      checkFits(history, box, 'the first page')

      // "Show more" takes the keyboard's focus (a button); pressed, focus goes to what it added.
      more.focus()
      checkEqual(root?.activeElement, more, 'focus on "Show more"')
      more.click()
      await waitUntil(() => (items().length === 2 ? true : undefined), { what: 'the second page' })
      await waitUntil(() => (root?.activeElement === items()[1] ? true : undefined), {
        what: 'focus on the transaction added',
      })
      checkEqual(
        [
          text(items()[1], 'summary'),
          text(items()[1], 'counterparty'),
          text(items()[1], 'transaction-status'),
        ],
        ['Received 50.00 USDB', 'Added to your wallet', 'Completed'],
        'the funding, second',
      )
      checkEqual(text(root ?? undefined, 'status'), 'More transactions shown: 1.', 'the polite status')
      checkEqual(errors, [], 'wallet-error')
      await checkAccessible(history, 'the second page')
      checkFits(history, box, 'the second page')

      // Another customer's history: refused by the relay, said in words, the code apart.
      const other = await signUp()
      history.customerId = other.customerId
      await waitUntil(() => (errors.length > 0 ? true : undefined), { what: 'the refusal' })
      checkEqual(errors, ['FORBIDDEN'], 'wallet-error')
      checkEqual(
        root?.querySelector('[role="alert"]')?.textContent,
        'The signed-in account may not do this. Check that you signed in with the right account.',
        'the error shown',
      )
      checkEqual(
        root?.querySelector('[part="error-code"]')?.textContent,
        'Reference for support: FORBIDDEN',
        'the code shown apart',
      )
      checkEqual(items().length, 0, 'transactions left on the page')
      await checkAccessible(history, 'the error')
      checkFits(history, box, 'the error')
    },
  ],
}
