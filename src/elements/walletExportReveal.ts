import type { WalletAuthEvent } from '../client/sessionState.js'
import { WalletAuthError } from '../errors.js'
import { h } from './dom.js'
import { WalletElement } from './walletElement.js'

type Phase = 'start' | 'confirm' | 'shown'

/**
 * `<wallet-export-reveal>`: shows the wallet's recovery phrase after a warning and an inline
 * confirmation ("Show recovery phrase", then "Show it" or Cancel; Escape cancels). The phrase,
 * exported with `exportWallet` and opened in this page, appears in a labelled `<output>` with Copy
 * and Hide. Hide, the end of the session (here or in another tab) and removing the element take
 * the phrase out of the page. Events: `wallet-revealed`, `wallet-hidden`, `wallet-error`.
 *
 * @example
 * ```ts
 * const reveal = document.createElement('wallet-export-reveal')
 * reveal.client = wallet
 * reveal.addEventListener('wallet-revealed', () => audit('phrase shown'))
 * document.body.append(reveal)
 * ```
 */
export class WalletExportReveal extends WalletElement {
  #accountId: string | undefined
  #dangerouslyAcceptUnsignedSandboxExport: boolean | undefined
  /** The wallet to export (default the signed-in session's account). */
  get accountId(): string | undefined {
    return this.#accountId
  }
  set accountId(value: string | undefined) {
    this.#accountId = value
  }
  /** Passed to `exportWallet`: opens the sandbox's unsigned export (never against the service). */
  get dangerouslyAcceptUnsignedSandboxExport(): boolean | undefined {
    return this.#dangerouslyAcceptUnsignedSandboxExport
  }
  set dangerouslyAcceptUnsignedSandboxExport(value: boolean | undefined) {
    this.#dangerouslyAcceptUnsignedSandboxExport = value
  }

  #phase: Phase = 'start'
  #phrase: string | undefined
  // Counts the session's ends and removals: an export that finishes after one is dropped.
  #turn = 0
  #warning = h('p', { id: 'warning', part: 'warning' })
  #body = h('div')
  // Never display:none: a live region must be in the accessibility tree before it speaks.
  #status = h('p', { role: 'status', 'aria-live': 'polite', part: 'status' })
  #error = this.errorBox()

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#turn++
    this.#phrase = undefined
    this.#phase = 'start'
    this.#status.replaceChildren()
    this.render()
  }

  protected override sessionChanged(event: WalletAuthEvent): void {
    // Another account, or none: this phrase is no longer the signed-in user's to see.
    if (event.type === 'signed-out' || event.type === 'expired' || event.type === 'signed-in') {
      this.#turn++
      this.hide()
    }
  }

  protected render(): void {
    const m = this.messages
    const button = (label: string, part: string, action: () => void, secondary = false) => {
      const node = h(
        'button',
        { type: 'button', part: `button ${part}`, class: secondary && 'secondary' },
        label,
      )
      node.addEventListener('click', action)
      return node
    }
    let body: HTMLElement
    if (this.#phase === 'confirm') {
      body = h(
        'div',
        { role: 'group', 'aria-labelledby': 'confirm', part: 'confirm', class: 'stack' },
        h('p', { id: 'confirm' }, m.exportConfirm),
        h(
          'div',
          { class: 'row' },
          button(m.exportConfirmYes, 'reveal', () => void this.#reveal()),
          button(m.exportCancel, 'cancel', () => this.#cancel(), true),
        ),
      )
      body.addEventListener('keydown', (event) => {
        if ((event as KeyboardEvent).key === 'Escape') this.#cancel()
      })
    } else if (this.#phase === 'shown' && this.#phrase) {
      body = h(
        'div',
        { class: 'stack' },
        h('label', { for: 'phrase', part: 'label' }, m.exportPhraseLabel),
        h('output', { id: 'phrase', part: 'phrase', 'aria-live': 'off', tabindex: '-1' }, this.#phrase),
        h(
          'div',
          { class: 'row' },
          button(m.exportCopy, 'copy', () => void this.#copy()),
          button(m.exportHide, 'hide', () => this.hide(), true),
        ),
      )
    } else {
      body = h(
        'div',
        { class: 'row' },
        button(m.exportStart, 'start', () => this.#ask()),
      )
      body.firstElementChild?.setAttribute('aria-describedby', 'warning')
    }
    this.#warning.textContent = m.exportWarning
    this.#body.replaceChildren(body)
    // The live regions stay in place across renders, so that their changes are announced.
    if (!this.#body.parentNode) {
      this.shadow.append(h('div', { class: 'stack' }, this.#warning, this.#body, this.#status, this.#error))
    }
  }

  #show(phase: Phase, focus: string, moveFocus = true) {
    this.#phase = phase
    this.refresh()
    if (moveFocus) this.shadow.querySelector<HTMLElement>(focus)?.focus()
  }

  #ask() {
    this.clearError()
    this.#status.replaceChildren()
    this.#show('confirm', '[part~="reveal"]')
  }

  #cancel() {
    this.#show('start', '[part~="start"]')
  }

  async #reveal() {
    const turn = this.#turn
    const phrase = await this.runBusy(
      async () => {
        const client = this.requireClient()
        const accountId = this.accountId ?? (await client.sessions.current())?.accountId
        if (!accountId) throw new WalletAuthError('NO_SESSION_KEY', 'Sign in to export the wallet.')
        return client.exportWallet(accountId, {
          dangerouslyAcceptUnsignedSandboxExport: this.dangerouslyAcceptUnsignedSandboxExport === true,
        })
      },
      (error) => {
        this.#show('start', '[part~="start"]')
        this.showError(error)
      },
    )
    if (phrase === undefined) return
    if (turn !== this.#turn) return this.#show('start', '[part~="start"]', false)
    this.#phrase = phrase
    this.#status.replaceChildren(this.messages.exportShown)
    this.#show('shown', 'output')
    this.emit('wallet-revealed', {})
  }

  async #copy() {
    const phrase = this.#phrase
    if (!phrase) return
    this.clearError()
    try {
      await navigator.clipboard.writeText(phrase)
      this.#status.replaceChildren(this.messages.exportCopied)
    } catch (error) {
      this.showError(
        new WalletAuthError('CLIPBOARD_FAILED', 'The clipboard refused the phrase.', { cause: error }),
      )
    }
  }

  /** Takes the phrase out of the page (as the Hide button does). */
  hide(): void {
    if (this.#phrase === undefined) return
    // Focus follows only when it was here (the Hide button), not when the session ended elsewhere.
    const focusHere = this.shadow.activeElement !== null
    this.#phrase = undefined
    this.#status.replaceChildren(this.messages.exportHidden)
    this.#show('start', '[part~="start"]', focusHere)
    this.emit('wallet-hidden', {})
  }
}
