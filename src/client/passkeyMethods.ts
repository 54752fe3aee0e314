import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { WalletAuthError } from '../errors.js'
import type { StoredSession } from '../keys/createKeyStore.js'
import { passkeyAssertion } from '../passkey/passkeyAssertion.js'
import { passkeyRegistration } from '../passkey/passkeyRegistration.js'
import { loadWebAuthn } from '../passkey/webAuthnLibrary.js'
import { AuthMethod } from '../wire/authMethod.js'
import { AuthSession } from '../wire/authSession.js'
import { PasskeyAuthChallenge } from '../wire/passkeyAuthChallenge.js'
import type { ClientContext } from './clientContext.js'
import type { ConfirmAction } from './confirmAction.js'

/** Options of `passkey.signIn`. */
export interface PasskeySignInOptions {
  /** The account the passkey belongs to (the service may not name it in a sealed-key answer). */
  accountId: string
  /** base64url WebAuthn credential ids that may answer (the AuthMethod's `credentialId`). */
  allowCredentials?: string[]
  rpId?: string
  /** Milliseconds. */
  timeout?: number
}

/**
 * A passkey sign-in whose challenge (and pending session key) is already fetched: `signIn()` starts
 * `navigator.credentials.get` at once, with no network request or other `await` first, so calling
 * it synchronously from a click handler keeps the user's gesture (iOS Safari requires one). Single
 * use once its assertion reached the service; prepare another then, or after `expiresAt`.
 */
export interface PreparedPasskeySignIn {
  /** When the service's challenge stops being usable, on the client's clock (its `now`), a little early. */
  expiresAt: number
  /**
   * Whether `signIn()` ran or is running (its assertion went, or is going, to the service). A
   * ceremony that failed in the browser (closed dialog, passkey not here) leaves it unused: the
   * service's challenge was not spent, so the same prepared sign-in may be tried again.
   */
  readonly used: boolean
  /**
   * Runs the ceremony and the verify call. Rejects with `CHALLENGE_EXPIRED` past `expiresAt`,
   * `REQUEST_ID_REUSED` once used (or while running), and the `PASSKEY_*` codes of `passkeyAssertion`.
   */
  signIn(): Promise<StoredSession>
}

/** Passkey sign-in and registration. */
export interface PasskeyMethods {
  /** Prepares then runs a passkey sign-in (prefer `prepare` before the click, see there). */
  signIn(credentialId: string, options: PasskeySignInOptions): Promise<StoredSession>
  /**
   * Fetches the service's challenge and makes the pending session key before the user taps, so
   * that the prepared `signIn()` can be called synchronously from the click handler.
   */
  prepare(credentialId: string, options: PasskeySignInOptions): Promise<PreparedPasskeySignIn>
  /**
   * Registers a passkey (call from the click handler); signed by the current session, `confirm`
   * asked instead of the client's.
   */
  add(options: {
    accountId: string
    nickname: string
    optionsJSON: PublicKeyCredentialCreationOptionsJSON
    confirm?: ConfirmAction
  }): Promise<AuthMethod>
}

// The service's challenges live 5 minutes; a longer life read from a skewed clock is not believed.
const MAX_CHALLENGE_LIFE_MS = 5 * 60_000

/** The `passkey` methods of a client. */
export function createPasskeyMethods(ctx: ClientContext): PasskeyMethods {
  async function prepare(
    credentialId: string,
    options: PasskeySignInOptions,
  ): Promise<PreparedPasskeySignIn> {
    const path = `/auth/credentials/${encodeURIComponent(credentialId)}`
    // Loaded beside the challenge, so that `signIn()` starts the ceremony within the click.
    const library = loadWebAuthn()
    library.catch(() => {}) // a failed load is thrown below, once the challenge is in
    const { pendingKey, clientPublicKey } = await ctx.pendingKey()
    const askedAt = ctx.settings.now()
    const serviceAskedAt = ctx.serviceNow() ?? askedAt
    const { challenge, requestId, expiresAt } = await ctx.call('POST', `${path}/challenge`, {
      body: { clientPublicKey },
      schema: PasskeyAuthChallenge,
    })
    // Measured from before the request on the service's clock (as far as it is known): never late.
    const life = Math.min(Math.max(Date.parse(expiresAt) - serviceAskedAt, 0), MAX_CHALLENGE_LIFE_MS)
    const assertionOptions = {
      challenge,
      ...(options.rpId ? { rpId: options.rpId } : {}),
      ...(options.timeout ? { timeout: options.timeout } : {}),
      ...(options.allowCredentials
        ? { allowCredentials: options.allowCredentials.map((id) => ({ id })) }
        : {}),
    }
    await library
    // ready -> running (ceremony) -> used (assertion sent); a ceremony failing in the browser goes back to ready.
    let stage: 'ready' | 'running' | 'used' = 'ready'
    const prepared: PreparedPasskeySignIn = {
      expiresAt: askedAt + life,
      get used() {
        return stage !== 'ready'
      },
      async signIn() {
        if (stage !== 'ready') {
          throw new WalletAuthError('REQUEST_ID_REUSED', 'This prepared sign-in was used: prepare another.')
        }
        if (ctx.settings.now() >= prepared.expiresAt) {
          throw new WalletAuthError('CHALLENGE_EXPIRED', 'The passkey challenge expired: prepare another.')
        }
        stage = 'running'
        // First statement that can wait: the ceremony itself, still inside the user's gesture.
        let assertion: Awaited<ReturnType<typeof passkeyAssertion>>
        try {
          assertion = await passkeyAssertion(assertionOptions)
        } catch (error) {
          stage = 'ready'
          throw error
        }
        stage = 'used'
        const response = await ctx.call('POST', `${path}/verify`, {
          body: { type: 'PASSKEY', assertion },
          headers: { 'Request-Id': requestId },
          schema: AuthSession,
        })
        return ctx.finishSignIn(response, pendingKey, {
          credentialId,
          accountId: options.accountId,
          type: 'PASSKEY',
        })
      },
    }
    return prepared
  }

  return {
    prepare,
    async signIn(credentialId, options) {
      return (await prepare(credentialId, options)).signIn()
    },
    async add({ accountId, nickname, optionsJSON, confirm }) {
      const body = await passkeyRegistration({ optionsJSON, nickname })
      return ctx.call('POST', '/auth/credentials', {
        body: { ...body, accountId },
        schema: AuthMethod,
        ...(confirm ? { confirm } : {}),
      })
    },
  }
}
