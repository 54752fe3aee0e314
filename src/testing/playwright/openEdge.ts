/**
 * What a reading puts where it cut a text short (a run decoded from inside, a last character that
 * makes no whole byte): neither a character of a code nor a boundary, so a code never counts as
 * standing alone next to something the reading cannot see.
 *
 * @example
 * ```ts
 * hasCodeToken('482913', `${OPEN_EDGE}482913`) // false: what came before those digits is unknown
 * ```
 */
export const OPEN_EDGE = '\uE000'

/**
 * The characters a code cannot stand next to and still be a token of its own (for a RegExp class):
 * letters, digits and `OPEN_EDGE`.
 *
 * @example
 * ```ts
 * new RegExp(`(?<![${WORD_CHARACTERS}])482913(?![${WORD_CHARACTERS}])`).test('otp=482913') // true
 * ```
 */
export const WORD_CHARACTERS = `0-9A-Za-z${OPEN_EDGE}`
