import * as z from 'zod/mini'

/**
 * What the integrator's signer deployment says about itself, served beside the signer document
 * as `signer-config.json` (by `serveSigner`, or any static server): never taken from the app's
 * page, which is the party the signer guards against.
 *
 * @example
 * ```ts
 * const config = SignerConfig.parse({
 *   appOrigins: ['https://app.example.com'],
 *   baseUrl: 'https://app.example.com/api/wallet',
 *   headerName: 'Grid-Wallet-Signature',
 * })
 * ```
 */
export const SignerConfig = z.strictObject({
  /** The app origins allowed to frame the signer and talk to it, e.g. `https://app.example.com`. */
  appOrigins: z.array(z.url()).check(z.minLength(1)),
  /** The integrator's relay, absolute (`https://app.example.com/api/wallet`): the signer calls it itself. */
  baseUrl: z.url(),
  /** The wallet-signature header's name (`Grid-Wallet-Signature` for the service). */
  headerName: z.optional(z.string()),
  /** OTP target-bundle signers to trust (the local sandbox's key; default the production signer). */
  trustedSigners: z.optional(z.array(z.string())),
  /** Wallet-export signers to trust. */
  exportSigners: z.optional(z.array(z.string())),
  /** Session-key mode of the signer's client. */
  sessionMode: z.optional(z.enum(['client-held', 'sealed'])),
  /** Accept the sandbox's unsigned exports (the sandbox only: never in production). */
  dangerouslyAcceptUnsignedSandboxExport: z.optional(z.boolean()),
  /** How long the dialog must have been visible before a click counts, in ms. Default 500. */
  minVisibleMs: z.optional(z.number().check(z.int(), z.nonnegative())),
})
export type SignerConfig = z.infer<typeof SignerConfig>
