// The relay entry's public names, so an accidental export shows.
import { expect, it } from 'vitest'
import * as relay from '../../src/relay/index.js'

it("exports the relay, its adapters, passkey registration options with their stores, the ownership stores, the sandbox token minter, the webhook verifier with its header and the signer origins' CORS", () => {
  expect(Object.keys(relay).sort()).toEqual([
    'RELAY_OPERATIONS',
    'WEBHOOK_SIGNATURE_HEADER',
    'createMemoryChallengeStore',
    'createMemoryOwnershipStore',
    'createPasskeyRegistrationOptions',
    'createRedisChallengeStore',
    'createRedisOwnershipStore',
    'createRelay',
    'mintSandboxIdToken',
    'toExpressMiddleware',
    'toNodeHandler',
    'verifyWebhook',
    'withSignerOrigins',
  ])
})
