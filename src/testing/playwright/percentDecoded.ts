/**
 * `text` with its percent-encoding undone, each `%XX` as one Latin-1 character: a sequence that is
 * no UTF-8 leaves the rest readable. A form's `+` for a space stays: it separates as well as a space.
 *
 * @example
 * ```ts
 * percentDecoded('otp=%34%38%32%39%31%33') // 'otp=482913'
 * ```
 */
export function percentDecoded(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}
