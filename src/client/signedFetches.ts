import { type WithWalletSignatureOptions, withWalletSignature } from '../fetch/withWalletSignature.js'
import type { CallOptions, ClientSettings } from './clientContext.js'
import type { CallChecks, PayloadChecks } from './payloadChecks.js'
import type { ServiceClock } from './serviceClock.js'
import type { SigningKeys } from './signingKeys.js'

/** Options of `createSignedFetches`. */
export interface SignedFetchesOptions {
  settings: ClientSettings
  clock: ServiceClock
  checks: PayloadChecks
  keys: SigningKeys
}

/**
 * The fetches a client's calls go through: each stamps 202 challenges with a session key, the
 * payloads it signs held to the client's checks.
 *
 * @example
 * ```ts
 * const fetches = createSignedFetches({ settings, clock, checks, keys })
 * await fetches.fetchFor({ intent }, false)(url, init)
 * ```
 */
export function createSignedFetches({ settings, clock, checks, keys }: SignedFetchesOptions) {
  /** A signed fetch whose payloads are held to `checks`, for one call (or, without any, every call). */
  const signedWith = (own: CallChecks, getKey: WithWalletSignatureOptions['getKey']) =>
    withWalletSignature(settings.fetch, {
      now: clock.now,
      expect: (payloadToSign, leg) => checks.expectRequest(payloadToSign, leg, own),
      ...(settings.headerName ? { headerName: settings.headerName } : {}),
      getKey,
    })
  const signedFetch = signedWith({}, keys.sessionKey)
  // For the calls of a sign-in or refresh themselves: a refusal is theirs to report.
  const changeFetch = signedWith({}, keys.changeKey)

  return {
    /** fetch that stamps 202 challenges with the current session key. */
    signedFetch,
    /**
     * The fetch of one call: its own `fetch`, else the one of a sign-in or refresh (`partOfChange`),
     * else one held to the call's own checks, else `signedFetch`.
     */
    fetchFor(options: CallOptions<unknown>, partOfChange: boolean): typeof fetch {
      const { intent, confirm: ask } = options
      const ownChecks = { ...(intent ? { intent } : {}), ...(ask ? { confirm: ask } : {}) }
      const checked = intent !== undefined || ask !== undefined
      return (
        options.fetch ??
        (partOfChange ? changeFetch : checked ? signedWith(ownChecks, keys.sessionKey) : signedFetch)
      )
    },
  }
}
