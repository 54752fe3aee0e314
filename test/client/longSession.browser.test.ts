// A session that ends in 30 days, in a real browser: past setTimeout's 2^31 ms cap a browser runs a
// timer at once, so a timer set for its end would have ended it the moment the page loaded.
import { describe, expect, it } from 'vitest'
import { createWalletAuth, type WalletAuthEvent } from '../../src/client/index.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'

const DAY = 86_400_000

describe('a 30-day session in the browser', () => {
  it('stays signed in: no expiring-soon nor expired, and current() returns it', async () => {
    const keyStore = await createKeyStore({ indexedDB: null })
    const key = await generateSessionKey()
    await keyStore.save(key, {
      sessionId: 'Session:30-days',
      accountId: 'InternalAccount:1',
      credentialId: 'AuthMethod:1',
      type: 'EMAIL_OTP',
      expiresAt: new Date(Date.now() + 30 * DAY).toISOString(),
    })
    const wallet = createWalletAuth({ baseUrl: '/api/wallet', keyStore })
    const events: WalletAuthEvent['type'][] = []
    wallet.onChange((event) => events.push(event.type))
    expect((await wallet.sessions.current())?.key.publicKey).toBe(key.publicKey)
    // A timer given 2^31 ms or more runs as if given 1 ms: one queued after it at 1 ms runs after
    // it (an ordering, not a wait for time to pass), and a frame lets what it started settle.
    await new Promise((resolve) => setTimeout(resolve, 1))
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(events).toEqual([])
    expect((await wallet.sessions.current())?.key.publicKey).toBe(key.publicKey)
    wallet.dispose()
  })
})
