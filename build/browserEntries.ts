/**
 * The no-bundler browser files and their sources: the whole kit with its elements for a page that
 * signs in, and the small surfaces a page may want alone (stamping, the signed-retry fetch). Few
 * entries keep the shared chunks few: each is a request and a preload line on the page.
 */
export const BROWSER_ENTRIES: Readonly<Record<string, string>> = {
  wallet: 'src/browser/wallet.ts',
  stamp: 'src/stamp/index.ts',
  fetch: 'src/fetch/index.ts',
  keys: 'src/keys/index.ts',
}
