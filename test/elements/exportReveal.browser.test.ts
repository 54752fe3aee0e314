// <wallet-export-reveal> in Chromium against the relay and sandbox: warning, confirmations,
// reveal and hide by keyboard; the phrase in a closed shadow root (what the user sees read from
// the accessibility tree, never through `shadowRoot`), out of the DOM and the accessibility tree on
// Hide, at the session's end (here, in another tab, expired, another account) and on removal; an
// export that finishes after the session ended is never shown.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { commands, page, userEvent } from 'vitest/browser'
import type { PayloadDescription } from '../../src/intent/describePayload.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import {
  advanceSandboxClock,
  errorCodeOf,
  expectAccessible,
  expectFitsPhone,
  mount,
  shadowOf,
  signInByEmail,
  signUpWithClient,
} from './elementKit.js'
import {
  deepDomOfReveal,
  exportsOf,
  inAccessibilityTree,
  listen,
  numberedWordsHeard,
  PHRASE,
  phraseInDom,
  phrasesHeard,
  reachableByScript,
  recordingCustomer,
  showPhrase,
} from './exportRevealKit.js'
import { openTabFor, tabCall } from './signInKit.js'

afterEach(async () => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  await commands.closeTabs(true)
})
afterAll(async () => {
  await commands.closeTabs()
})

const status = (element: Element) => shadowOf(element).querySelector('[role="status"]')
const alert = (element: Element) => shadowOf(element).querySelector('[role="alert"]')
const focused = (element: Element) => shadowOf(element).activeElement

/** The phrase is nowhere: not read out, not in the element's DOM (closed roots included). */
async function expectGone(phrase: string) {
  expect(phrase).toMatch(PHRASE)
  expect(await phrasesHeard()).not.toContain(phrase)
  // The browser updates its accessibility tree after the DOM, later still on a loaded machine.
  await expect.poll(() => inAccessibilityTree(phrase.split(' ')[0] ?? '')).toBe(false)
  expect((await deepDomOfReveal()).text).not.toContain(phraseInDom(phrase))
}

describe('<wallet-export-reveal>', () => {
  it('reveals the phrase by keyboard after both confirmations (Escape and Cancel step back), in a closed root, and Hide takes it out of the DOM and the accessibility tree', async () => {
    const customer = await recordingCustomer()
    await signInByEmail(customer)
    const exported = exportsOf(customer.wallet)
    const reveal = mount('wallet-export-reveal', { client: customer.wallet })
    const heard = listen(reveal)

    await expect
      .element(page.getByText(/Anyone who sees the recovery phrase controls the wallet/))
      .toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Show recovery phrase' })).toBeVisible()
    await expectAccessible(reveal)
    await expectFitsPhone(reveal)

    // One question (no app `confirm`): what is about to be signed, in plain words, before anything
    // is; Escape signs nothing.
    await userEvent.tab()
    expect(focused(reveal)?.textContent).toBe('Show recovery phrase')
    const signedExports = () => customer.sent.filter((line) => /\/export signed$/.test(line))
    const panel = page.getByRole('group', { name: 'Check this before you confirm' })
    await userEvent.keyboard('{Enter}')
    await expect.element(panel).toBeVisible()
    await expect
      .element(panel)
      .toHaveAccessibleDescription("Show the wallet's recovery phrase. Whoever sees it controls the wallet.")
    // No key, no protocol word: nothing a person would have to look up.
    expect(panel.query()?.textContent).not.toMatch(/\b(0[234][0-9a-f]{6,}|key|export)/i)
    expect(customer.sent.filter((line) => line.endsWith('/export'))).toHaveLength(1)
    expect(signedExports()).toEqual([])
    expect(focused(reveal)?.textContent).toBe('Check this before you confirm')
    await expectAccessible(reveal)
    await expectFitsPhone(reveal)
    await userEvent.keyboard('{Escape}')
    await expect.poll(() => heard).toEqual(['cancelled:CONFIRMATION_DECLINED'])
    expect(status(reveal)?.textContent).toBe('Cancelled. Nothing was signed.')
    expect(focused(reveal)?.textContent).toBe('Show recovery phrase')
    expect(signedExports()).toEqual([])
    expect(exported).toEqual([])

    await userEvent.keyboard('{Enter}')
    await expect.element(panel).toBeVisible()
    await userEvent.tab()
    expect(focused(reveal)?.textContent).toBe('Confirm')
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => heard).toEqual(['cancelled:CONFIRMATION_DECLINED', 'wallet-revealed'])
    expect(signedExports()).toHaveLength(1)

    // What a screen reader reads: the labelled phrase, the one exported; focus on it.
    const phrase = exported[0] ?? ''
    expect(await phrasesHeard()).toEqual([phrase])
    // Each word with its number, in a list named for what it is.
    expect(await numberedWordsHeard()).toEqual(
      phrase.split(' ').map((word, index) => `${index + 1}. ${word}`),
    )
    const tree = await commands.accessibilityTree()
    expect(tree).toContainEqual({ role: 'list', name: 'Recovery phrase' })
    expect(document.activeElement).toBe(reveal)
    expect(focused(reveal)?.getAttribute('part')).toBe('phrase-box')
    expect(status(reveal)?.textContent).toBe('Recovery phrase shown. Write it down, then hide it.')
    expect(status(reveal)?.getAttribute('aria-live')).toBe('polite')
    // In the DOM, inside a closed root: a script walking `shadowRoot`s never meets it.
    expect(reachableByScript(document.body)).not.toContain(phrase)
    expect(reachableByScript(document.body)).not.toMatch(/([a-z]+ ){11,23}[a-z]+/)
    const dom = await deepDomOfReveal()
    expect(dom.shadowRoots).toEqual(['wallet-export-reveal:open', 'div:closed'])
    expect(dom.text).toContain(phraseInDom(phrase))
    expect(Object.values(reveal).join(' ')).not.toContain(phrase)
    await expectAccessible(reveal)
    await expectFitsPhone(reveal)

    await userEvent.tab()
    expect(focused(reveal)?.textContent).toBe('Copy')
    await userEvent.tab()
    expect(focused(reveal)?.textContent).toBe('Hide')
    await userEvent.keyboard('{Enter}')
    await expect
      .poll(() => heard)
      .toEqual(['cancelled:CONFIRMATION_DECLINED', 'wallet-revealed', 'wallet-hidden'])
    await expectGone(phrase)
    expect((await deepDomOfReveal()).shadowRoots).toEqual(['wallet-export-reveal:open'])
    expect(status(reveal)?.textContent).toBe('Recovery phrase hidden. It is no longer on the page.')
    expect(focused(reveal)?.textContent).toBe('Show recovery phrase')
  })

  it("asks the app's own confirm instead of its panel, with what is about to be signed; a refusal signs nothing", async () => {
    const asked: PayloadDescription[] = []
    let answer = false
    const customer = await recordingCustomer({
      confirm: (description) => {
        asked.push(description)
        return answer
      },
    })
    await signInByEmail(customer)
    const exported = exportsOf(customer.wallet)
    const reveal = mount('wallet-export-reveal', { client: customer.wallet })
    const heard = listen(reveal)

    await userEvent.click(page.getByRole('button', { name: 'Show recovery phrase' }))
    await expect.poll(() => heard).toEqual(['cancelled:CONFIRMATION_DECLINED'])
    expect(asked.map((description) => description.action)).toEqual(['export'])
    expect(customer.sent.filter((line) => line.endsWith('/export signed'))).toEqual([])
    expect(page.getByRole('group', { name: 'Check this before you confirm' }).query()).toBeNull()
    expect(await phrasesHeard()).toEqual([])

    answer = true
    const phrase = await showPhrase(heard, exported)
    expect(asked.map((description) => description.action)).toEqual(['export', 'export'])
    expect(phrase).toMatch(PHRASE)
  })

  it('takes the phrase out of the DOM and the accessibility tree when the session ends, here or in another tab, and when the element is removed', async () => {
    const customer = await signUpWithClient()
    await signInByEmail(customer)
    const exported = exportsOf(customer.wallet)
    const reveal = mount('wallet-export-reveal', { client: customer.wallet })
    const heard = listen(reveal)

    // Signed out in another tab (another document on the same key store).
    const other = await openTabFor(customer)
    let phrase = await showPhrase(heard, exported)
    expect(await tabCall(other, 'signOut')).toMatchObject({ ok: true })
    await expect.poll(() => heard).toEqual(['wallet-revealed', 'wallet-hidden'])
    await expectGone(phrase)
    expect(status(reveal)?.textContent).toBe('Recovery phrase hidden. It is no longer on the page.')

    // Signed out here.
    await advanceSandboxClock(30_000) // past the back-off of a second code in a row
    await signInByEmail(customer)
    phrase = await showPhrase(heard, exported)
    await customer.wallet.signOut()
    await expect.poll(() => heard).toHaveLength(4)
    expect(heard.slice(2)).toEqual(['wallet-revealed', 'wallet-hidden'])
    await expectGone(phrase)

    // Removed from the page.
    await advanceSandboxClock(30_000)
    await signInByEmail(customer)
    phrase = await showPhrase(heard, exported)
    reveal.remove()
    expect(await phrasesHeard()).not.toContain(phrase)
    document.body.append(reveal)
    await expectGone(phrase)
    expect(heard).toHaveLength(5)
  }, 60_000) // three sessions, each signed in, revealed and ended: long on a loaded machine

  it('takes the phrase out when the session expires (the page clock moved)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true })
    const customer = await signUpWithClient()
    await signInByEmail(customer)
    const exported = exportsOf(customer.wallet)
    const reveal = mount('wallet-export-reveal', { client: customer.wallet })
    const heard = listen(reveal)
    const phrase = await showPhrase(heard, exported)

    // The sandbox's sessions last 15 minutes.
    vi.advanceTimersByTime(16 * 60_000)
    await expect.poll(() => heard).toEqual(['wallet-revealed', 'wallet-hidden'])
    await expectGone(phrase)
    expect(status(reveal)?.textContent).toBe('Recovery phrase hidden. It is no longer on the page.')
  })

  it('takes the phrase out when another account signs in on the same key store, and keeps it for its own', async () => {
    const customer = await signUpWithClient()
    await signInByEmail(customer)
    const exported = exportsOf(customer.wallet)
    const reveal = mount('wallet-export-reveal', { client: customer.wallet })
    const heard = listen(reveal)
    const phrase = await showPhrase(heard, exported)

    // The same account signing in again (here) is still the phrase's owner.
    await advanceSandboxClock(30_000)
    await signInByEmail(customer)
    expect(await phrasesHeard()).toEqual([phrase])

    // Another customer of the app signs in on this browser's key store (another client, this page).
    const another = await signUpWithClient({
      keyStore: createKeyStore({ databaseName: customer.databaseName }),
    })
    await signInByEmail(another)
    await expect.poll(() => heard).toEqual(['wallet-revealed', 'wallet-hidden'])
    await expectGone(phrase)
  })

  it('never shows a phrase whose export finishes after the session ended', async () => {
    const customer = await signUpWithClient()
    await signInByEmail(customer)
    // The export's answer is held back (a slow network, a slow decryption) until the test lets it go.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const exportWallet = customer.wallet.exportWallet
    const exported: string[] = []
    let finished = 0
    vi.spyOn(customer.wallet, 'exportWallet').mockImplementation(async (...args) => {
      const phrase = await exportWallet(...args)
      exported.push(phrase)
      await held
      finished++
      return phrase
    })
    const reveal = mount('wallet-export-reveal', { client: customer.wallet })
    const heard = listen(reveal)

    await userEvent.click(page.getByRole('button', { name: 'Show recovery phrase' }))
    await userEvent.click(page.getByRole('button', { name: 'Confirm' }))
    await expect.poll(() => exported).toHaveLength(1)
    await customer.wallet.signOut()
    release()
    await expect.poll(() => finished).toBe(1)
    await expect.poll(() => reveal.busy).toBe(false)
    const phrase = exported[0] ?? ''
    await expectGone(phrase)
    expect(heard).toEqual([])
    expect(page.getByRole('button', { name: 'Show recovery phrase' }).query()).not.toBeNull()
  })

  it('closes its confirmation, signing nothing, when the session ends while it is open', async () => {
    const customer = await recordingCustomer()
    await signInByEmail(customer)
    const reveal = mount('wallet-export-reveal', { client: customer.wallet })
    const heard = listen(reveal)
    await userEvent.click(page.getByRole('button', { name: 'Show recovery phrase' }))
    const panel = page.getByRole('group', { name: 'Check this before you confirm' })
    await expect.element(panel).toBeVisible()

    await customer.wallet.signOut()
    await expect.poll(() => panel.query()).toBeNull()
    await expect.poll(() => reveal.busy).toBe(false)
    expect(customer.sent.filter((line) => line.endsWith('/export signed'))).toEqual([])
    expect(heard).toEqual([])
    await expect.element(page.getByRole('button', { name: 'Show recovery phrase' })).toBeEnabled()
  })

  it('says the session ended, where the user acted, when nobody is signed in', async () => {
    const customer = await signUpWithClient()
    const reveal = mount('wallet-export-reveal', { client: customer.wallet })
    const heard = listen(reveal)
    await userEvent.click(page.getByRole('button', { name: 'Show recovery phrase' }))
    await expect.poll(() => heard).toEqual(['error:NO_SESSION_KEY'])
    expect(alert(reveal)?.textContent).toBe('You are not signed in on this browser. Sign in to continue.')
    expect(errorCodeOf(reveal)).toBe('Reference for support: NO_SESSION_KEY')
    expect(focused(reveal)).toBe(alert(reveal))
    expect(await phrasesHeard()).toEqual([])
    await expectAccessible(reveal)
  })
})
