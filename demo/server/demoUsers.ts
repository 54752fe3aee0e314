/** The demo's signed-in user: whom the integrator's own login says it is. */
export interface DemoUser {
  email: string
  customerId: string
  accountId: string
}

/** The demo's stand-in for an integrator's user store and login sessions, in memory. */
export interface DemoUsers {
  /** The user for `email` (case-insensitive), made with `create` the first time it is asked for. */
  findOrCreate(email: string, create: () => Promise<DemoUser>): Promise<DemoUser>
  /** Starts a login session for `user`: the `Set-Cookie` value that carries it. */
  signIn(user: DemoUser): string
  /** The user whose session cookie is in this `Cookie` header, if any. */
  fromCookies(cookieHeader: string | null | undefined): DemoUser | undefined
  /** Ends the session in this `Cookie` header (if any): the `Set-Cookie` value that clears it. */
  signOut(cookieHeader: string | null | undefined): string
}

const COOKIE = 'demo_user'
// HttpOnly: page scripts never see it; no Secure: the demo is served over http on localhost.
const ATTRIBUTES = 'HttpOnly; SameSite=Strict; Path=/'
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function tokenIn(cookieHeader: string | null | undefined): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, value] = pair.split('=', 2).map((part) => part.trim())
    if (name === COOKIE && value !== undefined && TOKEN.test(value)) return value
  }
  return undefined
}

/**
 * The demo's users: email -> user, and opaque random cookie tokens -> user. The `demo_user` cookie
 * is HttpOnly and SameSite=Strict; the relay's `authorize` hook reads it.
 *
 * @example
 * ```ts
 * const users = createDemoUsers()
 * const user = await users.findOrCreate('ada@example.com', createCustomer)
 * res.setHeader('Set-Cookie', users.signIn(user))
 * ```
 */
export function createDemoUsers(): DemoUsers {
  const byEmail = new Map<string, Promise<DemoUser>>()
  const byToken = new Map<string, DemoUser>()
  return {
    findOrCreate(email, create) {
      const key = email.toLowerCase()
      let user = byEmail.get(key)
      if (!user) {
        // Kept while pending, so that two quick requests for one email make one customer.
        user = create()
        byEmail.set(key, user)
        user.catch(() => byEmail.delete(key))
      }
      return user
    },
    signIn(user) {
      const token = crypto.randomUUID()
      byToken.set(token, user)
      return `${COOKIE}=${token}; ${ATTRIBUTES}`
    },
    fromCookies(cookieHeader) {
      const token = tokenIn(cookieHeader)
      return token === undefined ? undefined : byToken.get(token)
    },
    signOut(cookieHeader) {
      const token = tokenIn(cookieHeader)
      if (token !== undefined) byToken.delete(token)
      return `${COOKIE}=; ${ATTRIBUTES}; Max-Age=0`
    },
  }
}
