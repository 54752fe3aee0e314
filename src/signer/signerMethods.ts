import type { ContactChannel } from '../client/contactVerificationMethods.js'
import type { WalletAuth } from '../client/createWalletAuth.js'
import type { PreparedOauthSignIn } from '../client/oauthMethods.js'
import type { PreparedPasskeySignIn } from '../client/passkeyMethods.js'
import { WalletAuthError } from '../errors.js'
import { visibleText } from '../intent/visibleText.js'
import { browserHasWebAuthn } from '../passkey/browserHasWebAuthn.js'
import { loadWebAuthn } from '../passkey/webAuthnLibrary.js'
import type { SignerDialog } from './signerDialog.js'
import { signerFetch } from './signerFetch.js'
import { CALLBACK_MARK } from './signerProtocol.js'

/** What a method of the signer has beside its client: its dialog, the page's callbacks, its settings. */
export interface SignerIo {
  dialog: SignerDialog
  /** Asks the page to run a function it kept (`getIdToken`, `onScaChallenge`) and waits for its answer. */
  callback(name: string, args: unknown[]): Promise<unknown>
  /** Prepared sign-ins, by the handle the page holds for each. */
  prepared: Map<string, PreparedPasskeySignIn | PreparedOauthSignIn>
  /** The relay's absolute URL: `fetch` goes there and nowhere else. */
  baseUrl: string
  /** The page's `wallet.fetch`: signs what moves nothing, refuses what the person must confirm. */
  fetch: typeof globalThis.fetch
  dangerouslyAcceptUnsignedSandboxExport: boolean
}

type Method = (client: WalletAuth, args: unknown[], io: SignerIo) => Promise<unknown>

const refuse = (message: string) => new WalletAuthError('SIGNER_REFUSED', message)

function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 500)
    throw refuse(`${what} must be text.`)
  return value
}

// An options object from the page, without the members only the signer decides: `confirm` (the
// person answers in the signer's own dialog), `origin` (ceremonies run on the signer's origin).
function options(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw refuse('Options must be an object.')
  const { confirm: _confirm, origin: _origin, ...rest } = value as Record<string, unknown>
  return rest
}

// A function the page kept: the signer calls back, so what it returns is the page's to give (an
// ID token, an SCA answer), never a decision about what the signer signs.
function withCallback(value: Record<string, unknown>, name: string, io: SignerIo): Record<string, unknown> {
  const mark = value[name]
  if (mark === undefined) return value
  if (
    typeof mark !== 'object' ||
    mark === null ||
    (mark as Record<string, unknown>)[CALLBACK_MARK] !== name
  ) {
    throw refuse(`${name} must be a function of the page.`)
  }
  return { ...value, [name]: (...args: unknown[]) => io.callback(name, args) }
}

// The options of a reset's completion, closed: the new phone's two parts, nothing else.
function resetOptions(value: unknown): { mobile?: { countryCode: string; number: string } } {
  const { mobile } = options(value)
  if (mobile === undefined) return {}
  if (typeof mobile !== 'object' || mobile === null || Array.isArray(mobile)) {
    throw refuse('The mobile must be an object.')
  }
  const { countryCode, number } = mobile as Record<string, unknown>
  return {
    mobile: { countryCode: text(countryCode, 'The country code'), number: text(number, 'The number') },
  }
}

function preparedOf<T>(io: SignerIo, handle: unknown): T {
  const prepared = io.prepared.get(text(handle, 'The handle'))
  if (!prepared) throw new WalletAuthError('INVALID_ARGUMENT', 'That sign-in was not prepared here.')
  return prepared as T
}

const otp = (type: 'emailOtp' | 'smsOtp', channel: 'EMAIL_OTP' | 'SMS_OTP') =>
  ({
    [`${type}.send`]: (c, [id]) => c[type].send(text(id, 'The credential')),
    [`${type}.add`]: (c, [accountId, opts]) =>
      c[type].add(text(accountId, 'The account'), options(opts) as { contact: string; customerId?: string }),
    // The code is typed in the signer's own box: the page only learns that the sign-in happened.
    [`${type}.verify`]: async (c, [id], io) => {
      const credentialId = text(id, 'The credential')
      let session: unknown
      await io.dialog.askCode({
        channel,
        submit: async (code) => {
          session = await c[type].verify(credentialId, code)
        },
        resend: async () => {
          await c[type].send(credentialId)
        },
      })
      return session
    },
  }) satisfies Record<string, Method>

let handles = 0

/**
 * Every method the app's page may ask the signer to run, by name: a closed list, each reading its
 * arguments itself. What the person must see and approve is asked in the signer's dialog by the
 * client's own checks (`confirm`), never by anything the page sends.
 */
export const SIGNER_METHODS: Readonly<Record<string, Method>> = {
  ...otp('emailOtp', 'EMAIL_OTP'),
  ...otp('smsOtp', 'SMS_OTP'),
  'passkey.signIn': (c, [id, opts]) => c.passkey.signIn(text(id, 'The credential'), options(opts) as never),
  'passkey.prepare': async (c, [id, opts], io) => {
    const prepared = await c.passkey.prepare(text(id, 'The credential'), options(opts) as never)
    const handle = `passkey-${++handles}`
    io.prepared.set(handle, prepared)
    // How long it stays usable, not when: the page counts it on its own clock, which need not agree
    // with this frame's `now` (a page that follows a sandbox's moved clock).
    return { handle, expiresInMs: Math.max(prepared.expiresAt - c.now(), 0) }
  },
  'passkey.runPrepared': (_c, [handle], io) => preparedOf<PreparedPasskeySignIn>(io, handle).signIn(),
  // The person's click comes first here: the passkey is made in this frame, and browsers make one
  // only with the person's activation. What is signed after is held to the passkey just made.
  'passkey.add': async (c, [opts], io) => {
    const add = options(opts) as { accountId: string; nickname: string; optionsJSON: never }
    const nickname = visibleText(text(add.nickname, 'The name'))
    // Not asked for what this browser cannot make.
    if (!browserHasWebAuthn())
      throw new WalletAuthError('PASSKEY_NOT_SUPPORTED', 'This browser does not support passkeys.')
    // Loaded while the person reads: the ceremony then starts within their click.
    void loadWebAuthn().catch(() => {})
    const yes = await io.dialog.confirm({
      action: 'add-credential',
      summary: 'Add a passkey made on this device as a way to sign in to the wallet.',
      unchecked: [`its name, “${nickname}”`],
    })
    if (!yes) throw new WalletAuthError('CONFIRMATION_DECLINED', 'The user did not confirm this action.')
    return c.passkey.add({ ...add, confirm: () => true })
  },
  'oauth.prepare': async (c, [id, opts], io) => {
    const prepared = await c.oauth.prepare(text(id, 'The credential'), options(opts) as never)
    const handle = `oauth-${++handles}`
    io.prepared.set(handle, prepared)
    return { handle, nonce: prepared.nonce }
  },
  'oauth.runPrepared': (_c, [handle, token], io) =>
    preparedOf<PreparedOauthSignIn>(io, handle).signIn(text(token, 'The ID token')),
  'oauth.signIn': (c, [id, opts], io) =>
    c.oauth.signIn(text(id, 'The credential'), withCallback(options(opts), 'getIdToken', io) as never),
  'oauth.add': (c, [opts]) => c.oauth.add(options(opts) as never),
  'credentials.list': (c, [accountId]) => c.credentials.list(text(accountId, 'The account')),
  'credentials.revoke': (c, [id, opts]) => c.credentials.revoke(text(id, 'The credential'), options(opts)),
  'sessions.current': (c) => c.sessions.current(),
  'sessions.list': (c, [accountId]) => c.sessions.list(text(accountId, 'The account')),
  'sessions.refresh': (c) => c.sessions.refresh(),
  'sessions.revoke': (c, [id]) => c.sessions.revoke(text(id, 'The session')),
  signOut: (c) => c.signOut(),
  // The phrase is shown in the signer's dialog and never crosses to the page.
  exportWallet: async (c, [accountId], io) => {
    const phrase = await c.exportWallet(text(accountId, 'The account'), {
      dangerouslyAcceptUnsignedSandboxExport: io.dangerouslyAcceptUnsignedSandboxExport,
    })
    await io.dialog.showPhrase(phrase)
    return undefined
  },
  'customers.get': (c, [id]) => c.customers.get(text(id, 'The customer')),
  'customers.updateContact': (c, [id, change, opts]) =>
    c.customers.updateContact(text(id, 'The customer'), options(change) as never, options(opts)),
  'customers.sendVerificationCode': (c, [id, channel]) =>
    c.customers.sendVerificationCode(text(id, 'The customer'), text(channel, 'The channel') as never),
  'customers.confirmVerificationCode': async (c, [id, channel], io) => {
    const customerId = text(id, 'The customer')
    const which = text(channel, 'The channel') as ContactChannel
    let customer: unknown
    await io.dialog.askCode({
      channel: which === 'phone' ? 'SMS_OTP' : 'EMAIL_OTP',
      submit: async (code) => {
        customer = await c.customers.confirmVerificationCode(customerId, which, code)
      },
      resend: () => c.customers.sendVerificationCode(customerId, which),
    })
    return customer
  },
  'sca.factors': (c, [id]) => c.sca.factors(text(id, 'The customer')),
  'sca.startPasskey': (c, [id]) => c.sca.startPasskey(text(id, 'The customer')),
  'sca.confirmPasskey': (c, [id, opts]) =>
    c.sca.confirmPasskey(text(id, 'The customer'), options(opts) as never),
  'sca.startTotp': (c, [id]) => c.sca.startTotp(text(id, 'The customer')),
  'sca.confirmTotp': (c, [id, proof]) => c.sca.confirmTotp(text(id, 'The customer'), options(proof) as never),
  'sca.removeFactor': (c, [id, factor]) =>
    c.sca.removeFactor(text(id, 'The customer'), text(factor, 'The factor')),
  'sca.startLogin': (c, [id, factor]) =>
    c.sca.startLogin(text(id, 'The customer'), text(factor, 'The factor') as never),
  'sca.completeLogin': (c, [id, opts]) =>
    c.sca.completeLogin(text(id, 'The customer'), options(opts) as never),
  'sca.startReset': (c, [id, factor]) =>
    c.sca.startReset(text(id, 'The customer'), text(factor, 'The factor') as never),
  'sca.resetStatus': (c, [id, reset]) =>
    c.sca.resetStatus(text(id, 'The customer'), text(reset, 'The reset')),
  // Confirmed by the person in the signer's dialog (the client's confirm), told the new phone.
  'sca.completeReset': (c, [id, reset, opts]) =>
    c.sca.completeReset(text(id, 'The customer'), text(reset, 'The reset'), resetOptions(opts)),
  'delegatedKeys.create': (c, [opts]) => c.delegatedKeys.create(options(opts) as never),
  'delegatedKeys.get': (c, [id]) => c.delegatedKeys.get(text(id, 'The delegated key')),
  'delegatedKeys.list': (c, [filter]) => c.delegatedKeys.list(options(filter)),
  'delegatedKeys.revoke': (c, [id]) => c.delegatedKeys.revoke(text(id, 'The delegated key')),
  'quotes.create': (c, [request, opts], io) =>
    c.quotes.create(options(request) as never, withCallback(options(opts), 'onScaChallenge', io)),
  'quotes.get': (c, [id]) => c.quotes.get(text(id, 'The quote')),
  'quotes.execute': (c, [id, opts], io) =>
    c.quotes.execute(text(id, 'The quote'), withCallback(options(opts), 'onScaChallenge', io)),
  'quotes.authorize': (c, [id, opts], io) =>
    c.quotes.authorize(text(id, 'The quote'), withCallback(options(opts), 'onScaChallenge', io) as never),
  'quotes.resend': (c, [id]) => c.quotes.resend(text(id, 'The quote')),
  'transactions.list': (c, [id, opts]) => c.transactions.list(text(id, 'The customer'), options(opts)),
  'transactions.get': (c, [id]) => c.transactions.get(text(id, 'The transaction')),
  'transactions.approve': (c, [id, opts]) =>
    c.transactions.approve(text(id, 'The transaction'), options(opts)),
  'transactions.reject': (c, [id, opts]) => c.transactions.reject(text(id, 'The transaction'), options(opts)),
  'receivers.lookupUma': (c, [address, opts]) =>
    c.receivers.lookupUma(text(address, 'The UMA address'), options(opts) as never),
  'receivers.lookupExternalAccount': (c, [id, opts]) =>
    c.receivers.lookupExternalAccount(text(id, 'The external account'), options(opts) as never),
  'exchangeRates.list': (c, [opts]) => c.exchangeRates.list(options(opts)),
  // The page answers the SCA challenge; the person confirms a trust in the signer's dialog.
  'beneficiaries.trust': (c, [id, opts], io) =>
    c.beneficiaries.trust(
      text(id, 'The external account'),
      withCallback(options(opts), 'onScaChallenge', io) as never,
    ),
  'beneficiaries.untrust': (c, [id, opts], io) =>
    c.beneficiaries.untrust(
      text(id, 'The external account'),
      withCallback(options(opts), 'onScaChallenge', io) as never,
    ),
  fetch: (_c, [request], io) => signerFetch(io.fetch, request, io.baseUrl),
}
