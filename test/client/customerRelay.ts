import { createRelay } from '../../src/relay/index.js'
import type { Harness } from '../sandbox/harness.js'

/**
 * The relay an integrator mounts, on `/wallet` of `http://app.test`, in front of the harness's
 * in-process sandbox (the testing entry's `relayOptions`), allowing what `customerId` owns: the
 * backend a client test talks to.
 */
export function customerRelay(h: Harness, customerId: string): (request: Request) => Promise<Response> {
  return createRelay({
    ...h.testing.relayOptions,
    prefix: '/wallet',
    authorize: (_request, _target, { isOwnedBy }) => isOwnedBy(customerId),
  })
}
