import { hasCodeSpelledOut } from './codeSpelledOut.js'
import { hasCodeToken } from './codeToken.js'
import { textReadings } from './textReadings.js'

/**
 * How `text` carries `code`, or `undefined` when no reading of it does: the decodings to undo,
 * outermost first (`[]`: as it is), and `'spelled out'` last when the code is in separated groups
 * or an array of digits. The readings are the text, percent-decoded, JSON-unescaped, base64 and
 * base64url runs, hex runs and byte arrays decoded, up to three layers deep; in each the code must
 * stand alone (`hasCodeToken`, `hasCodeSpelledOut`), so that a longer number holding its digits,
 * in whichever encoding, is not the code.
 *
 * @example
 * ```ts
 * findEncodedCode('482913', 'q=eyJvdHAiOiI0ODI5MTMifQ%3D%3D') // ['base64']
 * findEncodedCode('482913', '{"otp":"4 8 2 9 1 3"}') // ['spelled out']
 * findEncodedCode('681700', '{"at":1775681700000}') // undefined
 * ```
 */
export function findEncodedCode(code: string, text: string): string[] | undefined {
  for (const { text: reading, via } of textReadings(text, code.length)) {
    if (hasCodeToken(code, reading)) return via
    if (hasCodeSpelledOut(code, reading)) return [...via, 'spelled out']
  }
  return undefined
}
