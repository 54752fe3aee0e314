// Opening a sealed session key (sealed-key sign-in): our openSealedSessionKey next to the peer's
// decryptCredentialBundle, on the same test-vector bundle and recipient key.
import { decryptCredentialBundle } from '@turnkey/crypto'
import { openSealedSessionKey } from '../../src/session/index.ts'
import sealedKeys from '../../test/vectors/sealed-key.json' with { type: 'json' }
import { recipientKeyPair } from './recipientKeyPair.mjs'

function expect(condition, message) {
  if (!condition) throw new Error(`sealed-key bench: ${message}`)
}

/**
 * Ours takes the recipient's WebCrypto key pair (private half non-extractable) and returns a
 * ready-to-sign non-extractable session key; the peer takes the recipient's private key as hex and
 * returns the session's private key as hex. Both results are checked against the vector first.
 */
export async function sealedKeyOps() {
  const [vector] = sealedKeys.cases
  const sealed = vector.encryptedSessionSigningKey
  const recipient = await recipientKeyPair(vector.recipientPrivateKeyHex, vector.recipientPublicUncompressed)
  const ops = {
    openSealedSessionKey: () => openSealedSessionKey(sealed, recipient),
    peerDecryptCredentialBundle: async () => decryptCredentialBundle(sealed, vector.recipientPrivateKeyHex),
  }
  const key = await ops.openSealedSessionKey()
  expect(key.publicKey === vector.sessionPublicCompressed, 'ours opened the wrong key')
  expect(!key.keyPair.privateKey.extractable, 'ours returned an extractable key')
  expect(
    (await ops.peerDecryptCredentialBundle()) === vector.sessionPrivateKeyHex,
    'the peer opened the wrong key',
  )
  return {
    ops,
    checks: { vector: `test/vectors/sealed-key.json "${vector.name}"`, bothOpenTheSessionKey: true },
  }
}
