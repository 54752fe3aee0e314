import { type KeyObject, verify } from 'node:crypto'
import { derSignatureToRaw } from '../crypto/derSignatureToRaw.js'
import { hexToBytes } from '../crypto/hexToBytes.js'
import { WalletAuthError } from '../errors.js'
import { parseStamp } from '../stamp/parseStamp.js'
import type { StampVerification } from '../stamp/verifyStamp.js'
import { verifyKey } from './verifyKey.js'

/**
 * The sandbox's `verifyStamp`: the same parse and the same outcomes (a malformed stamp throws
 * `INVALID_STAMP`, a well-formed one that does not verify is `valid: false`, high-S accepted), with
 * the signature checked by node:crypto in the request's own turn. WebCrypto would send the key
 * import and the verification to the thread pool, two hops per signed request on a busy core.
 *
 * @example
 * ```ts
 * const { valid, publicKey } = checkWalletStamp(header, pending.payloadToSign)
 * ```
 */
export function checkWalletStamp(header: string, payloadToSign: string): StampVerification {
  let key: KeyObject
  let signature: Uint8Array
  let publicKey: string
  try {
    const fields = parseStamp(header)
    publicKey = fields.publicKey.toLowerCase()
    key = verifyKey(publicKey)
    signature = derSignatureToRaw(hexToBytes(fields.signature))
  } catch (cause) {
    throw new WalletAuthError('INVALID_STAMP', 'The wallet signature header is malformed.', { cause })
  }
  const valid = verify(
    'sha256',
    Buffer.from(payloadToSign, 'utf8'),
    { key, dsaEncoding: 'ieee-p1363' },
    signature,
  )
  return { valid, publicKey }
}
