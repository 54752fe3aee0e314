import { WalletAuthError } from '../errors.js'
import { concatBytes } from './concatBytes.js'

const MAX_LENGTH = 1024
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

async function checksum(payload: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const once = await crypto.subtle.digest('SHA-256', payload)
  return new Uint8Array(await crypto.subtle.digest('SHA-256', once)).subarray(0, 4)
}

function invalid(message: string): WalletAuthError {
  return new WalletAuthError('INVALID_BASE58CHECK', message)
}

/**
 * Decodes base58check (Bitcoin alphabet, 4-byte double-SHA-256 checksum) and checks the checksum.
 *
 * @example
 * ```ts
 * const bytes = await base58CheckDecode(authSession.encryptedSessionSigningKey)
 * ```
 */
export async function base58CheckDecode(text: string): Promise<Uint8Array<ArrayBuffer>> {
  // Decoding is quadratic in the length; what the service sends is about 120 characters.
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_LENGTH) {
    throw invalid('Expected a base58 string of at most 1024 characters.')
  }
  let value = 0n
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) throw invalid('Not a base58 character.')
    value = value * 58n + BigInt(digit)
  }
  const body: number[] = []
  while (value > 0n) {
    body.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  let zeros = 0
  while (text[zeros] === '1') zeros++
  const bytes = new Uint8Array([...new Array<number>(zeros).fill(0), ...body])
  if (bytes.length < 4) throw invalid('base58check data is too short.')
  const payload = bytes.slice(0, -4)
  const expected = await checksum(payload)
  if (!expected.every((byte, i) => byte === bytes[payload.length + i])) {
    throw invalid('base58check checksum does not match.')
  }
  return payload
}

/**
 * Encodes bytes as base58check (what the service uses for sealed session keys).
 *
 * @example
 * ```ts
 * const text = await base58CheckEncode(concatBytes(compressedEnc, ciphertext))
 * ```
 */
export async function base58CheckEncode(payload: Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = concatBytes(payload, await checksum(payload))
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  let text = ''
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text
    value /= 58n
  }
  for (let i = 0; i < bytes.length && bytes[i] === 0; i++) text = `1${text}`
  return text
}
