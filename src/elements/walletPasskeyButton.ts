import type { PasskeySignInOptions } from '../client/passkeyMethods.js'
import { isWalletAuthError, WalletAuthError } from '../errors.js'
import { browserHasWebAuthn } from '../passkey/browserHasWebAuthn.js'
import { h } from './dom.js'
import type { ElementSession } from './elementClient.js'
import { WalletElement } from './walletElement.js'

// A sign-in made ready ahead of the tap, by either client (in signer mode, a handle the signer holds).
interface PreparedPasskeySignIn {
  readonly expiresAt: number
  readonly used: boolean
  signIn(): Promise<ElementSession>
}

// Renew this long before the challenge lapses (time to tap, then to reach the service).
const RENEW_MARGIN_MS = 30_000
// Never renew more often than this, whatever a skewed clock says the challenge's life is.
const MIN_RENEW_DELAY_MS = 15_000

/**
 * `<wallet-passkey-button>`: "Sign in with a passkey" for one passkey credential of one account.
 * While connected with a client it fetches the service's challenge ahead of the tap
 * (`client.passkey.prepare`) and renews it shortly before it expires, so that the click starts
 * `navigator.credentials.get` with no network request first (iOS Safari needs the call inside the
 * user's gesture). While the ceremony runs the button is disabled and the element says so
 * (announced). A closed dialog goes back to the button quietly (`wallet-cancelled`); a passkey not
 * on this device, or any other failure, is a sentence in the error region (`wallet-error`); where
 * the browser has no WebAuthn, the button says so, stays disabled and fires `wallet-unavailable`. Success: `wallet-signed-in`. Keep it connected a moment before the tap:
 * a click that comes before the challenge arrived waits for it, outside the gesture.
 *
 * @example
 * ```ts
 * const button = document.createElement('wallet-passkey-button')
 * Object.assign(button, { client, credentialId: method.id, accountId, allowCredentials: [method.credentialId] })
 * button.addEventListener('wallet-cancelled', () => showOtherMethods())
 * ```
 */
export class WalletPasskeyButton extends WalletElement {
  #credentialId: string | undefined
  #accountId: string | undefined
  #allowCredentials: string[] | undefined
  #rpId: string | undefined
  #timeout: number | undefined
  // No WebAuthn here: the button says so and never prepares. (While the ceremony runs, `busy`.)
  #unavailable = false
  #status = ''
  #prepared: PreparedPasskeySignIn | undefined
  #preparing: Promise<PreparedPasskeySignIn | undefined> | undefined
  #renewTimer: ReturnType<typeof setTimeout> | undefined
  // Bumped whenever what a prepared sign-in is for changes: a late preparation is dropped.
  #generation = 0
  #restartQueued = false
  #button: HTMLButtonElement | undefined
  #statusNode: HTMLElement | undefined

  /** The client from `createWalletAuth`; setting it prepares the sign-in again. */
  override get client() {
    return super.client
  }
  override set client(value) {
    super.client = value
    this.#restart()
  }

  /** The passkey credential's service id (its AuthMethod `id`). */
  get credentialId(): string | undefined {
    return this.#credentialId
  }
  set credentialId(value: string | undefined) {
    if (value === this.#credentialId) return
    this.#credentialId = value
    this.#restart()
  }

  /** The account the passkey belongs to. */
  get accountId(): string | undefined {
    return this.#accountId
  }
  set accountId(value: string | undefined) {
    if (value === this.#accountId) return
    this.#accountId = value
    this.#restart()
  }

  /** base64url WebAuthn ids that may answer (the AuthMethod's `credentialId`). */
  get allowCredentials(): string[] | undefined {
    return this.#allowCredentials
  }
  set allowCredentials(value: string[] | undefined) {
    // A framework's new array with the same ids on each render fetches no new challenge.
    if (value?.join() === this.#allowCredentials?.join()) return
    this.#allowCredentials = value
    this.#restart()
  }

  /** The relying-party id the passkey was made for; default the page's host. */
  get rpId(): string | undefined {
    return this.#rpId
  }
  set rpId(value: string | undefined) {
    if (value === this.#rpId) return
    this.#rpId = value
    this.#restart()
  }

  /** How long the browser's passkey dialog waits, in ms; default the browser's. */
  get timeout(): number | undefined {
    return this.#timeout
  }
  set timeout(value: number | undefined) {
    if (value === this.#timeout) return
    this.#timeout = value
    this.#restart()
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // Before anything is prepared: without WebAuthn no challenge is fetched for nothing.
    this.#detect()
    this.#restart()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#stop()
  }

  protected render(): void {
    const { messages } = this
    const unavailable = this.#unavailable
    this.#button = h(
      'button',
      {
        type: 'button',
        part: 'button',
        disabled: this.#unavailable || this.busy,
        'aria-describedby': 'status error',
      },
      messages.passkeySignIn,
    )
    this.#button.addEventListener('click', () => this.#click())
    this.#statusNode = h(
      'p',
      { part: 'status', class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' },
      unavailable ? messages.passkeyUnavailable : this.#status,
    )
    this.shadow.replaceChildren(h('div', { class: 'stack' }, this.#button, this.#statusNode, this.errorBox()))
  }

  #setStatus(text: string) {
    this.#status = text
    if (this.#statusNode) this.#statusNode.textContent = text
  }

  /**
   * WebAuthn missing: say so, once. A browser that reports no platform authenticator and no phone
   * (Firefox on Linux does) may still reach a passkey on a security key, so that alone never hides
   * the button: the ceremony says what this browser can do.
   */
  #detect() {
    if (browserHasWebAuthn() || this.#unavailable) return
    this.#stop()
    this.#unavailable = true
    this.refresh()
    this.emit('wallet-unavailable', {
      error: new WalletAuthError('PASSKEY_NOT_SUPPORTED', 'This browser cannot use passkeys.'),
    })
  }

  #options(): PasskeySignInOptions | undefined {
    if (!this.#accountId) return undefined
    return {
      accountId: this.#accountId,
      ...(this.#allowCredentials ? { allowCredentials: this.#allowCredentials } : {}),
      ...(this.#rpId ? { rpId: this.#rpId } : {}),
      ...(this.#timeout ? { timeout: this.#timeout } : {}),
    }
  }

  #stop() {
    this.#generation += 1
    clearTimeout(this.#renewTimer)
    this.#renewTimer = undefined
    this.#prepared = undefined
    this.#preparing = undefined
  }

  /**
   * Drops what was prepared and prepares again for the current properties, once for all the
   * changes of one task (properties set together, or handed over when the element connects).
   */
  #restart() {
    if (this.#restartQueued) return
    this.#restartQueued = true
    queueMicrotask(() => {
      this.#restartQueued = false
      this.#stop()
      if (this.isConnected && !this.#unavailable && !this.busy) void this.#prepare()
    })
  }

  /** The prepared sign-in, while it can still be used. */
  #usable(): PreparedPasskeySignIn | undefined {
    const prepared = this.#prepared
    return prepared && !prepared.used && this.now() < prepared.expiresAt ? prepared : undefined
  }

  #schedule(delay: number) {
    const generation = this.#generation
    clearTimeout(this.#renewTimer)
    this.#renewTimer = setTimeout(() => {
      // The current one stays usable until the next is ready.
      if (generation === this.#generation && !this.#unavailable && !this.busy) void this.#prepare()
    }, delay)
  }

  /** Renewal shortly before `prepared` lapses (never in a tight loop, whatever the clocks say). */
  #scheduleRenewal(prepared: PreparedPasskeySignIn) {
    this.#schedule(Math.max(prepared.expiresAt - this.now() - RENEW_MARGIN_MS, MIN_RENEW_DELAY_MS))
  }

  /**
   * Fetches a challenge ahead of the tap and schedules its renewal. A failure waits for the click
   * (where it is shown), except a rate limit, which is tried again once it lifts.
   */
  #prepare(): Promise<PreparedPasskeySignIn | undefined> {
    const options = this.#options()
    const { client } = this
    if (!client || !this.#credentialId || !options) return Promise.resolve(undefined)
    const generation = this.#generation
    const preparing = client.passkey.prepare(this.#credentialId, options).then(
      (prepared) => {
        if (generation !== this.#generation) return undefined
        this.#prepared = prepared
        this.#preparing = undefined
        this.#scheduleRenewal(prepared)
        return prepared
      },
      (error: unknown) => {
        if (generation !== this.#generation) return undefined
        this.#preparing = undefined
        if (isWalletAuthError(error, 'RATE_LIMITED')) this.#schedule((error.retryAfter ?? 30) * 1000)
        return undefined
      },
    )
    this.#preparing = preparing
    return preparing
  }

  #click() {
    if (this.#unavailable || this.busy) return
    const prepared = this.#usable()
    clearTimeout(this.#renewTimer)
    this.clearError()
    this.#setStatus(this.messages.passkeyWaiting)
    void this.runBusy(
      // The prepared ceremony starts right here, inside the click: nothing is awaited first.
      () => (prepared ? prepared.signIn() : this.#signInLate()),
      (error) => void this.#failed(error),
    ).then((session) => {
      if (session) {
        this.#setStatus(this.messages.signedIn)
        this.emit('wallet-signed-in', { session })
        return
      }
      // A ceremony that failed in the browser did not spend the challenge: keep it.
      const kept = this.#usable()
      if (kept) this.#scheduleRenewal(kept)
      else if (!this.#preparing) void this.#prepare()
    })
  }

  /** No challenge ready yet (still coming, failed or lapsed): wait for one, then run the ceremony. */
  async #signInLate(): Promise<ElementSession> {
    const client = this.requireClient()
    const options = this.#options()
    if (!this.#credentialId || !options) {
      throw new WalletAuthError(
        'INVALID_ARGUMENT',
        `${this.localName} needs credentialId and accountId properties.`,
      )
    }
    const pending = this.#preparing ? await this.#preparing : undefined
    const prepared =
      pending && !pending.used ? pending : await client.passkey.prepare(this.#credentialId, options)
    this.#prepared = prepared
    return prepared.signIn()
  }

  #failed(error: unknown) {
    this.#setStatus('')
    if (isWalletAuthError(error, 'PASSKEY_CANCELLED')) {
      // Not an error: back to the button, quietly.
      this.#button?.focus()
      this.emit('wallet-cancelled', { error })
      return
    }
    this.showError(error)
  }
}
