import { WalletAuthError } from '../errors.js'
import { h } from './dom.js'
import type { ElementSession } from './elementClient.js'
import { fillIn } from './messages.js'
import { WalletElement } from './walletElement.js'

// A sign-in made ready before the click, by either client (in signer mode, a handle the signer holds).
interface PreparedOauthSignIn {
  readonly nonce: string
  readonly used: boolean
  signIn(oidcToken: string): Promise<ElementSession>
}

/** The app's call to its identity provider: an ID token carrying `nonce`, or nothing when closed. */
type IdTokenGetter = (nonce: string) => Promise<string | null | undefined> | string | null | undefined

/**
 * `<wallet-oauth-button>`: signs in with an OAuth (OIDC) credential. The app supplies
 * `getIdToken(nonce)`, which asks the identity provider for an ID token carrying `nonce` (bound to
 * this sign-in's key). Fires `wallet-signed-in` or `wallet-error`; disabled while it runs.
 *
 * @example
 * ```ts
 * const button = document.createElement('wallet-oauth-button')
 * Object.assign(button, { credentialId, accountId, provider: 'Google', getIdToken: (nonce) => google.signIn({ nonce }) })
 * button.addEventListener('wallet-signed-in', () => showWallet())
 * ```
 */
export class WalletOauthButton extends WalletElement {
  #credentialId: string | undefined
  #accountId: string | undefined
  #provider: string | undefined
  #getIdToken: IdTokenGetter | undefined
  /** The OAUTH credential (`AuthMethod` id). */
  get credentialId(): string | undefined {
    return this.#credentialId
  }
  set credentialId(value: string | undefined) {
    if (value !== this.#credentialId) this.#forgetPrepared()
    this.#credentialId = value
  }
  /** The account it belongs to. */
  get accountId(): string | undefined {
    return this.#accountId
  }
  set accountId(value: string | undefined) {
    if (value !== this.#accountId) this.#forgetPrepared()
    this.#accountId = value
  }
  /** The provider's name for the label ("Sign in with {provider}"); default a generic label. */
  get provider(): string | undefined {
    return this.#provider
  }
  set provider(value: string | undefined) {
    this.#provider = value
    if (this.isConnected) this.refresh()
  }
  /**
   * Asks the identity provider for an ID token with this `nonce` (the app's own code). Nothing
   * (`null`, `undefined`, `''`) means the user closed the provider: the button comes back quietly
   * and fires `wallet-cancelled` (code `OAUTH_CANCELLED`), no error shown.
   */
  get getIdToken(): IdTokenGetter | undefined {
    return this.#getIdToken
  }
  set getIdToken(value: IdTokenGetter | undefined) {
    this.#getIdToken = value
  }
  #status: HTMLElement | undefined
  #prepared: Promise<PreparedOauthSignIn> | undefined
  #ready: PreparedOauthSignIn | undefined

  #label(): string {
    const { messages, provider } = this
    return provider ? fillIn(messages.oauthSignInWith, { provider }) : messages.oauthSignIn
  }

  /** The client from `createWalletAuth`; a new one prepares the sign-in again. */
  override get client() {
    return super.client
  }
  override set client(value) {
    if (value !== super.client) this.#forgetPrepared()
    super.client = value
  }

  override connectedCallback(): void {
    super.connectedCallback()
    this.#prepare()
  }

  // What was prepared was for other properties: the next click or approach prepares anew.
  #forgetPrepared() {
    this.#prepared = undefined
    this.#ready = undefined
  }

  // The key and nonce are made before the click, so that the click opens the provider at once
  // (a pop-up opened after awaited work is blocked). Renewed after each attempt.
  #prepare(): Promise<PreparedOauthSignIn> | undefined {
    const { client, credentialId, accountId } = this
    if (!client || !credentialId || !accountId) return undefined
    if (this.#ready && !this.#ready.used) return Promise.resolve(this.#ready)
    // One on the way already (the button was focused, then hovered): that one.
    if (this.#prepared && !this.#ready) return this.#prepared
    this.#ready = undefined
    const prepared = client.oauth.prepare(credentialId, { accountId })
    this.#prepared = prepared
    prepared.then(
      (ready) => {
        if (this.#prepared === prepared) this.#ready = ready
      },
      () => {
        if (this.#prepared === prepared) this.#prepared = undefined
      },
    )
    return prepared
  }

  protected render(): void {
    const button = h('button', { type: 'button', part: 'button' }, this.#label())
    button.onclick = () => void this.signIn()
    // Also made ready when the user comes near the button, for properties set after connecting.
    button.onfocus = button.onpointerenter = () => void this.#prepare()
    // Announced once when the wait starts (polite), emptied without a word when it ends.
    this.#status = h('p', { part: 'status', class: 'status', role: 'status' })
    this.shadow.replaceChildren(h('div', { class: 'stack' }, button, this.#status, this.errorBox()))
  }

  /** Runs the sign-in, as a click on the button does: `getIdToken` is called before anything is awaited when the sign-in was ready. */
  async signIn(): Promise<void> {
    if (this.busy) return
    const status = this.#status
    this.clearError()
    if (status) status.textContent = this.messages.oauthWaiting
    let closed: WalletAuthError | undefined
    const ready = this.#ready
    const session = await this.runBusy(
      async () => {
        const { getIdToken } = this
        const prepared = ready && !ready.used ? ready : await this.#prepare()
        if (!prepared || !getIdToken) {
          throw new WalletAuthError(
            'INVALID_ARGUMENT',
            `${this.localName} needs its client, credentialId, accountId and getIdToken properties.`,
          )
        }
        const token = await getIdToken(prepared.nonce)
        if (!token) {
          closed = new WalletAuthError('OAUTH_CANCELLED', 'The provider was closed without a token.')
          throw closed
        }
        return prepared.signIn(token)
      },
      (error) => {
        if (closed && error === closed) this.emit('wallet-cancelled', { error: closed })
        else this.showError(error)
      },
    )
    if (status) status.textContent = ''
    if (session) this.emit('wallet-signed-in', { session })
    else void this.#prepare()
  }
}
