import { createRelay } from '../../src/relay/index.js'
import type { Harness } from '../sandbox/harness.js'

/**
 * The relay an integrator mounts, on `/wallet` of `http://app.test`, in front of the harness's
 * in-process sandbox, allowing what `customerId` owns: the backend a client test talks to.
 */
export function customerRelay(h: Harness, customerId: string): (request: Request) => Promise<Response> {
  return createRelay({
    baseUrl: `http://sandbox.test${h.sandbox.basePath}`,
    clientId: h.sandbox.clientId,
    clientSecret: h.sandbox.clientSecret,
    prefix: '/wallet',
    fetch: (request) => h.sandbox.fetch(request),
    authorize: (_request, _target, { isOwnedBy }) => isOwnedBy(customerId),
  })
}
