import { WalletAuthError } from '../errors.js'

// The P-256 group order n and n/2 as big-endian bytes: DER code compares and negates byte by
// byte, without BigInt garbage, because signing runs on every stamp.
export const ORDER_BYTES = /* @__PURE__ */ orderBytes(
  'ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551',
)
export const HALF_ORDER_BYTES = /* @__PURE__ */ orderBytes(
  '7fffffff800000007fffffffffffffffde737d56d38bcf4279dce5617e3192a8',
)

function orderBytes(hex: string): Uint8Array {
  return Uint8Array.from({ length: 32 }, (_, i) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16))
}

/** Sign of a - b for two 32-byte big-endian numbers. */
export function compare32(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < 32; i++) {
    const difference = (a[i] as number) - (b[i] as number)
    if (difference !== 0) return difference
  }
  return 0
}

// One message for every encoding fault: callers branch on the code, and the stamp entry stays small.
export function malformedSignature(): WalletAuthError {
  return new WalletAuthError('INVALID_SIGNATURE_ENCODING', 'Not a valid DER-encoded P-256 signature.')
}
