import { describe, expect, it } from 'vitest'
import { toE164 } from '../../demo/phoneNumber.js'

describe('toE164 (the demo checks a phone number before the signed contact change)', () => {
  it('keeps the digits of a number typed with spaces, dashes, dots or brackets', () => {
    expect(toE164('+33 6 12 34 56 78')).toBe('+33612345678')
    expect(toE164(' +1 (415) 555-0100 ')).toBe('+14155550100')
    expect(toE164('+44.20.7946.0958')).toBe('+442079460958')
  })

  it('refuses what is not E.164: no +, a leading 0, letters, too short or too long', () => {
    for (const typed of [
      '0612345678',
      '+0612345678',
      '+33 6 12 AB 56',
      '+12345',
      '+1234567890123456',
      '',
      '+',
    ]) {
      expect(toE164(typed), typed).toBeUndefined()
    }
  })
})
