import { base64UrlToBytes } from '../crypto/base64UrlToBytes.js'
import { verifyDerSignature } from '../crypto/ecdsa.js'
import { hexToBytes } from '../crypto/hexToBytes.js'
import { utf8 } from '../crypto/utf8.js'
import { WalletAuthError } from '../errors.js'
import { STAMP_SCHEME } from './stamp.js'

import type { StampVerification } from './verifyStamp.js'

/** The work of `verifyStamp`, loaded on first use (see there). */
export async function checkStamp(header: string, payloadToSign: string): Promise<StampVerification> {
  try {
    const stampJson = new TextDecoder('utf-8', { fatal: true }).decode(base64UrlToBytes(header))
    // Checked by hand, not with zod: the stamp entry point stays free of schema code.
    const { publicKey, scheme, signature } = (JSON.parse(stampJson) ?? {}) as Record<string, unknown>
    if (typeof publicKey !== 'string' || scheme !== STAMP_SCHEME || typeof signature !== 'string') {
      throw new TypeError('The stamp needs string publicKey and signature and the known scheme.')
    }
    const valid = await verifyDerSignature({
      publicKey: hexToBytes(publicKey, 33),
      signature: hexToBytes(signature),
      message: utf8(payloadToSign),
    })
    return { valid, publicKey: publicKey.toLowerCase() }
  } catch (cause) {
    // Every parse fault (encoding, JSON, fields, scheme, DER, point) is one code; `cause` says which.
    throw new WalletAuthError('INVALID_STAMP', 'The wallet signature header is malformed.', { cause })
  }
}
