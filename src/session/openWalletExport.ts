import { hexToBytes } from '../crypto/hexToBytes.js'
import { PRODUCTION_EXPORT_SIGNER, verifyEnclaveBundle } from '../crypto/verifyEnclaveBundle.js'
import { WalletAuthError } from '../errors.js'
import { WalletExportData } from '../wire/enclaveBundles.js'

/** Options of `openWalletExport`. */
export interface OpenWalletExportOptions {
  /** Uncompressed hex export signer keys to trust. Default: the production export signer. */
  trustedSigners?: readonly string[]
  /** When given, the envelope's `organizationId` must equal it. */
  organizationId?: string
}

/**
 * Verifies a wallet export envelope (wire-formats section 10) and opens it with the recipient
 * key sent as `clientPublicKey`; returns the mnemonic. Show it once, never store it.
 *
 * @example
 * ```ts
 * const recipient = await generateRecipientKey()
 * // … POST /internal-accounts/{id}/export with clientPublicKey: recipient.publicKeyUncompressed …
 * const mnemonic = await openWalletExport(body.encryptedWalletCredentials, recipient.keyPair)
 * ```
 */
export async function openWalletExport(
  encryptedWalletCredentials: string,
  recipient: CryptoKeyPair,
  options: OpenWalletExportOptions = {},
): Promise<string> {
  const { trustedSigners = [PRODUCTION_EXPORT_SIGNER], organizationId } = options
  const data = await verifyEnclaveBundle(encryptedWalletCredentials, {
    trustedSigners,
    dataSchema: WalletExportData,
    code: 'INVALID_WALLET_EXPORT',
  })
  if (organizationId !== undefined && data.organizationId !== organizationId) {
    throw new WalletAuthError('ORGANIZATION_MISMATCH', 'The export belongs to another organization.')
  }
  const { hpkeOpen } = await import('../crypto/hpke.js') // on first use: exports are rare
  const plaintext = await hpkeOpen({
    recipient,
    enc: hexToBytes(data.encappedPublic),
    ciphertext: hexToBytes(data.ciphertext),
  })
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plaintext)
  } catch (cause) {
    throw new WalletAuthError('DECRYPTION_FAILED', 'The exported wallet is not text.', { cause })
  } finally {
    plaintext.fill(0)
  }
}
