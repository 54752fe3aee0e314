// What the tests of the elements' own confirmation share: the panel, and the page's requests as
// they leave (which of them carry a wallet signature), through the global fetch the clients use.
import { vi } from 'vitest'
import { shadowOf } from './elementKit.js'

/** The element's confirmation panel (the labelled group), or null while none is open. */
export function confirmPanel(element: Element): HTMLElement | null {
  return shadowOf(element).querySelector<HTMLElement>('[role="group"][part~="confirmation"]')
}

/** The panel's Confirm or Cancel button. */
export function panelButton(element: Element, part: 'confirm-button' | 'cancel-button'): HTMLButtonElement {
  const button = confirmPanel(element)?.querySelector<HTMLButtonElement>(`[part~="${part}"]`)
  if (!button) throw new Error(`no ${part} in an open confirmation`)
  return button
}

/**
 * Every request the page sends from now on (`METHOD /path`), and those that carry a wallet
 * signature: a signed retry of a 202, a signed execute. Restored by `vi.restoreAllMocks()`.
 */
export function watchRequests() {
  const sent: string[] = []
  const signed: string[] = []
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const request = new Request(input, init)
    const line = `${request.method} ${new URL(request.url).pathname}`
    sent.push(line)
    if (request.headers.has('Service-Wallet-Signature')) signed.push(line)
    return realFetch(request)
  })
  return { sent, signed }
}
