// Every code a person can meet, walked through what the elements say and what the troubleshooting
// guide tells the integrator: a sentence in a person's words (no code, no protocol word, no status
// number), the code kept for support apart from it, and a row in the guide for each.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { demoErrorSentence, demoMessageOverrides } from '../../demo/demoMessages.js'
import { errorSentence } from '../../src/elements/errorSentence.js'
import { defaultMessages } from '../../src/elements/messages.js'
import { KIT_ERROR_CODES, SERVICE_ERROR_CODES, WalletAuthError } from '../../src/errors.js'

const CODES = [...KIT_ERROR_CODES, ...SERVICE_ERROR_CODES]
// Codes no person meets: raised on the backend and never sent to a browser (the relay answers a
// failed challenge store with the service's SERVICE_UNAVAILABLE; the ownership store's failure is
// reported to `onError` only; a webhook is verified, and waited for in tests, on the server).
// They need a row in the guide, not a sentence in the elements.
const SERVER_ONLY = new Set([
  'CHALLENGE_STORE_UNAVAILABLE',
  'OWNERSHIP_STORE_UNAVAILABLE',
  'WEBHOOK_SIGNATURE_INVALID',
  'WEBHOOK_NOT_RECEIVED',
])
const MET_BY_PEOPLE = CODES.filter((code) => !SERVER_ONLY.has(code))
const GUIDE = readFileSync(new URL('../../docs/guides/troubleshooting.md', import.meta.url), 'utf8')

// Words a person should not have to read: wire names, abbreviations of protocols, codes.
const PROTOCOL_WORDS: Array<[string, RegExp]> = [
  ['a code in capitals', /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/],
  [
    'an abbreviation of a protocol',
    /\b(OTP|SMS|HTTP|SCA|OIDC|JWT|API|CONFLICT|UNAUTHORIZED|JSON|WebAuthn)\b/,
  ],
  ['"credential"', /credential/i],
  ['a status number', /\b[1-5]\d\d\b/],
  ['"Code:"', /\bcode:/i],
  ['a key in hex', /\b[0-9a-f]{16,}\b/i],
]

/** What the elements show for `code`, as the service or the kit would raise it. */
function shown(code: string) {
  return errorSentence(
    new WalletAuthError(code, `raw message of ${code}`, { retryAfter: 30 }),
    defaultMessages,
  )
}

describe('every error code', () => {
  it('is listed once in the runtime lists the types derive from', () => {
    expect(CODES.length).toBeGreaterThan(80)
    expect(new Set(CODES).size).toBe(CODES.length)
    for (const code of SERVER_ONLY) expect(CODES).toContain(code)
  })

  it.each(MET_BY_PEOPLE)('%s has a sentence of its own in the elements', (code) => {
    const { sentence, code: kept } = shown(code)
    expect(defaultMessages.errors[code], `no sentence for ${code}`).toBeTypeOf('string')
    expect(sentence).not.toBe(defaultMessages.errors.DEFAULT)
    // The code is kept for support, apart from the sentence.
    expect(kept).toBe(code)
    expect(sentence).not.toContain(code)
    expect(sentence).toMatch(/^[A-Z].{9,}[.!]$/)
  })

  it.each(CODES)('%s is in the troubleshooting guide', (code) => {
    expect(GUIDE.includes(`\`${code}\``), `${code} is not in the guide`).toBe(true)
  })

  // The demo's sentences on top of the elements' follow the same rule.
  it.each([
    ...Object.entries(defaultMessages.errors),
    ...Object.entries(demoMessageOverrides.errors ?? {}).map(([key, sentence]) => [`demo ${key}`, sentence]),
  ])('the sentence for %s says no protocol word', (key, sentence) => {
    for (const [what, pattern] of PROTOCOL_WORDS) {
      expect(sentence, `${key} has ${what}`).not.toMatch(pattern)
    }
  })

  // "Your session ended" only where the session did end: a site that sends no signature header
  // is the site's set-up, and a person who signs in for the first time has no session to end.
  it('says the session ended only for the codes that mean it', () => {
    const ended = CODES.filter((code) => shown(code).sentence === defaultMessages.sessionEnded)
    expect(ended.sort()).toEqual(['SESSION_EXPIRED', 'WALLET_SIGNATURE_INVALID'])
    expect(shown('WALLET_SIGNATURE_MISSING').sentence).toMatch(/site could not sign/)
  })

  // The sandbox's 409 for a number another sign-in method holds: said as such, not as a clash.
  it('says a phone number already used, from the service message of a conflict', () => {
    const taken = new WalletAuthError('CONFLICT', 'Another SMS_OTP credential has this contact already.', {
      status: 409,
    })
    expect(errorSentence(taken, defaultMessages)).toEqual({
      sentence: 'This phone number is already used for another sign-in method. Use another number.',
      code: 'CONFLICT',
    })
    const other = new WalletAuthError('CONFLICT', 'The quote is not pending.', { status: 409 })
    expect(errorSentence(other, defaultMessages).sentence).toBe(defaultMessages.errors.CONFLICT)
  })

  // A code no table knows: the demo says its default sentence, never the service's own message.
  it('says no service message in the demo, for a code it does not know', () => {
    const unknown = new WalletAuthError('SOMETHING_NEW', 'Another SMS_OTP credential did a thing.', {
      status: 409,
    })
    expect(demoErrorSentence(unknown)).toEqual({
      sentence: defaultMessages.errors.DEFAULT,
      code: 'SOMETHING_NEW',
    })
  })

  it('fills the seconds of a back-off in', () => {
    expect(shown('RATE_LIMITED').sentence).toBe('Too many attempts. Try again in 30 seconds.')
  })
})
