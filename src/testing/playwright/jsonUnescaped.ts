/**
 * `text` with its JSON `\uXXXX` escapes undone.
 *
 * @example
 * ```ts
 * jsonUnescaped('{"otp":"\\u0034\\u0038\\u0032\\u0039\\u0031\\u0033"}') // '{"otp":"482913"}'
 * ```
 */
export function jsonUnescaped(text: string): string {
  return text.replace(/\\u([0-9A-Fa-f]{4})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  )
}
