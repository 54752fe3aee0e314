// The signer benches' page (bundled by esbuild with the kit's TypeScript sources), served on both
// origins of bench/signer/signerServers.mjs: on the signer's, it stores the session key the signer will
// find; on the app's, it times one signed call that moves nothing (the wallet-settings PATCH, a
// 202 the client signs without asking) through a page-held client and through the signer frame,
// alternating, against the same fake service over HTTP, and times the signer frame's first load.
import { createWalletAuth } from '../../src/client/index.ts'
import { createKeyStore, generateSessionKey } from '../../src/keys/index.ts'
import { SIGNER_CONNECT, SIGNER_PROTOCOL_VERSION } from '../../src/signer/signerProtocol.ts'
import { WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.ts'
import { timeAlternating } from '../shared/timing.mjs'

const PAGE_DATABASE = 'signer-call-bench'
const ACCOUNT = 'InternalAccount:5d8e3c1a-0b2f-4e6d-9a7c-1f3b5d7e9a0c'

/** Stores one session key in `databaseName` of this origin (the signer's client reads the kit's default). */
globalThis.setupSession = async ({ databaseName = PAGE_DATABASE } = {}) => {
  const store = await createKeyStore({ databaseName })
  await store.clear()
  const key = await generateSessionKey()
  await store.save(key, {
    sessionId: 'Session:5f0c2b1e-3d4a-4b6c-8e9f-0a1b2c3d4e5f',
    accountId: ACCOUNT,
    credentialId: 'Credential:bench',
    type: 'EMAIL_OTP',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  })
  return key.publicKey
}

/**
 * Times `iterations` PATCH calls of each client (and as many unsigned pairs of plain fetches, the
 * network's own share, and as many `sessions.current()`, which reach no network) in alternating
 * batches. Returns the per-call durations (ms) of each.
 */
globalThis.runSignerCalls = async ({ signerUrl, iterations = 400, warmup = 40, batch = 20 }) => {
  const baseUrl = `${location.origin}/api`
  const url = `${baseUrl}/internal-accounts/${encodeURIComponent(ACCOUNT)}`
  const body = JSON.stringify({ privateEnabled: true })
  const pageHeld = createWalletAuth({ baseUrl, keyStore: createKeyStore({ databaseName: PAGE_DATABASE }) })
  const signer = createWalletAuth({ signer: { url: signerUrl } })
  const [pageSession, signerSession] = await Promise.all([
    pageHeld.sessions.current(),
    signer.sessions.current(),
  ])
  if (!pageSession || !signerSession) throw new Error('signer bench: a client found no session')
  const signed = (wallet) => async () => {
    // The answer read, as an app does: in signer mode it has crossed already, in the page it is read here.
    const response = await wallet.fetch(url, { method: 'PATCH', body })
    if (response.status !== 200) throw new Error(`signer bench: ${wallet.mode} answered ${response.status}`)
    await response.text()
  }
  const plain = async (headers) => {
    const response = await fetch(url, { method: 'PATCH', body, headers })
    return response.text()
  }
  const ops = {
    network: async () => {
      await plain({ 'Content-Type': 'application/json' })
      await plain({ 'Content-Type': 'application/json', [WALLET_SIGNATURE_HEADER]: 'unchecked' })
    },
    pageHeld: signed(pageHeld),
    signer: signed(signer),
    // A call that reaches no network: the channel's own round trip in signer mode.
    pageHeldCurrent: () => pageHeld.sessions.current(),
    signerCurrent: () => signer.sessions.current(),
  }
  const timings = await timeAlternating(ops, { iterations, warmup, batch })
  pageHeld.dispose()
  signer.dispose()
  return {
    networkMs: timings.network.ms,
    pageHeldMs: timings.pageHeld.ms,
    signerMs: timings.signer.ms,
    pageHeldCurrentMs: timings.pageHeldCurrent.ms,
    signerCurrentMs: timings.signerCurrent.ms,
    keys: [pageSession.key.publicKey, signerSession.key.publicKey],
  }
}

/**
 * One load of the signer frame, as connectSigner makes it: from the iframe's creation to its load
 * event and to the signer's `ready` on the channel (ms).
 */
globalThis.loadSigner = ({ signerUrl }) =>
  new Promise((resolve) => {
    const started = performance.now()
    const frame = document.createElement('iframe')
    frame.src = signerUrl
    // Hidden until the signer shows its dialog, as the client frames it.
    frame.style.display = 'none'
    const { port1, port2 } = new MessageChannel()
    let loadedMs
    frame.addEventListener('load', () => {
      loadedMs = performance.now() - started
      const hello = { type: SIGNER_CONNECT, version: SIGNER_PROTOCOL_VERSION }
      frame.contentWindow?.postMessage(hello, new URL(signerUrl).origin, [port2])
    })
    port1.onmessage = (event) => {
      if (event.data?.kind === 'ready') resolve({ loadedMs, readyMs: performance.now() - started })
    }
    document.body.append(frame)
  })

/** From `createWalletAuth({ signer })` to the answer of its first call, `sessions.current()` (ms). */
globalThis.firstSignerCall = async ({ signerUrl }) => {
  const started = performance.now()
  const wallet = createWalletAuth({ signer: { url: signerUrl } })
  await wallet.sessions.current()
  return { firstCallMs: performance.now() - started }
}
