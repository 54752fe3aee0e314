import { describe, expect, it } from 'vitest'
import { otpContact, sameContact } from '../../src/client/otpContact.js'
import { expectCode } from '../helpers/expectCode.js'

describe('otpContact', () => {
  it('takes an email trimmed, and a phone number in E.164 from what people type', () => {
    expect(otpContact('EMAIL_OTP', '  ada@example.com ')).toBe('ada@example.com')
    expect(otpContact('SMS_OTP', '+1 (415) 555-0123')).toBe('+14155550123')
    expect(otpContact('SMS_OTP', '+33 6.12.34.56.78')).toBe('+33612345678')
  })

  it.each([
    ['EMAIL_OTP', undefined],
    ['EMAIL_OTP', ''],
    ['EMAIL_OTP', 'ada'],
    ['EMAIL_OTP', 'ada @example.com'],
    ['EMAIL_OTP', '+14155550123'],
    ['SMS_OTP', '0612345678'],
    ['SMS_OTP', '+0612345678'],
    ['SMS_OTP', 'ada@example.com'],
    ['SMS_OTP', 42],
  ] as const)('refuses %s contact %j with INVALID_ARGUMENT', async (type, contact) => {
    await expectCode(async () => otpContact(type, contact), 'INVALID_ARGUMENT')
  })

  it('binds an email whatever its case, a phone number exactly, and nothing else', () => {
    expect(sameContact('EMAIL_OTP', 'Ada@Example.com', 'ada@example.com')).toBe(true)
    expect(sameContact('EMAIL_OTP', 'mallory@example.com', 'ada@example.com')).toBe(false)
    expect(sameContact('SMS_OTP', '+14155550123', '+14155550123')).toBe(true)
    expect(sameContact('SMS_OTP', '+14155550666', '+14155550123')).toBe(false)
    expect(sameContact('EMAIL_OTP', undefined, 'ada@example.com')).toBe(false)
  })
})
