import { p256 } from '@noble/curves/nist.js'
import { describe, expect, it } from 'vitest'
import { bytesToHex } from '../../src/crypto/bytesToHex.js'
import { hexToBytes } from '../../src/crypto/hexToBytes.js'
import { hpkeOpen, hpkeSeal } from '../../src/crypto/hpke.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { generateRecipientKey } from '../../src/session/generateRecipientKey.js'
import { openSealedSessionKey } from '../../src/session/openSealedSessionKey.js'
import { openWalletExport } from '../../src/session/openWalletExport.js'
import { sessionFromAuthSession } from '../../src/session/sessionFromAuthSession.js'
import { stamp } from '../../src/stamp/stamp.js'
import { verifyStamp } from '../../src/stamp/verifyStamp.js'
import { expectCode } from '../helpers/expectCode.js'
import { importRecipientKeyPair } from '../helpers/importKeys.js'
import { base58checkEncode, compressed, concatBytes, sealProfile } from '../vectors/independent.js'
import sealedKeys from '../vectors/sealed-key.json' with { type: 'json' }
import walletExports from '../vectors/wallet-export.json' with { type: 'json' }

/** Seals `scalar` to `recipientPublic` the way the service does, with the independent code. */
function sealForRecipient(scalar: Uint8Array, recipientPublicHex: string): string {
  const { enc, ciphertext } = sealProfile({
    recipientPublicKey: hexToBytes(recipientPublicHex),
    ephemeralSecretKey: p256.utils.randomSecretKey(),
    plaintext: scalar,
  })
  return base58checkEncode(concatBytes(compressed(enc), ciphertext))
}

describe('openSealedSessionKey', () => {
  it.each(sealedKeys.cases)(
    'opens $name into a non-extractable key that signs as the session key',
    async (vector) => {
      const recipient = await importRecipientKeyPair(vector.recipientPrivateKeyHex)
      const key = await openSealedSessionKey(vector.encryptedSessionSigningKey, recipient)
      expect(key.publicKey).toBe(vector.sessionPublicCompressed)
      expect(key.publicKeyUncompressed).toBe(vector.sessionPublicUncompressed)
      expect(key.keyPair.privateKey.extractable).toBe(false)
      await expect(crypto.subtle.exportKey('pkcs8', key.keyPair.privateKey)).rejects.toThrow()
      const header = await stamp('payload', key)
      expect(await verifyStamp(header, 'payload')).toEqual({
        valid: true,
        publicKey: vector.sessionPublicCompressed,
      })
    },
  )

  it('opens with a fresh non-extractable recipient key, whatever the parity of its y', async () => {
    // @hpke/core given a bare non-extractable private key rebuilds the wrong public key for odd
    // y, so about half of these would fail if the kit passed the private key alone.
    for (let i = 0; i < 16; i++) {
      const recipient = await generateRecipientKey()
      const scalar = p256.utils.randomSecretKey()
      const key = await openSealedSessionKey(
        sealForRecipient(scalar, recipient.publicKeyUncompressed),
        recipient.keyPair,
      )
      expect(key.publicKey).toBe(bytesToHex(p256.getPublicKey(scalar, true)))
    }
  })

  it('fails with typed errors on a bad checksum, the wrong recipient, or a scalar out of range', async () => {
    const vector = sealedKeys.cases[0]
    if (!vector) throw new Error('vector missing')
    const recipient = await importRecipientKeyPair(vector.recipientPrivateKeyHex)
    await expectCode(
      () => openSealedSessionKey(vector.encryptedSessionSigningKeyBadChecksum, recipient),
      'INVALID_BASE58CHECK',
    )
    await expectCode(() => openSealedSessionKey('1111', recipient), 'INVALID_BASE58CHECK')
    const stranger = await generateRecipientKey()
    await expectCode(
      () => openSealedSessionKey(vector.encryptedSessionSigningKey, stranger.keyPair),
      'DECRYPTION_FAILED',
    )
    const order = hexToBytes('ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551')
    const own = await generateRecipientKey()
    for (const scalar of [new Uint8Array(32), order, new Uint8Array(31).fill(1)]) {
      await expectCode(
        () => openSealedSessionKey(sealForRecipient(scalar, own.publicKeyUncompressed), own.keyPair),
        'DECRYPTION_FAILED',
      )
    }
  })

  it('detects any flipped byte of the sealed key', async () => {
    const vector = sealedKeys.cases[0]
    if (!vector) throw new Error('vector missing')
    const recipient = await importRecipientKeyPair(vector.recipientPrivateKeyHex)
    const sealed = hexToBytes(vector.encappedPublicCompressed + vector.ciphertextHex)
    for (let i = 0; i < sealed.length; i += 5) {
      const tampered = Uint8Array.from(sealed)
      tampered[i] = (tampered[i] ?? 0) ^ 0x04
      const error = await openSealedSessionKey(base58checkEncode(tampered), recipient).catch(
        (e: unknown) => e,
      )
      expect(['DECRYPTION_FAILED', 'INVALID_PUBLIC_KEY']).toContain((error as { code?: string }).code)
    }
  })
})

describe('openWalletExport', () => {
  it.each(walletExports.cases)('verifies and opens the $name export', async (vector) => {
    const recipient = await importRecipientKeyPair(vector.recipientPrivateKeyHex)
    const mnemonic = await openWalletExport(vector.encryptedWalletCredentials, recipient, {
      trustedSigners: [vector.enclaveQuorumPublic],
      organizationId: vector.organizationId,
    })
    expect(mnemonic).toBe(vector.mnemonic)
  })

  it('trusts only the production export signer by default and checks the organization', async () => {
    const vector = walletExports.cases[0]
    if (!vector) throw new Error('vector missing')
    const recipient = await importRecipientKeyPair(vector.recipientPrivateKeyHex)
    await expectCode(() => openWalletExport(vector.encryptedWalletCredentials, recipient), 'UNTRUSTED_SIGNER')
    await expectCode(
      () =>
        openWalletExport(vector.encryptedWalletCredentials, recipient, {
          trustedSigners: [vector.enclaveQuorumPublic],
          organizationId: 'another-organization',
        }),
      'ORGANIZATION_MISMATCH',
    )
    const stranger = await generateRecipientKey()
    await expectCode(
      () =>
        openWalletExport(vector.encryptedWalletCredentials, stranger.keyPair, {
          trustedSigners: [vector.enclaveQuorumPublic],
        }),
      'DECRYPTION_FAILED',
    )
  })

  describe('the unsigned sandbox export', () => {
    const vector = walletExports.cases[0]
    if (!vector) throw new Error('vector missing')
    const envelope = JSON.parse(vector.encryptedWalletCredentials) as Record<string, string>
    const withFields = (fields: Record<string, unknown>) => JSON.stringify({ ...envelope, ...fields })
    const unsigned = withFields({ dataSignature: '', enclaveQuorumPublic: '' })
    const optIn = { dangerouslyAcceptUnsignedSandboxExport: true } as const

    it('opens the documented shape (both attestation fields empty) only with the opt-in', async () => {
      const recipient = await importRecipientKeyPair(vector.recipientPrivateKeyHex)
      await expectCode(() => openWalletExport(unsigned, recipient), 'UNSIGNED_EXPORT')
      await expectCode(
        () => openWalletExport(unsigned, recipient, { trustedSigners: [vector.enclaveQuorumPublic] }),
        'UNSIGNED_EXPORT',
      )
      expect(await openWalletExport(unsigned, recipient, optIn)).toBe(vector.mnemonic)
      await expectCode(
        () => openWalletExport(unsigned, recipient, { ...optIn, organizationId: 'another-organization' }),
        'ORGANIZATION_MISMATCH',
      )
    })

    it('refuses, even with the opt-in, a signature that fails and any other shape', async () => {
      const recipient = await importRecipientKeyPair(vector.recipientPrivateKeyHex)
      const options = { ...optIn, trustedSigners: [vector.enclaveQuorumPublic] }
      const otherData = withFields({ data: `${envelope.data}20` }) // one more byte, signature unchanged
      await expectCode(() => openWalletExport(otherData, recipient, options), 'BUNDLE_SIGNATURE_INVALID')
      await expectCode(() => openWalletExport(otherData, recipient, optIn), 'UNTRUSTED_SIGNER')
      const refusals: Array<[Record<string, unknown>, string]> = [
        [{ dataSignature: '' }, 'INVALID_WALLET_EXPORT'],
        [{ enclaveQuorumPublic: '' }, 'INVALID_WALLET_EXPORT'],
        [{ dataSignature: '', enclaveQuorumPublic: undefined }, 'INVALID_WALLET_EXPORT'],
        [{ dataSignature: null, enclaveQuorumPublic: '' }, 'INVALID_WALLET_EXPORT'],
        [{ dataSignature: ' ', enclaveQuorumPublic: '' }, 'INVALID_WALLET_EXPORT'],
        [{ dataSignature: '', enclaveQuorumPublic: '', data: '' }, 'INVALID_WALLET_EXPORT'],
        [{ dataSignature: '', enclaveQuorumPublic: '', data: '7b' }, 'INVALID_WALLET_EXPORT'],
      ]
      for (const [fields, code] of refusals) {
        await expectCode(() => openWalletExport(withFields(fields), recipient, options), code)
      }
    })
  })
})

describe('sessionFromAuthSession', () => {
  const credential = {
    credentialId: 'AuthMethod:5f3a3c1e-1111-4222-8333-944455556666',
    accountId: 'InternalAccount:0a1b2c3d-1111-4222-8333-944455556666',
    type: 'EMAIL_OTP' as const,
  }

  it('keeps the TEK as the session key for an OTP AuthSession', async () => {
    const tek = await generateSessionKey()
    const response = {
      id: 'Session:9d2f6a2e-1111-4222-8333-944455556666',
      accountId: credential.accountId,
      type: 'EMAIL_OTP',
      nickname: 'ada@example.com',
      createdAt: '2026-11-21T10:00:00Z',
      updatedAt: '2026-11-21T10:00:00Z',
      expiresAt: '2026-11-21T10:15:00Z',
    }
    const { key, metadata } = await sessionFromAuthSession({ response, pendingKey: tek, credential })
    expect(key).toBe(tek)
    expect(metadata).toEqual({ ...credential, sessionId: response.id, expiresAt: response.expiresAt })
  })

  it('opens the sealed key for a PASSKEY or OAUTH AuthSession', async () => {
    const recipient = await generateRecipientKey()
    const scalar = p256.utils.randomSecretKey()
    const response = {
      encryptedSessionSigningKey: sealForRecipient(scalar, recipient.publicKeyUncompressed),
      expiresAt: '2026-11-21T10:15:00Z',
    }
    const oauth = { ...credential, type: 'OAUTH' as const }
    const { key, metadata } = await sessionFromAuthSession({
      response,
      pendingKey: recipient,
      credential: oauth,
    })
    expect(key.publicKey).toBe(bytesToHex(p256.getPublicKey(scalar, true)))
    expect(metadata).toEqual({ ...oauth, expiresAt: response.expiresAt })
  })

  it('refuses a response that does not match the key mode, or is not an AuthSession', async () => {
    const tek = await generateSessionKey()
    const recipient = await generateRecipientKey()
    await expectCode(
      () =>
        sessionFromAuthSession({
          response: { encryptedSessionSigningKey: 'x', expiresAt: '2026-11-21T10:15:00Z' },
          pendingKey: tek,
          credential,
        }),
      'INVALID_RESPONSE',
    )
    const otpSession = {
      id: 'Session:1',
      accountId: 'a',
      type: 'EMAIL_OTP',
      expiresAt: '2026-11-21T10:15:00Z',
    }
    await expectCode(
      () => sessionFromAuthSession({ response: otpSession, pendingKey: recipient, credential }),
      'INVALID_RESPONSE',
    )
    await expectCode(
      () => sessionFromAuthSession({ response: { expiresAt: 'later' }, pendingKey: tek, credential }),
      'INVALID_RESPONSE',
    )
    await expectCode(
      () => sessionFromAuthSession({ response: null, pendingKey: tek, credential }),
      'INVALID_RESPONSE',
    )
  })
})

describe('generateRecipientKey', () => {
  it('makes a non-extractable ECDH key whose public key HPKE can seal to', async () => {
    const recipient = await generateRecipientKey()
    expect(recipient.publicKeyUncompressed).toMatch(/^04[0-9a-f]{128}$/)
    expect(recipient.keyPair.privateKey.extractable).toBe(false)
    const plaintext = new TextEncoder().encode('hello')
    const sealed = await hpkeSeal({
      recipientPublicKey: hexToBytes(recipient.publicKeyUncompressed),
      plaintext,
    })
    expect(await hpkeOpen({ recipient: recipient.keyPair, ...sealed })).toEqual(plaintext)
  })
})
