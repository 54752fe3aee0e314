// The restore-on-load page: a fresh document that gets back the session key a previous load stored
// in IndexedDB, as an app does on every page load. `?mode=setup` stores one key each for the kit
// and the peer's IndexedDB stamper; `?mode=ours` and `?mode=peer` time getting it back.
// Times are performance.now() values: ms since navigation start.

import { IndexedDbStamper } from '@turnkey/indexed-db-stamper'
import { createKeyStore, generateSessionKey } from '../../src/keys/index.ts'
import { stamp, verifyStamp } from '../../src/stamp/index.ts'

const scriptStartMs = performance.now()
const DAY_MS = 86_400_000

async function setup() {
  const store = await createKeyStore()
  await store.clear()
  const key = await generateSessionKey()
  await store.save(key, {
    accountId: 'InternalAccount:bench',
    credentialId: 'AuthMethod:bench',
    type: 'EMAIL_OTP',
    expiresAt: new Date(Date.now() + DAY_MS).toISOString(),
  })
  const peer = new IndexedDbStamper()
  await peer.init() // generates and stores its key: none is stored yet
  return { ours: key.publicKey, peer: peer.getPublicKey() }
}

/**
 * createKeyStore() (opens the database and reads it once: purges expired sessions, and probes that it
 * can store a key when none reads back) + list(), which that read answers (asked in the same task).
 */
async function restoreOurs() {
  const startMs = performance.now()
  const store = await createKeyStore()
  const openedMs = performance.now()
  const [session] = await store.list()
  const keyMs = performance.now()
  // Not timed: the key came from IndexedDB, is still non-extractable and signs.
  if (store.persistence !== 'indexeddb' || !session) throw new Error('no session key in IndexedDB')
  if (session.key.keyPair.privateKey.extractable) throw new Error('the restored key is extractable')
  if (!(await verifyStamp(await stamp('restored', session.key), 'restored')).valid) {
    throw new Error('the restored key does not sign')
  }
  return { publicKey: session.key.publicKey, scriptStartMs, startMs, openedMs, keyMs }
}

/** The peer's `init()`: opens its database and reads its stored key pair. */
async function restorePeer() {
  const startMs = performance.now()
  const stamper = new IndexedDbStamper()
  await stamper.init()
  const keyMs = performance.now()
  const { stampHeaderValue } = await stamper.stamp('restored')
  if (!(await verifyStamp(stampHeaderValue, 'restored')).valid) throw new Error('the peer key does not sign')
  return { publicKey: stamper.getPublicKey(), scriptStartMs, startMs, keyMs }
}

const modes = { setup, ours: restoreOurs, peer: restorePeer }
const mode = new URLSearchParams(location.search).get('mode')
try {
  globalThis.restoreResult = await modes[mode]()
} catch (error) {
  globalThis.restoreResult = { error: String(error?.stack ?? error) }
}
