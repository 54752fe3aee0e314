import { findEncodedCode } from './findEncodedCode.js'
import type { SentFrame } from './sentFrame.js'
import type { SentRequest } from './sentRequest.js'

// "in clear", and how, when it took undoing an encoding to read the code.
function found(code: string, text: string): string | undefined {
  const via = findEncodedCode(code, text)
  if (via === undefined) return undefined
  return `OTP code ${code} in clear${via.length > 0 ? ` (${via.join(', ')})` : ''}`
}

function inRequest(code: string, sent: SentRequest): string[] {
  const places: string[] = []
  const inUrl = found(code, sent.url)
  if (inUrl) places.push(`${inUrl} in the URL ${sent.url}`)
  for (const [name, value] of Object.entries(sent.headers)) {
    const inHeader = found(code, value)
    if (inHeader) places.push(`${inHeader} in the ${name} header to ${sent.url}`)
  }
  const inBody = sent.body === null ? undefined : found(code, sent.body)
  if (inBody) places.push(`${inBody} in the body to ${sent.url}`)
  return places
}

/**
 * Where `sent` (a request, or a WebSocket message the page sent) carries `code` readably, as
 * sentences; empty when nowhere. Read in a request's URL, each of its headers and its body, and in
 * a WebSocket message; as it is or in any encoding `findEncodedCode` undoes (named in the
 * sentence), never inside a longer number.
 *
 * @example
 * ```ts
 * codeInClear('482913', { url: 'https://app.example/verify?otp=482913', headers: {}, body: null })
 * // ['OTP code 482913 in clear in the URL https://app.example/verify?otp=482913']
 * codeInClear('482913', { webSocket: 'wss://app.example/live', payload: '{"otp":"NDgyOTEz"}' })
 * // ['OTP code 482913 in clear (base64) in a WebSocket message to wss://app.example/live']
 * ```
 */
export function codeInClear(code: string, sent: SentRequest | SentFrame): string[] {
  if (!('webSocket' in sent)) return inRequest(code, sent)
  const inFrame = found(code, sent.payload)
  return inFrame ? [`${inFrame} in a WebSocket message to ${sent.webSocket}`] : []
}
