// Node only, and the one entry that loads @playwright/test (an optional peer dependency).
export {
  addVirtualAuthenticator,
  type VirtualAuthenticatorOptions,
} from './addVirtualAuthenticator.js'
export { confirmInSigner } from './confirmInSigner.js'
export { expect, test } from './test.js'
export {
  type WalletFixtureOptions,
  type WalletFixtures,
  type WalletGuard,
  walletFixtures,
} from './walletFixtures.js'
