// The session follows real time: long sessions stay signed in (setTimeout's 2^31-1 ms cap), and
// whatever the page's timers did (a device asleep, a frozen tab), the end is read on the clock
// when the page comes back and before every use, and announced once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createWalletAuth, type WalletAuthEvent } from '../../src/client/index.js'
import { createSessionState } from '../../src/client/sessionState.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { expectCode } from '../helpers/expectCode.js'
import { createCustomer, startHarness } from '../sandbox/harness.js'
import { customerRelay } from './customerRelay.js'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

// A page's document and window, in Node (which has neither): events the test dispatches.
function fakePage() {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' })
  const window = new EventTarget()
  vi.stubGlobal('document', document)
  vi.stubGlobal('addEventListener', window.addEventListener.bind(window))
  vi.stubGlobal('removeEventListener', window.removeEventListener.bind(window))
  return { document, window }
}

// Lets the state's queued work (a memory key store: promises only) run; setImmediate is not faked.
const settle = () => new Promise((resolve) => setImmediate(resolve))

/** A state holding a session that ends in `endsInMs` on the (faked) device clock. */
async function heldSession(endsInMs: number) {
  const now = () => Date.now()
  const state = createSessionState({
    keyStore: createKeyStore({ indexedDB: null, now }),
    now,
    expiringSoonMs: MINUTE,
    refresh: async () => {},
  })
  const events: WalletAuthEvent[] = []
  state.onChange((event) => events.push(event))
  const session = await state.adopt(
    await generateSessionKey(),
    {
      sessionId: 'Session:1',
      accountId: 'InternalAccount:1',
      credentialId: 'AuthMethod:1',
      type: 'EMAIL_OTP',
      expiresAt: new Date(now() + endsInMs).toISOString(),
    },
    'signed-in',
  )
  return { state, events, session, types: () => events.map((event) => event.type) }
}

beforeEach(() => {
  // Timers and the clock are the test's: a sleep is the clock moved with no timer run.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('a long session', () => {
  it('stays signed in for 30 days, then expires at its end through chained timers', async () => {
    const { state, types, session } = await heldSession(30 * DAY)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(types()).toEqual(['signed-in'])
    expect((await state.current())?.key.publicKey).toBe(session.key.publicKey)

    await vi.advanceTimersByTimeAsync(30 * DAY - MINUTE - 2_000)
    expect(types()).toEqual(['signed-in'])
    expect((await state.current())?.key.publicKey).toBe(session.key.publicKey)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(types()).toEqual(['signed-in', 'expiring-soon'])
    await vi.advanceTimersByTimeAsync(MINUTE)
    expect(types()).toEqual(['signed-in', 'expiring-soon', 'expired'])
    expect(await state.current()).toBeUndefined()
    state.dispose()
  })

  it('refreshes automatically when asked, 25 days on', async () => {
    const now = () => Date.now()
    const refresh = vi.fn(async () => {})
    const state = createSessionState({
      keyStore: createKeyStore({ indexedDB: null, now }),
      now,
      expiringSoonMs: MINUTE,
      refreshBeforeMs: 2 * MINUTE,
      refresh,
    })
    const metadata = {
      accountId: 'InternalAccount:1',
      credentialId: 'AuthMethod:1',
      type: 'EMAIL_OTP' as const,
    }
    await state.adopt(
      await generateSessionKey(),
      { ...metadata, expiresAt: new Date(now() + 25 * DAY).toISOString() },
      'signed-in',
    )
    await vi.advanceTimersByTimeAsync(25 * DAY - 2 * MINUTE - 1)
    expect(refresh).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(refresh).toHaveBeenCalledTimes(1)
    state.dispose()
  })
})

describe('a page back after its timers slept', () => {
  it.each([
    ['visibilitychange', 'document'],
    ['focus', 'window'],
    ['pageshow', 'window'],
    ['online', 'window'],
  ] as const)('ends the session on %s, once', async (type, target) => {
    const page = fakePage()
    const { state, events, types, session } = await heldSession(15 * MINUTE)
    expect(await state.current()).toBeDefined()
    vi.setSystemTime(Date.now() + 16 * MINUTE)
    page[target].dispatchEvent(new Event(type))
    await settle()
    expect(types()).toEqual(['signed-in', 'expired'])
    expect(events[1]).toEqual({ type: 'expired', session })
    // Every other way back, and every use, finds it already announced.
    page.document.dispatchEvent(new Event('visibilitychange'))
    page.window.dispatchEvent(new Event('focus'))
    await settle()
    expect(await state.current()).toBeUndefined()
    await vi.runAllTimersAsync()
    expect(types()).toEqual(['signed-in', 'expired'])
    state.dispose()
  })

  it('says nothing when the page is shown again before the end, nor when it is hidden', async () => {
    const page = fakePage()
    const { state, types } = await heldSession(15 * MINUTE)
    await state.current()
    vi.setSystemTime(Date.now() + 10 * MINUTE)
    page.document.dispatchEvent(new Event('visibilitychange'))
    await settle()
    expect(types()).toEqual(['signed-in'])
    vi.setSystemTime(Date.now() + 10 * MINUTE)
    page.document.visibilityState = 'hidden'
    page.document.dispatchEvent(new Event('visibilitychange'))
    await settle()
    expect(types()).toEqual(['signed-in'])
    state.dispose()
  })

  it('runs what came due meanwhile when the session has not ended: ends soon, then expires on time', async () => {
    const page = fakePage()
    const { state, types } = await heldSession(15 * MINUTE)
    await state.current()
    vi.setSystemTime(Date.now() + 14 * MINUTE + 10_000)
    page.window.dispatchEvent(new Event('pageshow'))
    await vi.advanceTimersByTimeAsync(0)
    expect(types()).toEqual(['signed-in', 'expiring-soon'])
    await vi.advanceTimersByTimeAsync(50_000 - 1)
    expect(types()).toEqual(['signed-in', 'expiring-soon'])
    await vi.advanceTimersByTimeAsync(1)
    expect(types()).toEqual(['signed-in', 'expiring-soon', 'expired'])
    state.dispose()
  })

  it('dispose removes every listener it added to the page', async () => {
    const added: unknown[][] = []
    const removed: unknown[][] = []
    const target =
      (into: unknown[][]) =>
      (...args: unknown[]) =>
        void into.push(args)
    vi.stubGlobal('document', {
      visibilityState: 'visible',
      addEventListener: target(added),
      removeEventListener: target(removed),
    })
    vi.stubGlobal('addEventListener', target(added))
    vi.stubGlobal('removeEventListener', target(removed))
    const { state } = await heldSession(15 * MINUTE)
    expect(added.map(([type]) => type).sort()).toEqual(['focus', 'online', 'pageshow', 'visibilitychange'])
    state.dispose()
    expect(removed).toEqual(added)
  })
})

describe('a use past the end', () => {
  it('current() announces expired once', async () => {
    const { state, types } = await heldSession(15 * MINUTE)
    await state.current()
    vi.setSystemTime(Date.now() + 16 * MINUTE)
    expect(await state.current()).toBeUndefined()
    expect(await state.current()).toBeUndefined()
    expect(types()).toEqual(['signed-in', 'expired'])
    await vi.runAllTimersAsync()
    expect(types()).toEqual(['signed-in', 'expired'])
    state.dispose()
  })

  it('a key the store no longer hands out near its end is announced expired at once', async () => {
    const { state, types } = await heldSession(15 * MINUTE)
    await state.current()
    // Within the store's 30 s margin: the key no longer signs.
    vi.setSystemTime(Date.now() + 15 * MINUTE - 20_000)
    expect(await state.current()).toBeUndefined()
    expect(types()).toEqual(['signed-in', 'expired'])
    state.dispose()
  })
})

describe('the client after a sleep (its clock the sandbox clock, moved; no timer ran)', () => {
  it('"Stay signed in" is refused with NO_SESSION_KEY and the page hears expired; signed calls say SESSION_EXPIRED', async () => {
    vi.useRealTimers()
    const h = await startHarness()
    const customer = await createCustomer(h)
    const wallet = createWalletAuth({
      baseUrl: 'http://app.test/wallet',
      fetch: (input, init) => customerRelay(h, customer.customerId)(new Request(input, init)),
      keyStore: createKeyStore({ indexedDB: null, now: h.sandbox.clock.now }),
      trustedSigners: [h.sandbox.signerPublicKey],
      now: h.sandbox.clock.now,
    })
    const events: WalletAuthEvent['type'][] = []
    wallet.onChange((event) => events.push(event.type))
    await wallet.emailOtp.send(customer.emailCredentialId)
    await wallet.emailOtp.verify(customer.emailCredentialId, '000000')
    h.sandbox.clock.advance(18 * MINUTE)
    await expectCode(() => wallet.sessions.refresh(), 'NO_SESSION_KEY')
    expect(events).toEqual(['signed-in', 'expired'])
    const patch = { method: 'PATCH', body: JSON.stringify({ privateEnabled: true }) }
    await expectCode(
      () => wallet.fetch(`http://app.test/wallet/internal-accounts/${customer.accountId}`, patch),
      'SESSION_EXPIRED',
    )
    expect(events).toEqual(['signed-in', 'expired'])
    wallet.dispose()
  })
})
