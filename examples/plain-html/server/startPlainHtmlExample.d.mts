import type { TestSandbox } from 'embedded-wallet-auth/testing'

/** The example, running: its page's URL, its signer's, the sandbox behind them, and how to stop all. */
export interface RunningExample {
  /** The page's origin, e.g. `http://localhost:8795`. */
  url: string
  /** The signer document's origin, e.g. `http://localhost:8794` (its page: `/signer.html`). */
  signerUrl: string
  /** The sandbox standing in for the wallet service (its `otpCode`, `customers`, `clock`). */
  sandbox: TestSandbox
  close(): Promise<void>
}

/**
 * Starts the sandbox with `emails` as its customers, serves the page on `localhost:port` and the
 * signer document on `localhost:signerPort` (`0`: a free port). The signer trusts the sandbox's
 * OTP and export signers; passkeys are made in the signer and bound to both origins.
 *
 * @example
 * ```ts
 * const example = await startPlainHtmlExample({ port: 8795, signerPort: 8794, emails: ['ada@example.com'] })
 * console.log(example.url, example.signerUrl, example.sandbox.otpCode)
 * await example.close()
 * ```
 */
export function startPlainHtmlExample(options?: {
  port?: number
  /** The signer document's port. Default `0`: a free one. */
  signerPort?: number
  emails?: string[]
  /**
   * For tests: a kit file (a path of integrity.json) served with one line added, which adds the
   * file's path to the page's `globalThis.kitTamperedRan` if it runs.
   */
  tamper?: string
  /**
   * For tests: the signer's `signer.js` served with that line added (`signer.html` still pins it
   * as built); it would leave `'signer.js'` in the frame's `globalThis.kitTamperedRan`.
   */
  tamperSigner?: boolean
  /** For tests: receives the page's CSP violation reports (its CSP then has a `report-uri`). */
  onCspReport?: (report: unknown) => void
}): Promise<RunningExample>
