import { WORD_CHARACTERS } from './openEdge.js'

// Between groups: spaces (a form's `+` too), commas, dots, dashes, and quotes, so that a JSON
// array of digits or of digit strings is one run as well.
const SEPARATOR = `[\\s+,.\\-"']+`
const SEPARATORS = new RegExp(SEPARATOR)
const WORD = new RegExp(`[${WORD_CHARACTERS}]`)
// Groups of digits for a code of digits, of letters and digits for another.
const DIGITS = new RegExp(`[0-9]+(?:${SEPARATOR}[0-9]+)+`, 'g')
const ALPHANUMERICS = new RegExp(`[0-9A-Za-z]+(?:${SEPARATOR}[0-9A-Za-z]+)+`, 'g')
const runPattern = (code: string) => (/^[0-9]+$/.test(code) ? DIGITS : ALPHANUMERICS)

/**
 * Whether `text` spells `code` out in groups of one size with separators between them (spaces,
 * dashes, dots, commas, quotes): `4 8 2 9 1 3`, `482-913`, `48.29.13`, `[4,8,2,9,1,3]`,
 * `["4","8","2","9","1","3"]`. The whole run must be the code: groups within a longer run (`1 482 913`,
 * `[1,4,8,2,9,1,3]`) are another number, and so are groups of different sizes (`4829.13`).
 *
 * @example
 * ```ts
 * hasCodeSpelledOut('482913', '{"otp":[4,8,2,9,1,3]}') // true
 * hasCodeSpelledOut('482913', 'total 1 482 913') // false: a longer number
 * ```
 */
export function hasCodeSpelledOut(code: string, text: string): boolean {
  for (const run of text.matchAll(runPattern(code))) {
    const before = text[run.index - 1] ?? ''
    const after = text[run.index + run[0].length] ?? ''
    if (WORD.test(before) || WORD.test(after)) continue
    const groups = run[0].split(SEPARATORS)
    if (groups.join('') === code && groups.every((part) => part.length === groups[0]?.length)) return true
  }
  return false
}
