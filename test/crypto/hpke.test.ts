import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core'
import { describe, expect, it } from 'vitest'
import { bytesToHex } from '../../src/crypto/bytesToHex.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
import { hpkeOpen, hpkeSeal } from '../../src/crypto/hpke.js'
import { expectCode } from '../helpers/expectCode.js'
import { importRecipientKeyPair } from '../helpers/importKeys.js'
import encryptedOtp from '../vectors/encrypted-otp.json' with { type: 'json' }
import { openProfile } from '../vectors/independent.js'
import rfc9180 from '../vectors/rfc9180.json' with { type: 'json' }

describe('RFC 9180 Appendix A.3.1 (DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-128-GCM)', () => {
  // The kit's profile differs only in the AEAD (AES-256-GCM), so these check the KEM and KDF of
  // the library the kit relies on; the AEAD and our AAD are covered by the project's vectors.
  const suite = new CipherSuite({
    kem: new DhkemP256HkdfSha256(),
    kdf: new HkdfSha256(),
    aead: new Aes128Gcm(),
  })

  it('derives the sender and recipient keys and reproduces enc and every ciphertext', async () => {
    const recipient = await suite.kem.deriveKeyPair(hexToBytes(rfc9180.ikmR).buffer)
    const ephemeral = await suite.kem.deriveKeyPair(hexToBytes(rfc9180.ikmE).buffer)
    expect(bytesToHex(new Uint8Array(await suite.kem.serializePublicKey(recipient.publicKey)))).toBe(
      rfc9180.pkRm,
    )
    const sender = await suite.createSenderContext({
      recipientPublicKey: recipient.publicKey,
      info: hexToBytes(rfc9180.info),
      ekm: ephemeral,
    })
    expect(bytesToHex(new Uint8Array(sender.enc))).toBe(rfc9180.enc)
    const receiver = await suite.createRecipientContext({
      recipientKey: recipient,
      enc: sender.enc,
      info: hexToBytes(rfc9180.info),
    })
    for (const encryption of rfc9180.encryptions) {
      const ct = await sender.seal(hexToBytes(encryption.pt), hexToBytes(encryption.aad))
      expect(bytesToHex(new Uint8Array(ct))).toBe(encryption.ct)
      const pt = await receiver.open(hexToBytes(encryption.ct), hexToBytes(encryption.aad))
      expect(bytesToHex(new Uint8Array(pt))).toBe(encryption.pt)
    }
  })
})

describe('the kit HPKE profile', () => {
  it.each(encryptedOtp.cases)('opens the independently sealed $name vector', async (vector) => {
    const recipient = await importRecipientKeyPair(vector.targetPrivateKeyHex)
    const plaintext = await hpkeOpen({
      recipient,
      enc: hexToBytes(vector.encappedPublic),
      ciphertext: hexToBytes(vector.ciphertextHex),
    })
    expect(new TextDecoder().decode(plaintext)).toBe(vector.plaintext)
  })

  it('seals what the independent implementation opens', async () => {
    const vector = encryptedOtp.cases[0]
    if (!vector) throw new Error('vector missing')
    const plaintext = new TextEncoder().encode('{"otp_code":"000000"}')
    const { enc, ciphertext } = await hpkeSeal({
      recipientPublicKey: hexToBytes(vector.targetPublic),
      plaintext,
    })
    const opened = openProfile({
      recipientSecretKey: hexToBytes(vector.targetPrivateKeyHex),
      enc,
      ciphertext,
    })
    expect(opened).toEqual(plaintext)
  })

  it('fails on any flipped byte of enc (off the curve) or ciphertext, and on the wrong key', async () => {
    const vector = encryptedOtp.cases[0]
    const other = encryptedOtp.cases[1]
    if (!vector || !other) throw new Error('vectors missing')
    const recipient = await importRecipientKeyPair(vector.targetPrivateKeyHex)
    const enc = hexToBytes(vector.encappedPublic)
    const ciphertext = hexToBytes(vector.ciphertextHex)
    for (let i = 0; i < ciphertext.length; i += 7) {
      const tampered = Uint8Array.from(ciphertext)
      tampered[i] = (tampered[i] ?? 0) ^ 0x01
      await expectCode(() => hpkeOpen({ recipient, enc, ciphertext: tampered }), 'DECRYPTION_FAILED')
    }
    const tamperedEnc = Uint8Array.from(enc)
    tamperedEnc[20] = (tamperedEnc[20] ?? 0) ^ 0x01
    await expectCode(() => hpkeOpen({ recipient, enc: tamperedEnc, ciphertext }), 'INVALID_PUBLIC_KEY')
    const wrongRecipient = await importRecipientKeyPair(other.tekPrivateKeyHex)
    await expectCode(() => hpkeOpen({ recipient: wrongRecipient, enc, ciphertext }), 'DECRYPTION_FAILED')
  })

  it('refuses to seal to something that is not a P-256 point', async () => {
    await expectCode(
      () => hpkeSeal({ recipientPublicKey: new Uint8Array(65).fill(4), plaintext: new Uint8Array(1) }),
      'INVALID_PUBLIC_KEY',
    )
  })
})
