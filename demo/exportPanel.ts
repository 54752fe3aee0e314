// Export: after a confirmation, the wallet's mnemonic is sealed by the service to a fresh key of
// this page, opened here, and shown once.
import { type DemoApp, runAction } from './demoApp.js'
import { byId, setText, showIf } from './dom.js'
import { showStatus } from './notices.js'

/** Wires the export section. */
export function createExportPanel(app: DemoApp) {
  const dialog = byId<HTMLDialogElement>('export-confirm')

  function hide() {
    setText('mnemonic', '')
    showIf('mnemonic-box', false)
  }

  byId('export').addEventListener('click', () => {
    hide()
    dialog.showModal()
  })
  byId('export-no').addEventListener('click', () => dialog.close())
  byId('export-yes').addEventListener('click', () => {
    dialog.close()
    return runAction(
      byId('export'),
      async () => {
        const session = await app.wallet().sessions.current()
        if (!session) return
        setText('mnemonic', await app.wallet().exportWallet(session.accountId))
        showIf('mnemonic-box', true)
        showStatus('Recovery phrase shown. Write it down, then hide it.')
      },
      'Exporting…',
    )
  })
  byId('hide-mnemonic').addEventListener('click', () => {
    hide()
    showStatus('Recovery phrase hidden. Export again to see it.')
  })

  return { hide }
}
