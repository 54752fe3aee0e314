// The account's sessions: list, revoke one, revoke this browser's own (which signs it out here).
import { WalletAuthError } from '../src/errors.js'
import type { ClientKeyAuthSession } from '../src/wire/index.js'
import { type DemoApp, runAction } from './demoApp.js'
import { byId, element, shorten } from './dom.js'
import { showStatus } from './notices.js'

/** Wires the sessions section; `load()` lists them. */
export function createSessionsPanel(app: DemoApp) {
  const rows = byId<HTMLTableSectionElement>('sessions')

  async function revoke(button: HTMLButtonElement, sessionId: () => Promise<string>) {
    await runAction(button, async () => {
      const current = await app.wallet().sessions.current()
      const id = await sessionId()
      await app.wallet().sessions.revoke(id)
      if (current?.sessionId === id) {
        await app.render()
        showStatus('This session was revoked: the session key was removed from this browser.')
      } else {
        await load()
        showStatus('Session revoked.')
      }
    })
  }

  function row(session: ClientKeyAuthSession, current: boolean): HTMLTableRowElement {
    const button = element('button', { type: 'button' }, 'Revoke')
    button.addEventListener('click', () => revoke(button, async () => session.id))
    return element(
      'tr',
      { 'data-session-id': session.id, 'data-current': String(current) },
      element(
        'td',
        {},
        element('code', { title: session.id }, shorten(session.id)),
        current ? ' (this browser)' : '',
      ),
      element('td', {}, session.type),
      element('td', {}, new Date(session.expiresAt).toLocaleTimeString()),
      element('td', {}, button),
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
