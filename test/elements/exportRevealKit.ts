// What the <wallet-export-reveal> tests share. The phrase sits in a closed shadow root, out of
// page script's reach, so the tests read it where the user meets it: in the accessibility tree
// Chromium gives a screen reader, and in the DOM as DevTools sees it (commands.ts).
import { expect, vi } from 'vitest'
import { commands, page, userEvent } from 'vitest/browser'
import type { WalletAuth } from '../../src/client/index.js'
import type { WalletAuthError } from '../../src/errors.js'
import { signUpWithClient } from './elementKit.js'

/** A BIP-39 phrase of 12 to 24 words, as the sandbox exports. */
export const PHRASE = /^([a-z]+ ){11,23}[a-z]+$/

/**
 * The numbered words a screen reader reads on the page now, as "1. word": each list item's
 * marker (its number) and its text, in the order Chromium's accessibility tree gives them.
 */
export async function numberedWordsHeard(): Promise<string[]> {
  const tree = await commands.accessibilityTree()
  return tree.flatMap((node, index) => {
    const next = tree[index + 1]
    const numbered = node.role === 'ListMarker' && /^\d+\. $/.test(node.name)
    return numbered && next?.role === 'StaticText' && /^[a-z]+$/.test(next.name)
      ? [`${node.name}${next.name}`]
      : []
  })
}

/**
 * Every recovery phrase a screen reader would read on the page now: each run of numbered words
 * from 1, joined by spaces (a phrase of 12 to 24 words).
 */
export async function phrasesHeard(): Promise<string[]> {
  const phrases: string[][] = []
  for (const item of await numberedWordsHeard()) {
    const [number = '', word = ''] = item.split('. ')
    if (number === '1') phrases.push([])
    const current = phrases.at(-1)
    if (current && Number(number) === current.length + 1) current.push(word)
  }
  return [...new Set(phrases.map((words) => words.join(' ')).filter((phrase) => PHRASE.test(phrase)))]
}

/** Whether `text` is anywhere in the accessibility tree (a name, a label, a text run). */
export async function inAccessibilityTree(text: string): Promise<boolean> {
  return (await commands.accessibilityTree()).some((node) => node.name.includes(text))
}

/** The phrase's words as the DOM holds them: one text node each, in order (one per line of `DeepDom.text`). */
export const phraseInDom = (phrase: string): string => phrase.split(' ').join('\n')

/** The DOM under the page's `<wallet-export-reveal>`, closed shadow roots included (DevTools' view). */
export function deepDomOfReveal() {
  return commands.deepDom('wallet-export-reveal')
}

/**
 * What a page script (or a session-replay recorder) reaches from `element`: every text and
 * attribute value under it, going into each shadow root that `shadowRoot` gives out.
 */
export function reachableByScript(element: Element): string {
  const seen: string[] = []
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) seen.push(node.textContent ?? '')
    if (node instanceof Element) {
      for (const attribute of node.attributes) seen.push(attribute.value)
      if (node.shadowRoot) walk(node.shadowRoot)
    }
    for (const child of node.childNodes) walk(child)
  }
  walk(element)
  return seen.join('\n')
}

/** The element's events, as `wallet-revealed`, `error:CODE`, `cancelled:CODE`. */
export function listen(element: Element): string[] {
  const heard: string[] = []
  for (const type of ['wallet-revealed', 'wallet-hidden', 'wallet-error', 'wallet-cancelled'] as const) {
    element.addEventListener(type, (event) => {
      const error = (event as CustomEvent<{ error?: WalletAuthError }>).detail.error
      heard.push(error ? `${type.slice(7)}:${error.code}` : type)
    })
  }
  return heard
}

/** The phrases `wallet.exportWallet` handed out (resolved), spied on as the element calls it. */
export function exportsOf(wallet: WalletAuth): string[] {
  const phrases: string[] = []
  const original = wallet.exportWallet.bind(wallet)
  vi.spyOn(wallet, 'exportWallet').mockImplementation(async (...args) => {
    const phrase = await original(...args)
    phrases.push(phrase)
    return phrase
  })
  return phrases
}

/**
 * A customer whose client records what it sends: `METHOD /path` (with ` signed` when the request
 * carries the session's signature).
 */
export async function recordingCustomer(options: Parameters<typeof signUpWithClient>[0] = {}) {
  const sent: string[] = []
  let customerId = ''
  const recording: typeof fetch = (input, init) => {
    const request = new Request(input, init)
    request.headers.set('X-Test-Customer', customerId)
    const signed = request.headers.has('Service-Wallet-Signature') ? ' signed' : ''
    sent.push(`${request.method} ${new URL(request.url).pathname}${signed}`)
    return fetch(request)
  }
  const customer = await signUpWithClient({ ...options, fetch: recording })
  customerId = customer.customerId
  return { ...customer, sent }
}

/**
 * Shows the phrase by pointer: "Show recovery phrase", then the element's own Confirm
 * when the client has no `confirm`. Resolves to the phrase a screen reader now reads, which is
 * the one the export handed out.
 */
export async function showPhrase(heard: string[], exported: string[]): Promise<string> {
  const before = heard.filter((event) => event === 'wallet-revealed').length
  await userEvent.click(page.getByRole('button', { name: 'Show recovery phrase' }))
  const confirm = page.getByRole('button', { name: 'Confirm' })
  await expect
    .poll(async () => heard.filter((event) => event === 'wallet-revealed').length > before || confirm.query())
    .toBeTruthy()
  if (confirm.query()) await userEvent.click(confirm)
  await expect.poll(() => heard.filter((event) => event === 'wallet-revealed').length).toBe(before + 1)
  const shown = await phrasesHeard()
  expect(shown).toEqual([exported.at(-1)])
  return shown[0] ?? ''
}
