// The hostile-backend attack, end to end: client -> a hostile relay -> the relay -> sandbox. The
// integrator's backend (or anything on the path) answers a harmless signed request with the 202 of
// a wallet export it started itself, to its own key; a page that signs it hands over the phrase.
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { describe, expect, it } from 'vitest'
import { createWalletAuth, type WalletAuth } from '../../src/client/index.js'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { generateRecipientKey } from '../../src/session/generateRecipientKey.js'
import { expectCode } from '../helpers/expectCode.js'
import {
  type Customer,
  createCustomer,
  fund,
  type Harness,
  json,
  quoteToUma,
  startHarness,
} from '../sandbox/harness.js'
import { issueCard } from '../sandbox/issueCard.js'
import { softwareAuthenticator } from '../sandbox/softwareAuthenticator.js'
import { customerRelay } from './customerRelay.js'
import { mintToken } from './tokens.js'

const HEADER = 'Service-Wallet-Signature'

/**
 * A backend in front of an honest upstream that, once armed, answers the next request `matches`
 * picks with the 202 of an export of the victim's wallet to the attacker's key; a signed retry of
 * that 202 is completed by the attacker (`stolen`). Every signed request after the swap is counted.
 */
async function hostile(h: Harness, accountId: string, upstream: (request: Request) => Promise<Response>) {
  const attackerKey = (await generateRecipientKey()).publicKeyUncompressed
  const exportUrl = `${h.base}/internal-accounts/${accountId}/export`
  const exportInit = () => json('POST', { clientPublicKey: attackerKey })
  const state = {
    armed: undefined as ((request: Request) => boolean) | undefined,
    swapped: false,
    signedAfterSwap: 0,
    stolen: undefined as unknown,
  }
  const attackIds = new Set<string>()
  /** The attacker's own export 202: genuine, issued by the service for this wallet. */
  const attackChallenge = async () => {
    const response = await h.api(exportUrl, exportInit())
    expect(response.status).toBe(202)
    const challenge = await response.json()
    attackIds.add(challenge.requestId)
    return challenge as { payloadToSign: string; requestId: string; expiresAt: string }
  }
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    const signature = request.headers.get(HEADER)
    const requestId = request.headers.get('Request-Id') ?? ''
    if (state.swapped && signature) state.signedAfterSwap++
    if (signature && attackIds.has(requestId)) {
      const init = exportInit()
      const headers = {
        ...(init.headers as Record<string, string>),
        [HEADER]: signature,
        'Request-Id': requestId,
      }
      const completed = await h.api(exportUrl, { ...init, headers })
      if (completed.status === 200) state.stolen = await completed.json()
      return Response.json({}, { status: 200 })
    }
    if (state.armed?.(request)) {
      state.armed = undefined
      state.swapped = true
      return Response.json(await attackChallenge(), { status: 202 })
    }
    return upstream(request)
  }
  return { fetch, state, attackChallenge }
}

interface World {
  h: Harness
  base: string
  customer: Customer
  wallet: WalletAuth
  attack: Awaited<ReturnType<typeof hostile>>
  signIn(): Promise<unknown>
}

async function world(): Promise<World> {
  const h = await startHarness()
  const customer = await createCustomer(h, { phoneNumber: '+14155550123' })
  const relay = customerRelay(h, customer.customerId)
  const attack = await hostile(h, customer.accountId, relay)
  const wallet = createWalletAuth({
    baseUrl: 'http://app.test/wallet',
    fetch: attack.fetch,
    keyStore: createKeyStore({ indexedDB: null, now: h.sandbox.clock.now }),
    trustedSigners: [h.sandbox.signerPublicKey],
    exportSigners: [h.sandbox.exportSignerPublicKey],
    now: h.sandbox.clock.now,
  })
  const signIn = async () => {
    // Past the sandbox's interval between two codes of one credential.
    h.sandbox.clock.advance(31_000)
    await wallet.emailOtp.send(customer.emailCredentialId)
    return wallet.emailOtp.verify(customer.emailCredentialId, '000000')
  }
  return { h, base: 'http://app.test/wallet', customer, wallet, attack, signIn }
}

const route = (method: string, pattern: RegExp) => (request: Request) =>
  request.method === method && pattern.test(new URL(request.url).pathname) && !request.headers.has(HEADER)

interface Operation {
  name: string
  /** The request the backend swaps the 202 of. */
  swaps: (request: Request) => boolean
  prepare?: (w: World) => Promise<Record<string, unknown>>
  run: (w: World, prepared: Record<string, unknown>) => Promise<unknown>
}

/** The integrator's backend issues the customer a card funded by the wallet. */
async function cardOfTheWallet({ h, customer }: World) {
  return { cardId: await issueCard(h, { cardholderId: customer.customerId, accountId: customer.accountId }) }
}

const OPERATIONS: Operation[] = [
  {
    name: 'the wallet settings (PATCH /internal-accounts, a raw payload)',
    swaps: route('PATCH', /\/internal-accounts\/[^/]+$/),
    run: async ({ wallet, base, customer }) => {
      const response = await wallet.fetch(
        `${base}/internal-accounts/${customer.accountId}`,
        json('PATCH', { privateEnabled: true }),
      )
      expect(response.status).toBe(200)
    },
  },
  {
    name: 'the export (to the key this page made)',
    swaps: route('POST', /\/export$/),
    run: async ({ wallet, customer }) =>
      expect((await wallet.exportWallet(customer.accountId)).split(' ')).toHaveLength(12),
  },
  {
    name: 'the OTP sign-in (signed by its TEK)',
    swaps: route('POST', /\/verify$/),
    run: async ({ signIn }) => expect(await signIn()).toMatchObject({ type: 'EMAIL_OTP' }),
  },
  {
    name: 'adding an SMS credential',
    swaps: route('POST', /\/auth\/credentials$/),
    run: async ({ wallet, customer }) =>
      expect(await wallet.smsOtp.add(customer.accountId, { contact: '+14155550123' })).toMatchObject({
        type: 'SMS_OTP',
      }),
  },
  {
    name: 'adding an OAuth credential',
    swaps: route('POST', /\/auth\/credentials$/),
    run: async ({ wallet, customer, h }) => {
      const oidcToken = mintToken(h, { aud: 'wallet-client', sub: 'google-7', email: 'ada@gmail.com' })
      expect(await wallet.oauth.add({ accountId: customer.accountId, oidcToken })).toMatchObject({
        type: 'OAUTH',
      })
    },
  },
  {
    name: 'adding a passkey',
    swaps: route('POST', /\/auth\/credentials$/),
    prepare: async ({ h }) => {
      const origin = h.sandbox.config.origins[0] as string
      return { authenticator: await softwareAuthenticator(h.sandbox.config.rpId, origin) }
    },
    run: async ({ wallet, base, customer }, { authenticator }) => {
      const challenge = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)))
      const { register } = authenticator as Awaited<ReturnType<typeof softwareAuthenticator>>
      const body = {
        type: 'PASSKEY',
        accountId: customer.accountId,
        nickname: 'Laptop',
        challenge,
        attestation: register(challenge),
      }
      expect((await wallet.fetch(`${base}/auth/credentials`, json('POST', body))).status).toBe(201)
    },
  },
  {
    name: 'revoking a credential',
    swaps: route('DELETE', /\/auth\/credentials\/[^/]+$/),
    prepare: async ({ wallet, customer, h }) => {
      const oidcToken = mintToken(h, { aud: 'wallet-client', sub: 'google-8' })
      return { id: (await wallet.oauth.add({ accountId: customer.accountId, oidcToken })).id }
    },
    run: async ({ wallet, customer }, { id }) => {
      await wallet.credentials.revoke(String(id))
      expect((await wallet.credentials.list(customer.accountId)).map((c) => c.id)).not.toContain(id)
    },
  },
  {
    name: 'changing the email',
    swaps: route('PATCH', /\/customers\/[^/]+$/),
    prepare: async () => ({ email: `new-${crypto.randomUUID().slice(0, 8)}@example.com` }),
    run: async ({ wallet, customer }, { email }) =>
      expect(
        await wallet.customers.updateContact(customer.customerId, { email: String(email) }),
      ).toMatchObject({ email }),
  },
  {
    name: 'refreshing the session',
    swaps: route('POST', /\/refresh$/),
    run: async ({ wallet }) => expect(await wallet.sessions.refresh()).toMatchObject({ type: 'EMAIL_OTP' }),
  },
  {
    name: 'creating a delegated key',
    swaps: route('POST', /\/auth\/delegated-keys$/),
    prepare: cardOfTheWallet,
    run: async ({ wallet, customer }, { cardId }) => {
      const created = await wallet.delegatedKeys.create({
        cardId: String(cardId),
        internalAccountId: customer.accountId,
        nickname: 'Card key',
      })
      expect(created.status).toBe('ACTIVE')
    },
  },
  {
    name: "the delegated key's second leg",
    prepare: cardOfTheWallet,
    swaps: (request) =>
      request.method === 'POST' &&
      request.url.endsWith('/auth/delegated-keys') &&
      request.headers.has(HEADER),
    run: async ({ wallet, customer }, { cardId }) => {
      const created = await wallet.delegatedKeys.create({
        cardId: String(cardId),
        internalAccountId: customer.accountId,
        nickname: 'Card key',
      })
      expect(created.status).toBe('ACTIVE')
    },
  },
  {
    name: 'revoking the session',
    swaps: route('DELETE', /\/auth\/sessions\/[^/]+$/),
    run: async ({ wallet }) => {
      const session = await wallet.sessions.current()
      await wallet.sessions.revoke(String(session?.sessionId))
      expect(await wallet.sessions.current()).toBeUndefined()
    },
  },
]

describe('a hostile backend swapping in the 202 of its own export', () => {
  it.each(OPERATIONS)(
    'is refused on $name before any signature leaves the page; the honest path works',
    async (operation) => {
      const w = await world()
      await w.signIn()
      const prepared = (await operation.prepare?.(w)) ?? {}
      w.attack.state.armed = operation.swaps
      const error = await expectCode(() => operation.run(w, prepared), 'PAYLOAD_MISMATCH')
      expect(w.attack.state.swapped).toBe(true)
      expect(w.attack.state.signedAfterSwap).toBe(0)
      expect(w.attack.state.stolen).toBeUndefined()
      expect(error.details?.field, error.message).toBeDefined()
      // Nothing happened: the same operation, no longer tampered with, goes through.
      await operation.run(w, prepared)
      expect(w.attack.state.stolen).toBeUndefined()
    },
  )

  it("is refused on a payment: the quote's payload swapped for the export's", async () => {
    const w = await world()
    await w.signIn()
    await fund(w.h, w.customer.accountId, 50_000_000)
    const quote = await quoteToUma(w.h, w.customer.accountId, `$success.usd@${w.h.sandbox.config.umaDomain}`)
    const { payloadToSign: exportPayload } = await w.attack.attackChallenge()
    let swapped = false
    let signed = 0
    const pay = createWalletAuth({
      baseUrl: w.base,
      fetch: async (input, init) => {
        const request = new Request(input, init)
        if (request.headers.has(HEADER)) signed++
        const response = await w.attack.fetch(request)
        if (
          swapped ||
          request.method !== 'GET' ||
          !decodeURIComponent(request.url).endsWith(`/quotes/${quote.id}`)
        )
          return response
        swapped = true
        const body = await response.json()
        for (const instructions of body.paymentInstructions ?? []) {
          if (instructions.accountOrWalletInfo?.accountType === 'EMBEDDED_WALLET')
            instructions.accountOrWalletInfo.payloadToSign = exportPayload
        }
        return Response.json(body)
      },
      keyStore: createKeyStore({ indexedDB: null, now: w.h.sandbox.clock.now }),
      trustedSigners: [w.h.sandbox.signerPublicKey],
      now: w.h.sandbox.clock.now,
    })
    w.h.sandbox.clock.advance(31_000)
    await pay.emailOtp.send(w.customer.emailCredentialId)
    await pay.emailOtp.verify(w.customer.emailCredentialId, '000000')
    signed = 0
    const error = await expectCode(() => pay.quotes.execute(String(quote.id)), 'PAYLOAD_MISMATCH')
    expect(error.details?.field).toBe('type')
    expect(swapped).toBe(true)
    expect(signed).toBe(0)
    expect((await pay.quotes.execute(String(quote.id))).released).toBe(true)
  })

  it('succeeds against a page that signs whatever a 202 carries (the attack is real)', async () => {
    const w = await world()
    const session = await w.signIn()
    const naive = withWalletSignature(w.attack.fetch, { getKey: () => (session as { key: never }).key })
    w.attack.state.armed = route('PATCH', /\/internal-accounts\/[^/]+$/)
    await naive(
      `${w.base}/internal-accounts/${w.customer.accountId}`,
      json('PATCH', { privateEnabled: true }),
    )
    expect(w.attack.state.stolen).toMatchObject({ encryptedWalletCredentials: expect.any(String) })
  })
})
