// <wallet-export-reveal>'s Copy on Chromium's real clipboard (the only file of the suite that
// touches it): the copied phrase is taken back off on Hide, sign-out, expiry, another account
// signing in, removal and after `clearClipboardAfterMs`, but only while the clipboard still holds
// it; where the page may not read the clipboard (a prompt would show), it is emptied unless the
// user copied something else in the page since.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { commands, page, userEvent } from 'vitest/browser'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { mount, shadowOf, signInByEmail, signUpWithClient } from './elementKit.js'
import { exportsOf, listen, showPhrase } from './exportRevealKit.js'

beforeAll(async () => {
  await commands.grantClipboard()
})
afterEach(async () => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  await navigator.clipboard.writeText('')
})

const status = (element: Element) => shadowOf(element).querySelector('[role="status"]')

/**
 * The clipboard's text once whatever the page started has landed: the kit's clearing reads, then
 * writes; three reads in a row come back after a write it started before the first.
 */
async function clipboardText(): Promise<string> {
  await navigator.clipboard.readText()
  await navigator.clipboard.readText()
  return navigator.clipboard.readText()
}

/** A signed-in customer, the element on the page with the phrase shown and copied with its button. */
async function copiedPhrase(
  properties: { clearClipboardAfterMs?: number } = {},
  { stopClock = false }: { stopClock?: boolean } = {},
) {
  const customer = await signUpWithClient()
  await signInByEmail(customer)
  const exported = exportsOf(customer.wallet)
  const reveal = mount('wallet-export-reveal', { client: customer.wallet, ...properties })
  const heard = listen(reveal)
  const phrase = await showPhrase(heard, exported)
  // From the click on, the page's timers move only when the test moves them.
  if (stopClock) vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  await userEvent.click(page.getByRole('button', { name: 'Copy' }))
  await expect
    .poll(() => status(reveal)?.textContent)
    .toBe('Copied. This page clears the clipboard when you hide the phrase, or shortly after.')
  expect(await navigator.clipboard.readText()).toBe(phrase)
  return { customer, reveal, heard, phrase }
}

describe('<wallet-export-reveal> and the clipboard', () => {
  it('Copy puts the phrase on the clipboard and Hide takes it back off', async () => {
    const { heard } = await copiedPhrase()
    await userEvent.click(page.getByRole('button', { name: 'Hide' }))
    await expect.poll(() => navigator.clipboard.readText()).toBe('')
    expect(heard).toEqual(['wallet-revealed', 'wallet-hidden'])
  })

  it('leaves alone what the user copied since', async () => {
    const { reveal } = await copiedPhrase()
    // Copied in another app: with the clipboard readable, the element sees it is no longer the phrase.
    await navigator.clipboard.writeText('the address I copied after')
    await reveal.hide()
    expect(await clipboardText()).toBe('the address I copied after')
  })

  // Reading would show a prompt: Chromium before the user granted `clipboard-read`; Firefox and
  // Safari, which have no such permission to ask about.
  const unreadable = {
    'without the permission granted': () =>
      vi.spyOn(navigator.permissions, 'query').mockResolvedValue({ state: 'prompt' } as PermissionStatus),
    'with no such permission': () =>
      vi.spyOn(navigator.permissions, 'query').mockRejectedValue(new TypeError('not a permission name')),
  }

  it.each(Object.keys(unreadable))('%s, empties the clipboard without reading it', async (name) => {
    unreadable[name as keyof typeof unreadable]()
    const readText = vi.spyOn(navigator.clipboard, 'readText')
    const { reveal } = await copiedPhrase()
    readText.mockClear()
    await reveal.hide()
    expect(readText).not.toHaveBeenCalled()
    readText.mockRestore()
    expect(await clipboardText()).toBe('')
  })

  it('where it cannot read the clipboard, leaves alone a copy the user made in the page since', async () => {
    unreadable['with no such permission']()
    const { reveal } = await copiedPhrase()
    const note = mount('p', { textContent: 'Order 4471' })
    getSelection()?.selectAllChildren(note)
    await userEvent.copy()
    await expect.poll(() => navigator.clipboard.readText()).toBe('Order 4471')
    await reveal.hide()
    expect(await clipboardText()).toBe('Order 4471')
  })

  it('takes the copy back off when the user signs out', async () => {
    const { customer, heard } = await copiedPhrase()
    await customer.wallet.signOut()
    await expect.poll(() => navigator.clipboard.readText()).toBe('')
    expect(heard).toEqual(['wallet-revealed', 'wallet-hidden'])
  })

  it('takes the copy back off when the session expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true })
    const { heard } = await copiedPhrase({ clearClipboardAfterMs: 3_600_000 })
    vi.advanceTimersByTime(16 * 60_000)
    await expect.poll(() => heard).toEqual(['wallet-revealed', 'wallet-hidden'])
    await expect.poll(() => navigator.clipboard.readText()).toBe('')
  })

  it('takes the copy back off when another account signs in', async () => {
    const { customer, heard } = await copiedPhrase()
    const another = await signUpWithClient({
      keyStore: createKeyStore({ databaseName: customer.databaseName }),
    })
    await signInByEmail(another)
    await expect.poll(() => heard).toEqual(['wallet-revealed', 'wallet-hidden'])
    await expect.poll(() => navigator.clipboard.readText()).toBe('')
  })

  it('takes the copy back off when the element is removed', async () => {
    const { reveal } = await copiedPhrase()
    reveal.remove()
    await expect.poll(() => navigator.clipboard.readText()).toBe('')
  })

  it('takes the copy back off after a minute by default, the phrase still shown', async () => {
    const { reveal, phrase } = await copiedPhrase({}, { stopClock: true })
    expect(reveal.clearClipboardAfterMs).toBe(60_000)
    vi.advanceTimersByTime(59_999)
    expect(await clipboardText()).toBe(phrase)
    vi.advanceTimersByTime(1)
    await expect.poll(() => navigator.clipboard.readText()).toBe('')
    expect(page.getByRole('button', { name: 'Hide' }).query()).not.toBeNull()
  })

  it('takes the copy back off after clearClipboardAfterMs', async () => {
    const { phrase } = await copiedPhrase({ clearClipboardAfterMs: 10_000 }, { stopClock: true })
    vi.advanceTimersByTime(9_999)
    expect(await clipboardText()).toBe(phrase)
    vi.advanceTimersByTime(1)
    await expect.poll(() => navigator.clipboard.readText()).toBe('')
  })
})
