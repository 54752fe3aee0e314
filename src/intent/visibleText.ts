// Control characters, format characters (the bidi overrides and isolates, zero-width joiners and
// spaces, the byte-order mark) and the line and paragraph separators.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu

/**
 * `text` with every control, format (bidi, zero-width) and separator character replaced by a
 * visible `<U+XXXX>`: text from the server shown to the user for a decision must read as it is,
 * not be reordered or hidden by characters a browser would obey.
 *
 * @example
 * ```ts
 * visibleText('ada@example.com\u202Emoc.evil') // 'ada@example.com<U+202E>moc.evil'
 * ```
 */
export function visibleText(text: string): string {
  return text.replace(
    INVISIBLE,
    (char) => `<U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`,
  )
}
