import { p256 } from '@noble/curves/nist.js'
import { base58CheckEncode } from '../crypto/base58check.js'
import { bytesToHex } from '../crypto/bytesToHex.js'
import { concatBytes } from '../crypto/concatBytes.js'
import { ECDSA_P256, ECDSA_SHA256 } from '../crypto/ecdsaParams.js'
import { hexToBytes } from '../crypto/hexToBytes.js'
import { hpkeSeal } from '../crypto/hpke.js'
import { compressPublicKey } from '../crypto/p256.js'
import { rawSignatureToDer } from '../crypto/rawSignatureToDer.js'
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

async function signedEnvelope(signer: CryptoKeyPair, signerPublic: string, data: unknown): Promise<string> {
  const dataBytes = utf8(JSON.stringify(data))
  const raw = new Uint8Array(await crypto.subtle.sign(ECDSA_SHA256, signer.privateKey, dataBytes))
  return JSON.stringify({
    version: 'v1.0.0',
    data: bytesToHex(dataBytes),
    dataSignature: bytesToHex(rawSignatureToDer(raw)),
    enclaveQuorumPublic: signerPublic,
  })
}

async function signingKey(): Promise<{ keyPair: CryptoKeyPair; publicKey: string }> {
  const keyPair = await crypto.subtle.generateKey(ECDSA_P256, false, ['sign', 'verify'])
  return {
    keyPair,
    publicKey: bytesToHex(new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey))),
  }
}

/**
 * A sandbox enclave with fresh signing keys: real ECDSA signatures and real HPKE, with the kit's
 * own code for every format.
 *
 * @example
 * ```ts
 * const enclave = await createEnclave()
 * await encryptOtp({ otpCode, targetBundle, publicKey, trustedSigners: [enclave.signerPublicKey] })
 * ```
 */
export async function createEnclave(): Promise<Enclave> {
  const otpSigner = await signingKey()
  const exportSigner = await signingKey()
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
    otpTargetBundle: (data) => signedEnvelope(otpSigner.keyPair, otpSigner.publicKey, data),
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
      return signedEnvelope(exportSigner.keyPair, exportSigner.publicKey, data)
    },
  }
}
