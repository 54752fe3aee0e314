/**
 * The only code the sandbox accepts for an email or SMS OTP: delivery is skipped, the cryptography
 * is real. A module of its own, so that the testing entry's Playwright part can watch for it
 * without loading the sandbox.
 *
 * @example
 * ```ts
 * await encryptOtp({ otpCode: SANDBOX_OTP_CODE, targetBundle, publicKey, trustedSigners })
 * ```
 */
export const SANDBOX_OTP_CODE = '000000'
