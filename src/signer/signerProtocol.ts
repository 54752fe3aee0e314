import * as z from 'zod/mini'

/**
 * The first message of the app's page to the signer frame, posted to the signer's origin only
 * (never `'*'`) with the page's end of a `MessageChannel`: everything after it goes over that port.
 */
export const SIGNER_CONNECT = 'embedded-wallet-auth/signer-connect'

/** The version of the page ↔ signer messages below; a signer refuses a page of another. */
export const SIGNER_PROTOCOL_VERSION = 1

/** The connect message (its `ports[0]` is the channel). */
export const SignerConnect = z.strictObject({
  type: z.literal(SIGNER_CONNECT),
  version: z.literal(SIGNER_PROTOCOL_VERSION),
})

// A JSON value as it crosses the channel, bounded so a hostile page cannot make the signer walk
// an object of any size: structured clone already refused functions, keys and cycles.
const Json = z.json()

/** A member of an argument that stands for a function the page keeps (`getIdToken`, `onScaChallenge`). */
export const CALLBACK_MARK = '$walletCallback'

/** The page asks the signer to run one method of its client. */
export const SignerCall = z.strictObject({
  kind: z.literal('call'),
  id: z.number().check(z.int(), z.nonnegative()),
  method: z.string().check(z.maxLength(64)),
  args: z.array(Json).check(z.maxLength(4)),
})

/** The page answers a callback the signer asked for. */
export const SignerCallbackAnswer = z.strictObject({
  kind: z.literal('callback-answer'),
  id: z.number().check(z.int(), z.nonnegative()),
  ok: z.boolean(),
  value: z.optional(Json),
})

/**
 * The app's theme for the signer's dialog: the few `--wallet-*` custom properties that cannot hide
 * what is signed (the dialog picks its text and surface colours itself from the colour scheme),
 * with values without `url(`, quotes or braces, so the page can style the dialog but never load
 * anything into it.
 */
export const SignerTheme = z.strictObject({
  kind: z.literal('theme'),
  properties: z.partialRecord(
    z.enum([
      '--wallet-color-scheme',
      '--wallet-accent',
      '--wallet-on-accent',
      '--wallet-focus',
      '--wallet-font',
      '--wallet-radius',
      '--wallet-gap',
    ]),
    z.string().check(z.maxLength(100), z.regex(/^(?!.*url\()[^"'{};\\<>]*$/i)),
  ),
})

/** The page has shown the frame (and focused it): the dialog can take focus now. */
export const SignerShown = z.strictObject({ kind: z.literal('shown') })

/** Every message the page may send over the port. */
export const PageMessage = z.discriminatedUnion('kind', [
  SignerCall,
  SignerCallbackAnswer,
  SignerTheme,
  SignerShown,
])
export type PageMessage = z.infer<typeof PageMessage>

/** A `WalletAuthError` as it crosses the channel. */
export interface SignerError {
  code: string
  message: string
  status?: number
  details?: Record<string, unknown>
  reason?: string
  retryAfter?: number
}

/** Every message the signer sends over the port. */
export type SignerMessage =
  | { kind: 'ready' }
  // `now`: the signer's clock when it sent a value, for the page to read a session's end on its own.
  | { kind: 'result'; id: number; value: unknown; now: number }
  | { kind: 'error'; id: number; error: SignerError }
  | { kind: 'event'; event: unknown; now: number }
  | { kind: 'callback'; id: number; name: string; args: unknown[] }
  | { kind: 'visible'; visible: boolean }
