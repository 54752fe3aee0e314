// The guard's OTP check on one request: where a code shows in clear, and what is not the code.
import { describe, expect, it } from 'vitest'
import { codeInClear } from '../../src/testing/playwright/codeInClear.js'

const URL = 'http://localhost:8793/api/wallet/auth/credentials/AuthMethod:1/verify'
const sent = (overrides: { url?: string; headers?: Record<string, string>; body?: string | null }) => ({
  url: URL,
  headers: {},
  body: null,
  ...overrides,
})

describe('codeInClear', () => {
  it('finds the code in the URL, a header and the body, percent-encoded or not', () => {
    expect(codeInClear('482913', sent({ url: `${URL}?otp=482913` }))).toEqual([
      `OTP code 482913 in clear in the URL ${URL}?otp=482913`,
    ])
    expect(codeInClear('482913', sent({ headers: { 'x-otp': '482913' } }))).toEqual([
      `OTP code 482913 in clear in the x-otp header to ${URL}`,
    ])
    expect(codeInClear('482913', sent({ body: '{"otp":"482913"}' }))).toHaveLength(1)
    expect(codeInClear('482913', sent({ body: 'q=%7B%22otp%22%3A%22482913%22%7D' }))).toHaveLength(1)
    expect(codeInClear('A1B2', sent({ body: 'code=A1B2&next=1' }))).toHaveLength(1)
  })

  it('does not take digits inside a longer number, hex or base64 run for the code', () => {
    const bodies = ['{"amount":14829130}', '{"bundle":"ab482913cd"}', '{"key":"Qk482913Zz/+"}']
    for (const body of bodies) expect(codeInClear('482913', sent({ body }))).toEqual([])
    expect(codeInClear('482913', sent({ url: `${URL}?id=x482913` }))).toEqual([])
  })

  it('survives a body that is not valid percent-encoding', () => {
    expect(codeInClear('482913', sent({ body: '%E0%A4%A 482913' }))).toHaveLength(1)
  })
})
