const encoder = /* @__PURE__ */ new TextEncoder()

/**
 * UTF-8 bytes of `text`, exactly as given (no normalisation).
 *
 * @example
 * ```ts
 * utf8('é') // Uint8Array [195, 169]
 * ```
 */
export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text)
}
