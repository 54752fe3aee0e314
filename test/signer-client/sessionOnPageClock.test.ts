// Sessions from the signer read on the page's clock: the signer measured `clockOffsetMs` against
// its own clock, the page counts a session down on its own (in the demo, one that follows the
// sandbox's moved clock). Read unconverted, a session 15 minutes long showed 3 minutes left once the
// sandbox clock had moved 12.
import { describe, expect, it } from 'vitest'
import { msUntilExpiry } from '../../src/keys/msUntilExpiry.js'
import { sessionOnPageClock } from '../../src/signer-client/sessionOnPageClock.js'

const MOVED_MS = 12 * 60_000
const signerNow = Date.parse('2026-11-27T10:00:00Z')
const pageNow = signerNow + MOVED_MS // the page follows the sandbox, 12 minutes ahead
const session = {
  sessionId: 'Session:1',
  // The service's time is the page's: the signer saw its own clock 12 minutes behind the service's.
  expiresAt: new Date(pageNow + 15 * 60_000).toISOString(),
  clockOffsetMs: MOVED_MS,
  key: { publicKey: '02ab', publicKeyUncompressed: '04ab' },
}

describe('sessionOnPageClock', () => {
  it("gives a session's end the same time left on the page's clock as on the signer's", () => {
    expect(msUntilExpiry(session, signerNow)).toBe(15 * 60_000)
    const onPage = sessionOnPageClock(session, signerNow - pageNow) as typeof session
    expect(msUntilExpiry(onPage, pageNow)).toBe(15 * 60_000)
    expect(onPage).toEqual({ ...session, clockOffsetMs: 0 })
  })

  it('converts the session an event carries, and a session the signer knew no offset for', () => {
    const { clockOffsetMs: _, ...unmeasured } = session
    const event = { type: 'refreshed', session: unmeasured }
    const heard = sessionOnPageClock(event, -MOVED_MS) as typeof event & { session: typeof session }
    expect(heard.type).toBe('refreshed')
    expect(heard.session.clockOffsetMs).toBe(-MOVED_MS)
    expect(msUntilExpiry(heard.session, pageNow)).toBe(msUntilExpiry(unmeasured, signerNow))
  })

  it('leaves anything but a session as it came, and everything when the signer sent no time', () => {
    const methods = [{ id: 'EmailOtp:1', expiresAt: '2026-11-27T10:05:00Z' }]
    expect(sessionOnPageClock(methods, -MOVED_MS)).toBe(methods)
    expect(sessionOnPageClock(undefined, -MOVED_MS)).toBeUndefined()
    const quote = { id: 'Quote:1', expiresAt: '2026-11-27T10:05:00Z' }
    expect(sessionOnPageClock(quote, -MOVED_MS)).toBe(quote)
    expect(sessionOnPageClock(session, Number.NaN)).toBe(session)
  })
})
