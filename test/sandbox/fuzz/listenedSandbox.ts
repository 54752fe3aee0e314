// A sandbox served over real HTTP (`sandbox.listen()`), and fetch functions that reach it as a
// relay would: HTTP Basic added to every request.

import {
  createSandbox,
  type Sandbox,
  type SandboxOptions,
  type SandboxServer,
} from '../../../src/sandbox/index.js'
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
  const sandbox = await createSandbox({ log: () => {}, now: () => SANDBOX_START, ...options })
  const server = await sandbox.listen()
  const authorization = `Basic ${btoa(`${sandbox.clientId}:${sandbox.clientSecret}`)}`
  const api: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    request.headers.set('Authorization', authorization)
    return fetch(request)
  }
  return { sandbox, server, base: server.baseUrl, authorization, api, close: () => server.close() }
}
