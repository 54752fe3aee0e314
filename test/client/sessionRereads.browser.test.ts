// When a page may no longer hold the store's session in memory, the next signature reads the store
// instead of trusting what it held: after another tab's change, after the page comes back (a
// message may have been missed), and while a write of its own is queued. Two clients' session
// states on one IndexedDB database in real Chromium stand for two tabs (a BroadcastChannel reaches
// the other objects of its name in the same page as in another).
import { afterEach, describe, expect, it } from 'vitest'
import { createSessionState } from '../../src/client/sessionState.js'
import { createKeyStore, type KeyStore, type StoredSession } from '../../src/keys/createKeyStore.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { uniqueDatabaseName } from '../browser/rawIndexedDb.js'

type State = ReturnType<typeof createSessionState>
const disposers: Array<() => void> = []
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose()
})

/** A key store whose `list` (the read a re-sync makes) fails while `failing` is set, as IndexedDB reads can. */
function flakyLists(store: KeyStore) {
  const reads = { failing: false, failed: 0 }
  const flaky: KeyStore = Object.create(store)
  flaky.list = async () => {
    if (reads.failing) {
      reads.failed++
      throw new DOMException('The read failed.', 'UnknownError')
    }
    return store.list()
  }
  return { store: flaky, reads }
}

function state(keyStore: KeyStore): State {
  const made = createSessionState({
    keyStore,
    now: Date.now,
    expiringSoonMs: 60_000,
    refresh: async () => {},
  })
  disposers.push(() => made.dispose())
  return made
}

const metadata = () => ({
  accountId: 'InternalAccount:0191a0b2-0000-7000-8000-000000000001',
  credentialId: 'AuthMethod:0191a0b2-0000-7000-8000-000000000002',
  type: 'EMAIL_OTP' as const,
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
})

/** Tab `other` signed in, and tab `here` (its store's reads failing on demand) holding that session. */
async function twoTabs() {
  const databaseName = uniqueDatabaseName()
  const other = state(await createKeyStore({ databaseName }))
  const { store, reads } = flakyLists(await createKeyStore({ databaseName }))
  const here = state(store)
  expect(await here.current()).toBeUndefined()
  const session = await other.adopt(await generateSessionKey(), metadata(), 'signed-in')
  await expect.poll(async () => (await here.current())?.key.publicKey).toBe(session.key.publicKey)
  // Held, and nothing has changed since it was read: the fast path hands it out unread.
  expect((await here.held())?.key.publicKey).toBe(session.key.publicKey)
  return { databaseName, other, here, reads, session }
}

/** Runs `change` while `here`'s re-reads fail, until one has failed; then they work again. */
async function whileReadsFail(reads: { failing: boolean; failed: number }, change: () => unknown) {
  reads.failing = true
  try {
    await change()
    await expect.poll(() => reads.failed, { timeout: 15_000 }).toBeGreaterThan(0)
  } finally {
    reads.failing = false
  }
}

describe('the session a page holds, re-read when the store may have changed under it', () => {
  it("is re-read after another tab's sign-out whose re-sync failed: the signed-out key is not handed out", async () => {
    const { other, here, reads } = await twoTabs()
    await whileReadsFail(reads, () => other.forget())
    expect(await here.held()).toBeUndefined()
  })

  it('is re-read after the page comes back, when the re-sync on return failed', async () => {
    const { databaseName, here, reads, session } = await twoTabs()
    // Deleted without a message reaching this page (as while it was frozen): only coming back tells.
    await (await createKeyStore({ databaseName })).delete(session.key.publicKey)
    await whileReadsFail(reads, () => window.dispatchEvent(new Event('focus')))
    expect(await here.held()).toBeUndefined()
  })

  it.each([
    ['its sign-out', (here: State) => here.forget()],
    ["its key's expiry", (here: State, session: StoredSession) => here.expire(session.key.publicKey)],
  ] as const)('waits for %s still queued: the key it deletes is not handed out', async (_, write) => {
    const { here, session } = await twoTabs()
    // The write is asked first, the signature's key right after, before the write has run.
    const writing = write(here, session)
    const held = await here.held()
    await writing
    expect(held).toBeUndefined()
  })
})
