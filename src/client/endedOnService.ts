import * as z from 'zod/mini'
import type { StoredSession } from '../keys/createKeyStore.js'
import type { ClientContext } from './clientContext.js'

const SessionIds = z.looseObject({ data: z.array(z.looseObject({ id: z.string() })) })

/** Options of `endedOnService`. */
export interface EndedOnServiceOptions {
  call: ClientContext['call']
  /** The unsigned fetch: listing the sessions needs no signature of the session in doubt. */
  fetch: typeof fetch
}

/**
 * Whether the service no longer lists `session` among the account's active sessions.
 *
 * @example
 * ```ts
 * if (await endedOnService(session, { call, fetch: settings.fetch })) await state.forget()
 * ```
 */
export async function endedOnService(session: StoredSession, { call, fetch }: EndedOnServiceOptions) {
  if (!session.sessionId) return false
  try {
    const query = `?accountId=${encodeURIComponent(session.accountId)}`
    const { data } = await call('GET', `/auth/sessions${query}`, { schema: SessionIds, fetch })
    return !data.some((listed) => listed.id === session.sessionId)
  } catch {
    // Unknown: never sign out on a doubt.
    return false
  }
}
