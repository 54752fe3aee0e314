// The signer document on an origin of its own (another port of localhost: same site, another
// origin), served by the kit's `serveSigner` from dist/signer-document/: in signer mode the
// session key, the code box and the person's confirmations live there, never in the page.
import { toNodeHandler } from 'embedded-wallet-auth/relay'
import { serveSigner } from 'embedded-wallet-auth/signer'
import { tamperedLine } from './plainHtmlBackend.mjs'

/**
 * The signer origin's request handler (`(req, res) => void`, for `http.createServer`).
 *
 * @example
 * ```js
 * const handler = createPlainHtmlSigner({
 *   appOrigin: 'http://localhost:8795',
 *   trustedSigner: sandbox.signerPublicKey,
 *   exportSigner: sandbox.exportSignerPublicKey,
 * })
 * createServer(handler).listen(8794, 'localhost')
 * ```
 * @param {{ appOrigin: string, trustedSigner?: string, exportSigner?: string, tamper?: boolean }} settings
 *   the page's origin (the only one that may frame the signer, and whose relay it calls), the OTP
 *   and export signers to trust (in this example, the sandbox's; default: the service's own), and
 *   for tests `tamper`: `signer.js` served with `tamperedLine` added, while `signer.html` still
 *   pins the file as built.
 */
export function createPlainHtmlSigner({ appOrigin, trustedSigner, exportSigner, tamper = false }) {
  const signer = serveSigner({
    config: {
      appOrigins: [appOrigin],
      baseUrl: `${appOrigin}/api/wallet`,
      ...(trustedSigner ? { trustedSigners: [trustedSigner] } : {}),
      ...(exportSigner
        ? // The sandbox's exports are not signed: accepted only because its export signer is named.
          { exportSigners: [exportSigner], dangerouslyAcceptUnsignedSandboxExport: true }
        : {}),
    },
  })
  return toNodeHandler(async (request) => {
    const response = await signer(request)
    if (!tamper || !response.ok || !new URL(request.url).pathname.endsWith('/signer.js')) return response
    return new Response(`${await response.text()}${tamperedLine('signer.js')}`, response)
  })
}
