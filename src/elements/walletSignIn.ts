import type { AuthMethod } from '../wire/authMethod.js'
import { h } from './dom.js'
import type { ElementClient, ElementClientEvent, ElementSession } from './elementClient.js'
import { fillIn } from './messages.js'
import { sessionEnd } from './sessionEnd.js'
import { WalletElement } from './walletElement.js'
import type { WalletOauthButton } from './walletOauthButton.js'

/** One sign-in method of the account, as the app's backend lists its `AuthMethod`s. */
export type SignInMethod = Pick<AuthMethod, 'id' | 'type' | 'credentialId' | 'nickname'>

type View = 'list' | 'method' | 'signed-in'

const NAMES = {
  EMAIL_OTP: 'methodEmail',
  SMS_OTP: 'methodSms',
  PASSKEY: 'methodPasskey',
  OAUTH: 'methodOauth',
} as const

/**
 * `<wallet-sign-in>`: offers the account's sign-in `methods` by friendly name, then the chosen
 * method's element (`<wallet-otp-form>`, `<wallet-oauth-button>`), with a way back to the others.
 * A passkey is offered as its own `<wallet-passkey-button>` in the list, its challenge fetched
 * ahead: one click signs in; one that cannot run here leaves the list with a sentence saying so.
 * While signed in it shows one line. It follows the session: when it ends, here or in another tab
 * (expired, signed out), the methods come back with a sentence saying why (announced, focus on
 * the heading) and `wallet-session-ended` fires. The children's `wallet-signed-in`,
 * `wallet-code-sent` and `wallet-error` bubble out of it. A new `client` reaches the method's
 * element at once (a step begun with the old client starts again with the new one).
 *
 * Its heading ("Sign in", `messages.signInHeading`, an `<h2>`) is the app's to change: an element
 * in its `heading` slot replaces it (any level, the app's own styles), and the `no-heading`
 * attribute (`noHeading`) leaves it out, for a page whose own heading already says it. Without
 * its own heading, the element puts focus on its sentence when the session ends.
 *
 * @example
 * ```ts
 * const signIn = document.createElement('wallet-sign-in')
 * signIn.accountId = accountId
 * signIn.methods = await (await fetch('/api/my-sign-in-methods')).json()
 * signIn.getIdToken = (nonce) => google.signIn({ nonce })
 * signIn.addEventListener('wallet-signed-in', () => showWallet())
 *
 * // Under the page's own heading: none of its own, or one of the app's
 * signIn.noHeading = true
 * // <wallet-sign-in><h1 slot="heading">Welcome back</h1></wallet-sign-in>
 * ```
 */
export class WalletSignIn extends WalletElement {
  #accountId: string | undefined
  #getIdToken: WalletOauthButton['getIdToken'] | undefined
  #provider: string | undefined
  #rpId: string | undefined
  static observedAttributes = ['no-heading']
  /** The account whose methods are offered; a session of this account counts as signed in. */
  get accountId(): string | undefined {
    return this.#accountId
  }
  set accountId(value: string | undefined) {
    this.#accountId = value
  }
  /** For OAuth methods: the OAuth button's `getIdToken` (nothing back: the user closed the provider). */
  get getIdToken(): WalletOauthButton['getIdToken'] | undefined {
    return this.#getIdToken
  }
  set getIdToken(value: WalletOauthButton['getIdToken'] | undefined) {
    this.#getIdToken = value
  }
  /** For OAuth methods: the provider's name on the button. */
  get provider(): string | undefined {
    return this.#provider
  }
  set provider(value: string | undefined) {
    this.#provider = value
    if (this.isConnected) this.refresh()
  }
  /** For passkey methods: the relying party id, when not the page's host. */
  get rpId(): string | undefined {
    return this.#rpId
  }
  set rpId(value: string | undefined) {
    this.#rpId = value
  }
  /** Leaves the element's heading out (the `no-heading` attribute). */
  get noHeading(): boolean {
    return this.hasAttribute('no-heading')
  }
  set noHeading(value: boolean) {
    this.toggleAttribute('no-heading', value === true)
  }

  attributeChangedCallback(_name: string, before: string | null, after: string | null): void {
    if (before !== after && this.isConnected) this.refresh()
  }

  /** The client; a new one is handed to the method's element on screen too. */
  override get client(): ElementClient | undefined {
    return super.client
  }
  override set client(value: ElementClient | undefined) {
    super.client = value
    for (const child of this.#children()) if (child.client !== value) child.client = value
  }

  // The methods' elements on screen: the chosen one, or the passkeys in the list.
  #children(): WalletElement[] {
    const all = [...(this.#body?.querySelectorAll('*') ?? [])]
    return all.filter((node): node is WalletElement => node instanceof WalletElement)
  }

  #methods: SignInMethod[] = []
  #view: View = 'list'
  #chosen: SignInMethod | undefined
  // Passkey methods that cannot run in this browser.
  #unavailable = new Set<string>()
  #heading: HTMLElement | undefined
  #section: HTMLElement | undefined
  #slot: HTMLSlotElement | undefined
  #status: HTMLElement | undefined
  // What the status line says (kept when the element is drawn again: new methods, new strings).
  #notice = ''
  #body: HTMLElement | undefined

  /** The account's methods (`{ id, type, credentialId?, nickname? }`). */
  get methods(): SignInMethod[] {
    return this.#methods
  }
  set methods(given: SignInMethod[]) {
    // None given (a framework no longer passing it) is no method.
    const value = given ?? []
    const key = (methods: SignInMethod[]) => JSON.stringify(methods.map((m) => [m.id, m.type, m.nickname]))
    const same = key(value) === key(this.#methods)
    this.#methods = value
    // The same list again (a framework's new array on each render): the step under way stays.
    if (same) return
    this.#chosen = value.find((method) => method.id === this.#chosen?.id)
    if (this.#view === 'method' && !this.#chosen) this.#view = 'list'
    if (this.isConnected) this.refresh()
  }

  /** `list` (the methods), `method` (one method's element) or `signed-in`. */
  get view(): View {
    return this.#view
  }

  override connectedCallback(): void {
    super.connectedCallback()
    void this.client?.sessions.current().then((session) => {
      const signedIn = session !== undefined && this.#ours(session)
      if (signedIn && this.#view !== 'signed-in') this.#signedIn(false)
      // Ended while this element was out of the page (it heard nothing): the methods, quietly.
      else if (!signedIn && this.#view === 'signed-in') {
        this.#view = 'list'
        this.#say('')
        this.#draw()
      }
    })
  }

  protected render(): void {
    const { messages } = this
    this.#heading = h('h2', { id: 'heading', part: 'heading', tabindex: '-1' }, messages.signInHeading)
    this.#slot = h('slot', { name: 'heading' }, this.#heading)
    this.#slot.addEventListener('slotchange', () => this.#label())
    this.#status = h('p', { part: 'status', class: 'status', role: 'status', tabindex: '-1' })
    this.#body = h('div', { class: 'stack' })
    this.#section = h('section', { class: 'stack' }, !this.noHeading && this.#slot, this.#status, this.#body)
    this.shadow.replaceChildren(this.#section)
    this.#label()
    this.#status.textContent = this.#view === 'signed-in' ? messages.signedIn : this.#notice
    this.#draw()
  }

  // The element's own heading, when it is shown (not left out, not replaced through the slot).
  #ownHeading(): HTMLElement | undefined {
    const replaced = (this.#slot?.assignedElements().length ?? 0) > 0
    return this.noHeading || replaced ? undefined : this.#heading
  }

  // The section is named by its own heading; a slotted one names the app's page instead.
  #label() {
    if (this.#ownHeading()) this.#section?.setAttribute('aria-labelledby', 'heading')
    else this.#section?.removeAttribute('aria-labelledby')
  }

  #available(): SignInMethod[] {
    return this.#methods.filter((method) => method.type in NAMES && !this.#unavailable.has(method.id))
  }

  #draw() {
    const body = this.#body
    if (!body || !this.#slot) return
    const available = this.#available()
    this.#slot.hidden = this.#view === 'signed-in'
    if (this.#view === 'signed-in') return body.replaceChildren()
    const only = available.length === 1 ? available[0] : undefined
    const chosen = this.#view === 'method' ? this.#chosen : only
    if (chosen) {
      const back = h(
        'button',
        { type: 'button', part: 'back', class: 'secondary' },
        this.messages.signInAnotherWay,
      )
      back.onclick = () => this.#choose(undefined, chosen)
      return body.replaceChildren(this.#element(chosen), ...(only ? [] : [back]))
    }
    const { messages, provider } = this
    const buttons = available.map((method) => {
      // A passkey in one click: its own button, ready in the list.
      if (method.type === 'PASSKEY') return this.#element(method)
      const button = h(
        'button',
        { type: 'button', part: 'method', class: 'secondary', 'data-id': method.id },
        method.type === 'OAUTH' && provider
          ? fillIn(messages.oauthSignInWith, { provider })
          : messages[NAMES[method.type]],
        method.nickname && h('small', {}, ` ${method.nickname}`),
      )
      button.onclick = () => this.#choose(method)
      return button
    })
    if (!buttons.length) return body.replaceChildren()
    body.replaceChildren(
      h('p', { id: 'prompt' }, messages.signInWith),
      h('div', { class: 'stack', role: 'group', 'aria-labelledby': 'prompt' }, ...buttons),
    )
  }

  // The chosen method's element, with this element's client and strings.
  #element(method: SignInMethod): HTMLElement {
    const element = this.#create(method)
    // The client's signed-in event replaces the child before the child announces its sign-in:
    // its event no longer bubbles through here, so it is fired again from here.
    element.addEventListener('wallet-signed-in', (event) => {
      if (!element.isConnected)
        this.emit('wallet-signed-in', (event as CustomEvent<{ session: ElementSession }>).detail)
    })
    return element
  }

  #create(method: SignInMethod): HTMLElement {
    const common = {
      client: this.client,
      messages: this.messages,
      credentialId: method.id,
      accountId: this.accountId,
    }
    if (method.type === 'PASSKEY') {
      // "Passkey MacBook"; a nickname that says "passkey" already ("Passkey on Windows") alone.
      const { methodPasskey } = this.messages
      const { nickname } = method
      const name = !nickname
        ? methodPasskey
        : nickname.toLowerCase().startsWith(methodPasskey.toLowerCase())
          ? nickname
          : `${methodPasskey} ${nickname}`
      const button = Object.assign(document.createElement('wallet-passkey-button'), common, {
        // In the list, under "Sign in with": named as the other methods are.
        ...(this.#view === 'list' && this.#available().length > 1
          ? { messages: { ...this.messages, passkeySignIn: name } }
          : {}),
        allowCredentials: method.credentialId ? [method.credentialId] : [],
        ...(this.rpId ? { rpId: this.rpId } : {}),
      })
      button.setAttribute('part', 'method')
      button.dataset.id = method.id
      // No WebAuthn here: the passkey leaves the list, said so. Focus moves only if it was in here
      // (the list is drawn on its own: a page that just loaded keeps its focus).
      button.addEventListener('wallet-unavailable', () => {
        this.#unavailable.add(method.id)
        this.#say(this.messages.passkeyUnavailable)
        if (this.matches(':focus-within')) return this.#choose(undefined)
        this.#chosen = undefined
        this.#view = 'list'
        this.#draw()
      })
      return button
    }
    if (method.type === 'OAUTH') {
      const { getIdToken, provider } = this
      return Object.assign(document.createElement('wallet-oauth-button'), common, {
        ...(getIdToken ? { getIdToken } : {}),
        ...(provider ? { provider } : {}),
      })
    }
    const channel = method.type === 'SMS_OTP' ? 'sms' : 'email'
    return Object.assign(document.createElement('wallet-otp-form'), common, { channel })
  }

  /** Shows `method`'s element (focus in it), or the list again with focus on `from` or the first. */
  #choose(method: SignInMethod | undefined, from?: SignInMethod) {
    this.#chosen = method
    this.#view = method ? 'method' : 'list'
    if (method) this.#say('')
    this.#draw()
    const body = this.#body
    if (method) {
      const child = body?.firstElementChild as (HTMLElement & { start?: () => unknown }) | null
      child?.shadowRoot?.querySelector<HTMLElement>('button, input')?.focus()
      // Choosing "email code" asks for the code: no second click on "Email me a code".
      if (method.type === 'EMAIL_OTP' || method.type === 'SMS_OTP') void child?.start?.()
      return
    }
    const buttons = [...(body?.querySelectorAll<HTMLElement>('[part="method"]') ?? [])]
    const target =
      buttons.find((button) => button.dataset.id === from?.id) ??
      buttons.find((button) => button.dataset.id !== from?.id)
    // A passkey's own element: focus goes to its button.
    const control = target?.shadowRoot?.querySelector<HTMLElement>('button') ?? target
    ;(control ?? this.#ownHeading() ?? this.#status)?.focus()
  }

  #say(sentence: string) {
    this.#notice = sentence
    if (this.#status && this.#status.textContent !== sentence) this.#status.textContent = sentence
  }

  #ours(session: ElementSession) {
    return !this.accountId || session.accountId === this.accountId
  }

  #signedIn(moveFocus: boolean) {
    this.#view = 'signed-in'
    this.#chosen = undefined
    this.#say(this.messages.signedIn)
    this.#draw()
    if (moveFocus) this.#status?.focus()
  }

  protected override sessionChanged(event: ElementClientEvent): void {
    if (event.type === 'signed-in' || event.type === 'refreshed') {
      if (!this.#ours(event.session) || this.#view === 'signed-in') return
      // The element the user worked in is gone: focus goes to the line that replaces it.
      const active = document.activeElement
      this.#signedIn(this.matches(':focus-within') || !active || active === document.body)
      return
    }
    const end = sessionEnd(event, this.messages)
    if (!end || this.#view !== 'signed-in') return
    this.#view = 'list'
    this.#say(end.sentence)
    this.#draw()
    ;(this.#ownHeading() ?? this.#status)?.focus()
    this.emit('wallet-session-ended', { reason: end.reason })
  }
}
