// History: <wallet-transaction-list> for the signed-in customer. It lists again when the money
// moved here (funds added, a payment authorized or settled, an incoming payment decided).
import type { WalletTransactionList } from '../src/elements/walletTransactionList.js'
import type { DemoApp } from './demoApp.js'
import { byId } from './dom.js'

/** Wires the history section; `show()` lists the signed-in customer's, `refresh()` lists again. */
export function createHistoryPanel(app: DemoApp) {
  const list = byId<WalletTransactionList>('history')

  /** Lists the signed-in customer's transactions (a new customer lists anew; the same one stays). */
  function show() {
    const customerId = app.user?.customerId
    if (customerId && list.customerId !== customerId) list.customerId = customerId
  }

  /** Lists again from the newest: the money moved. */
  function refresh() {
    if (list.customerId) void list.reload()
  }

  /** Forgets the customer (at sign-out: the element has already cleared its list). */
  function stop() {
    list.customerId = undefined
  }

  return { show, refresh, stop }
}
