// <wallet-export-reveal> in Chromium against the relay and sandbox: warning, confirmation, reveal,
// copy and hide by keyboard; the phrase leaves the page on Hide, at the session's end and when the
// element is removed.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { commands, page, userEvent } from 'vitest/browser'
import type { WalletAuthError } from '../../src/errors.js'
import {
  advanceSandboxClock,
  expectAccessible,
  expectFitsPhone,
  mount,
  shadowOf,
  signInByEmail,
  signUpWithClient,
} from './elementKit.js'
import { openTabFor, tabCall } from './signInKit.js'

afterEach(async () => {
  vi.restoreAllMocks()
  await commands.closeTabs(true)
})
afterAll(async () => {
  await commands.closeTabs()
})

const status = (element: Element) => shadowOf(element).querySelector('[role="status"]')
const alert = (element: Element) => shadowOf(element).querySelector('[role="alert"]')
const focused = (element: Element) => shadowOf(element).activeElement
const phraseOf = (element: Element) => shadowOf(element).querySelector('output')?.textContent

function listen(element: Element) {
  const heard: string[] = []
  for (const type of ['wallet-revealed', 'wallet-hidden', 'wallet-error'] as const) {
    element.addEventListener(type, (event) =>
      heard.push(
        type === 'wallet-error'
          ? `error:${(event as CustomEvent<{ error: WalletAuthError }>).detail.error.code}`
          : type,
      ),
    )
  }
  return heard
}

describe('<wallet-export-reveal>', () => {
  it('reveals the phrase by keyboard after a confirmation (Escape cancels), copies it, and Hide takes it out of the page', async () => {
    const customer = await signUpWithClient()
    await signInByEmail(customer)
    const reveal = mount('wallet-export-reveal', { client: customer.wallet })
    const heard = listen(reveal)
    const copied: string[] = []
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(async (text) => {
      copied.push(text)
    })

    await expect
      .element(page.getByText(/Anyone who sees the recovery phrase controls the wallet/))
      .toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Show recovery phrase' })).toBeVisible()
    await expectAccessible(reveal)
    await expectFitsPhone(reveal)

    // The confirmation: a labelled group, focus on its first answer; Escape steps back.
    await userEvent.tab()
    expect(focused(reveal)?.textContent).toBe('Show recovery phrase')
    await userEvent.keyboard('{Enter}')
    const question = 'Make sure nobody can see your screen. Show the recovery phrase now?'
    await expect.element(page.getByRole('group', { name: question })).toBeVisible()
    expect(focused(reveal)?.textContent).toBe('Show it')
    await expectAccessible(reveal)
    await userEvent.keyboard('{Escape}')
    expect(focused(reveal)?.textContent).toBe('Show recovery phrase')
    expect(heard).toEqual([])

    await userEvent.keyboard('{Enter}')
    expect(focused(reveal)?.textContent).toBe('Show it')
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => heard).toEqual(['wallet-revealed'])

    // The phrase in a labelled output, focused; the change announced without reading it out.
    const phrase = phraseOf(reveal) ?? ''
    expect(phrase.split(' ').length).toBeGreaterThanOrEqual(12)
    await expect.element(page.getByLabelText('Recovery phrase')).toHaveTextContent(phrase)
    expect(focused(reveal)).toBe(shadowOf(reveal).querySelector('output'))
    expect(status(reveal)?.textContent).toBe('Recovery phrase shown. Write it down, then hide it.')
    expect(status(reveal)?.getAttribute('aria-live')).toBe('polite')
    await expectAccessible(reveal)
    await expectFitsPhone(reveal)

    await userEvent.tab()
    expect(focused(reveal)?.textContent).toBe('Copy')
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => copied).toEqual([phrase])
    expect(status(reveal)?.textContent).toBe('Copied. Clear your clipboard when you are done.')

    await userEvent.tab()
    expect(focused(reveal)?.textContent).toBe('Hide')
    await userEvent.keyboard('{Enter}')
    expect(heard).toEqual(['wallet-revealed', 'wallet-hidden'])
    expect(shadowOf(reveal).querySelector('output')).toBeNull()
    expect(shadowOf(reveal).textContent).not.toContain(phrase)
    expect(status(reveal)?.textContent).toBe('Recovery phrase hidden. It is no longer on the page.')
    expect(focused(reveal)?.textContent).toBe('Show recovery phrase')
  })

  it('takes the phrase out of the page when the session ends, here or in another tab, and when the element is removed', async () => {
    const customer = await signUpWithClient()
    await signInByEmail(customer)
    const reveal = mount('wallet-export-reveal', { client: customer.wallet })
    const heard = listen(reveal)
    const showPhrase = async () => {
      await userEvent.click(page.getByRole('button', { name: 'Show recovery phrase' }))
      await userEvent.click(page.getByRole('button', { name: 'Show it' }))
      await expect.poll(() => phraseOf(reveal)).toBeTruthy()
    }

    // Signed out in another tab (another document on the same key store).
    const other = await openTabFor(customer)
    await showPhrase()
    expect(await tabCall(other, 'signOut')).toMatchObject({ ok: true })
    await expect.poll(() => heard).toEqual(['wallet-revealed', 'wallet-hidden'])
    expect(shadowOf(reveal).querySelector('output')).toBeNull()
    expect(status(reveal)?.textContent).toBe('Recovery phrase hidden. It is no longer on the page.')

    // Signed out here.
    await advanceSandboxClock(30_000) // past the back-off of a second code in a row
    await signInByEmail(customer)
    await showPhrase()
    await customer.wallet.signOut()
    await expect
      .poll(() => heard)
      .toEqual(['wallet-revealed', 'wallet-hidden', 'wallet-revealed', 'wallet-hidden'])
    expect(shadowOf(reveal).querySelector('output')).toBeNull()

    await advanceSandboxClock(30_000) // past the back-off of a second code in a row
    await signInByEmail(customer)
    await showPhrase()
    const phrase = phraseOf(reveal) ?? ''
    reveal.remove()
    expect(shadowOf(reveal).textContent).not.toContain(phrase)
  })

  it('says the session ended, where the user acted, when nobody is signed in', async () => {
    const customer = await signUpWithClient()
    const reveal = mount('wallet-export-reveal', { client: customer.wallet })
    const heard = listen(reveal)
    await userEvent.click(page.getByRole('button', { name: 'Show recovery phrase' }))
    await userEvent.click(page.getByRole('button', { name: 'Show it' }))
    await expect.poll(() => heard).toEqual(['error:NO_SESSION_KEY'])
    expect(alert(reveal)?.textContent).toBe(
      'Your session ended. Sign in again to continue. Code: NO_SESSION_KEY',
    )
    expect(focused(reveal)).toBe(alert(reveal))
    expect(shadowOf(reveal).querySelector('output')).toBeNull()
    await expectAccessible(reveal)
  })
})
