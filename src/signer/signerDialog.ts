import { h } from '../elements/dom.js'
import { elementStyles } from '../elements/styles.js'
import type { PayloadDescription } from '../intent/describePayload.js'
import { type AskCodeOptions, dialogCode } from './dialogCode.js'
import { dialogConfirm } from './dialogConfirm.js'
import { defaultSignerDialogMessages, type SignerDialogMessages } from './dialogMessages.js'
import { dialogPhrase } from './dialogPhrase.js'
import { dialogStyles } from './dialogStyles.js'

/** Options of `createSignerDialog`. */
export interface SignerDialogOptions {
  /** Where the dialog is drawn (the signer document's body); its `--wallet-*` properties theme it. */
  root: HTMLElement
  /** Called with `true` when the dialog shows something and `false` when it shows nothing. */
  setVisible: (visible: boolean) => void
  /** How long Confirm must have been on screen (and the pointer in the frame) before a click counts; default 500 ms. */
  minVisibleMs?: number
  /** The clock of those waits, in ms (default `performance.now`). */
  now?: () => number
  /**
   * Other words, from the signer's own configuration: never from the page, since what the dialog
   * says is part of what the person agrees to.
   */
  messages?: Partial<SignerDialogMessages>
  /** How long a copied recovery phrase stays on the clipboard, in ms (default 60 000). */
  clearClipboardAfterMs?: number
}

/** The signer's one dialog: each method shows its question and settles when the person is done. */
export interface SignerDialog {
  /** Asks whether to sign what `description` says; `true` only for the person's click on Confirm. */
  confirm(description: PayloadDescription): Promise<boolean>
  /** Asks for a one-time code and hands it to `submit`; rejects `CONFIRMATION_DECLINED` on Cancel. */
  askCode(options: AskCodeOptions): Promise<void>
  /** Shows a recovery phrase until the person hides it. */
  showPhrase(phrase: string): Promise<void>
}

/**
 * The signer document's one dialog, drawn in a shadow root of its own under `root` (which the
 * page shows as a full-viewport transparent frame): a backdrop, then a panel with `role="dialog"`,
 * `aria-modal`, named by its heading, focus on the heading (the code box: its field), Tab kept
 * inside, Escape for Cancel, fitting 390 px.
 *
 * - `confirm`: what is about to be signed, in plain words (`dialogConfirm`); `true` only after
 *   `createPersonGate` accepts a click on Confirm, so nothing from outside the frame answers it.
 * - `askCode`: the code box (`dialogCode`); the code reaches `submit` and nothing else.
 * - `showPhrase`: the recovery phrase (`dialogPhrase`), cleared from the DOM and clipboard on Hide.
 *
 * One question at a time: a call made while another is on screen waits its turn (queued, in call
 * order) and shows when the one before closes, with the gate's waits started afresh, so a second
 * click meant for the first panel does not answer the next. `setVisible(true)` comes before the
 * first is drawn, `setVisible(false)` once the last has closed. The phrase's Copy needs the frame
 * allowed to write the clipboard (`allow="clipboard-write"` on the iframe).
 *
 * @example
 * ```ts
 * const dialog = createSignerDialog({
 *   root: document.body,
 *   setVisible: (visible) => port.postMessage({ kind: 'visible', visible }),
 * })
 * const client = createPageHeldWalletAuth({ baseUrl, confirm: (description) => dialog.confirm(description) })
 * ```
 */
export function createSignerDialog({
  root,
  setVisible,
  minVisibleMs,
  now,
  messages: overrides = {},
  clearClipboardAfterMs = 60_000,
}: SignerDialogOptions): SignerDialog {
  const messages: SignerDialogMessages = {
    ...defaultSignerDialogMessages,
    ...overrides,
    errors: { ...defaultSignerDialogMessages.errors, ...overrides.errors },
  }
  const host = h('div')
  const shadow = host.attachShadow({ mode: 'open' })
  shadow.adoptedStyleSheets = [elementStyles(), dialogStyles()]
  root.append(host)
  const gate = { ...(minVisibleMs === undefined ? {} : { minVisibleMs }), ...(now ? { now } : {}) }

  let queue: Promise<unknown> = Promise.resolve()
  let waiting = 0
  let visible = false
  function inTurn<T>(show: () => Promise<T>): Promise<T> {
    waiting++
    const shown = queue.then(async () => {
      if (!visible) {
        visible = true
        setVisible(true)
      }
      try {
        return await show()
      } finally {
        waiting--
        if (waiting === 0) {
          visible = false
          setVisible(false)
        }
      }
    })
    queue = shown.catch(() => undefined)
    return shown
  }

  return {
    confirm: (description) => inTurn(() => dialogConfirm({ shadow, description, messages, ...gate })),
    askCode: (options) => inTurn(() => dialogCode({ shadow, messages, ...options })),
    showPhrase: (phrase) => inTurn(() => dialogPhrase({ shadow, phrase, messages, clearClipboardAfterMs })),
  }
}
