import type * as z from 'zod/mini'
import { WalletAuthError } from '../errors.js'
import { withWalletSignature } from '../fetch/withWalletSignature.js'
import type { StoredSession } from '../keys/createKeyStore.js'
import { generateSessionKey, type SessionKey } from '../keys/sessionKey.js'
import { generateRecipientKey, type RecipientKey } from '../session/generateRecipientKey.js'
import { sessionFromAuthSession, type VerifiedCredential } from '../session/sessionFromAuthSession.js'
import { parseWire } from '../wire/parseWire.js'
import type { SessionState } from './sessionState.js'

/** The client's settings with defaults filled in. */
export interface ClientSettings {
  baseUrl: string
  fetch: typeof fetch
  headerName?: string
  trustedSigners?: readonly string[]
  exportSigners?: readonly string[]
  sessionMode: 'client-held' | 'sealed'
  now: () => number
}

/** What every method group of the client shares. */
export interface ClientContext {
  settings: ClientSettings
  state: SessionState
  /** fetch that stamps 202 challenges with the current session key. */
  signedFetch: typeof fetch
  /** A JSON call to `baseUrl + path`, signed when challenged, parsed with `schema` when given. */
  call<T extends z.ZodMiniType>(
    method: string,
    path: string,
    options?: { body?: unknown; schema?: T; headers?: Record<string, string>; fetch?: typeof fetch },
  ): Promise<z.infer<T>>
  /** A fresh key for a sign-in or refresh, in the client's session-key mode. */
  pendingKey(): Promise<{ pendingKey: SessionKey | RecipientKey; clientPublicKey: string }>
  /** Turns a verify or refresh response into the stored current session. */
  finishSignIn(
    response: unknown,
    pendingKey: SessionKey | RecipientKey,
    credential: VerifiedCredential,
    event?: 'signed-in' | 'refreshed',
  ): Promise<StoredSession>
}

/** Builds the shared context of one client. */
export function createClientContext(settings: ClientSettings, state: SessionState): ClientContext {
  const signedFetch = withWalletSignature(settings.fetch, {
    getKey: async () => (await state.current())?.key,
    now: settings.now,
    ...(settings.headerName ? { headerName: settings.headerName } : {}),
  })
  const base = settings.baseUrl.replace(/\/+$/, '')
  return {
    settings,
    state,
    signedFetch,
    async call(method, path, options = {}) {
      const send = options.fetch ?? signedFetch
      const what = `${method} ${path.split('?')[0]}`
      let response: Response
      try {
        response = await send(`${base}${path}`, {
          method,
          headers: {
            ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...options.headers,
          },
          ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        })
      } catch (cause) {
        if (cause instanceof WalletAuthError) throw cause
        throw new WalletAuthError('NETWORK_ERROR', `${what} did not reach the server.`, { cause })
      }
      if (!options.schema) return undefined as never
      let body: unknown
      try {
        body = await response.json()
      } catch (cause) {
        throw new WalletAuthError('INVALID_RESPONSE', `${what} answered ${response.status} without JSON.`, {
          cause,
        })
      }
      return parseWire(options.schema, body, what)
    },
    async pendingKey() {
      if (settings.sessionMode === 'sealed') {
        const recipient = await generateRecipientKey()
        return { pendingKey: recipient, clientPublicKey: recipient.publicKeyUncompressed }
      }
      const key = await generateSessionKey()
      return { pendingKey: key, clientPublicKey: key.publicKey }
    },
    async finishSignIn(response, pendingKey, credential, event = 'signed-in') {
      const { key, metadata } = await sessionFromAuthSession({ response, pendingKey, credential })
      return state.adopt(key, metadata, event)
    },
  }
}
