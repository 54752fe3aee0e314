import type { IncomingMessage, ServerResponse } from 'node:http'
import * as z from 'zod/mini'
import { mintSandboxIdToken, type PasskeyRegistrationChallenges } from '../../src/relay/index.js'
import type { Sandbox } from '../../src/sandbox/index.js'
import type { ChallengeExpiry } from './challengeExpiry.js'
import { DemoError } from './demoError.js'
import type { DemoUser, DemoUsers } from './demoUsers.js'
import { readJsonBody } from './readJsonBody.js'
import type { RelayActivity } from './relayActivity.js'
import { sendJson } from './sendJson.js'
import type { ServiceClient } from './serviceClient.js'

/** Where the demo's own routes are mounted. */
export const DEMO_PREFIX = '/api/demo'

/** What the demo routes work with. */
export interface DemoRoutesOptions {
  mode: 'sandbox' | 'service'
  rpId: string
  /** The wallet-signature header the page must use. */
  signatureHeader: string
  users: DemoUsers
  /** The backend's own calls to the service (or the sandbox), with the API credentials. */
  service: ServiceClient
  passkeys: Pick<PasskeyRegistrationChallenges, 'options'>
  /** Only in sandbox mode; without it the sandbox-only routes answer 404 `SANDBOX_ONLY`. */
  sandbox?: { sandbox: Sandbox; expiry: ChallengeExpiry }
  /** The page's origin: state-changing requests must come from it (the `Origin` header). */
  origin: string
  /** The signer document the page frames (`createWalletAuth({ signer: { url } })`). */
  signerUrl?: string
  /** What the relay forwarded for each user: the activity panel's in signer mode. */
  activity?: Pick<RelayActivity, 'since'>
  /**
   * Service mode only: allow the email-only stand-in login (for a test tenant). Off by default, so a
   * demo pointed at a real service cannot be signed into as anyone by typing their email.
   */
  allowStandInLogin?: boolean
  /** Told about failures that are the backend's own bug (answered 500). */
  onError: (error: unknown) => void
}

interface Exchange {
  req: IncomingMessage
  /** The signed-in user, or a 401. */
  user(): DemoUser
  body<T extends z.ZodMiniType>(schema: T): Promise<z.infer<T>>
}

interface Reply {
  status: number
  body?: unknown
  headers?: Record<string, string>
}

interface Route {
  method: 'GET' | 'POST'
  handle(exchange: Exchange): Promise<Reply>
}

const OIDC_AUDIENCE = 'embedded-wallet-auth-demo'

const ADDRESSES = {
  FR: { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' },
  US: { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US', state: 'IL' },
}

const NoBody = z.object({})
const UserBody = z.object({
  email: z.string().check(z.maxLength(254), z.regex(/^[^@\s]+@[^@\s]+$/)),
  country: z.enum(['FR', 'US']),
  phoneNumber: z.optional(z.string().check(z.regex(/^\+[1-9][0-9]{6,14}$/))),
})
const PasskeyOptionsBody = z.object({ name: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)) })
const IdTokenBody = z.object({ nonce: z.optional(z.string().check(z.minLength(1), z.maxLength(256))) })
const FundBody = z.object({ amount: z.int().check(z.positive()) })
const ExternalAccountBody = z.object({
  accountNumber: z.string().check(z.regex(/^[0-9]{3,34}$/)),
  currency: z.literal('USD'),
})
const ClockBody = z.object({ advanceMs: z.int().check(z.positive(), z.lte(86_400_000)) })

const Created = z.looseObject({ id: z.string().check(z.minLength(1)) })
// The sandbox's incoming payment, passed on to the page as the service answered it.
const IncomingTransaction = z.looseObject({ id: z.string().check(z.minLength(1)), status: z.string() })
const AccountList = z.looseObject({
  data: z.array(z.looseObject({ id: z.string().check(z.minLength(1)), type: z.optional(z.string()) })),
})
const CredentialList = z.looseObject({
  data: z.array(
    z.looseObject({
      type: z.string(),
      credentialId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]+$/))),
    }),
  ),
})
const Account = z.looseObject({
  id: z.string(),
  balance: z.looseObject({
    amount: z.int(),
    currency: z.looseObject({ code: z.optional(z.string()), decimals: z.optional(z.int()) }),
  }),
})

/** Who sends the demo's incoming payments, at the sandbox's UMA domain. */
const SENDER = '$friend'
/** What they send, in whole units of the wallet's currency. */
const INCOMING_UNITS = 50

const unauthenticated = () => new DemoError(401, 'UNAUTHENTICATED', 'Say who you are first (email).')

/**
 * The demo backend's own routes under `/api/demo` (config, the stand-in login, passkey options,
 * sandbox ID tokens, funding, external accounts, the sandbox clock): a Node handler answering
 * every request under `DEMO_PREFIX`, with the service's Error object on refusal.
 *
 * @example
 * ```ts
 * const handle = createDemoRoutes({ mode: 'sandbox', rpId: 'localhost', users, service, passkeys, sandbox, onError })
 * server.middlewares.use(DEMO_PREFIX, (req, res) => handle(req, res))
 * ```
 */
export function createDemoRoutes(
  options: DemoRoutesOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const {
    mode,
    rpId,
    signatureHeader,
    users,
    service,
    passkeys,
    sandbox,
    origin,
    signerUrl,
    activity,
    onError,
  } = options
  const standInLogin = mode === 'sandbox' || options.allowStandInLogin === true

  const sandboxOnly =
    (handle: (exchange: Exchange, tools: NonNullable<DemoRoutesOptions['sandbox']>) => Promise<Reply>) =>
    (exchange: Exchange) => {
      if (!sandbox) {
        throw new DemoError(
          404,
          'SANDBOX_ONLY',
          'This is a sandbox tool; the demo is running against a real service.',
        )
      }
      return handle(exchange, sandbox)
    }

  const walletOf = async (customerId: string): Promise<string> => {
    const accounts = await service.call(
      'GET',
      `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}&type=EMBEDDED_WALLET`,
      AccountList,
    )
    const wallet = accounts.data.find(
      (account) => account.type === undefined || account.type === 'EMBEDDED_WALLET',
    )
    if (!wallet)
      throw new DemoError(502, 'BAD_GATEWAY', 'The service made no embedded wallet for this customer.')
    return wallet.id
  }

  const routes = new Map<string, Route>([
    [
      '/config',
      {
        method: 'GET',
        handle: async ({ req }) => ({
          status: 200,
          body: {
            mode,
            rpId,
            signatureHeader,
            ...(signerUrl ? { signerUrl } : {}),
            ...(req.socket.remoteAddress ? { endUserIpAddress: req.socket.remoteAddress } : {}),
            ...(sandbox
              ? {
                  umaDomain: sandbox.sandbox.config.umaDomain,
                  trustedSigners: [sandbox.sandbox.signerPublicKey],
                  exportSigners: [sandbox.sandbox.exportSignerPublicKey],
                  now: new Date(sandbox.sandbox.clock.now()).toISOString(),
                  incomingApprovalWindowMs: sandbox.sandbox.config.incomingPaymentApprovalWindowMs,
                }
              : {}),
            user: users.fromCookies(req.headers.cookie) ?? null,
          },
        }),
      },
    ],
    [
      '/users',
      {
        method: 'POST',
        handle: async ({ req, body }) => {
          if (!standInLogin) {
            throw new DemoError(
              403,
              'STAND_IN_LOGIN_DISABLED',
              'The email-only stand-in login is off against a real service (DEMO_ALLOW_STAND_IN_LOGIN=1 turns it on for a test tenant).',
            )
          }
          const { email, country, phoneNumber } = await body(UserBody)
          const user = await users.findOrCreate(email, async () => {
            const customer = await service.call('POST', '/customers', Created, {
              customerType: 'INDIVIDUAL',
              fullName: 'Demo User',
              email,
              ...(phoneNumber === undefined ? {} : { phoneNumber }),
              address: ADDRESSES[country],
            })
            return { email, customerId: customer.id, accountId: await walletOf(customer.id) }
          })
          users.signOut(req.headers.cookie)
          return { status: 200, body: user, headers: { 'Set-Cookie': users.signIn(user) } }
        },
      },
    ],
    [
      '/logout',
      {
        method: 'POST',
        handle: async ({ req, body }) => {
          await body(NoBody)
          return { status: 204, headers: { 'Set-Cookie': users.signOut(req.headers.cookie) } }
        },
      },
    ],
    [
      '/activity',
      {
        method: 'GET',
        handle: async ({ req }) => {
          const after = Number(new URL(req.url ?? '', 'http://demo').searchParams.get('after') ?? 0)
          const from = Number.isSafeInteger(after) && after >= 0 ? after : 0
          // Nobody yet is an empty log, not a refusal: the page asks before anyone is known.
          const customerId = users.fromCookies(req.headers.cookie)?.customerId ?? ''
          const log = (customerId && activity?.since(customerId, from)) || { exchanges: [], next: 0 }
          return { status: 200, body: { ...log, user: customerId } }
        },
      },
    ],
    [
      '/passkey-options',
      {
        method: 'POST',
        handle: async ({ user, body }) => {
          const { accountId } = user()
          const { name } = await body(PasskeyOptionsBody)
          // The account's passkeys are excluded: a device that holds one refuses to make a second.
          const { data } = await service.call(
            'GET',
            `/auth/credentials?accountId=${encodeURIComponent(accountId)}`,
            CredentialList,
          )
          const excludeCredentialIds = data.flatMap((method) =>
            method.type === 'PASSKEY' && method.credentialId ? [method.credentialId] : [],
          )
          return { status: 200, body: await passkeys.options({ name, accountId, excludeCredentialIds }) }
        },
      },
    ],
    [
      '/id-token',
      {
        method: 'POST',
        handle: sandboxOnly(async ({ user, body }, { sandbox }) => {
          const { customerId, email } = user()
          const { nonce } = await body(IdTokenBody)
          const idToken = mintSandboxIdToken({
            aud: OIDC_AUDIENCE,
            sub: `demo|${customerId}`,
            email,
            ...(nonce === undefined ? {} : { nonce }),
            now: sandbox.clock.now,
          })
          return { status: 200, body: { idToken } }
        }),
      },
    ],
    [
      '/fund',
      {
        method: 'POST',
        handle: sandboxOnly(async ({ user, body }) => {
          const { accountId } = user()
          const { amount } = await body(FundBody)
          const id = encodeURIComponent(accountId)
          const { balance } = await service.call('POST', `/sandbox/internal-accounts/${id}/fund`, Account, {
            amount,
          })
          return { status: 200, body: { balance } }
        }),
      },
    ],
    [
      '/receive',
      {
        method: 'POST',
        // A payment from someone else arrives at the user's wallet (`POST /sandbox/uma/receive`):
        // with the demo's webhook endpoint it waits for the person to approve or decline it.
        handle: sandboxOnly(async ({ user, body }, { sandbox }) => {
          const { customerId, accountId } = user()
          await body(NoBody)
          const accounts = await service.call(
            'GET',
            `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`,
            z.looseObject({ data: z.array(Account) }),
          )
          const currency = accounts.data.find((account) => account.id === accountId)?.balance.currency
          if (!currency?.code)
            throw new DemoError(502, 'BAD_GATEWAY', 'The service did not say the wallet’s currency.')
          const transaction = await service.call('POST', '/sandbox/uma/receive', IncomingTransaction, {
            senderUmaAddress: `${SENDER}@${sandbox.config.umaDomain}`,
            customerId,
            receivingCurrencyCode: currency.code,
            receivingCurrencyAmount: INCOMING_UNITS * 10 ** (currency.decimals ?? 2),
          })
          return { status: 200, body: { transaction } }
        }),
      },
    ],
    [
      '/external-accounts',
      {
        method: 'POST',
        handle: sandboxOnly(async ({ user, body }) => {
          const { customerId } = user()
          const { accountNumber, currency } = await body(ExternalAccountBody)
          const { id } = await service.call('POST', '/customers/external-accounts', Created, {
            customerId,
            currency,
            accountInfo: {
              accountType: 'USD_ACCOUNT',
              paymentRails: ['ACH'],
              routingNumber: '021000021',
              accountNumber,
              beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' },
            },
          })
          return { status: 201, body: { id } }
        }),
      },
    ],
    [
      '/clock',
      {
        method: 'POST',
        handle: sandboxOnly(async ({ user, body }, { sandbox }) => {
          user()
          const { advanceMs } = await body(ClockBody)
          sandbox.clock.advance(advanceMs)
          return { status: 200, body: { now: new Date(sandbox.clock.now()).toISOString() } }
        }),
      },
    ],
    [
      '/expire-next-challenge',
      {
        method: 'POST',
        handle: sandboxOnly(async ({ user, body }, { expiry }) => {
          user()
          await body(NoBody)
          expiry.arm()
          return { status: 200, body: { armed: true } }
        }),
      },
    ],
  ])

  return async (req, res) => {
    const path = (req.url ?? '').split('?')[0]?.slice(DEMO_PREFIX.length) ?? ''
    const route = routes.get(path)
    const exchange: Exchange = {
      req,
      user: () => users.fromCookies(req.headers.cookie) ?? throwError(unauthenticated()),
      body: (schema) => readJsonBody(req, schema),
    }
    try {
      if (!route) throw new DemoError(404, 'NOT_FOUND', 'No such demo route.')
      if (req.method !== route.method) {
        const error = new DemoError(405, 'METHOD_NOT_ALLOWED', `Use ${route.method} on this route.`)
        return sendJson(res, 405, error.toBody(), { Allow: route.method })
      }
      if (route.method === 'POST') refuseCrossSite(req, origin)
      const reply = await route.handle(exchange)
      sendJson(res, reply.status, reply.body, reply.headers)
    } catch (error) {
      if (error instanceof DemoError) {
        // A body left unread (too large) ends the connection rather than being waited for.
        return sendJson(res, error.status, error.toBody(), req.complete ? {} : { Connection: 'close' })
      }
      onError(error)
      sendJson(res, 500, { status: 500, code: 'INTERNAL_ERROR', message: 'The demo backend failed.' })
    }
  }
}

/**
 * A state-changing request must come from the page itself: a same-origin `Origin` and a JSON body,
 * which a cross-site HTML form can send neither of (login CSRF).
 */
function refuseCrossSite(req: IncomingMessage, origin: string): void {
  if (req.headers.origin !== origin) {
    throw new DemoError(403, 'FORBIDDEN', 'This request did not come from the demo page.')
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json') {
    throw new DemoError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the request as JSON (Content-Type: application/json).',
    )
  }
}

function throwError(error: Error): never {
  throw error
}
