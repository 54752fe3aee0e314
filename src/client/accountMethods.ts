import * as z from 'zod/mini'
import { isWalletAuthError, WalletAuthError } from '../errors.js'
import type { StoredSession } from '../keys/createKeyStore.js'
import { signalRevokedPasskey } from '../passkey/signalRevokedPasskey.js'
import { generateRecipientKey } from '../session/generateRecipientKey.js'
import { openWalletExport } from '../session/openWalletExport.js'
import { AuthMethod } from '../wire/authMethod.js'
import { AuthSession, ClientKeyAuthSession } from '../wire/authSession.js'
import type { ClientContext } from './clientContext.js'
import type { ConfirmAction } from './confirmAction.js'

const ListOf = <T extends z.ZodMiniType>(item: T) => z.looseObject({ data: z.array(item) })
const ExportResponse = z.looseObject({ id: z.string(), encryptedWalletCredentials: z.string() })

/** Options of `credentials.revoke`. */
export interface CredentialRevokeOptions {
  /**
   * The credential being revoked, as `credentials.list` gave it. For a PASSKEY, its WebAuthn
   * `credentialId` is what the browser is told about; without it, the client uses the last
   * `credentials.list` of this client that named the credential (else no signal is sent).
   */
  method?: AuthMethod
  /** The relying-party id of the passkey (as given to `passkey.signIn`); default `location.hostname`. */
  rpId?: string
  /** Asked instead of the client's `confirm` before the removal is signed. */
  confirm?: ConfirmAction
}

/** Options of `exportWallet`. */
export interface ExportWalletOptions {
  /** Accept the service sandbox's unsigned exports (see `openWalletExport`); never in production. */
  dangerouslyAcceptUnsignedSandboxExport?: boolean
  /** Asked instead of the client's `confirm` before the export is signed. */
  confirm?: ConfirmAction
}

/** Credentials of an account. */
export interface CredentialMethods {
  list(accountId: string): Promise<AuthMethod[]>
  /**
   * Revokes a credential (its AuthMethod `id`); a session of another credential must be current
   * (the spec's rule). After a PASSKEY is revoked, this browser is told (best effort, never fails
   * the revoke: `signalRevokedPasskey`) so its password manager stops offering the passkey.
   */
  revoke(credentialId: string, options?: CredentialRevokeOptions): Promise<void>
}

/** Sessions of this browser and of the account. */
export interface SessionMethods {
  /** The session this browser holds, if any and unexpired. */
  current(): Promise<StoredSession | undefined>
  list(accountId: string): Promise<ClientKeyAuthSession[]>
  /** Replaces the current session by a new one (new key, new id) before it expires. */
  refresh(): Promise<StoredSession>
  /** Revokes a session on the service; revoking this browser's session signs it out here too. */
  revoke(sessionId: string): Promise<void>
}

/** The `credentials` and `sessions` methods, `signOut` and `exportWallet` of a client. */
export function createAccountMethods(ctx: ClientContext) {
  const current = async () => {
    const session = await ctx.state.current()
    if (!session) throw new WalletAuthError('NO_SESSION_KEY', 'Sign in first.')
    return session
  }
  const sessionId = (session: StoredSession) => {
    if (!session.sessionId) {
      throw new WalletAuthError(
        'SESSION_ID_UNKNOWN',
        'The service did not name this session: sign in again instead.',
      )
    }
    return session.sessionId
  }

  // AuthMethod id -> WebAuthn credential id, of the passkeys the last lists named (for revoke).
  const listedPasskeys = new Map<string, string>()
  const credentials: CredentialMethods = {
    async list(accountId) {
      const query = `?accountId=${encodeURIComponent(accountId)}`
      const { data } = await ctx.call('GET', `/auth/credentials${query}`, { schema: ListOf(AuthMethod) })
      for (const method of data) {
        if (method.type === 'PASSKEY' && method.credentialId)
          listedPasskeys.set(method.id, method.credentialId)
      }
      return data
    },
    async revoke(credentialId, options = {}) {
      await ctx.call('DELETE', `/auth/credentials/${encodeURIComponent(credentialId)}`, {
        ...(options.confirm ? { confirm: options.confirm } : {}),
      })
      const { method } = options
      const webAuthnId =
        method?.id === credentialId && method.type === 'PASSKEY'
          ? method.credentialId
          : listedPasskeys.get(credentialId)
      listedPasskeys.delete(credentialId)
      if (webAuthnId) {
        await signalRevokedPasskey({
          credentialId: webAuthnId,
          ...(options.rpId ? { rpId: options.rpId } : {}),
        })
      }
    },
  }

  const sessions: SessionMethods = {
    current: () => ctx.state.current(),
    async list(accountId) {
      const query = `?accountId=${encodeURIComponent(accountId)}`
      return (await ctx.call('GET', `/auth/sessions${query}`, { schema: ListOf(ClientKeyAuthSession) })).data
    },
    async refresh() {
      const start = await current()
      // Tabs refreshing at once take turns: the service keeps only the newest refresh of a session,
      // so a tab that finds another's refresh in the store adopts it instead of refreshing again.
      return ctx.state.refreshLock(async () => {
        const session = await ctx.state.sync()
        if (!session || session.accountId !== start.accountId) {
          throw new WalletAuthError(
            'SESSION_EXPIRED',
            'The session ended (signed out elsewhere): sign in again.',
          )
        }
        if (session.key.publicKey !== start.key.publicKey) return session
        const { pendingKey, clientPublicKey } = await ctx.pendingKey()
        const response = await ctx
          .call('POST', `/auth/sessions/${encodeURIComponent(sessionId(session))}/refresh`, {
            body: { clientPublicKey },
            schema: AuthSession,
          })
          .catch(async (error: unknown) => {
            // 401: the service no longer takes this session (revoked or ended there).
            throw isWalletAuthError(error, 'UNAUTHORIZED') ? await ctx.refusedSession(session, error) : error
          })
        const credential = {
          credentialId: session.credentialId,
          accountId: session.accountId,
          type: session.type,
        }
        const refreshed = await ctx.finishSignIn(response, pendingKey, credential, 'refreshed')
        // Same account, same organization: the new key's payloads are held to the old one's.
        ctx.learnOrganization(refreshed.key.publicKey, ctx.organizationOf(session.key.publicKey))
        return refreshed
      })
    },
    async revoke(id) {
      await ctx.call('DELETE', `/auth/sessions/${encodeURIComponent(id)}`)
      const session = await ctx.state.current()
      if (session?.sessionId === id) await ctx.state.forget()
    },
  }

  return {
    credentials,
    sessions,
    /** Revokes this browser's session on the service, then wipes its key here (even if that failed). */
    async signOut(): Promise<void> {
      const session = await ctx.state.current()
      try {
        if (session?.sessionId)
          await ctx.call('DELETE', `/auth/sessions/${encodeURIComponent(session.sessionId)}`)
      } finally {
        await ctx.state.forget()
      }
    },
    /**
     * Exports the wallet sealed to a fresh key of this browser; returns the mnemonic. Against the
     * service's sandbox, whose exports are unsigned by design, pass
     * `dangerouslyAcceptUnsignedSandboxExport` (see `openWalletExport`); never in production.
     */
    async exportWallet(accountId: string, options: ExportWalletOptions = {}): Promise<string> {
      const recipient = await generateRecipientKey()
      const { encryptedWalletCredentials } = await ctx.call(
        'POST',
        `/internal-accounts/${encodeURIComponent(accountId)}/export`,
        {
          body: { clientPublicKey: recipient.publicKeyUncompressed },
          schema: ExportResponse,
          ...(options.confirm ? { confirm: options.confirm } : {}),
        },
      )
      return openWalletExport(encryptedWalletCredentials, recipient.keyPair, {
        ...(ctx.settings.exportSigners ? { trustedSigners: ctx.settings.exportSigners } : {}),
        dangerouslyAcceptUnsignedSandboxExport: options.dangerouslyAcceptUnsignedSandboxExport === true,
        organizationId: ctx.organizationOf((await ctx.state.current())?.key.publicKey ?? ''),
      })
    },
  }
}
