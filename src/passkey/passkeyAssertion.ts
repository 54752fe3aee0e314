import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
} from '@simplewebauthn/browser'
import { bytesToBase64Url } from '../crypto/bytesToBase64Url.js'
import { utf8 } from '../crypto/utf8.js'
import { WalletAuthError } from '../errors.js'
import type { PasskeyAssertion } from '../wire/passkeyAssertion.js'
import { toPasskeyError } from './toPasskeyError.js'

interface CommonOptions {
  /**
   * Origins the ceremony may run on (`passkeyAllowedOrigins` of an SCA challenge). When given,
   * the page origin must be one of them, or `PASSKEY_ORIGIN_NOT_ALLOWED` is thrown before any prompt.
   */
  allowedOrigins?: readonly string[] | null
  /** The page origin; default `location.origin`. */
  origin?: string
}

/** A sign-in challenge from `/challenge` (`PasskeyAuthChallenge`). */
export interface PasskeyChallengeOptions extends CommonOptions {
  /** The lowercase hex `challenge`; its UTF-8 bytes are the WebAuthn challenge. */
  challenge: string
  rpId?: string
  /** base64url credential ids (the credential's `credentialId`) that may answer. */
  allowCredentials?: ReadonlyArray<{ id: string; transports?: AuthenticatorTransport[] }>
  userVerification?: UserVerificationRequirement
  /** Milliseconds. */
  timeout?: number
}

/** Opaque WebAuthn request options, as an SCA challenge's `passkeyAssertionOptions` carries them. */
export interface PasskeyRequestOptions extends CommonOptions {
  optionsJSON: PublicKeyCredentialRequestOptionsJSON
}

/** Options of `passkeyAssertion`: a `/challenge` hex challenge, or opaque request options. */
export type PasskeyAssertionOptions = PasskeyChallengeOptions | PasskeyRequestOptions

/**
 * The page origin, checked against `allowedOrigins` when they are given.
 *
 * @example
 * ```ts
 * const origin = checkedOrigin({ allowedOrigins: scaChallenge.passkeyAllowedOrigins })
 * ```
 */
export function checkedOrigin(options: CommonOptions): string {
  const origin = options.origin ?? globalThis.location?.origin ?? ''
  if (options.allowedOrigins && !options.allowedOrigins.includes(origin)) {
    throw new WalletAuthError(
      'PASSKEY_ORIGIN_NOT_ALLOWED',
      `This page (${origin || 'unknown origin'}) is not an allowed origin for this passkey challenge.`,
    )
  }
  return origin
}

function requestOptions(options: PasskeyAssertionOptions): PublicKeyCredentialRequestOptionsJSON {
  if ('optionsJSON' in options) return options.optionsJSON
  if (typeof options.challenge !== 'string' || !/^(?:[0-9a-f]{2})+$/.test(options.challenge)) {
    throw new WalletAuthError('INVALID_ARGUMENT', 'challenge must be the lowercase hex from /challenge.')
  }
  const json: PublicKeyCredentialRequestOptionsJSON = {
    // The service's challenge is the hex text itself: its UTF-8 bytes go to the authenticator.
    challenge: bytesToBase64Url(utf8(options.challenge)),
    userVerification: options.userVerification ?? 'preferred',
  }
  if (options.rpId !== undefined) json.rpId = options.rpId
  if (options.timeout !== undefined) json.timeout = options.timeout
  if (options.allowCredentials) {
    json.allowCredentials = options.allowCredentials.map(({ id, transports }) => ({
      id,
      type: 'public-key',
      ...(transports ? { transports } : {}),
    }))
  }
  return json
}

/**
 * Runs a WebAuthn assertion for a passkey challenge and returns the assertion as the service
 * takes it (`clientDataJson` spelling). Every failure is a `WalletAuthError` with a `PASSKEY_*`
 * code; `PASSKEY_CANCELLED` means the user closed the dialog, the prompt timed out or no passkey
 * on this device matched (browsers do not say which): go back to the button and offer another method.
 *
 * @example
 * ```ts
 * const { challenge, requestId } = await post(`/auth/credentials/${id}/challenge`, { clientPublicKey })
 * const assertion = await passkeyAssertion({ challenge, allowCredentials: [{ id: credential.credentialId }] })
 * await post(`/auth/credentials/${id}/verify`, { type: 'PASSKEY', assertion }, { 'Request-Id': requestId })
 * ```
 */
export async function passkeyAssertion(options: PasskeyAssertionOptions): Promise<PasskeyAssertion> {
  checkedOrigin(options)
  const optionsJSON = requestOptions(options)
  if (!browserSupportsWebAuthn()) {
    throw new WalletAuthError('PASSKEY_NOT_SUPPORTED', 'This browser does not support passkeys.')
  }
  try {
    const { id, response } = await startAuthentication({ optionsJSON })
    const assertion: PasskeyAssertion = {
      credentialId: id,
      clientDataJson: response.clientDataJSON,
      authenticatorData: response.authenticatorData,
      signature: response.signature,
    }
    if (response.userHandle) assertion.userHandle = response.userHandle
    return assertion
  } catch (error) {
    throw toPasskeyError(error)
  }
}
