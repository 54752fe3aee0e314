import { isWalletAuthError, WalletAuthError } from '../errors.js'
import type { PayloadDescription } from '../intent/describePayload.js'
import { askToConfirm } from './askToConfirm.js'
import { ClipboardCopy } from './clipboardCopy.js'
import { h } from './dom.js'
import type { ElementClientEvent } from './elementClient.js'
import { elementStyles } from './styles.js'
import { WalletElement } from './walletElement.js'

type Phase = 'start' | 'asking' | 'shown'

// The phrase's own closed shadow root, and what in it the element still touches.
interface Vault {
  box: HTMLElement
  label: HTMLElement
  list: HTMLOListElement
}

/**
 * `<wallet-export-reveal>`: shows the wallet's recovery phrase after a warning and one
 * confirmation. "Show recovery phrase" asks, in plain words, whether to show it (the export, as
 * the kit checked it: the app's client's own `confirm` when it has one, else the element's panel)
 * and waits for Confirm; Cancel or Escape signs nothing and says so quietly (`wallet-cancelled`).
 * The phrase, exported with `exportWallet` and opened in this page,
 * appears as a labelled, numbered list of its words (an `<ol>`: seen and read out as "1 abandon",
 * "2 ability"…, in the order to write them down) with Copy and Hide.
 *
 * The phrase sits in a closed shadow root of its own inside the element's (open) one: page
 * scripts and session-replay tools that walk the DOM through `shadowRoot` do not reach it, and no
 * property gives it out. A script that ran before the kit and replaced `attachShadow` still can:
 * keep such scripts off the page, and mask the element in a replay tool's settings. Hide, the end
 * of the session (signed out here or in another tab, expired) and another account signing in take
 * the phrase out of the DOM and the accessibility tree; so does removing the element. A phrase
 * whose export finishes after one of these is dropped, never shown.
 *
 * Copy puts the phrase on the system clipboard; the element takes it back off on Hide, at the end
 * of the session, when another account signs in, on removal and after `clearClipboardAfterMs`
 * (default 60 s), but only while the clipboard still holds it, as far as the browser lets a page
 * tell: only where reading the clipboard needs no prompt (the `clipboard-read` permission already
 * granted, in Chromium) does it read and compare. Elsewhere (Chromium by default, Firefox, Safari)
 * it writes an empty text, unless the user copied something else in this page since; a newer
 * copy made in another app is then replaced. A page that is not focused may not write the
 * clipboard (Safari: not without a click): the clearing then waits for the user's next focus,
 * click or key. Clipboard managers and the system's clipboard history (Windows' Win+V, synced
 * clipboards) keep copies no page can clear.
 *
 * Events: `wallet-revealed`, `wallet-hidden`, `wallet-cancelled`, `wallet-error`. Parts: `warning`,
 * `button` (also `start`, `copy`, `hide`), `phrase-box` (the closed
 * root's host), `label`, `phrase`, `status`, `error`, and the signature confirmation's
 * `confirmation`, `confirm-button`, `cancel-button`.
 *
 * With a signer-mode client (`mode: 'signer'`) the element never holds the phrase: "Show recovery
 * phrase" starts the export, the signer asks for the person's confirmation and shows the words in
 * its own frame over the page, and the element says so meanwhile; once the person hid them there,
 * it says the phrase was hidden and fires `wallet-revealed` then `wallet-hidden`. Copy, the clipboard
 * and Hide are then the signer's; `dangerouslyAcceptUnsignedSandboxExport` is the signer's setting.
 *
 * @example
 * ```ts
 * const reveal = document.createElement('wallet-export-reveal')
 * reveal.client = wallet
 * reveal.clearClipboardAfterMs = 30_000
 * reveal.addEventListener('wallet-revealed', () => audit('phrase shown'))
 * document.body.append(reveal)
 * ```
 */
export class WalletExportReveal extends WalletElement {
  #accountId: string | undefined
  #dangerouslyAcceptUnsignedSandboxExport: boolean | undefined
  #clearClipboardAfterMs = 60_000
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
  /** How long a copied phrase stays on the clipboard, in ms (default 60 000). */
  get clearClipboardAfterMs(): number {
    return this.#clearClipboardAfterMs
  }
  set clearClipboardAfterMs(value: number) {
    this.#clearClipboardAfterMs = value
  }

  #phase: Phase = 'start'
  #phrase: string | undefined
  #vault: Vault | undefined
  // The session's account when the export started: another account signing in ends it.
  #account: string | undefined
  // Counts the session's ends and removals: an export that finishes after one is dropped.
  #turn = 0
  // Declines the element's own confirmation when the session ends while it is open.
  #decline: (() => void) | undefined
  #clipboard = new ClipboardCopy(this)
  #clipboardTimer: ReturnType<typeof setTimeout> | undefined
  #warning = h('p', { id: 'warning', part: 'warning' })
  #body = h('div')
  // Where the signature confirmation goes: outside #body, which every render replaces.
  #confirmSlot = h('div', { class: 'stack', hidden: true })
  // Never display:none: a live region must be in the accessibility tree before it speaks.
  #status = h('p', { role: 'status', 'aria-live': 'polite', part: 'status' })
  #error = this.errorBox()

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.#endTurn()
    this.#dropPhrase()
    this.#status.replaceChildren()
    this.render()
    void this.#clearClipboard()
  }

  protected override sessionChanged(event: ElementClientEvent): void {
    // Nobody, or another account: this phrase is no longer the signed-in user's to see.
    const ended =
      event.type === 'signed-out' ||
      event.type === 'expired' ||
      (event.type === 'signed-in' && event.session.accountId !== this.#account)
    if (!ended) return
    this.#endTurn()
    void this.hide()
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
    if (this.#phase === 'asking') {
      // The signature's confirmation, in #confirmSlot, is the only question on screen.
      body = h('div', { hidden: true })
    } else if (this.#phase === 'shown' && this.#vault) {
      this.#vault.label.textContent = m.exportPhraseLabel
      body = h(
        'div',
        { class: 'stack' },
        this.#vault.box,
        h(
          'div',
          { class: 'row' },
          button(m.exportCopy, 'copy', () => void this.#copy()),
          button(m.exportHide, 'hide', () => void this.hide(), true),
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
      this.shadow.append(
        h('div', { class: 'stack' }, this.#warning, this.#body, this.#confirmSlot, this.#status, this.#error),
      )
    }
  }

  // Renders `phase`; with `moveFocus`, focus goes to its first control (the phrase when shown).
  #show(phase: Phase, moveFocus = true) {
    this.#phase = phase
    this.refresh()
    if (!moveFocus) return
    if (phase === 'shown') this.#vault?.list.focus()
    else this.shadow.querySelector<HTMLElement>('[part~="start"]')?.focus()
  }

  #ask() {
    this.clearError()
    this.#status.replaceChildren()
    // One confirmation per act: the signer's, in its frame, or the signature's own, here.
    if (this.client?.mode === 'signer') void this.#revealInSigner()
    else void this.#reveal()
  }

  // Signer mode: the phrase is opened and shown in the signer's frame; the page hears only that
  // the person closed it.
  async #revealInSigner() {
    const turn = this.#turn
    this.#status.replaceChildren(this.messages.exportInSigner)
    const done = await this.runBusy(
      async () => {
        const client = this.requireClient()
        const accountId = this.accountId ?? (await client.sessions.current())?.accountId
        if (!accountId) throw new WalletAuthError('NO_SESSION_KEY', 'Sign in to export the wallet.')
        await client.exportWallet(accountId)
        return true
      },
      (error) => {
        this.#status.replaceChildren()
        this.#failed(error, turn)
      },
    )
    if (!done) return
    this.#status.replaceChildren(this.messages.exportHiddenInSigner)
    this.#show('start', turn === this.#turn)
    this.emit('wallet-revealed', {})
    this.emit('wallet-hidden', {})
  }

  async #reveal() {
    const turn = this.#turn
    const phrase = await this.runBusy(
      async () => {
        const client = this.requireClient()
        const session = await client.sessions.current()
        const accountId = this.accountId ?? session?.accountId
        if (!accountId) throw new WalletAuthError('NO_SESSION_KEY', 'Sign in to export the wallet.')
        this.#account = session?.accountId
        const own = (description: PayloadDescription) =>
          askToConfirm({ host: this, container: this.#confirmSlot, description, messages: this.messages })
        return client.exportWallet(accountId, {
          dangerouslyAcceptUnsignedSandboxExport: this.dangerouslyAcceptUnsignedSandboxExport === true,
          confirm: client.confirm ?? ((description) => this.#askHere(own, description, turn)),
        })
      },
      (error) => this.#failed(error, turn),
    )
    if (phrase === undefined) return
    if (turn !== this.#turn) return this.#show('start', false)
    this.#phrase = phrase
    this.#vault = sealed(phrase)
    this.#status.replaceChildren(this.messages.exportShown)
    this.#show('shown')
    this.emit('wallet-revealed', {})
  }

  // The element's own confirmation of the export's signature; declined if the session ends first.
  async #askHere(
    ask: (description: PayloadDescription) => Promise<boolean>,
    description: PayloadDescription,
    turn: number,
  ): Promise<boolean> {
    if (turn !== this.#turn) return false
    this.#show('asking', false)
    this.#confirmSlot.hidden = false
    const ended = new Promise<boolean>((resolve) => {
      this.#decline = () => resolve(false)
    })
    try {
      return await Promise.race([ask(description), ended])
    } finally {
      this.#decline = undefined
      this.#confirmSlot.hidden = true
      this.#confirmSlot.replaceChildren()
    }
  }

  #failed(error: unknown, turn: number) {
    if (turn !== this.#turn) return this.#show('start', false)
    this.#show('start')
    // Cancelled at the confirmation: nothing was signed, and nothing is wrong.
    if (isWalletAuthError(error, 'CONFIRMATION_DECLINED')) {
      this.#status.replaceChildren(this.messages.confirmDeclined)
      this.emit('wallet-cancelled', { error })
      return
    }
    this.showError(error)
  }

  async #copy() {
    const phrase = this.#phrase
    if (!phrase) return
    this.clearError()
    try {
      await this.#clipboard.write(phrase)
    } catch (error) {
      this.showError(
        new WalletAuthError('CLIPBOARD_FAILED', 'The clipboard refused the phrase.', { cause: error }),
      )
      return
    }
    this.#status.replaceChildren(this.messages.exportCopied)
    clearTimeout(this.#clipboardTimer)
    this.#clipboardTimer = setTimeout(() => void this.#clipboard.clear(), this.clearClipboardAfterMs)
  }

  /**
   * Takes the phrase out of the page (as the Hide button does) and its copy off the clipboard.
   * Resolves once the clipboard is cleared or was left to something copied since.
   */
  async hide(): Promise<void> {
    if (this.#phrase !== undefined) {
      // Focus follows only when it was here (the Hide button), not when the session ended elsewhere.
      const focusHere = this.shadow.activeElement !== null
      this.#dropPhrase()
      this.#status.replaceChildren(this.messages.exportHidden)
      this.#show('start', focusHere)
      this.emit('wallet-hidden', {})
    }
    await this.#clearClipboard()
  }

  #endTurn() {
    this.#turn++
    this.#decline?.()
  }

  // Emptied before it leaves: a script holding the closed root (a replaced attachShadow) reads nothing.
  #dropPhrase() {
    if (this.#vault) this.#vault.list.replaceChildren()
    this.#vault?.box.remove()
    this.#vault = undefined
    this.#phrase = undefined
    this.#phase = 'start'
  }

  async #clearClipboard() {
    clearTimeout(this.#clipboardTimer)
    this.#clipboardTimer = undefined
    await this.#clipboard.clear()
  }
}

// The phrase, labelled, in a closed shadow root that only the element holds: its words as an
// ordered list, so that each is seen and read out with its number (1 to 12 or 24), as written down.
function sealed(phrase: string): Vault {
  const box = h('div', { part: 'phrase-box', exportparts: 'label, phrase' })
  const root = box.attachShadow({ mode: 'closed' })
  root.adoptedStyleSheets = [elementStyles(), phraseStyles()]
  const label = h('p', { id: 'phrase-label', part: 'label' })
  const words = phrase.split(/\s+/).filter(Boolean)
  const list = h(
    'ol',
    { id: 'phrase', part: 'phrase', 'aria-labelledby': 'phrase-label', tabindex: '-1' },
    ...words.map((word) => h('li', {}, word)),
  )
  root.append(h('div', { class: 'stack' }, label, list))
  return { box, label, list }
}

let phraseSheet: CSSStyleSheet | undefined

// The words framed as a field, large, in numbered columns (as many as fit), to copy out by hand;
// the numbers outside the words, so that 9 and 10 line up.
function phraseStyles(): CSSStyleSheet {
  if (!phraseSheet) {
    phraseSheet = new CSSStyleSheet()
    phraseSheet.replaceSync(`#phrase-label { font-weight: 600; }
ol { display: grid; grid-template-columns: repeat(auto-fill, minmax(8rem, 1fr)); gap: 0.25rem 1rem;
  margin: 0; padding: 0.75rem; font-size: 1.125rem; line-height: 1.6;
  border: 1px solid var(--wallet-border, #6b6b6b); border-radius: var(--_radius);
  background: var(--wallet-field, #fff); }
li { font-family: ui-monospace, monospace; white-space: nowrap; margin-inline-start: 2.25em; }
li::marker { font-variant-numeric: tabular-nums; color: var(--wallet-muted, #595959); }`)
  }
  return phraseSheet
}
