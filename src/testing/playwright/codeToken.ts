import { WORD_CHARACTERS } from './openEdge.js'

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Whether `text` holds `code` as a token of its own: not inside a longer run of letters and digits
 * (a longer number, a hex or base64 run, where a key or a bundle could hold the same digits by
 * chance), nor one part of a decimal number (`1.482913`, `482913.5`).
 *
 * @example
 * ```ts
 * hasCodeToken('482913', '{"otp":"482913"}') // true
 * hasCodeToken('681700', '{"at":1775681700000}') // false: part of a longer number
 * ```
 */
export function hasCodeToken(code: string, text: string): boolean {
  return tokenPattern(code).test(text)
}

// The last code's pattern: a detector reads many texts for one code in a row.
let last = { code: '', pattern: /$^/ }

function tokenPattern(code: string): RegExp {
  if (last.code !== code) {
    const alone = `(?<![${WORD_CHARACTERS}])(?<!\\d\\.)${escaped(code)}(?![${WORD_CHARACTERS}])(?!\\.\\d)`
    last = { code, pattern: new RegExp(alone) }
  }
  return last.pattern
}
