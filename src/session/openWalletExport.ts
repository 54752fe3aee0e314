import { hexToBytes } from '../crypto/hexToBytes.js'
import { PRODUCTION_EXPORT_SIGNER, verifyEnclaveBundle } from '../crypto/verifyEnclaveBundle.js'
import { WalletAuthError } from '../errors.js'
import { WalletExportData } from '../wire/enclaveBundles.js'
import { parseWire } from '../wire/parseWire.js'

/** Options of `openWalletExport`. */
export interface OpenWalletExportOptions {
  /** Uncompressed hex export signer keys to trust. Default: the production export signer. */
  trustedSigners?: readonly string[]
  /**
   * When given, the envelope's `organizationId` must equal it: the signed-in session's organization
   * (the client passes it), so an export of another organization's wallet is refused.
   */
  organizationId?: string | undefined
  /**
   * Opens an export whose `dataSignature` and `enclaveQuorumPublic` are both empty strings: the
   * shape the service's own sandbox answers by design, where nothing attests the envelope. Only
   * that exact shape is let through; an envelope that carries a signature must still verify
   * against `trustedSigners`. Never set it against production: whoever relays the answer could
   * then seal a phrase of their choosing.
   */
  dangerouslyAcceptUnsignedSandboxExport?: boolean
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/

/**
 * The `data` of the service sandbox's envelope (both attestation fields present and empty strings,
 * the rest as usual), or `undefined` for any other text. Written out rather than as a schema: the
 * signed path parses everything else.
 */
function unsignedSandboxData(encryptedWalletCredentials: unknown): string | undefined {
  if (typeof encryptedWalletCredentials !== 'string') return undefined
  let envelope: unknown
  try {
    envelope = JSON.parse(encryptedWalletCredentials)
  } catch {
    return undefined
  }
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) return undefined
  const { version, data, dataSignature, enclaveQuorumPublic } = envelope as Record<string, unknown>
  const unsigned =
    dataSignature === '' &&
    enclaveQuorumPublic === '' &&
    typeof version === 'string' &&
    typeof data === 'string' &&
    HEX.test(data)
  return unsigned ? data : undefined
}

/**
 * Verifies a wallet export envelope (wire-formats section 10) and opens it with the recipient
 * key sent as `clientPublicKey`; returns the mnemonic. Show it once, never store it.
 *
 * An envelope with empty `dataSignature` and `enclaveQuorumPublic` (the service's sandbox) is
 * refused with `UNSIGNED_EXPORT` unless `dangerouslyAcceptUnsignedSandboxExport` is set.
 *
 * @example
 * ```ts
 * const recipient = await generateRecipientKey()
 * // … POST /internal-accounts/{id}/export with clientPublicKey: recipient.publicKeyUncompressed …
 * const mnemonic = await openWalletExport(body.encryptedWalletCredentials, recipient.keyPair)
 * // Against the service's sandbox only:
 * await openWalletExport(body.encryptedWalletCredentials, recipient.keyPair, {
 *   dangerouslyAcceptUnsignedSandboxExport: true,
 * })
 * ```
 */
export async function openWalletExport(
  encryptedWalletCredentials: string,
  recipient: CryptoKeyPair,
  options: OpenWalletExportOptions = {},
): Promise<string> {
  const {
    trustedSigners = [PRODUCTION_EXPORT_SIGNER],
    organizationId,
    dangerouslyAcceptUnsignedSandboxExport = false,
  } = options
  const unsignedData =
    typeof encryptedWalletCredentials === 'string'
      ? unsignedSandboxData(encryptedWalletCredentials)
      : undefined
  let data: WalletExportData
  if (unsignedData === undefined) {
    data = await verifyEnclaveBundle(encryptedWalletCredentials, {
      trustedSigners,
      dataSchema: WalletExportData,
      code: 'INVALID_WALLET_EXPORT',
    })
  } else if (dangerouslyAcceptUnsignedSandboxExport) {
    let decoded: unknown
    try {
      decoded = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(unsignedData)))
    } catch (cause) {
      throw new WalletAuthError('INVALID_WALLET_EXPORT', 'The export data is not UTF-8 JSON.', { cause })
    }
    data = parseWire(WalletExportData, decoded, 'Export data', 'INVALID_WALLET_EXPORT')
  } else {
    throw new WalletAuthError(
      'UNSIGNED_EXPORT',
      'The export is not signed (the service sandbox answers so); accept it only against the sandbox.',
    )
  }
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
