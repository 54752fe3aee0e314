// Many tabs in real Chromium: the test page and two more pages of the same browser context, each a
// separate document running the kit on one IndexedDB database through the same-origin relay.
// A sign-in in one is seen by the others; a sign-out or revocation makes the others refuse to stamp
// without sending anything signed; tabs refreshing at once end with one valid session.
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { uniqueDatabaseName } from '../browser/rawIndexedDb.js'
import { createTab, signUpCustomer, type Tab, type TabOutcome, type TabSetup } from '../browser/tabAgent.js'

// Each test has its own clients (a new database, a new customer); the pages are reused.
afterEach(async () => {
  await commands.closeTabs(true)
})
afterAll(async () => {
  await commands.closeTabs()
})

/** A tab: this page's own client, or another page's through the commands. Same methods. */
type AnyTab = { [Method in keyof Tab]: (...args: Parameters<Tab[Method]>) => ReturnType<Tab[Method]> }

function remote(id: string): AnyTab {
  return new Proxy({} as AnyTab, {
    get:
      (_target, method: keyof Tab) =>
      (...args: unknown[]) =>
        (commands.tabCall as (id: string, method: string, ...args: unknown[]) => Promise<unknown>)(
          id,
          method,
          ...args,
        ),
  })
}

/** The test page's tab and `others` more pages, all on one new database, for one new customer. */
async function openTabs(others: number) {
  const customer = await signUpCustomer()
  const setup: TabSetup = { databaseName: uniqueDatabaseName(), ...customer }
  const here = createTab(setup)
  const ids = await Promise.all(Array.from({ length: others }, () => commands.openTab(setup)))
  const tabs: AnyTab[] = [here, ...ids.map(remote)]
  // Every tab has read the (empty) store before anything happens, as pages already open would.
  for (const tab of tabs) expect(await tab.publicKey()).toBeNull()
  return { customer, tabs, databaseName: setup.databaseName, dispose: () => here.wallet.dispose() }
}

/**
 * Runs `act` while this page holds the tabs' refresh lock (src/client/refreshLock.ts names it after
 * the database), released once `waiting` refreshes wait for it: they all started from the same
 * session, as refreshes at once do. On a busy machine the calls could otherwise reach the tabs
 * one after another, and a tab asked after another's refresh rightly refreshes again.
 */
async function atOnce<T>(databaseName: string, waiting: number, act: () => Promise<T>): Promise<T> {
  const name = `embedded-wallet-auth:refresh:${databaseName}`
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await new Promise<void>((acquired) => {
    void navigator.locks.request(name, () => {
      acquired()
      return held
    })
  })
  const result = act()
  await expect
    .poll(async () => (await navigator.locks.query()).pending?.filter((lock) => lock.name === name).length)
    .toBe(waiting)
  release()
  return result
}

function value<T>(outcome: TabOutcome<T>): T {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.code}`)
  return outcome.value
}

const sum = (values: number[]) => values.reduce((total, n) => total + n, 0)

describe('many tabs on one key store', () => {
  it.each([
    ['sign-out', 'Sign-in then sign-out across tabs'],
    ['revocation', 'Sign-in then revocation across tabs'],
  ] as const)(
    'a sign-in in one tab is seen by the others; a %s in another makes the rest refuse to stamp',
    async (end, name) => {
      const { customer, tabs, dispose } = await openTabs(2)
      const [first, second, third] = tabs as [AnyTab, AnyTab, AnyTab]
      const { accountId, emailCredentialId } = customer

      // A sign-in in the first tab, seen by the others, which sign with the same key.
      const key = value(await first.signIn(emailCredentialId))
      for (const tab of [second, third]) {
        await expect.poll(() => tab.events()).toEqual(['signed-in'])
        expect(await tab.publicKey()).toBe(key)
        expect(await tab.patch(accountId)).toEqual({ ok: true, value: 200 })
      }

      // The second tab ends it: signs out, or revokes the session by its id.
      if (end === 'sign-out') value(await second.signOut())
      else value(await second.revoke(String(await second.sessionId())))

      // Every other tab hears it and refuses to stamp, sending nothing signed.
      let refusedFast = 0
      let signedWithGoneKey = 0
      for (const tab of [first, third]) {
        await expect.poll(async () => (await tab.events()).at(-1)).toBe('signed-out')
        expect(await tab.publicKey()).toBeNull()
        const signedBefore = (await tab.counts()).signed
        const refused = await tab.patch(accountId)
        expect(refused).toMatchObject({ ok: false })
        expect(['NO_SESSION_KEY', 'SESSION_EXPIRED']).toContain(refused.ok ? undefined : refused.code)
        refusedFast++
        signedWithGoneKey += (await tab.counts()).signed - signedBefore
      }
      expect(await first.serviceSessions(accountId)).toEqual([])
      const events = await Promise.all(tabs.map((tab) => tab.events()))
      // Each tab heard the sign-in and the end once, its own or another's.
      for (const heard of events) expect(heard).toEqual(['signed-in', 'signed-out'])
      expect(signedWithGoneKey).toBe(0)

      await commands.recordReliability({
        area: 'tabs',
        name,
        tried:
          'Three documents of one Chromium context (the test page and two pages) on one key store: a ' +
          `sign-in in one, a signed action in each other, a ${end} in the second, then a signed ` +
          'action tried in each remaining tab.',
        figures: [
          ['tabs', tabs.length],
          ['events seen across tabs', sum(events.map((heard) => heard.length))],
          ['stamps refused fast (no signed retry sent)', refusedFast],
          ['signed requests sent with a gone key', signedWithGoneKey],
          ['sessions left valid on the service', (await first.serviceSessions(accountId)).length],
        ],
        outcome: `Every tab heard the sign-in and the ${end}; every stamp after it was refused before a signed retry was sent.`,
        lost: signedWithGoneKey,
      })
      dispose()
    },
  )

  it('tabs refreshing at once end with one valid session, held by all of them', async () => {
    const { customer, tabs, databaseName, dispose } = await openTabs(2)
    const [first] = tabs as [AnyTab, AnyTab, AnyTab]
    const { accountId, emailCredentialId } = customer
    const original = value(await first.signIn(emailCredentialId))
    for (const tab of tabs) await expect.poll(() => tab.publicKey()).toBe(original)

    const outcomes = await atOnce(databaseName, tabs.length, () =>
      Promise.all(tabs.map((tab) => tab.refresh())),
    )

    const keys = outcomes.map(value)
    expect(new Set(keys).size).toBe(1)
    expect(keys[0]).not.toBe(original)
    const counts = await Promise.all(tabs.map((tab) => tab.counts()))
    const refreshesSent = sum(counts.map((count) => count.signedRefreshes))
    // One tab refreshed; the others took the lock after it and adopted its session.
    expect(refreshesSent).toBe(1)
    let holdingAndSigning = 0
    for (const tab of tabs) {
      await expect.poll(() => tab.publicKey()).toBe(keys[0])
      expect(await tab.patch(accountId)).toEqual({ ok: true, value: 200 })
      holdingAndSigning++
    }
    const valid = await first.serviceSessions(accountId)
    expect(valid).toHaveLength(1)
    expect(valid[0]).toBe(await first.sessionId())
    const events = await Promise.all(tabs.map((tab) => tab.events()))
    for (const heard of events) expect(heard).toEqual(['signed-in', 'refreshed'])

    await commands.recordReliability({
      area: 'tabs',
      name: 'Tabs refreshing at once',
      tried:
        'Three tabs holding one session call sessions.refresh() at the same moment; refreshes are ' +
        'serialised by a Web Lock named after the key store, and a tab that finds a newer session ' +
        'in the store adopts it instead of refreshing again.',
      figures: [
        ['tabs', tabs.length],
        ['refreshes started', outcomes.length],
        ['refreshes that succeeded', outcomes.filter((outcome) => outcome.ok).length],
        ['refresh requests signed and sent to the service', refreshesSent],
        ['sessions left valid on the service', valid.length],
        ['tabs holding that session and signing with it', holdingAndSigning],
      ],
      outcome: 'One refresh reached the service; every tab ended on its session, which alone is valid.',
      lost: outcomes.filter((outcome) => !outcome.ok).length,
    })
    dispose()
  })

  it('two clients of one page refreshing at once take turns without Web Locks too', async () => {
    const customer = await signUpCustomer()
    const setup: TabSetup = { databaseName: uniqueDatabaseName(), ...customer }
    const clients = [createTab(setup), createTab(setup)]
    const [first, second] = clients as [ReturnType<typeof createTab>, ReturnType<typeof createTab>]
    const original = value(await first.signIn(customer.emailCredentialId))
    await expect.poll(() => second.publicKey()).toBe(original)
    // The feature detection's other branch: a browser without navigator.locks.
    Object.defineProperty(navigator, 'locks', { configurable: true, get: () => undefined })
    try {
      const keys = (await Promise.all(clients.map((client) => client.refresh()))).map(value)
      expect(keys[0]).not.toBe(original)
      expect(keys[1]).toBe(keys[0])
    } finally {
      delete (navigator as { locks?: unknown }).locks
    }
    expect(navigator.locks).toBeDefined()
    const counts = await Promise.all(clients.map((client) => client.counts()))
    expect(sum(counts.map((count) => count.signedRefreshes))).toBe(1)
    expect(await first.serviceSessions(customer.accountId)).toHaveLength(1)
    for (const client of clients) client.wallet.dispose()
  })
})
