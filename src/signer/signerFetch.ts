import * as z from 'zod/mini'
import { WalletAuthError } from '../errors.js'

/** A request as the page's `wallet.fetch` sends it over the channel. */
export const FetchRequest = z.strictObject({
  url: z.url(),
  method: z.string().check(z.regex(/^[A-Z]{3,7}$/)),
  headers: z.array(z.tuple([z.string(), z.string()])).check(z.maxLength(50)),
  body: z.optional(z.string().check(z.maxLength(1_000_000))),
})

/** A response as it goes back to the page. */
export interface FetchAnswer {
  status: number
  statusText: string
  headers: [string, string][]
  body: string
}

/**
 * Runs the page's `wallet.fetch` in the signer: to the relay only (`baseUrl` and below), signed
 * when challenged by the signer's own client, with the same checks and confirmation as any call.
 *
 * @example
 * ```ts
 * const answer = await signerFetch(client.fetch, { url, method: 'PATCH', headers: [], body }, config.baseUrl)
 * ```
 */
export async function signerFetch(
  fetch: typeof globalThis.fetch,
  request: unknown,
  baseUrl: string,
): Promise<FetchAnswer> {
  const parsed = FetchRequest.safeParse(request)
  if (!parsed.success) throw new WalletAuthError('SIGNER_REFUSED', 'That request cannot be sent.')
  const { url, method, headers, body } = parsed.data
  const base = new URL(baseUrl)
  const target = new URL(url)
  const prefix = base.pathname.replace(/\/*$/, '/')
  if (target.origin !== base.origin || !`${target.pathname}/`.startsWith(prefix)) {
    throw new WalletAuthError('SIGNER_REFUSED', 'The signer calls only the wallet relay.')
  }
  const response = await fetch(target, { method, headers, ...(body === undefined ? {} : { body }) })
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body: await response.text(),
  }
}
