import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core'
import { WalletAuthError } from '../errors.js'
import { bytesToHex } from './bytesToHex.js'
import { concatBytes } from './concatBytes.js'
import { assertUncompressedPoint } from './p256.js'
import { utf8 } from './utf8.js'

/**
 * HPKE `info` of the enclave provider's profile (wire-formats section 3).
 *
 * @example
 * ```ts
 * const info = utf8(HPKE_INFO) // 'turnkey_hpke'
 * ```
 */
export const HPKE_INFO = 'turnkey_hpke'

/** A copy of bytes given as a buffer or a view, as WebCrypto takes them. */
function bufferOf(bytes: ArrayBufferLike | ArrayBufferView): Uint8Array<ArrayBuffer> {
  return ArrayBuffer.isView(bytes)
    ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).slice()
    : new Uint8Array(bytes).slice()
}

/**
 * HKDF-SHA256 that does the constant part of every key schedule of the profile once: the two
 * extracts with an empty salt (the psk_id hash of base mode and the hash of `turnkey_hpke`) and the
 * import of the constant "secret" label that three extract-and-expands derive from. Otherwise each
 * seal or open made two HMAC imports, two HMACs and three key imports more through WebCrypto. The
 * cached values are the ones the same calls would compute.
 */
class ConstantInputHkdf extends HkdfSha256 {
  readonly #extracts = new Map<string, Promise<ArrayBuffer>>()
  #secretLabel: Promise<CryptoKey> | undefined
  #secretLabelHex: string | undefined

  override labeledExtract(
    salt: ArrayBufferLike | ArrayBufferView,
    label: Uint8Array,
    ikm: Uint8Array,
  ): Promise<ArrayBuffer> {
    const name = new TextDecoder().decode(label)
    // The two hashes of public inputs every key schedule starts with; nothing secret is kept.
    if (salt.byteLength !== 0 || (name !== 'psk_id_hash' && name !== 'info_hash') || ikm.byteLength > 64) {
      return super.labeledExtract(salt, label, ikm)
    }
    const id = `${name}:${bytesToHex(ikm)}`
    let extracted = this.#extracts.get(id)
    if (!extracted) {
      if (this.#extracts.size >= 8) return super.labeledExtract(salt, label, ikm)
      extracted = super.labeledExtract(salt, label, ikm)
      this.#extracts.set(id, extracted)
      extracted.catch(() => this.#extracts.delete(id))
    }
    // A copy each time: the caller owns what it gets.
    return extracted.then((bytes) => bytes.slice(0))
  }

  override async extractAndExpand(
    salt: ArrayBufferLike | ArrayBufferView,
    ikm: ArrayBufferLike | ArrayBufferView,
    info: ArrayBufferLike | ArrayBufferView,
    len: number,
  ): Promise<ArrayBuffer> {
    // Base mode's "secret" label (no psk) is the only input key material that comes back.
    this.#secretLabelHex ??= bytesToHex(this.buildLabeledIkm(utf8('secret'), new Uint8Array()))
    const ikmBytes = bufferOf(ikm)
    if (bytesToHex(ikmBytes) !== this.#secretLabelHex) return super.extractAndExpand(salt, ikm, info, len)
    let baseKey = this.#secretLabel
    if (!baseKey) {
      const imported = crypto.subtle.importKey('raw', ikmBytes, 'HKDF', false, ['deriveBits'])
      this.#secretLabel = baseKey = imported
      imported.catch(() => {
        if (this.#secretLabel === imported) this.#secretLabel = undefined
      })
    }
    return crypto.subtle.deriveBits(
      { name: 'HKDF', hash: 'SHA-256', salt: bufferOf(salt), info: bufferOf(info) },
      await baseKey,
      len * 8,
    )
  }
}

let suite: CipherSuite | undefined
// Built on first use, so importing the module has no side effect.
function hpkeSuite(): CipherSuite {
  suite ??= new CipherSuite({
    kem: new DhkemP256HkdfSha256(),
    kdf: new ConstantInputHkdf(),
    aead: new Aes256Gcm(),
  })
  return suite
}

/**
 * Seals `plaintext` to an uncompressed P-256 recipient key with the kit's HPKE profile: base mode,
 * DHKEM(P-256)/HKDF-SHA256/AES-256-GCM, info `turnkey_hpke`, AAD = enc || recipient public key.
 *
 * @example
 * ```ts
 * const { enc, ciphertext } = await hpkeSeal({ recipientPublicKey, plaintext: utf8(json) })
 * ```
 */
export async function hpkeSeal(options: {
  recipientPublicKey: Uint8Array
  plaintext: Uint8Array<ArrayBuffer>
}): Promise<{ enc: Uint8Array<ArrayBuffer>; ciphertext: Uint8Array<ArrayBuffer> }> {
  assertUncompressedPoint(options.recipientPublicKey)
  const cipherSuite = hpkeSuite()
  const recipientPublicKey = await cipherSuite.kem.deserializePublicKey(
    Uint8Array.from(options.recipientPublicKey),
  )
  // The AAD includes enc, which only exists once the sender context is set up.
  const sender = await cipherSuite.createSenderContext({ recipientPublicKey, info: utf8(HPKE_INFO) })
  const enc = new Uint8Array(sender.enc)
  const aad = concatBytes(enc, options.recipientPublicKey)
  const ciphertext = new Uint8Array(await sender.seal(options.plaintext, aad))
  return { enc, ciphertext }
}

/**
 * Opens a kit-profile HPKE ciphertext. `recipient` must be the whole ECDH key pair: with a bare
 * non-extractable private key `@hpke/core` would rebuild the public key itself, wrongly for odd y.
 * An `enc` that is not a P-256 point throws `INVALID_PUBLIC_KEY`; any other failure (wrong key,
 * tampered bytes) throws `DECRYPTION_FAILED`.
 *
 * @example
 * ```ts
 * const plaintext = await hpkeOpen({ recipient: keyPair, enc, ciphertext })
 * ```
 */
export async function hpkeOpen(options: {
  recipient: CryptoKeyPair
  /** The recipient's public key, uncompressed, when the caller has it: else it is exported. */
  recipientPublicKey?: Uint8Array
  enc: Uint8Array
  ciphertext: Uint8Array
}): Promise<Uint8Array<ArrayBuffer>> {
  assertUncompressedPoint(options.enc)
  try {
    const recipientPublic =
      options.recipientPublicKey ??
      new Uint8Array(await crypto.subtle.exportKey('raw', options.recipient.publicKey))
    const plaintext = await hpkeSuite().open(
      { recipientKey: options.recipient, enc: Uint8Array.from(options.enc), info: utf8(HPKE_INFO) },
      Uint8Array.from(options.ciphertext),
      concatBytes(options.enc, recipientPublic),
    )
    return new Uint8Array(plaintext)
  } catch (cause) {
    throw new WalletAuthError('DECRYPTION_FAILED', 'The HPKE ciphertext could not be opened.', {
      cause,
    })
  }
}
