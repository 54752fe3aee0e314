import { defaultMessages, type WalletMessages } from '../elements/messages.js'

/** The elements' strings, and those only the signer's dialog says. */
export interface SignerDialogMessages extends WalletMessages {
  /** A click on Confirm that came too soon after the panel appeared, or with a pointer that just arrived. */
  dialogHoldOn: string
  /** A click on Confirm while the engine reports the panel covered, transparent or transformed. */
  dialogNotVisible: string
  /** The code box's heading for an emailed and a texted sign-in code (SCA uses `scaHeading`). */
  dialogCodeHeadingEmail: string
  dialogCodeHeadingSms: string
  /** Above the recovery phrase's words. */
  dialogPhraseWarning: string
}

/**
 * The signer dialog's English strings: the elements' own (`defaultMessages`) and its few more.
 *
 * @example
 * ```ts
 * const dialog = createSignerDialog({
 *   root,
 *   setVisible,
 *   messages: { dialogHoldOn: defaultSignerDialogMessages.dialogHoldOn.replace('moment', 'second') },
 * })
 * ```
 */
export const defaultSignerDialogMessages: SignerDialogMessages = {
  ...defaultMessages,
  dialogHoldOn: 'Hold on a moment, then confirm.',
  dialogNotVisible: 'Something is covering this window. Make sure you can see all of it, then confirm.',
  dialogCodeHeadingEmail: 'Type the code from your email',
  dialogCodeHeadingSms: 'Type the code from your text message',
  dialogPhraseWarning:
    'Anyone who sees these words controls the wallet. Write them down in order and keep them somewhere safe.',
}
