import { ClipboardCopy } from '../elements/clipboardCopy.js'
import { h } from '../elements/dom.js'
import { errorSentence } from '../elements/errorSentence.js'
import { WalletAuthError } from '../errors.js'
import { dialogLayer } from './dialogLayer.js'
import type { SignerDialogMessages } from './dialogMessages.js'

/** Options of `dialogPhrase`. */
export interface DialogPhraseOptions {
  /** The dialog host's shadow root. */
  shadow: ShadowRoot
  phrase: string
  messages: SignerDialogMessages
  /** How long a copied phrase stays on the clipboard, in ms. */
  clearClipboardAfterMs: number
}

/**
 * Shows the recovery phrase in the signer's dialog, as `<wallet-export-reveal>` does: a labelled,
 * numbered list of its words (seen and read out as "1 abandon", "2 ability"…, in a grid that fits
 * 390 px) with Copy and Hide. Hide and Escape take the words out of the DOM and the accessibility
 * tree, then take a copy back off the clipboard (`ClipboardCopy`: only while it still holds the
 * phrase, as far as the engine lets a document tell); so does `clearClipboardAfterMs` after a copy.
 * Resolves once the phrase is hidden and the clipboard cleared or left to something newer.
 *
 * The words sit in the dialog's open shadow root: in the signer's document no other script runs
 * (its CSP loads only its own modules), and the app's page cannot reach another origin's DOM.
 *
 * @example
 * ```ts
 * await dialogPhrase({ shadow, phrase, messages, clearClipboardAfterMs: 60_000 })
 * ```
 */
export function dialogPhrase({
  shadow,
  phrase,
  messages: m,
  clearClipboardAfterMs,
}: DialogPhraseOptions): Promise<void> {
  return new Promise<void>((resolve) => {
    const clipboard = new ClipboardCopy(shadow.host as HTMLElement)
    let timer: ReturnType<typeof setTimeout> | undefined
    const heading = h('h2', { id: 'phrase-heading', tabindex: '-1' }, m.exportPhraseLabel)
    const list = h(
      'ol',
      { class: 'phrase', 'aria-labelledby': 'phrase-heading' },
      ...phrase
        .split(/\s+/)
        .filter(Boolean)
        .map((word) => h('li', {}, word)),
    )
    const copy = h('button', { type: 'button' }, m.exportCopy)
    const hide = h('button', { type: 'button', class: 'secondary' }, m.exportHide)
    const said = h('p', { class: 'live', 'aria-live': 'polite' })

    let hidden = false
    const close = async () => {
      if (hidden) return
      hidden = true
      clearTimeout(timer)
      list.replaceChildren()
      layer.remove()
      await clipboard.clear()
      resolve()
    }
    copy.addEventListener('click', async () => {
      try {
        await clipboard.write(phrase)
      } catch (error) {
        const failed = new WalletAuthError('CLIPBOARD_FAILED', 'The clipboard refused the phrase.', {
          cause: error,
        })
        said.textContent = errorSentence(failed, m).sentence
        return
      }
      said.textContent = m.exportCopied
      clearTimeout(timer)
      timer = setTimeout(() => void clipboard.clear(), clearClipboardAfterMs)
    })
    hide.addEventListener('click', () => void close())

    const layer = dialogLayer(shadow, { labelledBy: 'phrase-heading', onEscape: () => void close() })
    layer.dialog.append(
      heading,
      h('p', {}, m.dialogPhraseWarning),
      list,
      h('div', { class: 'row' }, copy, hide),
      said,
    )
    heading.focus()
  })
}
