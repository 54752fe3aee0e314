// The end of a session the page cannot read is an end: a stored `expiresAt` that does not parse
// (a corrupted store, a newer kit's format) must never keep the session signing.
import { describe, expect, it } from 'vitest'
import { createExpiryClock } from '../../src/client/expiryClock.js'
import type { StoredSession } from '../../src/keys/createKeyStore.js'

const NOW = Date.parse('2026-01-01T00:00:00Z')

function session(expiresAt: string): StoredSession {
  return {
    key: { publicKey: '02'.padEnd(66, 'a') } as StoredSession['key'],
    accountId: 'InternalAccount:a',
    credentialId: 'AuthMethod:a',
    type: 'EMAIL_OTP',
    expiresAt,
    createdAt: new Date(NOW).toISOString(),
  }
}

function clockWith(expiresAt: string) {
  const expired: StoredSession[] = []
  const clock = createExpiryClock({
    now: () => NOW,
    expiringSoonMs: 60_000,
    onExpiringSoon: () => {},
    onRefreshDue: () => {},
    onExpired: (s) => expired.push(s),
  })
  const watched = session(expiresAt)
  clock.watch(watched)
  return { clock, expired, watched }
}

describe('an unreadable expiresAt', () => {
  it.each(['not a date', '', '2026-13-45T99:99:99Z'])(
    '(%j) reads as expired on check, not alive',
    (expiresAt) => {
      const { clock, expired, watched } = clockWith(expiresAt)
      clock.check()
      expect(expired).toEqual([watched])
      // Once.
      clock.check()
      expect(expired).toHaveLength(1)
    },
  )

  it('reads as expired when the page comes back', () => {
    const { clock, expired, watched } = clockWith('garbage')
    clock.resume()
    expect(expired).toEqual([watched])
  })

  it('leaves a readable end ahead alive (the same check, on a session that has time)', () => {
    const { clock, expired } = clockWith(new Date(NOW + 3_600_000).toISOString())
    clock.check()
    clock.resume()
    expect(expired).toEqual([])
    clock.watch(undefined)
  })
})
