import {
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Fixtures,
  type Locator,
  type Page,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
} from '@playwright/test'
import { SANDBOX_OTP_CODE } from '../../sandbox/sandboxOtpCode.js'
import { addVirtualAuthenticator, type VirtualAuthenticatorOptions } from './addVirtualAuthenticator.js'
import { codeInClear } from './codeInClear.js'
import { CSP_BINDING, recordCspViolations } from './cspRecorder.js'
import { type SentFrame, sentFrame } from './sentFrame.js'
import { type SentRequest, sentRequest } from './sentRequest.js'

/**
 * The guard every test gets (`guard` fixture): it watches the test's browser context, and the
 * contexts it is given, and fails the test at its end on a Content-Security-Policy violation of
 * any page or frame, or on an OTP code sent readably: in a request (URL, body, a header other than
 * `Cookie`) or in a WebSocket (its URL, each message a page sends), as it is or in a usual
 * encoding (percent-encoded, base64 or base64url, hex, `\u`-escaped, spelled out with spaces,
 * dashes, dots or commas, an array of digits or of bytes; nested up to three deep), and never
 * taking the digits inside a longer number for the code. A WebSocket the test answers itself
 * (`page.routeWebSocket`) never reaches the network, and the guard does not see its messages.
 */
export interface WalletGuard {
  /**
   * Fills `field` with `code` at once (as a paste or an autofill does) and watches for it: no
   * request or WebSocket message of a guarded context may carry it readably, before or after.
   */
  typeCode(field: Locator, code: string): Promise<void>
  /** Watches for `code` in clear, for a code the test enters some other way. */
  watchCode(code: string): void
  /** Guards a browser context the test made itself (its pages and their requests). */
  watch(context: BrowserContext): Promise<void>
  /**
   * A page in a new, guarded browser context (another browser profile: its own storage), with a
   * virtual authenticator and the test's `baseURL`. Closed at the end of the test.
   */
  newGuardedPage(options?: BrowserContextOptions): Promise<Page>
  /** What the guard found so far (the test fails at its end when this is not empty). */
  problems(): string[]
}

/** The fixtures `walletFixtures` adds. */
export interface WalletFixtures {
  /** The guard (automatic: every test is watched, used or not). */
  guard: WalletGuard
  /** The id of the virtual authenticator on the test's `page` (automatic). */
  authenticator: string
}

/** The options of `walletFixtures`, set in `use` of the Playwright config or with `test.use`. */
export interface WalletFixtureOptions {
  /**
   * Codes watched from the start of every test, besides those typed with `guard.typeCode`.
   * Default `['000000']`, the sandbox's code; `[]` when a request may carry those digits by design.
   * Never the SCA code of a payment (`123456` in the sandbox): the service takes that one in the
   * request body, in clear, by design.
   */
  watchedCodes: string[]
  /** Options of the virtual authenticators the fixtures add. Default: the defaults. */
  authenticatorOptions: VirtualAuthenticatorOptions
}

type BaseTestArgs = PlaywrightTestArgs & PlaywrightTestOptions
type BaseWorkerArgs = PlaywrightWorkerArgs & PlaywrightWorkerOptions

/**
 * The kit's Playwright fixtures, to add to an app's own `test`: `guard` (fails a test on a CSP
 * violation or an OTP in clear), `authenticator` (a virtual authenticator on `page`), and their
 * options `watchedCodes` and `authenticatorOptions`. `test` from this entry is
 * `base.extend(walletFixtures)`.
 *
 * @example
 * ```ts
 * import { test as base } from '@playwright/test'
 * import { walletFixtures } from 'embedded-wallet-auth/testing/playwright'
 *
 * export const test = base.extend(walletFixtures).extend<{ account: Account }>({
 *   account: async ({}, use) => use(await createTestAccount()),
 * })
 * // A test page whose amounts may read 000000: watch only the codes typed with guard.typeCode.
 * test.use({ watchedCodes: [] })
 * ```
 */
export const walletFixtures: Fixtures<
  WalletFixtures & WalletFixtureOptions,
  object,
  BaseTestArgs,
  BaseWorkerArgs
> = {
  watchedCodes: [[SANDBOX_OTP_CODE], { option: true }],
  authenticatorOptions: [{}, { option: true }],
  guard: [
    // On `page` too: its teardown (closing it) then waits for this one's last round trip.
    async ({ page: _page, context, browser, baseURL, watchedCodes, authenticatorOptions }, use) => {
      const problems: string[] = []
      const sent: (SentRequest | SentFrame)[] = []
      const codes = new Set(watchedCodes)
      let typed = false
      const watched = new Set<BrowserContext>()
      const own: BrowserContext[] = []

      // Its URL as a request's (no 'request' event tells of it), then each message the page sends.
      const watchWebSockets = (open: Page) =>
        open.on('websocket', (webSocket) => {
          sent.push({ url: webSocket.url(), headers: {}, body: null })
          webSocket.on('framesent', ({ payload }) => sent.push(sentFrame(webSocket.url(), payload)))
        })

      const watch = async (guarded: BrowserContext) => {
        if (watched.has(guarded)) return
        watched.add(guarded)
        guarded.on('request', (request) => sent.push(sentRequest(request)))
        for (const open of guarded.pages()) watchWebSockets(open)
        guarded.on('page', watchWebSockets)
        await guarded.exposeBinding(CSP_BINDING, ({ page: from }, report: string) => {
          problems.push(`CSP violation on ${from?.url() ?? 'a page'}: ${report}`)
        })
        await guarded.addInitScript(recordCspViolations, CSP_BINDING)
      }
      await watch(context)

      const findCodes = () => {
        const found: string[] = []
        for (const code of codes) for (const one of sent) found.push(...codeInClear(code, one))
        if (typed && sent.length === 0) found.push('no request was recorded (is the guard watching?)')
        return found
      }

      const guard: WalletGuard = {
        async typeCode(field, code) {
          codes.add(code)
          typed = true
          await field.fill(code)
        },
        watchCode(code) {
          codes.add(code)
          typed = true
        },
        watch,
        async newGuardedPage(options = {}) {
          const extra = await browser.newContext({ ...(baseURL ? { baseURL } : {}), ...options })
          own.push(extra)
          await watch(extra)
          const extraPage = await extra.newPage()
          await addVirtualAuthenticator(extraPage, authenticatorOptions)
          return extraPage
        },
        problems: () => [...problems, ...findCodes()],
      }

      await use(guard)

      // A violation's report may still be on its way: one round trip to each open page first.
      for (const open of [...watched].flatMap((guarded) => guarded.pages())) {
        if (!open.isClosed()) await open.evaluate(() => 0).catch(() => {})
      }
      const found = guard.problems()
      for (const extra of own) await extra.close()
      expect(found, 'wallet guard: CSP violations and OTP codes in clear').toEqual([])
    },
    { auto: true },
  ],
  authenticator: [
    async ({ page, authenticatorOptions }, use) => {
      await use(await addVirtualAuthenticator(page, authenticatorOptions))
    },
    { auto: true },
  ],
}
