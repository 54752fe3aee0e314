import { verifyDerSignature } from '../crypto/ecdsa.js'
import { hexToBytes } from '../crypto/hexToBytes.js'
import { utf8 } from '../crypto/utf8.js'
import { WalletAuthError } from '../errors.js'
import { parseStamp } from './parseStamp.js'

import type { StampVerification } from './verifyStamp.js'

/** The work of `verifyStamp`, loaded on first use (see there). */
export async function checkStamp(header: string, payloadToSign: string): Promise<StampVerification> {
  try {
    const { publicKey, signature } = parseStamp(header)
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
