/**
 * The digits of a typed, pasted or received one-time code, at most `length` of them: spaces,
 * dashes and any other separators are dropped ("000 000" and "000-000" are "000000").
 *
 * @example
 * ```ts
 * otpDigits('123-456', 6) // '123456'
 * otpDigits('Your code: 12 34 56 78', 6) // '123456'
 * ```
 */
export function otpDigits(text: string, length: number): string {
  return text.replace(/\D/g, '').slice(0, length)
}
