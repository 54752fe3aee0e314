import { expect } from 'vitest'
import { WalletAuthError, type WalletAuthErrorCode } from '../../src/errors.js'

/** Asserts that `action` rejects (or throws) a `WalletAuthError` with `code`. */
export async function expectCode(action: () => unknown, code: WalletAuthErrorCode): Promise<WalletAuthError> {
  let caught: unknown
  try {
    await action()
  } catch (error) {
    caught = error
  }
  expect(caught, `expected a WalletAuthError ${code}`).toBeInstanceOf(WalletAuthError)
  expect((caught as WalletAuthError).code).toBe(code)
  return caught as WalletAuthError
}
