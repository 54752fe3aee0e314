// The whole browser kit. Every entry point is also importable on its own
// (`embedded-wallet-auth/stamp`, …) so that an app ships only what it uses. The low-level
// `embedded-wallet-auth/crypto` helpers are left out of the root on purpose.
export * from './client/index.js'
export * from './errors.js'
export * from './fetch/index.js'
export * from './intent/index.js'
export * from './keys/index.js'
export * from './oauth/index.js'
export * from './otp/index.js'
export * from './passkey/index.js'
export * from './sca/index.js'
export * from './session/index.js'
export * from './stamp/index.js'
export * from './wire/index.js'
