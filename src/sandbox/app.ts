import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { methodNotAllowed } from 'hono/method-not-allowed'
import { API_VERSION } from './apiVersion.js'
import { bodyLimit } from './bodyLimit.js'
import { cardRoutes } from './cards/cardRoutes.js'
import type { SandboxContext } from './context.js'
import { moneyRoutes } from './money/moneyRoutes.js'
import { settleMoney } from './money/transactions.js'
import { credentialRoutes } from './routes/credentialRoutes.js'
import { customerRoutes } from './routes/customerRoutes.js'
import { delegatedKeyRoutes } from './routes/delegatedKeyRoutes.js'
import { internalAccountRoutes } from './routes/internalAccountRoutes.js'
import { sessionRoutes } from './routes/sessionRoutes.js'
import { errorResponse, SandboxError } from './sandboxError.js'
import { scaRoutes } from './sca/scaRoutes.js'
import { configRoutes } from './webhooks/configRoutes.js'

/** Request bodies larger than this are refused with 413 before they are read. */
const MAX_BODY_BYTES = 64 * 1024

function basicAuthorization(clientId: string, clientSecret: string): string {
  return `Basic ${btoa(`${clientId}:${clientSecret}`)}`
}

/**
 * The sandbox's HTTP application: HTTP Basic on every route, the spec's Error object for every
 * failure (401, 404, 405, 413 included), and the route groups under `/2025-10-13`.
 *
 * @example
 * ```ts
 * const app = createApp(ctx, { clientId, clientSecret })
 * const response = await app.fetch(new Request(`http://localhost/2025-10-13/quotes/${id}`))
 * ```
 */
export function createApp(
  ctx: SandboxContext,
  credentials: { clientId: string; clientSecret: string },
): Hono {
  const expected = basicAuthorization(credentials.clientId, credentials.clientSecret)
  const app = new Hono().basePath(`/${API_VERSION}`)

  app.onError((error, c) => {
    if (error instanceof SandboxError) return errorResponse(error)
    console.error('sandbox: unexpected error', error)
    return c.json({ status: 500, code: 'INTERNAL_ERROR', message: 'Internal sandbox error.' }, 500)
  })
  app.notFound(() =>
    errorResponse(
      new SandboxError({
        status: 404,
        code: 'REFERENCE_NOT_FOUND',
        message: 'No such route in this API version.',
      }),
    ),
  )

  if (ctx.config.corsOrigins.length > 0) {
    app.use(
      '*',
      cors({
        origin: ctx.config.corsOrigins,
        allowHeaders: [
          'Authorization',
          'Content-Type',
          ctx.config.signatureHeaderName,
          'Request-Id',
          'Idempotency-Key',
        ],
        exposeHeaders: ['Retry-After'],
      }),
    )
  }
  app.use('*', async (c, next) => {
    if (c.req.header('Authorization') !== expected) {
      throw new SandboxError({
        status: 401,
        code: 'UNAUTHORIZED',
        message: 'HTTP Basic credentials are missing or wrong.',
        reason: 'API credentials',
        headers: { 'WWW-Authenticate': 'Basic realm="sandbox"' },
      })
    }
    await next()
  })
  app.use(
    '*',
    bodyLimit(MAX_BODY_BYTES, () =>
      errorResponse(
        new SandboxError({
          status: 413,
          code: 'PAYLOAD_TOO_LARGE',
          message: `Bodies are limited to ${MAX_BODY_BYTES} bytes.`,
        }),
      ),
    ),
  )

  // Money moves on the sandbox clock: apply what has come due before any route reads a balance.
  app.use('*', async (_c, next) => {
    settleMoney(ctx)
    await next()
  })

  // Before the customer routes: `/customers/internal-accounts` and `/customers/external-accounts`
  // would otherwise be taken for `/customers/{customerId}`.
  app.route('/', internalAccountRoutes(ctx))
  app.route('/', moneyRoutes(ctx))
  app.route('/', scaRoutes(ctx))
  app.route('/', customerRoutes(ctx))
  app.route('/', credentialRoutes(ctx))
  app.route('/', sessionRoutes(ctx))
  app.route('/', delegatedKeyRoutes(ctx))
  app.route('/', configRoutes(ctx))
  app.route('/', cardRoutes(ctx))

  // After the routes, so that it knows them: a known path with another method is 405.
  app.use(
    '*',
    methodNotAllowed({
      app,
      onMethodNotAllowed: (_c, methods) =>
        errorResponse(
          new SandboxError({
            status: 405,
            code: 'METHOD_NOT_ALLOWED',
            message: `Use ${methods.join(', ')} on this path.`,
            headers: { Allow: methods.join(', ') },
          }),
        ),
    }),
  )
  return app
}
