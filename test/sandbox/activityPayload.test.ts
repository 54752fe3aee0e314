import { describe, expect, it } from 'vitest'
import { activityPayload } from '../../src/sandbox/activityPayload.js'

describe('activityPayload', () => {
  it('writes compact JSON with every object key in code-point order, the timestamp a string', () => {
    const payload = activityPayload({
      organizationId: 'org',
      type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
      parameters: {
        userId: 'u',
        authenticators: [
          { transports: ['internal'], attestation: { credentialId: 'c', attestationObject: 'a' } },
        ],
        dropped: undefined,
      },
      timestampMs: 1775681700000,
    })
    expect(payload).toBe(
      '{"organizationId":"org","parameters":{"authenticators":[{"attestation":{"attestationObject":"a","credentialId":"c"},"transports":["internal"]}],"userId":"u"},"timestampMs":"1775681700000","type":"ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2"}',
    )
  })
})
