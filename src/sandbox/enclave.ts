import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { p256 } from '@noble/curves/nist.js'
import { base58CheckEncode } from '../crypto/base58check.js'
import { bytesToHex } from '../crypto/bytesToHex.js'
import { concatBytes } from '../crypto/concatBytes.js'
import { hexToBytes } from '../crypto/hexToBytes.js'
import { hpkeSeal } from '../crypto/hpke.js'
import { compressPublicKey } from '../crypto/p256.js'
import { utf8 } from '../crypto/utf8.js'

/** What the sandbox does where the real service uses its secure enclave. */
export interface Enclave {
  /** Uncompressed hex key that signs OTP target bundles: clients pass it as a trusted signer. */
  readonly signerPublicKey: string
  /** Uncompressed hex key that signs wallet exports. */
  readonly exportSignerPublicKey: string
  /** A fresh HPKE target key pair for one OTP issuance. */
  newTarget(): Promise<{ keyPair: CryptoKeyPair; publicKey: string }>
  /** The signed `otpEncryptionTargetBundle` (wire-formats section 5) for `targetPublic`. */
  otpTargetBundle(data: {
    targetPublic: string
    organizationId: string
    userId: string
    expiresAt: string
  }): Promise<string>
  /** A new session key, its scalar sealed to `clientPublicKey` (wire-formats section 4). */
  sealSessionKey(clientPublicKey: string): Promise<{ encryptedSessionSigningKey: string; publicKey: string }>
  /** The `encryptedWalletCredentials` of a wallet (wire-formats section 10). */
  exportWallet(mnemonic: string, recipientPublicKey: string, organizationId: string): Promise<string>
}

interface SigningKey {
  privateKey: KeyObject
  /** Uncompressed hex. */
  publicKey: string
}

// Signed by node:crypto in the request's own turn: through WebCrypto every /challenge would wait
// for the thread pool once more. The signature is the same DER ECDSA-P256-SHA256.
function signedEnvelope(signer: SigningKey, data: unknown): string {
  const dataBytes = utf8(JSON.stringify(data))
  const signature = sign('sha256', dataBytes, { key: signer.privateKey, dsaEncoding: 'der' })
  return JSON.stringify({
    version: 'v1.0.0',
    data: bytesToHex(dataBytes),
    dataSignature: signature.toString('hex'),
    enclaveQuorumPublic: signer.publicKey,
  })
}

function signingKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const { x = '', y = '' } = publicKey.export({ format: 'jwk' })
  return {
    privateKey,
    publicKey: `04${Buffer.from(x, 'base64url').toString('hex')}${Buffer.from(y, 'base64url').toString('hex')}`,
  }
}

/**
 * A sandbox enclave with fresh signing keys: real ECDSA signatures (node:crypto) and real HPKE,
 * with the kit's own code for every format.
 *
 * @example
 * ```ts
 * const enclave = await createEnclave()
 * await encryptOtp({ otpCode, targetBundle, publicKey, trustedSigners: [enclave.signerPublicKey] })
 * ```
 */
export async function createEnclave(): Promise<Enclave> {
  const otpSigner = signingKey()
  const exportSigner = signingKey()
  return {
    signerPublicKey: otpSigner.publicKey,
    exportSignerPublicKey: exportSigner.publicKey,
    async newTarget() {
      const keyPair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, [
        'deriveBits',
      ])
      return {
        keyPair,
        publicKey: bytesToHex(new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey))),
      }
    },
    otpTargetBundle: async (data) => signedEnvelope(otpSigner, data),
    async sealSessionKey(clientPublicKey) {
      const scalar = p256.utils.randomSecretKey()
      const { enc, ciphertext } = await hpkeSeal({
        recipientPublicKey: hexToBytes(clientPublicKey),
        plaintext: Uint8Array.from(scalar),
      })
      const encryptedSessionSigningKey = await base58CheckEncode(
        concatBytes(compressPublicKey(enc), ciphertext),
      )
      const publicKey = bytesToHex(p256.getPublicKey(scalar, true))
      scalar.fill(0)
      return { encryptedSessionSigningKey, publicKey }
    },
    async exportWallet(mnemonic, recipientPublicKey, organizationId) {
      const { enc, ciphertext } = await hpkeSeal({
        recipientPublicKey: hexToBytes(recipientPublicKey),
        plaintext: utf8(mnemonic),
      })
      const data = { encappedPublic: bytesToHex(enc), ciphertext: bytesToHex(ciphertext), organizationId }
      return signedEnvelope(exportSigner, data)
    },
  }
}
