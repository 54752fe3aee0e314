import { generateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'

/**
 * A new wallet secret: a valid 12-word BIP-39 mnemonic (English list, 128 bits of entropy and its
 * checksum), as the service's export hands out, so a page that checks or derives from it works.
 *
 * @example
 * ```ts
 * newMnemonic().split(' ').length // 12
 * ```
 */
export function newMnemonic(): string {
  return generateMnemonic(wordlist, 128)
}
