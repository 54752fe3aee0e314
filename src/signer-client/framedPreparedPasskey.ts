/** The signer's answer to `passkey.prepare`: the handle of the sign-in it holds, and how long it is usable. */
export interface PreparedPasskeyAnswer {
  handle: string
  /** How long the challenge stays usable, counted by the signer when it answered. */
  expiresInMs: number
}

/** Options of `framedPreparedPasskey`. */
export interface FramedPreparedPasskeyOptions {
  /** Runs a signer method (the channel's `call`). */
  call: (method: string, args: readonly unknown[]) => Promise<unknown>
  answer: PreparedPasskeyAnswer
  /** The page's clock when it asked the signer to prepare: `expiresAt` counts from it. */
  askedAt: number
}

/**
 * The page's handle on a passkey sign-in the signer prepared, its `expiresAt` on the page's own
 * clock: the page reads it against its `now` (the elements use and renew the challenge by it), and
 * the signer frame's clock need not agree with it (a page that follows a sandbox's moved clock, a
 * signer with another `now`). Counted from before the page asked: never late.
 *
 * @example
 * ```ts
 * const askedAt = now()
 * const answer = (await call('passkey.prepare', [credentialId, options])) as PreparedPasskeyAnswer
 * const prepared = framedPreparedPasskey({ call, answer, askedAt })
 * if (now() < prepared.expiresAt) await prepared.signIn()
 * ```
 */
export function framedPreparedPasskey<Session>({ call, answer, askedAt }: FramedPreparedPasskeyOptions) {
  let used = false
  return {
    expiresAt: askedAt + answer.expiresInMs,
    get used() {
      return used
    },
    signIn: () => {
      used = true
      return call('passkey.runPrepared', [answer.handle]) as Promise<Session>
    },
  }
}
