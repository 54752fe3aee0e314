import type { ConfirmAction } from '../client/confirmAction.js'
import { isWalletAuthError, WalletAuthError } from '../errors.js'
import type { PayloadDescription } from '../intent/describePayload.js'
import { askToConfirm } from './askToConfirm.js'
import { h } from './dom.js'
import type { ElementClient, ElementClientEvent } from './elementClient.js'
import { errorSentence } from './errorSentence.js'
import type { WalletElementEventMap } from './events.js'
import { defaultMessages, fillIn, mergeMessages, type WalletMessages } from './messages.js'
import { elementStyles } from './styles.js'

// On a server (no DOM), the classes still load: they extend a bare class and are never defined.
const ElementBase = (globalThis.HTMLElement ?? class {}) as typeof HTMLElement

/** What `defineWalletElements` sets for every element that has none of its own. */
export const elementDefaults: { client?: ElementClient; messages: WalletMessages } = {
  messages: defaultMessages,
}

/**
 * What the elements share: the `client` and `messages` properties, a shadow root with the shared
 * sheet, typed events, the busy state (the whole element disabled) and errors shown where the user
 * acted (a sentence, announced, with focus on the field to fix or on the sentence; the code for
 * support on a line after it).
 *
 * @example
 * ```ts
 * // Every element takes the client and strings as properties
 * const button = document.createElement('wallet-passkey-button')
 * button.client = wallet
 * button.messages = { passkeySignIn: 'Use my passkey' }
 * ```
 */
export abstract class WalletElement extends ElementBase {
  #client: ElementClient | undefined
  #messages: Partial<WalletMessages> = {}
  #unsubscribe: (() => void) | undefined
  #busy = false
  protected readonly shadow: ShadowRoot
  /** Where the element's errors appear: `render` puts it in place (see `errorBox`). */
  protected errorNode: HTMLElement | undefined
  // The line after it with the code for support.
  #codeNode: HTMLElement | undefined

  constructor() {
    super()
    this.shadow = this.attachShadow({ mode: 'open' })
    this.shadow.adoptedStyleSheets = [elementStyles()]
  }

  /**
   * The client from `createWalletAuth`, keys in the page or in the signer frame (`mode`
   * `'signer'`); default the one given to `defineWalletElements`.
   */
  get client(): ElementClient | undefined {
    return this.#client ?? elementDefaults.client
  }
  set client(value: ElementClient | undefined) {
    this.#client = value
    if (this.isConnected) this.#follow()
  }

  /** Strings to replace (a partial `WalletMessages`; `errors` merged by code). */
  get messages(): WalletMessages {
    return mergeMessages(elementDefaults.messages, this.#messages)
  }
  set messages(value: Partial<WalletMessages>) {
    this.#messages = value
    if (this.isConnected) this.refresh()
  }

  /** The time by the client's clock (its `now` option, e.g. a sandbox's moved clock), else the page's. */
  protected now(): number {
    return this.client?.now() ?? Date.now()
  }

  /** True while a step runs: every control is disabled. */
  get busy(): boolean {
    return this.#busy
  }

  connectedCallback(): void {
    this.#upgradeProperties()
    this.refresh()
    this.#follow()
  }

  disconnectedCallback(): void {
    this.#unsubscribe?.()
    this.#unsubscribe = undefined
  }

  /** Builds the shadow content from the element's state. */
  protected abstract render(): void

  /** Hears the client's session events while connected. */
  protected sessionChanged(_event: ElementClientEvent): void {}

  /** Re-renders from the element's state (after a property or `messages` change). */
  protected refresh(): void {
    this.render()
  }

  // A framework (or a script) may set properties before the tag is defined: they land on the
  // instance and hide the class's accessors. Handed to the accessors once the element is live.
  #upgradeProperties() {
    for (const name of Object.keys(this)) {
      let proto: object | null = Object.getPrototypeOf(this)
      while (proto && !Object.getOwnPropertyDescriptor(proto, name)?.set) proto = Object.getPrototypeOf(proto)
      if (!proto) continue
      const value: unknown = Reflect.get(this, name)
      Reflect.deleteProperty(this, name)
      Reflect.set(this, name, value)
    }
  }

  #follow() {
    this.#unsubscribe?.()
    this.#unsubscribe = this.client?.onChange((event: ElementClientEvent) => this.sessionChanged(event))
  }

  /** The client, or a `WalletAuthError` saying the element has none. */
  protected requireClient(): ElementClient {
    const { client } = this
    if (!client) {
      throw new WalletAuthError(
        'INVALID_ARGUMENT',
        `${this.localName} has no client: set its client property.`,
      )
    }
    return client
  }

  /**
   * What the element passes as `confirm` to a call that signs something sensitive: the app's own
   * hook (`client.confirm`) when it gave one, else the element's confirmation panel in `container`
   * (`askToConfirm`), so that a person sees what is signed before it is. Nothing in signer mode:
   * the signer asks the person in its own frame, and no answer from the page counts. `aside`, the
   * element's other controls, is hidden while the panel is open: one question at a time.
   */
  protected confirmation(container: HTMLElement, aside?: HTMLElement): { confirm?: ConfirmAction } {
    const client = this.requireClient()
    if (client.mode === 'signer') return {}
    const own = (description: PayloadDescription) =>
      askToConfirm({
        host: this,
        container,
        description,
        messages: this.messages,
        ...(aside ? { aside } : {}),
      })
    return { confirm: client.confirm ?? own }
  }

  /** Dispatches one of the elements' events (bubbling, composed). */
  protected emit<K extends keyof WalletElementEventMap>(
    type: K,
    detail: WalletElementEventMap[K]['detail'],
  ): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }))
  }

  /**
   * The error region: the sentence (an alert, announced at once and focusable, that a refused field
   * is described by), then the code for support on a line of its own, outside the alert, so that
   * what is announced is the sentence alone and the code is read after it, in reading order.
   */
  protected errorBox(): HTMLElement {
    this.errorNode = h('p', { part: 'error', class: 'error', role: 'alert', tabindex: '-1', id: 'error' })
    this.#codeNode = h('p', { part: 'error-code', class: 'code-ref' })
    return h('div', { class: 'error-region' }, this.errorNode, this.#codeNode)
  }

  /** Clears the error and the invalid mark of `field`. */
  protected clearError(field?: HTMLInputElement): void {
    this.errorNode?.replaceChildren()
    this.#codeNode?.replaceChildren()
    field?.removeAttribute('aria-invalid')
    if (field && this.errorNode) describedBy(field, this.errorNode.id, false)
  }

  /**
   * Shows `error` where the user acted and fires `wallet-error`. With `field`, the field is
   * marked invalid, described by the sentence, focused and its content selected; without, the
   * sentence takes focus.
   */
  protected showError(error: unknown, field?: HTMLInputElement): WalletAuthError {
    const walletError = isWalletAuthError(error)
      ? error
      : new WalletAuthError('PAGE_ERROR', error instanceof Error ? error.message : String(error), {
          cause: error,
        })
    const { sentence, code } = errorSentence(walletError, this.messages)
    const box = this.errorNode
    box?.replaceChildren(sentence)
    this.#codeNode?.replaceChildren(fillIn(this.messages.errorCode, { code }))
    if (field) {
      field.setAttribute('aria-invalid', 'true')
      if (box) describedBy(field, box.id, true)
      field.focus()
      field.select()
    } else {
      box?.focus()
    }
    this.emit('wallet-error', { error: walletError, sentence })
    return walletError
  }

  /**
   * Runs one step with every control disabled (and `aria-busy` on the element); a failure is
   * handed to `onError` (default: shown with `showError`). Resolves to the step's value, or
   * `undefined` when it failed.
   */
  protected async runBusy<T>(
    step: () => Promise<T>,
    onError: (error: unknown) => void = (error) => {
      this.showError(error)
    },
  ) {
    const controls = [...this.shadow.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input')]
    const wasDisabled = controls.map((control) => control.disabled)
    const focused = this.shadow.activeElement
    this.#busy = true
    this.setAttribute('aria-busy', 'true')
    for (const control of controls) control.disabled = true
    try {
      return await step()
    } catch (error) {
      // Re-enabled first, so that the error can put focus on a field; else focus goes back where
      // it was (a cancelled confirmation closed while that control was disabled).
      this.#release(controls, wasDisabled)
      if (focused instanceof HTMLElement && focused.isConnected && !this.shadow.activeElement) focused.focus()
      onError(error)
      return undefined
    } finally {
      if (this.#busy) {
        this.#release(controls, wasDisabled)
        if (focused instanceof HTMLElement && focused.isConnected && !this.shadow.activeElement)
          focused.focus()
      }
    }
  }

  #release(controls: Array<HTMLButtonElement | HTMLInputElement>, wasDisabled: boolean[]) {
    this.#busy = false
    this.removeAttribute('aria-busy')
    controls.forEach((control, index) => {
      control.disabled = wasDisabled[index] ?? false
    })
    this.afterBusy()
  }

  /**
   * Runs when a step ends, after the controls got back the state they had before it: an element
   * whose controls changed meanwhile (a back-off that ended) puts them right here.
   */
  protected afterBusy(): void {}
}

// Adds or removes one id in a field's `aria-describedby`, keeping the others (a hint).
function describedBy(field: HTMLElement, id: string, on: boolean) {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((x) => x && x !== id)
  if (on) ids.push(id)
  if (ids.length) field.setAttribute('aria-describedby', ids.join(' '))
  else field.removeAttribute('aria-describedby')
}
