// <wallet-session-status> in Chromium against the real relay and sandbox: the countdown (m:ss,
// not a live region), "ends soon" and the end announced once (the page's timers faked and moved),
// the end shown when the page comes back after a sleep past it, "Stay signed in", "Sign out"
// (the key removed, said so), a sign-out in another tab.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { commands, page, userEvent } from 'vitest/browser'
import type { WalletSessionStatus } from '../../src/elements/walletSessionStatus.js'
import {
  advanceSandboxClock,
  type ElementCustomer,
  expectAccessible,
  expectFitsPhone,
  mount,
  shadowOf,
  signInByEmail,
  signUpWithClient,
} from './elementKit.js'
import { anotherDevice, openTabFor, record, tabCall } from './signInKit.js'

afterEach(async () => {
  vi.useRealTimers()
  await commands.closeTabs(true)
})
afterAll(async () => {
  await commands.closeTabs()
})

function parts(status: WalletSessionStatus) {
  const root = shadowOf(status)
  return {
    root,
    countdown: root.querySelector<HTMLElement>('[part="countdown"]'),
    status: root.querySelector<HTMLElement>('[role="status"]'),
    refresh: root.querySelector<HTMLButtonElement>('[part="refresh"]'),
    signOut: root.querySelector<HTMLButtonElement>('[part="sign-out"]'),
  }
}

async function signedInStatus(customer: ElementCustomer) {
  await signInByEmail(customer)
  const status = mount('wallet-session-status', { client: customer.wallet })
  await expect.poll(() => parts(status).countdown?.hidden).toBe(false)
  return status
}

describe('<wallet-session-status>', () => {
  it('shows the session of a client set after it is on the page (as a framework sets properties)', async () => {
    const customer = await signUpWithClient()
    await signInByEmail(customer)
    const status = mount('wallet-session-status', {})
    expect(parts(status).countdown?.hidden).not.toBe(false)
    status.client = customer.wallet
    await expect.poll(() => parts(status).countdown?.hidden).toBe(false)
    expect(parts(status).countdown?.textContent).toMatch(/^Session ends in 1[45]:\d\d\.$/)
  })

  it("follows the client's clock when it jumps (a sandbox's moved ahead): the countdown shows it within a second", async () => {
    // The app's clock, as a demo following its sandbox's has: the device's plus an offset.
    let offset = 0
    const customer = await signUpWithClient({ now: () => Date.now() + offset })
    const status = await signedInStatus(customer)
    expect(parts(status).countdown?.textContent).toMatch(/^Session ends in 1[45]:\d\d\.$/)
    offset = 6 * 60_000
    await expect.poll(() => parts(status).countdown?.textContent).toMatch(/^Session ends in (8|9):\d\d\.$/)
  })

  it('counts down in m:ss without announcing the ticks; "ends soon" and the end are announced once', async () => {
    // The page's clock and timers are faked (they still run), then moved: no waiting for 15 min.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true })
    const customer = await signUpWithClient()
    const status = await signedInStatus(customer)
    const ended = record(status, 'wallet-session-ended')
    const { countdown, status: live } = parts(status)
    // The sandbox's sessions last 15 minutes.
    expect(countdown?.textContent).toMatch(/^Session ends in 1[45]:\d\d\.$/)
    expect(countdown?.closest('[aria-live], [role="status"], [role="alert"]')).toBeNull()
    expect(live?.textContent).toBe('')

    // Each text the live region takes is one announcement: record them.
    const announced: string[] = []
    new MutationObserver(() => announced.push(live?.textContent ?? '')).observe(live as Node, {
      childList: true,
      characterData: true,
      subtree: true,
    })
    const session = await customer.wallet.sessions.current()
    const left = Date.parse(String(session?.expiresAt)) - (Date.now() + (session?.clockOffsetMs ?? 0))
    vi.advanceTimersByTime(left - 90_000)
    await expect.poll(() => countdown?.textContent).toMatch(/^Session ends in 1:(29|30)\.$/)
    expect(announced).toEqual([])
    vi.advanceTimersByTime(40_000)
    await expect.poll(() => announced).toEqual(['Your session ends soon. Refresh it to stay signed in.'])
    expect(countdown?.textContent).toMatch(/^Session ends in 0:(49|50)\.$/)
    await expectAccessible(status)
    vi.advanceTimersByTime(20_000)
    expect(announced).toHaveLength(1)
    expect(countdown?.textContent).toMatch(/^Session ends in 0:(29|30)\.$/)

    vi.advanceTimersByTime(31_000)
    await expect.poll(() => ended).toEqual([{ reason: 'expired' }])
    expect(announced).toEqual([
      'Your session ends soon. Refresh it to stay signed in.',
      'Your session ended. Sign in again to continue.',
    ])
    const after = parts(status)
    expect(after.countdown?.hidden).toBe(true)
    expect(after.refresh?.checkVisibility()).toBe(false)
    await expectAccessible(status)
    await expectFitsPhone(status)
  })

  it('"Stay signed in" refreshes the session by keyboard and says so; wallet-refreshed', async () => {
    const customer = await signUpWithClient()
    const status = await signedInStatus(customer)
    const before = await customer.wallet.sessions.current()
    const refreshed = record(status, 'wallet-refreshed')
    await expect.element(page.getByRole('button', { name: 'Stay signed in' })).toBeVisible()
    await expect.element(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
    await userEvent.keyboard('{Tab}')
    expect(parts(status).root.activeElement).toBe(parts(status).refresh)
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => refreshed.length).toBe(1)
    const after = await customer.wallet.sessions.current()
    expect(after?.sessionId).not.toBe(before?.sessionId)
    expect(refreshed[0]?.session.sessionId).toBe(after?.sessionId)
    expect(parts(status).status?.textContent).toBe('You stay signed in.')
    expect(parts(status).root.activeElement).toBe(parts(status).refresh)
    await expectAccessible(status)
    await expectFitsPhone(status)
  })

  it('"Sign out" removes the key, says so with focus on the sentence, and fires wallet-session-ended', async () => {
    const customer = await signUpWithClient()
    const status = await signedInStatus(customer)
    const ended = record(status, 'wallet-session-ended')
    parts(status).signOut?.focus()
    await userEvent.keyboard('{Enter}')
    await expect.poll(() => ended).toEqual([{ reason: 'signed-out' }])
    const { root, status: sentence, countdown } = parts(status)
    expect(sentence?.textContent).toBe('You signed out. The session key was removed from this browser.')
    expect(root.activeElement).toBe(sentence)
    expect(countdown?.hidden).toBe(true)
    expect(await customer.wallet.sessions.current()).toBeUndefined()
    expect(await customer.wallet.sessions.list(customer.accountId)).toEqual([])
    await expectAccessible(status)
  })

  it('shows the end when the session is signed out in another tab', async () => {
    const customer = await signUpWithClient()
    const other = await openTabFor(customer)
    const status = await signedInStatus(customer)
    const ended = record(status, 'wallet-session-ended')
    await expect.poll(() => tabCall(other, 'publicKey')).not.toBeNull()
    expect(await tabCall(other, 'signOut')).toMatchObject({ ok: true })
    await expect.poll(() => ended).toEqual([{ reason: 'signed-out-elsewhere' }])
    expect(parts(status).status?.textContent).toBe(
      'You signed out in another tab or window. Sign in again to continue.',
    )
    expect(parts(status).countdown?.hidden).toBe(true)
  })

  it('ends the session at the element when the service refuses the refresh of one revoked elsewhere', async () => {
    const customer = await signUpWithClient()
    const status = await signedInStatus(customer)
    const sessionId = (await customer.wallet.sessions.current())?.sessionId
    const errors = record(status, 'wallet-error')
    const ended = record(status, 'wallet-session-ended')
    // Another device of the customer revokes this browser's session on the service.
    await advanceSandboxClock(31_000)
    const other = anotherDevice(customer)
    await signInByEmail({ ...customer, wallet: other })
    await other.sessions.revoke(String(sessionId))
    other.dispose()

    parts(status).refresh?.click()
    // The service refuses it (401) and no longer lists it: the session is over here too, and said so.
    await expect.poll(() => errors.map((detail) => detail.error.code)).toEqual(['SESSION_EXPIRED'])
    await expect.poll(() => ended).toEqual([{ reason: 'expired' }])
    expect(await customer.wallet.sessions.current()).toBeUndefined()
    expect(parts(status).status?.textContent).toBe('Your session ended. Sign in again to continue.')
    expect(parts(status).countdown?.hidden).toBe(true)
    await expectAccessible(status)
  })

  it('shows the end within a second of the page coming back after its clock passed the end (no timer ran)', async () => {
    // The page's clock is faked (it still runs) so that it can jump, as after a device slept;
    // its timers stay real and, 15 minutes out, never run in this test.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    const customer = await signUpWithClient()
    const status = await signedInStatus(customer)
    const ended = record(status, 'wallet-session-ended')
    const heard: string[] = []
    customer.wallet.onChange((event) => heard.push(event.type))
    vi.setSystemTime(Date.now() + 16 * 60_000)
    expect(heard).toEqual([])
    expect(parts(status).countdown?.hidden).toBe(false)

    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
    try {
      document.dispatchEvent(new Event('visibilitychange'))
      await expect.poll(() => heard).toEqual(['expired'])
      await expect.poll(() => ended).toEqual([{ reason: 'expired' }])
    } finally {
      delete (document as { visibilityState?: unknown }).visibilityState
    }
    expect(parts(status).status?.textContent).toBe('Your session ended. Sign in again to continue.')
    expect(parts(status).countdown?.hidden).toBe(true)
    expect(await customer.wallet.sessions.current()).toBeUndefined()
    expect(heard).toEqual(['expired'])
  })

  it('catches up with a session that ended while it was out of the page', async () => {
    const customer = await signUpWithClient()
    const status = await signedInStatus(customer)
    status.remove()
    await customer.wallet.signOut()
    document.body.append(status)
    await expect.poll(() => parts(status).countdown?.hidden).toBe(true)
    expect(parts(status).refresh?.checkVisibility()).toBe(false)
  })

  it('shows nothing while no session is held', async () => {
    const customer = await signUpWithClient()
    const status = mount('wallet-session-status', { client: customer.wallet })
    await expect.poll(() => customer.wallet.sessions.current()).toBeUndefined()
    expect([...parts(status).root.querySelectorAll('p, button')].some((node) => node.checkVisibility())).toBe(
      false,
    )
    await expectAccessible(status)
  })
})
