// A sandbox served over real HTTP (the testing entry's port mode), and fetch functions that reach
// it as a relay would: HTTP Basic added to every request, sent over the network.

import type { Sandbox, SandboxOptions, SandboxServer } from '../../../src/sandbox/index.js'
import { startTestSandbox } from '../../../src/testing/startTestSandbox.js'
import { SANDBOX_START } from '../harness.js'

export interface ListenedSandbox {
  sandbox: Sandbox
  server: SandboxServer
  /** `http://localhost:PORT/2025-10-13`. */
  base: string
  /** The `Authorization` header every request needs. */
  authorization: string
  /** fetch over HTTP with HTTP Basic added (the relay's job). */
  api: typeof fetch
  close(): Promise<void>
}

/**
 * A quiet sandbox (OTP codes not logged; clock frozen at `SANDBOX_START` unless `options.now` says
 * otherwise) listening on a free localhost port.
 */
export async function listenedSandbox(options: SandboxOptions = {}): Promise<ListenedSandbox> {
  const testing = await startTestSandbox({ now: () => SANDBOX_START, ...options, port: 0 })
  const { authorization } = testing
  // Over the network on purpose (the fuzzers send raw bytes too): not the in-process `testing.fetch`.
  const api: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    request.headers.set('Authorization', authorization)
    return fetch(request)
  }
  const server: SandboxServer = {
    baseUrl: testing.baseUrl,
    port: Number(new URL(testing.baseUrl).port),
    close: testing.close,
  }
  return { sandbox: testing.sandbox, server, base: testing.baseUrl, authorization, api, close: testing.close }
}
