// What the elements' Chromium tests share: a signed-up customer with a client on the page's
// relay, mounting an element, and the checks every element passes (axe-core, 390 px, keyboard).
import axe from 'axe-core'
import { afterEach, expect } from 'vitest'
import { page } from 'vitest/browser'
import { createWalletAuth, type WalletAuth, type WalletAuthOptions } from '../../src/client/index.js'
import { defineWalletElements } from '../../src/elements/index.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { uniqueDatabaseName } from '../browser/rawIndexedDb.js'

defineWalletElements()

const mounted: Element[] = []
afterEach(() => {
  for (const element of mounted.splice(0)) element.remove()
})

/** A customer of the test backend (the integrator's sign-up), and a client for them on the relay. */
export interface ElementCustomer {
  wallet: WalletAuth
  customerId: string
  accountId: string
  emailCredentialId: string
  databaseName: string
  signerPublicKey: string
}

/** Signs up a new customer and makes a client for them (own database, the backend's signer). */
export async function signUpWithClient(
  options: Partial<WalletAuthOptions> = {},
  fields: Record<string, unknown> = {},
): Promise<ElementCustomer> {
  const { signerPublicKey, exportSignerPublicKey } = await (await fetch('/api/test/config')).json()
  const email = `elements-${crypto.randomUUID().slice(0, 8)}@example.com`
  const customer = (await (
    await fetch('/api/test/customers', {
      method: 'POST',
      body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'Katherine Johnson', email, ...fields }),
    })
  ).json()) as { customerId: string; accountId: string; emailCredentialId: string }
  // The integrator's own sign-in cookie, stood in for by a header its relay hook reads.
  const asCustomer: typeof fetch = (input, init) => {
    const request = new Request(input, init)
    request.headers.set('X-Test-Customer', customer.customerId)
    return fetch(request)
  }
  const databaseName = uniqueDatabaseName()
  const wallet = createWalletAuth({
    baseUrl: '/api/wallet',
    fetch: asCustomer,
    keyStore: createKeyStore({ databaseName }),
    trustedSigners: [signerPublicKey],
    exportSigners: [exportSignerPublicKey],
    ...options,
  })
  return { wallet, databaseName, signerPublicKey, ...customer }
}

/** Signs the customer in with the sandbox's email code, without any element. */
export async function signInByEmail({ wallet, emailCredentialId }: ElementCustomer) {
  await wallet.emailOtp.send(emailCredentialId)
  return wallet.emailOtp.verify(emailCredentialId, '000000')
}

/** Puts a new `tag` element with `properties` on the page (removed after the test). */
export function mount<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]> = {},
  parent: Element = document.body,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  Object.assign(element, properties)
  parent.append(element)
  mounted.push(element)
  return element
}

/** The element's shadow root (open). */
export function shadowOf(element: Element): ShadowRoot {
  if (!element.shadowRoot) throw new Error(`${element.localName} has no shadow root`)
  return element.shadowRoot
}

/** The line after an element's error sentence with the code for support (outside the alert). */
export function errorCodeOf(element: Element): string | null | undefined {
  const line = shadowOf(element).querySelector('[part="error-code"]')
  // Never inside the alert: the sentence is announced alone.
  if (line?.closest('[role="alert"]')) throw new Error('the code is inside the alert')
  return line?.textContent
}

/** Moves the sandbox's clock behind the relay (rate limits, expiries) instead of waiting. */
export async function advanceSandboxClock(advanceMs: number): Promise<void> {
  await fetch('/api/test/clock', { method: 'POST', body: JSON.stringify({ advanceMs }) })
}

/** axe-core over `element` (its shadow tree included): no serious or critical violation. */
export async function expectAccessible(element: Element): Promise<void> {
  const result = await axe.run(element, { resultTypes: ['violations'] })
  const severe = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    severe.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([])
}

/** At a phone's size (390×844), neither the page nor `element` scrolls sideways. */
export async function expectFitsPhone(element: Element): Promise<void> {
  await page.viewport(390, 844)
  try {
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390)
    expect(element.scrollWidth).toBeLessThanOrEqual(element.clientWidth || 390)
    for (const node of shadowOf(element).querySelectorAll('*')) {
      const box = node.getBoundingClientRect()
      if (box.width > 0) expect(box.right, `${node.localName} overflows`).toBeLessThanOrEqual(390)
    }
  } finally {
    await page.viewport(1280, 720)
  }
}

export type PasskeyCustomer = ElementCustomer & { passkey: { id: string; credentialId?: string } }

/** A customer with a passkey on the current authenticator (added while signed in by email), signed out. */
export async function customerWithPasskey({ signOut = true } = {}): Promise<PasskeyCustomer> {
  const customer = await signUpWithClient()
  await signInByEmail(customer)
  const optionsJSON = await (
    await fetch('/api/test/passkey-options', {
      method: 'POST',
      body: JSON.stringify({ name: 'katherine', accountId: customer.accountId }),
    })
  ).json()
  const passkey = await customer.wallet.passkey.add({
    accountId: customer.accountId,
    nickname: 'Chromium',
    optionsJSON,
  })
  if (signOut) await customer.wallet.signOut()
  return { ...customer, passkey }
}
