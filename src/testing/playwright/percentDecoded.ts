/**
 * `text` with its percent-encoding undone, `+` as a space (as in a form), each `%XX` as one
 * Latin-1 character: a sequence that is no UTF-8 leaves the rest readable.
 *
 * @example
 * ```ts
 * percentDecoded('otp=%34%38%32%39%31%33') // 'otp=482913'
 * ```
 */
export function percentDecoded(text: string): string {
  return text
    .replace(/\+/g, ' ')
    .replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}
