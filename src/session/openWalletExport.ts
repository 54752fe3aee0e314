import * as z from 'zod/mini'
import { hexToBytes } from '../crypto/hexToBytes.js'
import { PRODUCTION_EXPORT_SIGNER, verifyEnclaveBundle } from '../crypto/verifyEnclaveBundle.js'
import { WalletAuthError } from '../errors.js'
import { WalletExportData } from '../wire/enclaveBundles.js'
import { parseWire } from '../wire/parseWire.js'
import { Hex } from '../wire/primitives.js'

/** Options of `openWalletExport`. */
export interface OpenWalletExportOptions {
  /** Uncompressed hex export signer keys to trust. Default: the production export signer. */
  trustedSigners?: readonly string[]
  /** When given, the envelope's `organizationId` must equal it. */
  organizationId?: string
  /**
   * Opens an export whose `dataSignature` and `enclaveQuorumPublic` are both empty strings: the
   * shape the service's own sandbox answers by design, where nothing attests the envelope. Only
   * that exact shape is let through; an envelope that carries a signature must still verify
   * against `trustedSigners`. Never set it against production: whoever relays the answer could
   * then seal a phrase of their choosing.
   */
  dangerouslyAcceptUnsignedSandboxExport?: boolean
}

// The service's sandbox envelope: both attestation fields present and empty, nothing else changed.
const UnsignedSandboxEnvelope = z.looseObject({
  version: z.string(),
  data: Hex,
  dataSignature: z.literal(''),
  enclaveQuorumPublic: z.literal(''),
})

function unsignedSandboxData(encryptedWalletCredentials: string) {
  let envelope: unknown
  try {
    envelope = JSON.parse(encryptedWalletCredentials)
  } catch {
    return undefined // not JSON: the signed path reports it
  }
  const parsed = UnsignedSandboxEnvelope.safeParse(envelope)
  return parsed.success ? parsed.data.data : undefined
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
