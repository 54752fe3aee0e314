// Where the page's wallet keeps its keys: in the signer frame (the default, the recommended
// deployment), or in this page with `?keys=page`, kept for QA of the page-held mode. The header
// says which, and how to open the other.
import type { DemoConfig } from './demoApi.js'
import { byId, element } from './dom.js'

/** The page's choice: `signerUrl` set when the signer frame holds the keys. */
export interface KeysMode {
  signerUrl?: string
}

/**
 * Reads `?keys=page` (keys in this page) against the signer the backend serves, and writes the
 * header's sentence saying where the keys are and how to switch. Without a signer from the
 * backend, the keys are in the page.
 *
 * @example
 * ```ts
 * const { signerUrl } = keysMode(await demoApi.config())
 * ```
 */
export function keysMode(config: Pick<DemoConfig, 'signerUrl'>): KeysMode {
  const inPage = new URLSearchParams(location.search).get('keys') === 'page' || !config.signerUrl
  const other = new URL(location.href)
  if (inPage) other.searchParams.delete('keys')
  else other.searchParams.set('keys', 'page')
  const link = element('a', { href: other.href }, inPage ? 'use the signer frame' : 'keep them in this page')
  byId('keys-mode').replaceChildren(
    ...(inPage
      ? ['Keys: in this page (', element('code', {}, '?keys=page'), ', for QA). ']
      : [
          `Keys: in the signer frame on ${new URL(config.signerUrl ?? '').origin}, another origin; this page never holds a key, a code or the recovery phrase. `,
        ]),
    ...(config.signerUrl ? ['Open the page again to ', link, '.'] : []),
  )
  return inPage ? {} : { signerUrl: config.signerUrl }
}
