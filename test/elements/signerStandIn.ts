// A stand-in for a signer-mode client, for the tests of what an element itself does with one: the
// real page-held client (relay, sandbox, real sign-ins) behind the framed client's shape, and in
// place of the signer's frame a dialog the test answers (its code box, its confirmation, its phrase
// view). The real signer on its own origin is driven in examples/sign-in-app/sign-in.spec.ts.
import type { WalletAuth } from '../../src/client/createWalletAuth.js'
import { WalletAuthError } from '../../src/errors.js'
import type { PayloadDescription } from '../../src/intent/describePayload.js'
import type { StoredSession } from '../../src/keys/createKeyStore.js'
import type { FramedWalletAuth, SessionView } from '../../src/signer-client/createFramedWalletAuth.js'

/** One question the stand-in signer has open, as its frame would show it over the page. */
export interface SignerQuestion {
  kind: 'code' | 'confirm' | 'phrase'
  /** What the signer asks to confirm (kind `confirm`). */
  description?: PayloadDescription
  /** The person's answer: a code typed (`code`), Confirm (`confirm`), Hide (`phrase`). */
  answer(code?: string): Promise<void>
  /** The person closes it (Cancel, Escape): `CONFIRMATION_DECLINED`. */
  close(): void
}

/** The stand-in and what it saw. */
export interface SignerStandIn {
  client: FramedWalletAuth
  /** Every call as it would cross to the signer: its method and arguments, functions named. */
  calls: Array<{ method: string; args: unknown[] }>
  /** Every question the signer asked, in order. */
  asked: SignerQuestion[]
  /** The next question the signer asks (or the one open now). */
  question(): Promise<SignerQuestion>
}

const view = (session: StoredSession | undefined): SessionView | undefined => {
  if (!session) return undefined
  const { key, ...rest } = session
  return { ...rest, key: { publicKey: key.publicKey, publicKeyUncompressed: key.publicKeyUncompressed } }
}

// An argument as the test reads it: a function shown by its name (what the channel would drop
// or keep), never called.
const described = (value: unknown): unknown =>
  typeof value === 'function'
    ? 'function'
    : value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).map(([key, member]) => [key, described(member)]))
      : value

/**
 * Wraps `wallet` (a page-held client whose `confirm` must be unset) as a signer-mode client
 * whose dialog is the test's: `question()` gives each question as the signer asks it.
 */
export function signerStandIn(wallet: WalletAuth): SignerStandIn {
  const calls: SignerStandIn['calls'] = []
  // Questions answered or closed already (so that `question()` waits for the next one).
  const answered = new WeakSet<SignerQuestion>()
  const asked: SignerQuestion[] = []
  let waiting: ((question: SignerQuestion) => void) | undefined
  const open = (question: Omit<SignerQuestion, 'close'>, reject: (error: unknown) => void) => {
    const full: SignerQuestion = {
      ...question,
      answer: (code) => {
        answered.add(full)
        return question.answer(code)
      },
      close: () => {
        answered.add(full)
        reject(new WalletAuthError('CONFIRMATION_DECLINED', 'The person closed the dialog.'))
      },
    }
    asked.push(full)
    waiting?.(full)
    waiting = undefined
  }
  // The signer's own confirmation: the page's `confirm` never reaches it.
  const confirm = (description: PayloadDescription) =>
    new Promise<boolean>((resolve, reject) =>
      open({ kind: 'confirm', description, answer: async () => resolve(true) }, reject),
    ).catch(() => false)
  const record = (method: string, args: unknown[]) => calls.push({ method, args: args.map(described) })

  const otp = (type: 'emailOtp' | 'smsOtp') => ({
    send: (credentialId: string) => {
      record(`${type}.send`, [credentialId])
      return wallet[type].send(credentialId)
    },
    verify: (...args: [string]) => {
      record(`${type}.verify`, args)
      return new Promise<SessionView>((resolve, reject) =>
        open(
          {
            kind: 'code',
            answer: async (code = '') => {
              const session = await wallet[type].verify(args[0], code)
              resolve(view(session) as SessionView)
            },
          },
          reject,
        ),
      )
    },
    add: (accountId: string, options: { contact: string }) => {
      record(`${type}.add`, [accountId, options])
      return wallet[type].add(accountId, { contact: options.contact, confirm })
    },
  })

  const client = {
    mode: 'signer' as const,
    emailOtp: otp('emailOtp'),
    smsOtp: otp('smsOtp'),
    passkey: {
      prepare: async (...args: Parameters<WalletAuth['passkey']['prepare']>) => {
        record('passkey.prepare', args)
        const prepared = await wallet.passkey.prepare(...args)
        return {
          expiresAt: prepared.expiresAt,
          get used() {
            return prepared.used
          },
          signIn: async () => view(await prepared.signIn()) as SessionView,
        }
      },
    },
    oauth: {
      prepare: async (...args: Parameters<WalletAuth['oauth']['prepare']>) => {
        record('oauth.prepare', args)
        const prepared = await wallet.oauth.prepare(...args)
        return {
          nonce: prepared.nonce,
          get used() {
            return prepared.used
          },
          signIn: async (token: string) => view(await prepared.signIn(token)) as SessionView,
        }
      },
    },
    sessions: {
      current: async () => view(await wallet.sessions.current()),
      refresh: async () => {
        record('sessions.refresh', [])
        return view(await wallet.sessions.refresh()) as SessionView
      },
    },
    signOut: () => {
      record('signOut', [])
      return wallet.signOut()
    },
    // The phrase is opened and shown by the signer; the page hears only that it was closed.
    exportWallet: (...args: [string]) => {
      record('exportWallet', args)
      return new Promise<void>((resolve, reject) => {
        wallet
          .exportWallet(args[0], { confirm, dangerouslyAcceptUnsignedSandboxExport: true })
          .then(() => open({ kind: 'phrase', answer: async () => resolve() }, reject), reject)
      })
    },
    quotes: {
      get: (quoteId: string) => wallet.quotes.get(quoteId),
      resend: (quoteId: string) => {
        record('quotes.resend', [quoteId])
        return wallet.quotes.resend(quoteId)
      },
      execute: (quoteId: string, options: Parameters<WalletAuth['quotes']['execute']>[1] = {}) => {
        record('quotes.execute', [quoteId, options])
        // As the channel does: functions other than `onScaChallenge` stay behind.
        const { confirm: _dropped, ...kept } = options
        return wallet.quotes.execute(quoteId, { ...kept, confirm })
      },
    },
    onChange: (listener: (event: unknown) => void) =>
      wallet.onChange((event) =>
        listener('session' in event ? { type: event.type, session: view(event.session) } : event),
      ),
    confirm: undefined,
    now: wallet.now,
    expiringSoonMs: wallet.expiringSoonMs,
  }
  return {
    client: client as unknown as FramedWalletAuth,
    calls,
    asked,
    question: () =>
      new Promise((resolve) => {
        const last = asked.at(-1)
        if (last && !answered.has(last)) resolve(last)
        else waiting = resolve
      }),
  }
}
