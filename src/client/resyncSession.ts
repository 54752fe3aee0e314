import { msUntilExpiry } from '../keys/msUntilExpiry.js'
import type { SessionRecord } from './sessionRecord.js'

/**
 * Re-reads the store's newest session (run on the record's queue): another tab may have signed
 * in, refreshed (the key this tab held is gone, a newer one is there) or signed out, and this
 * page's listeners hear it. `announced`: a tab said it signed out.
 *
 * @example
 * ```ts
 * channel.onmessage = () => void record.run(() => resyncSession(record, false))
 * ```
 */
export async function resyncSession(record: SessionRecord, announced: boolean): Promise<void> {
  const previous = record.current
  const newest = (await (await record.store).list())[0]
  record.loading ??= Promise.resolve()
  if (newest?.key.publicKey === previous?.key.publicKey) return
  if (newest) {
    record.hold(newest)
    const sameAccount = previous?.accountId === newest.accountId
    record.emit({ type: sameAccount ? 'refreshed' : 'signed-in', session: newest })
    return
  }
  if (!previous) return
  // Gone within its last moments is the store's expiry margin (or past its end): it has expired.
  if (!announced && msUntilExpiry(previous, record.options.now()) <= record.options.expiringSoonMs)
    return record.clock.expire()
  record.hold(undefined)
  // Only another document changes the store under this one: its sign-out, revocation or wipe.
  record.emit({ type: 'signed-out', origin: 'elsewhere' })
}
