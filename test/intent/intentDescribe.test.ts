import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createWalletAuth } from '../../src/client/index.js'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { utf8 } from '../../src/crypto/utf8.js'
import { describePayload, type PayloadDescription } from '../../src/intent/describePayload.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { activityPayload } from '../../src/sandbox/activityPayload.js'
import { customerRelay } from '../client/customerRelay.js'
import { mintToken } from '../client/tokens.js'
import { expectCode } from '../helpers/expectCode.js'
import { createCustomer, startHarness } from '../sandbox/harness.js'

const ORG = 'Organization:0195a1'
const KEY = `04${'ab'.repeat(64)}`
const of = (type: string, parameters: Record<string, unknown>) =>
  describePayload(activityPayload({ organizationId: ORG, type, parameters, timestampMs: 1775681700000 }))

describe('describePayload', () => {
  it.each<[string, Record<string, unknown>, Partial<PayloadDescription>]>([
    [
      'ACTIVITY_TYPE_EXPORT_WALLET',
      { targetPublicKey: KEY, walletId: 'w1' },
      { action: 'export', key: KEY, account: 'w1' },
    ],
    [
      'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2',
      { targetPublicKey: KEY, userId: 'u1' },
      { action: 'new-session', key: KEY, account: 'u1' },
    ],
    [
      'ACTIVITY_TYPE_DELETE_API_KEYS',
      { apiKeyIds: ['Session:1'], userId: 'u1' },
      { action: 'end-session', ids: ['Session:1'] },
    ],
    [
      'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
      { userEmail: 'ada@example.com', userId: 'u1' },
      { action: 'change-contact', contact: 'ada@example.com' },
    ],
    [
      'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
      { userId: 'u1', userPhoneNumber: '' },
      { action: 'change-contact', contact: '' },
    ],
    [
      'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS',
      { oauthProviders: [{ oidcToken: 'secret', providerName: 'google' }], userId: 'u1' },
      { action: 'add-credential' },
    ],
    [
      'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
      {
        authenticators: [{ attestation: { credentialId: 'cred-1' }, authenticatorName: 'Laptop' }],
        userId: 'u1',
      },
      { action: 'add-credential', ids: ['cred-1'] },
    ],
    [
      'ACTIVITY_TYPE_DELETE_AUTHENTICATORS',
      { authenticatorIds: ['AuthMethod:1'], userId: 'u1' },
      { action: 'remove-credential', ids: ['AuthMethod:1'] },
    ],
    [
      'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS',
      { providerIds: ['AuthMethod:2'], userId: 'u1' },
      { action: 'remove-credential', ids: ['AuthMethod:2'] },
    ],
    [
      'ACTIVITY_TYPE_CREATE_USERS_V3',
      { users: [{ apiKeys: [{ publicKey: '02aa' }], userName: 'k' }] },
      { action: 'delegate', key: '02aa' },
    ],
    [
      'ACTIVITY_TYPE_CREATE_POLICIES',
      { policies: [{ policyName: 'delegated signing: card' }] },
      { action: 'delegate' },
    ],
    [
      'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
      { signWith: '0xabc', unsignedTransaction: '00' },
      { action: 'sign', account: '0xabc' },
    ],
    [
      'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      { payload: '00', signWith: '0xabc' },
      { action: 'sign', account: '0xabc' },
    ],
    [
      'ACTIVITY_TYPE_RELAY_RESET_SCA_FACTOR',
      { customerId: 'Customer:1', resetId: 'ScaReset:1', userPhoneNumber: '+33612345678' },
      {
        action: 'change-contact',
        contact: '+33612345678',
        summary: 'Finish resetting how you approve payments: the codes will go to +33612345678.',
      },
    ],
    [
      'ACTIVITY_TYPE_RELAY_RESET_SCA_FACTOR',
      { customerId: 'Customer:1', resetId: 'ScaReset:1' },
      {
        action: 'remove-credential',
        summary:
          'Finish resetting a lost way to approve payments: it is removed, and a new one can be set up.',
      },
    ],
    [
      'ACTIVITY_TYPE_RELAY_TRUST_BENEFICIARY',
      { customerId: 'Customer:1', externalAccountId: 'ExternalAccount:1', beneficiaryName: 'Grace Hopper' },
      {
        action: 'trust-beneficiary',
        ids: ['ExternalAccount:1'],
        summary: 'Trust this saved payee, so that payments to it no longer ask for a code.',
        unchecked: ['the payee "Grace Hopper"'],
      },
    ],
    [
      'ACTIVITY_TYPE_RELAY_TRUST_BENEFICIARY',
      { customerId: 'Customer:1', externalAccountId: 'ExternalAccount:1' },
      {
        action: 'trust-beneficiary',
        summary: 'Trust the saved payee ExternalAccount:1, so that payments to it no longer ask for a code.',
      },
    ],
    ['ACTIVITY_TYPE_SOMETHING_NEW', {}, { action: 'other' }],
  ])('tells what %s authorises', (type, parameters, expected) => {
    const description = of(type, parameters)
    expect(description).toMatchObject({ ...expected, type, organizationId: ORG })
    expect(description.summary.length).toBeGreaterThan(0)
  })

  it('never repeats a secret of the payload (the OIDC token)', () => {
    const description = of('ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS', {
      oauthProviders: [{ oidcToken: 'eyJsecret', providerName: 'google' }],
    })
    expect(JSON.stringify(description)).not.toContain('eyJsecret')
  })

  it('describes the OTP verification token by its key, and anything else as unknown', () => {
    const claims = bytesToBase64Url(utf8(JSON.stringify({ publicKey: '02cd', sub: 'x' })))
    expect(describePayload(`e30.${claims}.c2ln`)).toMatchObject({ action: 'sign-in', key: '02cd' })
    expect(describePayload('not a payload').action).toBe('unknown')
    expect(describePayload('{"type":1}').action).toBe('unknown')
  })

  it('marks the names it could not check, instead of stating them', () => {
    const passkey = of('ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', {
      authenticators: [{ attestation: { credentialId: 'c' }, authenticatorName: 'Your bank (verified)' }],
    })
    expect(passkey.summary).not.toContain('Your bank')
    expect(passkey.unchecked).toEqual(['the passkey name "Your bank (verified)"'])
    const provider = of('ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS', {
      oauthProviders: [{ oidcToken: 't', providerName: 'Official support' }],
    })
    expect(provider.summary).not.toContain('Official')
    expect(provider.unchecked).toEqual(['the provider name "Official support"'])
    const policy = of('ACTIVITY_TYPE_CREATE_POLICIES', { policies: [{ policyName: 'harmless' }] })
    expect(policy.unchecked).toEqual(['the policy name "harmless"'])
    expect(of('ACTIVITY_TYPE_EXPORT_WALLET', { targetPublicKey: KEY }).unchecked).toBeUndefined()
  })

  it('shows control and bidi characters as <U+XXXX> instead of obeying them', () => {
    // "ada@example.com" followed by a right-to-left override: read as another address on screen.
    const contact = of('ACTIVITY_TYPE_UPDATE_USER_EMAIL', { userEmail: 'moc.live@\u202Eada@example.com' })
    expect(contact.summary).toContain('moc.live@<U+202E>ada@example.com')
    expect(contact.contact).toBe('moc.live@<U+202E>ada@example.com')
    const name = of('ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2', {
      authenticators: [{ attestation: { credentialId: 'c\u200B' }, authenticatorName: 'a\nb\u2066c' }],
    })
    expect(name.unchecked).toEqual(['the passkey name "a<U+000A>b<U+2066>c"'])
    expect(name.ids).toEqual(['c<U+200B>'])
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const shown = of('ACTIVITY_TYPE_UPDATE_USER_EMAIL', { userEmail: text }).summary
        expect(shown).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u)
      }),
      { numRuns: 100, seed: 19 },
    )
  })

  it('never throws, whatever the payload', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.json()), (payload) => {
        expect(typeof describePayload(payload).summary).toBe('string')
      }),
      { numRuns: 500 },
    )
  })
})

describe('the client confirm hook', () => {
  async function world(confirm: (description: PayloadDescription) => boolean | Promise<boolean>) {
    const h = await startHarness()
    const customer = await createCustomer(h)
    const relay = customerRelay(h, customer.customerId)
    let signed = 0
    const wallet = createWalletAuth({
      baseUrl: 'http://app.test/wallet',
      fetch: (input, init) => {
        const request = new Request(input, init)
        if (request.headers.has('Service-Wallet-Signature')) signed++
        return relay(request)
      },
      keyStore: createKeyStore({ indexedDB: null, now: h.sandbox.clock.now }),
      trustedSigners: [h.sandbox.signerPublicKey],
      exportSigners: [h.sandbox.exportSignerPublicKey],
      now: h.sandbox.clock.now,
      confirm,
    })
    await wallet.emailOtp.send(customer.emailCredentialId)
    await wallet.emailOtp.verify(customer.emailCredentialId, '000000')
    return { h, customer, wallet, signed: () => signed }
  }

  it('is asked before an export, a credential added and a contact changed; no means nothing is signed', async () => {
    const asked: PayloadDescription[] = []
    let answer = false
    const { h, customer, wallet, signed } = await world((description) => {
      asked.push(description)
      return answer
    })
    const before = signed()
    const refused = await expectCode(() => wallet.exportWallet(customer.accountId), 'CONFIRMATION_DECLINED')
    expect(refused.details).toEqual({ action: 'export' })
    const email = `c-${crypto.randomUUID().slice(0, 8)}@example.com`
    await expectCode(
      () => wallet.customers.updateContact(customer.customerId, { email }),
      'CONFIRMATION_DECLINED',
    )
    const oidcToken = mintToken(h, { aud: 'wallet-client', sub: 'google-9' })
    await expectCode(
      () => wallet.oauth.add({ accountId: customer.accountId, oidcToken }),
      'CONFIRMATION_DECLINED',
    )
    expect(signed()).toBe(before)
    expect(asked.map((d) => d.action)).toEqual(['export', 'change-contact', 'add-credential'])
    expect(asked[0]?.key).toMatch(/^04[0-9a-f]{128}$/)
    expect(asked[1]?.contact).toBe(email)

    answer = true
    expect((await wallet.exportWallet(customer.accountId)).split(' ')).toHaveLength(12)
    expect(await wallet.customers.updateContact(customer.customerId, { email })).toMatchObject({ email })
    // The contact change is signed twice, the relay's confirmation then the service's, asked once.
    expect(signed()).toBe(before + 3)
    expect(asked.map((d) => d.action)).toEqual([
      'export',
      'change-contact',
      'add-credential',
      'export',
      'change-contact',
    ])
  })

  it("asks a method's own confirm instead of the client's, for that call only", async () => {
    const client: string[] = []
    const own: string[] = []
    const { customer, wallet } = await world((description) => client.push(description.action) > 0)
    await expectCode(
      () =>
        wallet.exportWallet(customer.accountId, {
          confirm: (description) => own.push(description.action) < 0,
        }),
      'CONFIRMATION_DECLINED',
    )
    expect([own, client]).toEqual([['export'], []])
    expect((await wallet.exportWallet(customer.accountId)).split(' ')).toHaveLength(12)
    expect(client).toEqual(['export'])
  })

  it('is not asked for a refresh or a session revoke', async () => {
    const asked: string[] = []
    const { wallet } = await world((description) => {
      asked.push(description.action)
      return false
    })
    const session = await wallet.sessions.refresh()
    await wallet.sessions.revoke(String(session.sessionId))
    expect(asked).toEqual([])
  })
})
