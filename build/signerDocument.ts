import type { Plugin } from 'vite'
import { integrityOf } from './integrityManifest.js'

/** The signer document's page: no inline script or style, its one module pinned by integrity. */
export function signerPage(integrity: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Your wallet</title>
<script type="module" src="./signer.js" integrity="${integrity}"></script>
</head>
<body></body>
</html>
`
}

/**
 * Writes the signer document beside its bundle: `signer.html`, whose script tag pins `signer.js`
 * by its SRI hash, and `integrity.json`, the files and hashes an integrator can check.
 *
 * @example
 * ```ts
 * export default defineConfig({ plugins: [signerDocument({ package: 'embedded-wallet-auth', version })] })
 * ```
 */
export function signerDocument(about: { package: string; version: string }): Plugin {
  return {
    name: 'signer-document',
    generateBundle(_options, bundle) {
      const files: Record<string, { integrity: string; bytes: number }> = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        files[output.fileName] = {
          integrity: integrityOf(output.code),
          bytes: Buffer.byteLength(output.code),
        }
      }
      const module = files['signer.js']
      if (!module || Object.keys(files).length !== 1) {
        this.error('The signer document must be one module, signer.js, with no chunks to load unpinned.')
      }
      const html = signerPage(module.integrity)
      files['signer.html'] = { integrity: integrityOf(html), bytes: Buffer.byteLength(html) }
      this.emitFile({ type: 'asset', fileName: 'signer.html', source: html })
      const manifest = { ...about, files }
      this.emitFile({
        type: 'asset',
        fileName: 'integrity.json',
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      })
    },
  }
}
