// The account's sessions: list, revoke one, revoke this browser's own (which signs it out here).
import { WalletAuthError } from '../src/errors.js'
import type { ClientKeyAuthSession } from '../src/wire/index.js'
import { type DemoApp, runAction } from './demoApp.js'
import { byId, element, shorten } from './dom.js'
import { methodName } from './friendlyNames.js'
import { showStatus } from './notices.js'

/** Wires the sessions section; `load()` lists them. */
export function createSessionsPanel(app: DemoApp) {
  const rows = byId<HTMLUListElement>('sessions')
  const panel = byId('sessions-panel')

  async function revoke(button: HTMLButtonElement, sessionId: () => Promise<string>) {
    await runAction(button, async () => {
      const current = await app.wallet().sessions.current()
      const id = await sessionId()
      await app.wallet().sessions.revoke(id)
      // Revoking this browser's own session signs it out: the sign-in says so.
      if (current?.sessionId !== id) {
        await load()
        showStatus(panel, 'Session revoked.')
        byId('sessions-heading').focus()
      }
    })
  }

  function row(session: ClientKeyAuthSession, current: boolean): HTMLLIElement {
    const button = element(
      'button',
      {
        type: 'button',
        class: 'secondary',
        'aria-label': `Revoke the ${methodName(session.type)} session ${shorten(session.id, 6)}`,
      },
      'Revoke',
    )
    button.addEventListener('click', () => revoke(button, async () => session.id))
    return element(
      'li',
      { 'data-session-id': session.id, 'data-current': String(current) },
      element(
        'span',
        { class: 'row-main' },
        element('strong', {}, methodName(session.type)),
        current ? ' (this browser)' : '',
        element('br'),
        element('code', { title: session.id }, shorten(session.id)),
        ` · ends ${new Date(session.expiresAt).toLocaleTimeString()}`,
      ),
      button,
    )
  }

  async function load() {
    const current = await app.wallet().sessions.current()
    if (!current) return
    const sessions = await app.wallet().sessions.list(current.accountId)
    rows.replaceChildren(...sessions.map((session) => row(session, session.id === current.sessionId)))
  }

  byId('revoke-this-session').addEventListener('click', () =>
    revoke(byId('revoke-this-session'), async () => {
      const current = await app.wallet().sessions.current()
      if (!current?.sessionId) {
        throw new WalletAuthError('SESSION_ID_UNKNOWN', 'The service did not name this session.')
      }
      return current.sessionId
    }),
  )

  return { load }
}
