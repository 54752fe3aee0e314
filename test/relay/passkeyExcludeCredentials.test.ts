// One device, one passkey per account: the registration options name the account's passkeys in
// excludeCredentials, from the integrator's lookup, so the authenticator refuses a second one.
import { describe, expect, it } from 'vitest'
import { createPasskeyRegistrationOptions } from '../../src/relay/index.js'
import { expectCode } from '../helpers/expectCode.js'

const config = { rpName: 'Acme', rpId: 'wallet.example', origins: ['https://wallet.example'] }

describe('createPasskeyRegistrationOptions existingPasskeys', () => {
  it("excludes the account's passkeys from the lookup, beside excludeCredentialIds, once each", async () => {
    const asked: string[] = []
    const passkeys = createPasskeyRegistrationOptions({
      ...config,
      existingPasskeys: async (accountId) => {
        asked.push(accountId)
        return ['BBBB', 'AAAA']
      },
    })
    const optionsJSON = await passkeys.options({
      name: 'ada@example.com',
      accountId: 'InternalAccount:1',
      excludeCredentialIds: ['AAAA'],
    })
    expect(asked).toEqual(['InternalAccount:1'])
    expect(optionsJSON.excludeCredentials).toEqual([
      { id: 'AAAA', type: 'public-key' },
      { id: 'BBBB', type: 'public-key' },
    ])
  })

  it('does not look up without an accountId, and fails options when the lookup fails', async () => {
    let calls = 0
    const passkeys = createPasskeyRegistrationOptions({
      ...config,
      existingPasskeys: async () => {
        calls += 1
        throw new Error('service down')
      },
    })
    expect((await passkeys.options({ name: 'ada' })).excludeCredentials).toEqual([])
    expect(calls).toBe(0)
    await expect(passkeys.options({ name: 'ada', accountId: 'InternalAccount:1' })).rejects.toThrow(
      'service down',
    )
  })

  it('still refuses malformed input before any lookup', async () => {
    const passkeys = createPasskeyRegistrationOptions({ ...config, existingPasskeys: async () => [] })
    await expectCode(() => passkeys.options({ name: '' }), 'INVALID_ARGUMENT')
  })
})
