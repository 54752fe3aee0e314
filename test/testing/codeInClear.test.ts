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

  it('does not take digits inside a longer number (a decimal too), hex or base64 run for the code', () => {
    const bodies = ['{"amount":14829130}', '{"bundle":"ab482913cd"}', '{"key":"Qk482913Zz/+"}']
    for (const body of bodies) expect(codeInClear('482913', sent({ body }))).toEqual([])
    expect(codeInClear('482913', sent({ url: `${URL}?id=x482913` }))).toEqual([])
    // A price with six decimals is a longer number, not the sandbox's code.
    expect(codeInClear('000000', sent({ body: '{"fee":"0.000000"}' }))).toEqual([])
  })

  it('names the encoding it undid to read the code, in a URL, a header and a body', () => {
    const base64 = Buffer.from('{"otp":"482913"}').toString('base64url')
    expect(codeInClear('482913', sent({ url: `${URL}?state=${base64}` }))).toEqual([
      `OTP code 482913 in clear (base64) in the URL ${URL}?state=${base64}`,
    ])
    const basic = Buffer.from('ada:482913').toString('base64')
    expect(codeInClear('482913', sent({ headers: { authorization: `Basic ${basic}` } }))).toEqual([
      `OTP code 482913 in clear (base64) in the authorization header to ${URL}`,
    ])
    expect(codeInClear('482913', sent({ body: '{"otp":"343832393133"}' }))).toEqual([
      `OTP code 482913 in clear (hex) in the body to ${URL}`,
    ])
    expect(codeInClear('482913', sent({ body: '{"otp":[4,8,2,9,1,3]}' }))).toEqual([
      `OTP code 482913 in clear (spelled out) in the body to ${URL}`,
    ])
    expect(
      codeInClear('482913', sent({ body: '{"otp":"\\u0034\\u0038\\u0032\\u0039\\u0031\\u0033"}' })),
    ).toEqual([`OTP code 482913 in clear (JSON-escaped) in the body to ${URL}`])
  })

  it('reads a WebSocket message the page sent, and not a longer number in one', () => {
    const socket = 'ws://localhost:8793/live'
    expect(codeInClear('482913', { webSocket: socket, payload: '{"otp":"482913"}' })).toEqual([
      `OTP code 482913 in clear in a WebSocket message to ${socket}`,
    ])
    expect(codeInClear('482913', { webSocket: socket, payload: 'NDgyOTEz' })).toEqual([
      `OTP code 482913 in clear (base64) in a WebSocket message to ${socket}`,
    ])
    expect(
      codeInClear('482913', { webSocket: socket, payload: '{"at":14829130,"id":"MTQ4MjkxMw"}' }),
    ).toEqual([])
  })

  it('survives a body that is not valid percent-encoding', () => {
    expect(codeInClear('482913', sent({ body: '%E0%A4%A 482913' }))).toHaveLength(1)
  })
})
