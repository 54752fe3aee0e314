import type { TestSandbox } from 'embedded-wallet-auth/testing'

/** The example, running: its page's URL, the sandbox behind it, and how to stop both. */
export interface RunningExample {
  /** The page's origin, e.g. `http://localhost:8795`. */
  url: string
  /** The sandbox standing in for the wallet service (its `otpCode`, `customers`, `clock`). */
  sandbox: TestSandbox
  close(): Promise<void>
}

/**
 * Starts the sandbox with `emails` as its customers and serves the page on `localhost:port`
 * (`0`: a free port). The page trusts the sandbox's OTP signer; passkeys are bound to the page's
 * origin.
 *
 * @example
 * ```ts
 * const example = await startPlainHtmlExample({ port: 8795, emails: ['ada@example.com'] })
 * console.log(example.url, example.sandbox.otpCode)
 * await example.close()
 * ```
 */
export function startPlainHtmlExample(options?: {
  port?: number
  emails?: string[]
  /**
   * For tests: a kit file (a path of integrity.json) served with one line added, which adds the
   * file's path to the page's `globalThis.kitTamperedRan` if it runs.
   */
  tamper?: string
  /** For tests: receives the page's CSP violation reports (its CSP then has a `report-uri`). */
  onCspReport?: (report: unknown) => void
}): Promise<RunningExample>
