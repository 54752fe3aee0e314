import { WebAuthnError } from '@simplewebauthn/browser'
import { describe, expect, it } from 'vitest'
import { WalletAuthError } from '../../src/errors.js'
import { toPasskeyError } from '../../src/passkey/toPasskeyError.js'

describe('toPasskeyError', () => {
  it.each([
    ['NotAllowedError', 'PASSKEY_CANCELLED'],
    ['AbortError', 'PASSKEY_ABORTED'],
    ['TimeoutError', 'PASSKEY_TIMEOUT'],
    ['SecurityError', 'PASSKEY_INVALID_DOMAIN'],
    ['InvalidStateError', 'PASSKEY_ALREADY_REGISTERED'],
    ['NotSupportedError', 'PASSKEY_NOT_SUPPORTED'],
    ['ConstraintError', 'PASSKEY_NOT_SUPPORTED'],
    ['UnknownError', 'PASSKEY_FAILED'],
  ])('maps a bare %s DOMException to %s, keeping it as cause', (name, code) => {
    const exception = new DOMException('message', name)
    const error = toPasskeyError(exception)
    expect(error).toBeInstanceOf(WalletAuthError)
    expect(error.code).toBe(code)
    expect(error.cause).toBe(exception)
  })

  it.each([
    ['ERROR_CEREMONY_ABORTED', 'AbortError', 'PASSKEY_ABORTED'],
    ['ERROR_INVALID_RP_ID', 'SecurityError', 'PASSKEY_INVALID_DOMAIN'],
    ['ERROR_INVALID_DOMAIN', 'SecurityError', 'PASSKEY_INVALID_DOMAIN'],
    ['ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'InvalidStateError', 'PASSKEY_ALREADY_REGISTERED'],
    ['ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'NotAllowedError', 'PASSKEY_CANCELLED'],
    ['ERROR_AUTHENTICATOR_GENERAL_ERROR', 'UnknownError', 'PASSKEY_FAILED'],
  ] as const)('maps SimpleWebAuthn %s to a kit code', (libraryCode, name, code) => {
    const wrapped = new WebAuthnError({ message: 'm', code: libraryCode, cause: new DOMException('m', name) })
    expect(toPasskeyError(wrapped).code).toBe(code)
  })

  it('maps anything else to PASSKEY_FAILED and keeps kit errors as they are', () => {
    expect(toPasskeyError(new TypeError('x')).code).toBe('PASSKEY_FAILED')
    expect(toPasskeyError('weird').code).toBe('PASSKEY_FAILED')
    const kitError = new WalletAuthError('PASSKEY_ORIGIN_NOT_ALLOWED', 'x')
    expect(toPasskeyError(kitError)).toBe(kitError)
  })
})
