// The relay entry's public names, so an accidental export shows.
import { expect, it } from 'vitest'
import * as relay from '../../src/relay/index.js'

it('exports the relay, its adapters, passkey registration options and the sandbox token minter', () => {
  expect(Object.keys(relay).sort()).toEqual([
    'RELAY_OPERATIONS',
    'createPasskeyRegistrationOptions',
    'createRelay',
    'mintSandboxIdToken',
    'toExpressMiddleware',
    'toNodeHandler',
  ])
})
