// The integrator backend of the browser tests, served by the test page's own Vite server so that
// the page reaches it same-origin, as a real wallet page reaches its backend: the kit's relay in
// front of an in-process sandbox, the passkey registration options, and a few test-only helpers.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin } from 'vite'
import { WalletAuthError } from '../../src/errors.js'
import { createPasskeyRegistrationOptions, createRelay, toNodeHandler } from '../../src/relay/index.js'
import { startTestSandbox, type TestSandbox } from '../../src/testing/startTestSandbox.js'

/** Where the relay is mounted on the test server. */
export const RELAY_PREFIX = '/api/wallet'
/** Test-only helpers beside it (creating customers stands for the integrator's own sign-up). */
export const TEST_PREFIX = '/api/test'

interface Backend {
  sandbox: TestSandbox
  relayHandler: (req: IncomingMessage, res: ServerResponse) => Promise<void>
  passkeys: ReturnType<typeof createPasskeyRegistrationOptions>
}

async function createBackend(origin: string): Promise<Backend> {
  const sandbox = await startTestSandbox({ origins: [origin], rpId: 'localhost' })
  const passkeys = createPasskeyRegistrationOptions({
    rpName: 'embedded-wallet-auth tests',
    rpId: 'localhost',
    origins: [origin],
  })
  const relay = createRelay({
    ...sandbox.relayOptions,
    prefix: RELAY_PREFIX,
    passkeyRegistration: passkeys,
    // The tests' "signed-in user" is whoever the page says in X-Test-Customer.
    authorize: (request, _target, { isOwnedBy }) => {
      const customerId = request.headers.get('X-Test-Customer')
      return customerId !== null && isOwnedBy(customerId)
    },
  })
  return { sandbox, relayHandler: toNodeHandler(relay), passkeys }
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status
  res.setHeader('Content-Type', 'application/json')
  res.end(JSON.stringify(body))
}

/**
 * A Vite plugin that serves the backend above. Test-only routes: `GET /api/test/config` (the
 * sandbox's signer keys), `POST /api/test/customers` (the testing sandbox's `createCustomer`: any
 * `POST /customers` fields; answers its wallet and EMAIL_OTP credential, or the service's refusal),
 * `POST /api/test/passkey-options` (registration options for `{ name, accountId }`),
 * `POST /api/test/clock` (moves the sandbox clock by `{ advanceMs }`), `POST /api/test/platform`
 * (`{ method, path, body? }` sent to the sandbox with the platform's credentials; answers its JSON).
 */
export function walletBackend(): Plugin {
  let backend: Promise<Backend> | undefined
  return {
    name: 'embedded-wallet-auth-test-backend',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const url = req.url ?? ''
        if (!url.startsWith(RELAY_PREFIX) && !url.startsWith(TEST_PREFIX)) return next()
        backend ??= createBackend(`http://${req.headers.host}`)
        const { sandbox, relayHandler, passkeys } = await backend
        if (url.startsWith(RELAY_PREFIX)) return relayHandler(req, res)
        // The integrator's own server calling the service with its platform credentials.
        const send = (method: string, path: string, body?: unknown) =>
          sandbox.fetch(`${sandbox.baseUrl}${path}`, {
            method,
            ...(body === undefined
              ? {}
              : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
          })
        if (url === `${TEST_PREFIX}/config`) {
          return sendJson(res, 200, {
            signerPublicKey: sandbox.sandbox.signerPublicKey,
            exportSignerPublicKey: sandbox.sandbox.exportSignerPublicKey,
          })
        }
        if (url === `${TEST_PREFIX}/customers` && req.method === 'POST') {
          try {
            const { customerId, accountId, emailCredentialId } = await sandbox.createCustomer(
              await readJson(req),
            )
            return sendJson(res, 201, { customerId, accountId, emailCredentialId })
          } catch (error) {
            // A refused sign-up answers the service's status and code, failing the test where it happened.
            if (!(error instanceof WalletAuthError)) throw error
            return sendJson(res, error.status ?? 500, { code: error.code, message: error.message })
          }
        }
        if (url === `${TEST_PREFIX}/clock` && req.method === 'POST') {
          const { advanceMs } = (await readJson(req)) as { advanceMs: number }
          sandbox.clock.advance(advanceMs)
          return sendJson(res, 200, { now: sandbox.clock.now() })
        }
        if (url === `${TEST_PREFIX}/platform` && req.method === 'POST') {
          // Funding a wallet, setting a customer's region: what no browser request may do through the relay.
          const { method, path, body } = (await readJson(req)) as {
            method: string
            path: string
            body?: unknown
          }
          // The service's own status, so that a refused set-up step fails the test where it happened.
          const answer = await send(method, path, body)
          const text = await answer.text()
          return sendJson(res, answer.status, text ? JSON.parse(text) : null)
        }
        if (url === `${TEST_PREFIX}/passkey-options` && req.method === 'POST') {
          const { name, accountId } = (await readJson(req)) as { name: string; accountId: string }
          return sendJson(res, 200, await passkeys.options({ name, accountId }))
        }
        return sendJson(res, 404, { status: 404, code: 'NOT_FOUND', message: 'No such test route.' })
      })
    },
  }
}
