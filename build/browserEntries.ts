/**
 * The no-bundler browser files and their sources: the whole kit with its elements for a page that
 * signs in, the page's side of signer mode (its client, over the signer's frame: no cryptography),
 * and the small surfaces a page may want alone (stamping, the signed-retry fetch). Each is built
 * self-contained, so a page loads one file per surface it uses.
 */
export const BROWSER_ENTRIES: Readonly<Record<string, string>> = {
  wallet: 'src/browser/wallet.ts',
  'signer-client': 'src/signer-client/index.ts',
  stamp: 'src/stamp/index.ts',
  fetch: 'src/fetch/index.ts',
  keys: 'src/keys/index.ts',
}
