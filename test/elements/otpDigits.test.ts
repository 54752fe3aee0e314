// The code normaliser behind the OTP field: a formatted code keeps its digits, up to the length.
import { describe, expect, it } from 'vitest'
import { otpDigits } from '../../src/elements/otpDigits.js'

describe('otpDigits', () => {
  it.each([
    ['000 000', '000000'],
    ['000-000', '000000'],
    [' 12 34 56 ', '123456'],
    ['Your code is 123-456.', '123456'],
    ['1234567', '123456'],
    ['12a', '12'],
    ['', ''],
  ])('%j -> %j', (text, digits) => {
    expect(otpDigits(text, 6)).toBe(digits)
  })

  it('stops at the given length', () => {
    expect(otpDigits('1234 5678 90', 8)).toBe('12345678')
  })
})
