import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import type { StoredSession } from '../keys/createKeyStore.js'
import { passkeyAssertion } from '../passkey/passkeyAssertion.js'
import { passkeyRegistration } from '../passkey/passkeyRegistration.js'
import { AuthMethod } from '../wire/authMethod.js'
import { AuthSession } from '../wire/authSession.js'
import { PasskeyAuthChallenge } from '../wire/passkeyAuthChallenge.js'
import type { ClientContext } from './clientContext.js'

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

/** Passkey sign-in and registration. */
export interface PasskeyMethods {
  signIn(credentialId: string, options: PasskeySignInOptions): Promise<StoredSession>
  /** Registers a passkey (call from the click handler); signed by the current session. */
  add(options: {
    accountId: string
    nickname: string
    optionsJSON: PublicKeyCredentialCreationOptionsJSON
  }): Promise<AuthMethod>
}

/** The `passkey` methods of a client. */
export function createPasskeyMethods(ctx: ClientContext): PasskeyMethods {
  return {
    async signIn(credentialId, options) {
      const path = `/auth/credentials/${encodeURIComponent(credentialId)}`
      const { pendingKey, clientPublicKey } = await ctx.pendingKey()
      const { challenge, requestId } = await ctx.call('POST', `${path}/challenge`, {
        body: { clientPublicKey },
        schema: PasskeyAuthChallenge,
      })
      const assertion = await passkeyAssertion({
        challenge,
        ...(options.rpId ? { rpId: options.rpId } : {}),
        ...(options.timeout ? { timeout: options.timeout } : {}),
        ...(options.allowCredentials
          ? { allowCredentials: options.allowCredentials.map((id) => ({ id })) }
          : {}),
      })
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
    async add({ accountId, nickname, optionsJSON }) {
      const body = await passkeyRegistration({ optionsJSON, nickname })
      return ctx.call('POST', '/auth/credentials', { body: { ...body, accountId }, schema: AuthMethod })
    },
  }
}
