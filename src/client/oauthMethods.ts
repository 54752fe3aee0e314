import { isWalletAuthError, WalletAuthError } from '../errors.js'
import type { StoredSession } from '../keys/createKeyStore.js'
import { checkIdToken } from '../oauth/checkIdToken.js'
import { oidcNonce } from '../oauth/oidcNonce.js'
import { AuthMethod } from '../wire/authMethod.js'
import { AuthSession } from '../wire/authSession.js'
import type { ClientContext } from './clientContext.js'
import type { ConfirmAction } from './confirmAction.js'

const CLOCK_VERDICTS = ['OIDC_TOKEN_STALE', 'OIDC_TOKEN_NOT_YET_VALID', 'OIDC_TOKEN_EXPIRED'] as const

/** An OAuth sign-in made ready before the click: its key and nonce exist, nothing is sent yet. */
export interface PreparedOauthSignIn {
  /** The nonce the provider must put in the ID token (the SHA-256 of this sign-in's public key). */
  readonly nonce: string
  /** True once a token was sent with it: a second `signIn` gives `INVALID_ARGUMENT`. */
  readonly used: boolean
  /** Checks the token (nonce, times), sends it, stores the session. */
  signIn(oidcToken: string): Promise<StoredSession>
}

/** OAuth (OIDC) sign-in and registration. */
export interface OauthMethods {
  /**
   * Makes the sign-in's key and nonce ahead of the click, so that the click handler can open the
   * provider's pop-up at once (browsers block a pop-up opened after other awaited work) with
   * `prepared.nonce`, then hand the token to `prepared.signIn`.
   */
  prepare(credentialId: string, options: { accountId: string }): Promise<PreparedOauthSignIn>
  /**
   * Signs in with an ID token whose `nonce` is the one given to `getIdToken` (the SHA-256 of this
   * sign-in's `clientPublicKey`). The token is checked before it is sent, its times on the
   * service's clock as the last session showed it (before any, the service judges the times).
   */
  signIn(
    credentialId: string,
    options: { accountId: string; getIdToken: (nonce: string) => Promise<string> | string },
  ): Promise<StoredSession>
  /** Adds an OIDC identity to the account; signed by the current session (`confirm` asked instead of the client's). */
  add(options: { accountId: string; oidcToken: string; confirm?: ConfirmAction }): Promise<AuthMethod>
}

/** The `oauth` methods of a client. */
export function createOauthMethods(ctx: ClientContext): OauthMethods {
  const prepare: OauthMethods['prepare'] = async (credentialId, { accountId }) => {
    const { pendingKey, clientPublicKey } = await ctx.pendingKey()
    const nonce = await oidcNonce(clientPublicKey)
    let used = false
    return {
      nonce,
      get used() {
        return used
      },
      async signIn(oidcToken) {
        if (used)
          throw new WalletAuthError(
            'INVALID_ARGUMENT',
            'This prepared sign-in was already used: prepare another.',
          )
        const offset = await ctx.clockOffsetMs()
        try {
          checkIdToken(oidcToken, { nonce, now: () => ctx.settings.now() + (offset ?? 0) })
        } catch (error) {
          // Until a session has shown this client the service's time, a verdict on the device
          // clock alone may be the clock's fault (minutes off): the service judges the token's times.
          if (offset !== undefined || !isWalletAuthError(error, ...CLOCK_VERDICTS)) throw error
        }
        used = true
        const response = await ctx.call(
          'POST',
          `/auth/credentials/${encodeURIComponent(credentialId)}/verify`,
          {
            body: { type: 'OAUTH', oidcToken, clientPublicKey },
            schema: AuthSession,
          },
        )
        return ctx.finishSignIn(response, pendingKey, { credentialId, accountId, type: 'OAUTH' })
      },
    }
  }
  return {
    prepare,
    async signIn(credentialId, { accountId, getIdToken }) {
      const prepared = await prepare(credentialId, { accountId })
      return prepared.signIn(await getIdToken(prepared.nonce))
    },
    add({ accountId, oidcToken, confirm }) {
      return ctx.call('POST', '/auth/credentials', {
        body: { type: 'OAUTH', accountId, oidcToken },
        schema: AuthMethod,
        ...(confirm ? { confirm } : {}),
      })
    },
  }
}
