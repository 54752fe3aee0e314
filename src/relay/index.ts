export type { ChallengeStore } from './challengeStore.js'
export {
  createMemoryChallengeStore,
  type MemoryChallengeStoreOptions,
} from './createMemoryChallengeStore.js'
export {
  createMemoryOwnershipStore,
  type MemoryOwnershipStoreOptions,
} from './createMemoryOwnershipStore.js'
export {
  createPasskeyRegistrationOptions,
  type PasskeyRegistrationChallenges,
  type PasskeyRegistrationCheck,
  type PasskeyRegistrationConfig,
  type PasskeyRegistrationRefusal,
  type PasskeyRegistrationUser,
} from './createPasskeyRegistrationOptions.js'
export {
  createRedisChallengeStore,
  type RedisChallengeClient,
  type RedisChallengeStoreOptions,
} from './createRedisChallengeStore.js'
export {
  createRedisOwnershipStore,
  type RedisOwnershipClient,
  type RedisOwnershipStoreOptions,
} from './createRedisOwnershipStore.js'
export { createRelay, type Relay, type RelayAuthorize, type RelayOptions } from './createRelay.js'
export { mintSandboxIdToken, type SandboxIdTokenOptions } from './mintSandboxIdToken.js'
export type { IsOwnedByOptions, RelayAuthorizeContext } from './ownershipLookup.js'
export type { OwnershipStore } from './ownershipStore.js'
export { RELAY_OPERATIONS, type RelayOperation } from './relayOperations.js'
export type { RelayTarget } from './relayTarget.js'
export { type ExpressLikeNext, type ExpressLikeRequest, toExpressMiddleware } from './toExpressMiddleware.js'
export { toNodeHandler } from './toNodeHandler.js'
export {
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookRequest,
} from './verifyWebhook.js'
export { WEBHOOK_SIGNATURE_HEADER } from './webhookSignatureHeader.js'
export { type SignerOriginsOptions, withSignerOrigins } from './withSignerOrigins.js'
