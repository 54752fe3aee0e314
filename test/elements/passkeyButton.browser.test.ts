// <wallet-passkey-button> in Chromium, against the relay and the sandbox, WebAuthn by a CDP virtual
// authenticator: the challenge fetched before the tap (no request between the click and
// navigator.credentials.get), renewed before it lapses, a closed dialog quiet, a passkey of
// another device said, no WebAuthn said, and the browser told after a passkey is revoked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import type { WalletElementEventName } from '../../src/elements/index.js'
import type { WalletPasskeyButton } from '../../src/elements/walletPasskeyButton.js'
import { knownPasskeys } from '../../src/passkey/index.js'
import { addVirtualAuthenticator } from '../browser/virtualAuthenticator.js'
import {
  advanceSandboxClock,
  customerWithPasskey,
  errorCodeOf,
  expectAccessible,
  expectFitsPhone,
  mount,
  type PasskeyCustomer,
  shadowOf,
  signUpWithClient,
} from './elementKit.js'

let removeAuthenticator: () => Promise<unknown>
beforeEach(async () => {
  // Before any WebAuthn call: without an authenticator the call would wait for a user forever.
  removeAuthenticator = await addVirtualAuthenticator()
  return () => removeAuthenticator()
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

// The Signal API is newer than TypeScript's DOM types.
interface SignalApi {
  signalUnknownCredential(options: { rpId: string; credentialId: string }): Promise<void>
}

const EVENTS: WalletElementEventName[] = [
  'wallet-signed-in',
  'wallet-error',
  'wallet-cancelled',
  'wallet-unavailable',
]

/** The button for `customer`'s passkey, its parts, and the events it fired. */
function mountButton(customer: PasskeyCustomer, extra: Partial<WalletPasskeyButton> = {}) {
  const heard: Array<{ type: WalletElementEventName; detail: unknown }> = []
  // Heard from before it connects: an element without WebAuthn says so at once.
  const parent = mount('div' as 'wallet-passkey-button')
  for (const type of EVENTS) {
    parent.addEventListener(type, (event) => heard.push({ type, detail: (event as CustomEvent).detail }))
  }
  const element = mount(
    'wallet-passkey-button',
    {
      client: customer.wallet,
      credentialId: customer.passkey.id,
      accountId: customer.accountId,
      allowCredentials: [String(customer.passkey.credentialId)],
      rpId: 'localhost',
      ...extra,
    },
    parent,
  )
  const root = shadowOf(element)
  return {
    element,
    heard,
    types: () => heard.map((event) => event.type),
    button: () => root.querySelector('button') as HTMLButtonElement,
    status: () => root.querySelector('[role="status"]') as HTMLElement,
    alert: () => root.querySelector('[role="alert"]') as HTMLElement,
  }
}

/** The page's requests to the relay's challenge route, counted through the global fetch. */
function countChallenges() {
  const paths: string[] = []
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const request = new Request(input, init)
    paths.push(`${request.method} ${new URL(request.url).pathname}`)
    return realFetch(request)
  })
  return { paths, challenges: () => paths.filter((path) => path.endsWith('/challenge')).length }
}

describe('<wallet-passkey-button>', () => {
  it('signs in by keyboard only: Tab to the named button, Enter, signed in', async () => {
    const customer = await customerWithPasskey()
    const { element, button, types, heard } = mountButton(customer)
    await expect.element(button()).toHaveAccessibleName('Sign in with a passkey')
    await expectAccessible(element)
    await expectFitsPhone(element)

    ;(document.activeElement as HTMLElement | null)?.blur()
    await userEvent.tab()
    expect(element.shadowRoot?.activeElement).toBe(button())
    await userEvent.keyboard('{Enter}')
    await expect.poll(types, { timeout: 10_000 }).toEqual(['wallet-signed-in'])
    expect(heard[0]?.detail).toMatchObject({
      session: { type: 'PASSKEY', credentialId: customer.passkey.id },
    })
    expect(await customer.wallet.sessions.current()).toMatchObject({ type: 'PASSKEY' })
  })

  it('starts navigator.credentials.get with no network request between the click and the call', async () => {
    const customer = await customerWithPasskey()
    const order: string[] = []
    const realFetch = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const request = new Request(input, init)
      order.push(`${request.method} ${new URL(request.url).pathname}`)
      return realFetch(request)
    })
    const realGet = navigator.credentials.get.bind(navigator.credentials)
    vi.spyOn(navigator.credentials, 'get').mockImplementation((options) => {
      order.push('credentials.get')
      return realGet(options)
    })
    const { element, button, types } = mountButton(customer)
    await expect.poll(() => order.filter((entry) => entry.endsWith('/challenge'))).toHaveLength(1)
    element.addEventListener('click', () => order.push('click'), { capture: true })

    button().click()
    await expect.poll(types, { timeout: 10_000 }).toEqual(['wallet-signed-in'])
    const afterClick = order.slice(order.indexOf('click') + 1)
    expect(afterClick[0]).toBe('credentials.get')
    expect(afterClick[1]).toMatch(/^POST .*\/verify$/)
  })

  it('calls navigator.credentials.get within the click itself, nothing awaited before it', async () => {
    const customer = await customerWithPasskey()
    // The element's own preparation, followed: once it settles, the button holds a ready sign-in.
    const prepare = vi.spyOn(customer.wallet.passkey, 'prepare')
    let calls = 0
    const realGet = navigator.credentials.get.bind(navigator.credentials)
    vi.spyOn(navigator.credentials, 'get').mockImplementation((options) => {
      calls += 1
      return realGet(options)
    })
    const { button, types } = mountButton(customer)
    await expect.poll(() => prepare.mock.results.length).toBe(1)
    await prepare.mock.results[0]?.value

    button().click()
    // Read before anything is awaited: a microtask in between (any await) would leave this at 0.
    const callsWithinClick = calls
    expect(callsWithinClick).toBe(1)
    await expect.poll(types, { timeout: 10_000 }).toEqual(['wallet-signed-in'])
  })

  it('renews the challenge shortly before it expires, and the click uses the renewed one', async () => {
    const customer = await customerWithPasskey()
    const { challenges, paths } = countChallenges()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { button, types } = mountButton(customer)
    await expect.poll(challenges).toBe(1)

    // The sandbox's challenges live 5 minutes: renewed 30 s before, not earlier.
    await vi.advanceTimersByTimeAsync(4 * 60_000)
    expect(challenges()).toBe(1)
    await vi.advanceTimersByTimeAsync(45_000)
    await expect.poll(challenges).toBe(2)
    vi.useRealTimers()

    const before = paths.length
    button().click()
    await expect.poll(types, { timeout: 10_000 }).toEqual(['wallet-signed-in'])
    expect(paths.slice(before).filter((path) => path.endsWith('/challenge'))).toEqual([])
  })

  it('prepares again once a rate limit on challenges lifts (Retry-After)', async () => {
    const customer = await customerWithPasskey()
    // A challenge for this passkey was just issued elsewhere: the button's own is refused (429).
    await customer.wallet.passkey.prepare(customer.passkey.id, { accountId: customer.accountId })
    const { challenges } = countChallenges()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { button, types } = mountButton(customer)
    await expect.poll(challenges).toBe(1)

    await advanceSandboxClock(30_000)
    await vi.advanceTimersByTimeAsync(30_000)
    await expect.poll(challenges).toBe(2)
    vi.useRealTimers()
    button().click()
    await expect.poll(types, { timeout: 10_000 }).toEqual(['wallet-signed-in'])
    expect(challenges()).toBe(2)
  })

  it('goes back to the button quietly when the dialog is closed, after announcing the wait', async () => {
    const customer = await customerWithPasskey()
    // The user never touches the authenticator: the browser's dialog ends as a cancel would.
    await removeAuthenticator()
    removeAuthenticator = await addVirtualAuthenticator({ present: false })
    const { challenges } = countChallenges()
    const { element, button, status, alert, types, heard } = mountButton(customer, { timeout: 1_500 })
    await expect.poll(challenges).toBe(1)

    button().focus()
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => status().textContent).toBe('Waiting for your passkey…')
    expect(status().getAttribute('aria-live')).toBe('polite')
    expect(button().disabled).toBe(true)
    expect(element.getAttribute('aria-busy')).toBe('true')

    await expect.poll(types, { timeout: 10_000 }).toEqual(['wallet-cancelled'])
    expect(heard[0]?.detail).toMatchObject({ error: { code: 'PASSKEY_CANCELLED' } })
    expect(alert().textContent).toBe('')
    expect(status().textContent).toBe('')
    expect(button().disabled).toBe(false)
    expect(element.shadowRoot?.activeElement).toBe(button())
    // The service's challenge was not spent: kept for the next tap, not fetched again.
    expect(challenges()).toBe(1)
  })

  it('says when the passkey is not on this device', async () => {
    const customer = await customerWithPasskey()
    // Another device: an authenticator without the passkey, and a browser that never saw it.
    await removeAuthenticator()
    removeAuthenticator = await addVirtualAuthenticator()
    knownPasskeys.forget(String(customer.passkey.credentialId))
    const { challenges } = countChallenges()
    const { element, button, alert, types, heard } = mountButton(customer, { timeout: 1_500 })
    await expect.poll(challenges).toBe(1)

    button().click()
    await expect.poll(types, { timeout: 10_000 }).toEqual(['wallet-error'])
    expect(heard[0]?.detail).toMatchObject({ error: { code: 'PASSKEY_NOT_ON_DEVICE' } })
    expect(alert().textContent).toBe(
      'This passkey is not on this device. Use the device you created it on, or another way to sign in.',
    )
    expect(errorCodeOf(element)).toBe('Reference for support: PASSKEY_NOT_ON_DEVICE')
    expect(element.shadowRoot?.activeElement).toBe(alert())
    expect(button().disabled).toBe(false)
    await expectAccessible(element)
  })

  it('says so where the browser has no WebAuthn, and fires wallet-unavailable', async () => {
    const customer = await signUpWithClient()
    const { challenges } = countChallenges()
    vi.stubGlobal('PublicKeyCredential', undefined)
    const { element, button, status, types, heard } = mountButton({
      ...customer,
      passkey: { id: 'AuthMethod:00000000-0000-0000-0000-000000000000', credentialId: 'AAAA' },
    })
    expect(button().disabled).toBe(true)
    expect(status().textContent).toBe('This browser cannot use passkeys. Use another way to sign in.')
    expect(types()).toEqual(['wallet-unavailable'])
    expect(heard[0]?.detail).toMatchObject({ error: { code: 'PASSKEY_NOT_SUPPORTED' } })
    expect(challenges()).toBe(0)
    await expectAccessible(element)
  })
})

describe('client passkey methods', () => {
  it('prepares a single-use sign-in before the tap', async () => {
    const customer = await customerWithPasskey()
    const prepared = await customer.wallet.passkey.prepare(customer.passkey.id, {
      accountId: customer.accountId,
      rpId: 'localhost',
      allowCredentials: [String(customer.passkey.credentialId)],
    })
    expect(prepared.expiresAt).toBeGreaterThan(Date.now() + 4 * 60_000)
    expect(prepared.expiresAt).toBeLessThanOrEqual(Date.now() + 5 * 60_000)
    await expect(prepared.signIn()).resolves.toMatchObject({ type: 'PASSKEY' })
    await expect(prepared.signIn()).rejects.toMatchObject({ code: 'REQUEST_ID_REUSED' })
  })

  it('tells the browser a revoked passkey is unknown, and forgets it here', async () => {
    // Still signed in by email: a credential is revoked by a session of another one.
    const customer = await customerWithPasskey({ signOut: false })
    const credentialId = String(customer.passkey.credentialId)
    expect(knownPasskeys.has(credentialId)).toBe(true)
    const signal = vi
      .spyOn(PublicKeyCredential as unknown as SignalApi, 'signalUnknownCredential')
      .mockResolvedValue(undefined)
    await customer.wallet.credentials.list(customer.accountId)

    await customer.wallet.credentials.revoke(customer.passkey.id)
    expect(signal).toHaveBeenCalledWith({ rpId: 'localhost', credentialId })
    expect(knownPasskeys.has(credentialId)).toBe(false)
  })

  it('revokes even when the signal fails, with the method given instead of a list', async () => {
    const customer = await customerWithPasskey({ signOut: false })
    const signal = vi
      .spyOn(PublicKeyCredential as unknown as SignalApi, 'signalUnknownCredential')
      .mockRejectedValue(new DOMException('no', 'SecurityError'))
    const method = { ...customer.passkey, accountId: customer.accountId, type: 'PASSKEY' as const }

    await customer.wallet.credentials.revoke(customer.passkey.id, { method, rpId: 'localhost' })
    expect(signal).toHaveBeenCalledOnce()
    const left = await customer.wallet.credentials.list(customer.accountId)
    expect(left.map((credential) => credential.type)).toEqual(['EMAIL_OTP'])
  })

  it('refuses a second passkey on a device that holds an excluded one (PASSKEY_ALREADY_REGISTERED)', async () => {
    const customer = await customerWithPasskey({ signOut: false })
    const optionsJSON = await (
      await fetch('/api/test/passkey-options', {
        method: 'POST',
        body: JSON.stringify({ name: 'katherine', accountId: customer.accountId }),
      })
    ).json()
    // What the relay's options carry with existingPasskeys (its lookup is tested in Node).
    optionsJSON.excludeCredentials = [{ id: String(customer.passkey.credentialId), type: 'public-key' }]
    await expect(
      customer.wallet.passkey.add({ accountId: customer.accountId, nickname: 'Again', optionsJSON }),
    ).rejects.toMatchObject({ code: 'PASSKEY_ALREADY_REGISTERED' })
  })
})
