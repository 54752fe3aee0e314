import { msUntilExpiry } from '../keys/msUntilExpiry.js'
import { countdown } from './countdown.js'
import { h } from './dom.js'
import type { ElementClientEvent, ElementSession } from './elementClient.js'
import { fillIn } from './messages.js'
import { sessionEnd } from './sessionEnd.js'
import { WalletElement } from './walletElement.js'

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

/**
 * `<wallet-session-status>`: this browser's session while it lasts, as a countdown (m:ss, read on
 * demand, not announced every second), with "Stay signed in" (a refresh) and "Sign out" (which
 * says the key was removed). "Ends soon" and the end (expired; signed out here or in another tab)
 * are announced once. Events: `wallet-refreshed`, `wallet-session-ended`, `wallet-error`.
 * Shows nothing while there is no session and none ended.
 *
 * @example
 * ```ts
 * const status = document.createElement('wallet-session-status')
 * status.addEventListener('wallet-session-ended', (event) => showSignIn(event.detail.reason))
 * header.append(status)
 * ```
 */
export class WalletSessionStatus extends WalletElement {
  #session: ElementSession | undefined
  #notice = ''
  #stop: (() => void) | undefined
  #time: HTMLElement | undefined
  #status: HTMLElement | undefined
  #actions: HTMLElement | undefined

  /** The session shown (the client's current one). */
  get session(): ElementSession | undefined {
    return this.#session
  }

  /** The client from `createWalletAuth`; set while on the page, its session is shown at once. */
  override get client() {
    return super.client
  }
  override set client(value) {
    const changed = value !== super.client
    super.client = value
    if (changed && this.isConnected) this.#showCurrent()
  }

  override connectedCallback(): void {
    super.connectedCallback()
    this.#showCurrent()
  }

  // The client's current session, read now (on insertion, or when the client changes).
  #showCurrent() {
    const { client } = this
    void client?.sessions.current().then((session) => {
      if (client !== this.client) return
      // The session may have changed or ended while this element was out of the page.
      if (session?.key.publicKey === this.#session?.key.publicKey) return
      this.#show(session)
      if (!session) return
      // Opened within the client's warning time: its expiring-soon event came before this element.
      if (msUntilExpiry(session, this.now()) <= client.expiringSoonMs)
        this.#say(this.messages.sessionExpiringSoon)
    })
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#stop?.()
  }

  protected render(): void {
    // The ticks are not a live region: the time is read when the user goes to it.
    this.#time = h('p', { part: 'countdown' })
    this.#status = h('p', { part: 'status', class: 'status', role: 'status', tabindex: '-1' })
    const refresh = h('button', { type: 'button', part: 'refresh' }, this.messages.sessionRefresh)
    refresh.onclick = () => void this.refreshSession()
    const signOut = h(
      'button',
      { type: 'button', part: 'sign-out', class: 'secondary' },
      this.messages.sessionSignOut,
    )
    signOut.onclick = () => void this.signOut()
    this.#actions = h('div', { class: 'row' }, refresh, signOut)
    this.shadow.replaceChildren(
      h('div', { class: 'stack' }, this.#time, this.#status, this.#actions, this.errorBox()),
    )
    this.#show(this.#session, this.#notice)
  }

  // Updates the nodes in place: the live region stays the same node, so each sentence is heard once.
  #show(session: ElementSession | undefined, notice = '') {
    this.#session = session
    this.#stop?.()
    if (this.#time) this.#time.hidden = !session
    if (this.#actions) this.#actions.hidden = !session
    this.#say(notice)
    if (!session) return
    // On the client's clock at every tick: one that moves (a sandbox's) moves the countdown too.
    const msLeft = () => msUntilExpiry(session, this.now())
    this.#stop = countdown(
      Math.max(0, msLeft()) / 1000,
      (seconds) => {
        if (this.#time) this.#time.textContent = fillIn(this.messages.sessionEndsIn, { time: clock(seconds) })
      },
      msLeft,
    )
  }

  #say(sentence: string) {
    this.#notice = sentence
    if (this.#status && this.#status.textContent !== sentence) this.#status.textContent = sentence
  }

  protected override sessionChanged(event: ElementClientEvent): void {
    if (event.type === 'signed-in') this.#show(event.session)
    else if (event.type === 'refreshed')
      this.#show(event.session, this.#notice && this.messages.sessionRefreshed)
    else if (event.type === 'expiring-soon') this.#say(this.messages.sessionExpiringSoon)
    else {
      const end = sessionEnd(event, this.messages)
      if (!end || !this.#session) return
      const hadFocus = this.matches(':focus-within')
      this.#show(undefined, end.sentence)
      // The buttons are gone: the sentence takes the focus they had.
      if (hadFocus) this.#status?.focus()
      this.emit('wallet-session-ended', { reason: end.reason })
    }
  }

  /** Replaces the session by a new one (as "Stay signed in" does); fires `wallet-refreshed`. */
  async refreshSession(): Promise<void> {
    this.clearError()
    const session = await this.runBusy(() => this.requireClient().sessions.refresh())
    if (!session) return
    this.#say(this.messages.sessionRefreshed)
    this.emit('wallet-refreshed', { session })
  }

  /** Signs out (the session revoked, its key removed from this browser), as "Sign out" does. */
  async signOut(): Promise<void> {
    this.clearError()
    await this.runBusy(() => this.requireClient().signOut())
    if (!this.#session) this.#status?.focus()
  }
}
