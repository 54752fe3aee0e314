// Storage faults in real Chromium: IndexedDB unavailable, blocked by a connection that will not
// close, over quota, and wiped by another document while the page runs. The kit must say so (a
// typed error, or the memory fallback with its cause), never sign with a key it no longer has, and
// never leave a half-written record (read back raw).
import { afterEach, describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { WalletAuthError } from '../../src/errors.js'
import { createKeyStore, generateSessionKey } from '../../src/keys/index.js'
import { stamp, verifyStamp } from '../../src/stamp/index.js'
import { faultyIndexedDB } from '../browser/faultyIndexedDb.js'
import { inStore, openDatabase, uniqueDatabaseName } from '../browser/rawIndexedDb.js'
import { createTab, signUpCustomer, type TabOutcome } from '../browser/tabAgent.js'
import { STORE_NAME, sessionMetadata } from './keyStoreKit.js'

// The kit's object store and record version; tests reach into it only to read raw records.

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

/** Raw records of the kit's store, and how many of them are not whole (all fields, a usable key). */
async function rawRecords(databaseName: string) {
  const records = (await inStore(databaseName, STORE_NAME, 'readonly', (raw) => raw.getAll())) as Record<
    string,
    unknown
  >[]
  const whole = (record: Record<string, unknown>) => {
    const keyPair = record.keyPair as CryptoKeyPair | undefined
    return (
      record.v === 1 &&
      typeof record.publicKey === 'string' &&
      typeof record.publicKeyUncompressed === 'string' &&
      typeof record.expiresAt === 'string' &&
      typeof record.createdAt === 'string' &&
      keyPair?.privateKey instanceof CryptoKey &&
      keyPair.publicKey instanceof CryptoKey
    )
  }
  return {
    keys: records.map((record) => record.publicKey),
    halfWritten: records.filter((r) => !whole(r)).length,
  }
}

async function storeSigns(store: Awaited<ReturnType<typeof createKeyStore>>) {
  const key = await generateSessionKey()
  await store.save(key, sessionMetadata())
  const saved = await store.get(key.publicKey)
  if (!saved) return false
  return (await verifyStamp(await stamp('payload', saved.key), 'payload')).valid
}

const code = (outcome: TabOutcome<unknown>) => (outcome.ok ? 'ok' : outcome.code)

/** A client of the test page on `keyStore`, signed in by email OTP through the same-origin relay. */
async function signedInTab(keyStore: ReturnType<typeof createKeyStore>, databaseName = uniqueDatabaseName()) {
  const customer = await signUpCustomer()
  const tab = createTab({ databaseName, ...customer }, { keyStore })
  cleanups.push(() => tab.wallet.dispose())
  const signedIn = await tab.signIn(customer.emailCredentialId)
  expect(signedIn.ok).toBe(true)
  expect(await tab.patch(customer.accountId)).toEqual({ ok: true, value: 200 })
  return { tab, customer }
}

describe('storage faults', () => {
  it('IndexedDB unavailable (missing, or open throws): memory, with the cause, and the client still works', async () => {
    const missing = createKeyStore({ indexedDB: null })
    const throwing = faultyIndexedDB({ openThrows: new DOMException('Private mode.', 'SecurityError') })
    const refused = createKeyStore({ indexedDB: throwing.indexedDB })
    const outcomes: string[] = []
    let inMemory = 0
    let workedInMemory = 0
    for (const keyStore of [missing, refused]) {
      const store = await keyStore
      if (store.persistence === 'memory') inMemory++
      outcomes.push(store.fallbackCause ? String(store.fallbackCause.code) : 'no IndexedDB')
      const { tab, customer } = await signedInTab(keyStore)
      if ((await tab.patch(customer.accountId)).ok) workedInMemory++
    }
    expect(inMemory).toBe(2)
    expect(workedInMemory).toBe(2)
    expect(outcomes).toEqual(['no IndexedDB', 'STORAGE_FAILED'])
    expect(throwing.counts.opens).toBe(1)

    await commands.recordReliability({
      area: 'storage',
      name: 'IndexedDB unavailable',
      tried:
        'A client whose key store has no IndexedDB (indexedDB: null), and one whose IndexedDB open ' +
        'throws a SecurityError (as in some private modes), each signing in by OTP and signing actions.',
      faults: 'unavailable: 2 (missing 1, open throws 1)',
      figures: [
        ['faults injected', 2],
        ['stores that fell back to memory', inMemory],
        ['fallback causes reported', outcomes.join(', ')],
        ['clients that signed in and signed actions in memory', workedInMemory],
      ],
      outcome: "persistence 'memory' with the cause; sign-in and signing work for the page's life.",
      lost: 0,
    })
  })

  it('blocked by a connection that never closes: STORAGE_BLOCKED and memory, never a hang', async () => {
    // An older tab's connection that ignores versionchange, on each of two databases (a pending
    // request queues every later one on its database).
    let versionchanges = 0
    const olderConnection = async (databaseName: string) => {
      const older = await openDatabase(databaseName, 1, (database) => database.createObjectStore(STORE_NAME))
      older.onversionchange = () => versionchanges++
      cleanups.push(() => older.close())
      return older
    }

    // 1. The kit needs to upgrade (a newer kit: one version above): Chromium reports `blocked`.
    const upgradeName = uniqueDatabaseName()
    const olderOfUpgrade = await olderConnection(upgradeName)
    const newer = faultyIndexedDB({ versionBump: 1 })
    const upgrading = await createKeyStore({
      databaseName: upgradeName,
      indexedDB: newer.indexedDB,
      openTimeoutMs: 60_000,
    })
    expect(upgrading.persistence).toBe('memory')
    expect(upgrading.fallbackCause).toBeInstanceOf(WalletAuthError)
    expect(upgrading.fallbackCause?.code).toBe('STORAGE_BLOCKED')
    expect(versionchanges).toBe(1)
    expect(await storeSigns(upgrading)).toBe(true)
    // Every open that gave up returned (a hang would time the test out before this line).

    // 2. Queued behind another document's deletion that such a connection blocks: no event at all
    // reaches the kit's open, only its own time limit.
    const deletedName = uniqueDatabaseName()
    const olderOfDeletion = await olderConnection(deletedName)
    expect(await commands.deleteDatabaseElsewhere(deletedName)).toBe('blocked')
    expect(versionchanges).toBe(2)
    const queued = await createKeyStore({ databaseName: deletedName, openTimeoutMs: 200 })
    expect(queued.persistence).toBe('memory')
    expect(queued.fallbackCause?.code).toBe('STORAGE_BLOCKED')
    expect(await storeSigns(queued)).toBe(true)
    const gaveUp = [upgrading, queued]
    const blockedReported = gaveUp.filter((store) => store.fallbackCause?.code === 'STORAGE_BLOCKED').length
    let signingInMemory = 0
    for (const store of gaveUp)
      if (store.persistence === 'memory' && (await storeSigns(store))) signingInMemory++

    // The older tabs go away: the kit's late upgrade and the deletion go through. Nothing was
    // written by the stores that gave up (they kept their keys in memory).
    olderOfUpgrade.close()
    olderOfDeletion.close()
    let halfWritten = 0
    for (const databaseName of [upgradeName, deletedName]) {
      const after = await createKeyStore({ databaseName, indexedDB: newer.indexedDB })
      expect(after.persistence).toBe('indexeddb')
      const raw = await rawRecords(databaseName)
      expect(raw.keys).toEqual([])
      halfWritten += raw.halfWritten
    }
    expect(halfWritten).toBe(0)

    await commands.recordReliability({
      area: 'storage',
      name: 'IndexedDB blocked by an older connection',
      tried:
        'A raw IndexedDB connection that never closes on versionchange holds the database while the ' +
        'kit opens it to upgrade (blocked event), and while another document deletes it (the open ' +
        'queues behind the deletion and hears nothing).',
      faults: 'blocked: 2 (upgrade blocked 1, queued behind a blocked deletion 1)',
      figures: [
        ['faults injected (older connections ignoring versionchange)', versionchanges],
        ['opens that returned instead of hanging', gaveUp.length],
        ['STORAGE_BLOCKED reported, memory fallback', blockedReported],
        ['stores signing in memory meanwhile', signingInMemory],
        ['records left half-written', halfWritten],
      ],
      outcome: 'Each open gave up with STORAGE_BLOCKED and the store worked in memory; nothing hung.',
      lost: halfWritten,
    })
  })

  it('quota exceeded: STORAGE_QUOTA_EXCEEDED, no half-written record, never a key it lost', async () => {
    // 1. Full from the start: the store's write probe fails, it falls back to memory and says why.
    const fullName = uniqueDatabaseName()
    const full = faultyIndexedDB({ quotaExceeded: true })
    const fallback = await createKeyStore({ databaseName: fullName, indexedDB: full.indexedDB })
    expect(fallback.persistence).toBe('memory')
    expect(fallback.fallbackCause?.code).toBe('STORAGE_QUOTA_EXCEEDED')
    expect(await rawRecords(fullName)).toEqual({ keys: [], halfWritten: 0 })

    // 2. Full later, under a signed-in client: a save and a refresh are refused, typed.
    const databaseName = uniqueDatabaseName()
    const faults = { quotaExceeded: false }
    const later = faultyIndexedDB(faults)
    const keyStore = createKeyStore({ databaseName, indexedDB: later.indexedDB })
    const { tab, customer } = await signedInTab(keyStore, databaseName)
    const held = await tab.publicKey()
    expect((await keyStore).persistence).toBe('indexeddb')
    faults.quotaExceeded = true

    const save = await (await keyStore).save(await generateSessionKey(), sessionMetadata()).then(
      () => 'saved',
      (error: unknown) => (error instanceof WalletAuthError ? String(error.code) : 'untyped'),
    )
    expect(save).toBe('STORAGE_QUOTA_EXCEEDED')
    expect(await rawRecords(databaseName)).toEqual({ keys: [held], halfWritten: 0 })

    const before = await tab.counts()
    const refresh = await tab.refresh()
    const quotaErrors = [save, code(refresh)].filter((what) => what === 'STORAGE_QUOTA_EXCEEDED').length
    expect(code(refresh)).toBe('STORAGE_QUOTA_EXCEEDED')
    // The refresh ended the old session on the service and its successor could not be kept: the
    // client drops both rather than sign with a key the service revoked.
    expect((await tab.events()).at(-1)).toBe('signed-out')
    expect(await tab.publicKey()).toBeNull()
    const afterRefresh = await tab.patch(customer.accountId)
    expect(code(afterRefresh)).toBe('NO_SESSION_KEY')
    const after = await tab.counts()
    // Signed requests but the refresh's own (signed by the session it refreshed, still valid then).
    const signedWithMissingKey =
      after.signed - before.signed - (after.signedRefreshes - before.signedRefreshes)
    expect(signedWithMissingKey).toBe(0)
    // The successor the service issued stays valid there until it expires: reported, not kept.
    const orphaned = (await tab.serviceSessions(customer.accountId)).length
    expect(orphaned).toBe(1)
    const raw = await rawRecords(databaseName)
    expect(raw).toEqual({ keys: [], halfWritten: 0 })

    await commands.recordReliability({
      area: 'storage',
      name: 'IndexedDB quota exceeded',
      tried:
        "Chromium's IndexedDB behind a seam (the key store's indexedDB option) whose puts abort their " +
        'transaction with a QuotaExceededError DOMException: full when the store opens, then full ' +
        'under a signed-in client for a direct save and for a session refresh.',
      faults: `quota exceeded: ${full.counts.quotaExceeded + later.counts.quotaExceeded} failed writes`,
      figures: [
        ['failed writes injected', full.counts.quotaExceeded + later.counts.quotaExceeded],
        ['memory fallback with STORAGE_QUOTA_EXCEEDED (at open)', fallback.persistence === 'memory' ? 1 : 0],
        ['STORAGE_QUOTA_EXCEEDED thrown (save, refresh)', quotaErrors],
        ['records left half-written', raw.halfWritten],
        ['signatures made with a missing key', signedWithMissingKey],
        ['refreshed sessions issued that the browser could not keep (reported, left to expire)', orphaned],
      ],
      outcome:
        'Every failed write was reported as STORAGE_QUOTA_EXCEEDED and wrote nothing; the client never signed with a lost key.',
      lost: raw.halfWritten + signedWithMissingKey,
    })
  })

  it('wiped by another document while the page runs: the key is never used again', async () => {
    const databaseName = uniqueDatabaseName()
    const keyStore = createKeyStore({ databaseName })
    const { tab, customer } = await signedInTab(keyStore, databaseName)
    expect((await rawRecords(databaseName)).keys).toHaveLength(1)
    const signedBefore = (await tab.counts()).signed

    // The kit's connection hears versionchange and closes: the deletion is not blocked by it.
    const deletion = await commands.deleteDatabaseElsewhere(databaseName)
    expect(deletion).toBe('deleted')

    // It drops its session as soon as it hears of it, before anything asks for the key.
    await expect.poll(async () => (await tab.events()).at(-1)).toBe('signed-out')
    const refused = await tab.patch(customer.accountId)
    expect(['NO_SESSION_KEY', 'SESSION_EXPIRED']).toContain(code(refused))
    expect(await tab.publicKey()).toBeNull()
    const signedWithMissingKey = (await tab.counts()).signed - signedBefore
    expect(signedWithMissingKey).toBe(0)
    // The store reopened an empty database and goes on working.
    const raw = await rawRecords(databaseName)
    expect(raw).toEqual({ keys: [], halfWritten: 0 })
    expect(await storeSigns(await keyStore)).toBe(true)

    await commands.recordReliability({
      area: 'storage',
      name: 'IndexedDB wiped while the page runs',
      tried:
        'A signed-in client; another document deletes its IndexedDB database (as clearing site data ' +
        'does); the client then tries a signed action.',
      faults: 'wiped: 1 database deletion from another document',
      figures: [
        ['faults injected', 1],
        ['deletions blocked by the kit', deletion === 'blocked' ? 1 : 0],
        ['signed actions refused after the wipe', refused.ok ? 0 : 1],
        ['records left half-written', raw.halfWritten],
        ['signatures made with a missing key', signedWithMissingKey],
      ],
      outcome: 'The kit let the deletion through, dropped its session (signed-out) and refused to stamp.',
      lost: raw.halfWritten + signedWithMissingKey,
    })
  })
})
