import { createHash } from 'node:crypto'
import type { Plugin } from 'vite'

/** One file of the browser build, as `integrity.json` lists it. */
export interface BrowserFile {
  /** The Subresource Integrity value of the file's bytes (`sha384-…`). */
  integrity: string
  bytes: number
  /** Files it imports statically (relative to the manifest): preload each with its integrity. */
  imports: string[]
  /** Files it imports on first use. */
  lazyImports: string[]
}

/** `integrity.json` of the browser build. */
export interface IntegrityManifest {
  package: string
  version: string
  files: Record<string, BrowserFile>
}

/** The `integrity` attribute value of some bytes: SHA-384, base64. */
export function integrityOf(bytes: string | Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`
}

/**
 * Writes `integrity.json` beside the bundle: every JavaScript file with its SRI hash, size and
 * imports, so that a page can pin each module it loads (`integrity` on the script and on a
 * `modulepreload` link per import).
 *
 * @example
 * ```ts
 * export default defineConfig({ plugins: [integrityManifest({ package: 'x', version: '1.0.0' })] })
 * ```
 */
export function integrityManifest(about: { package: string; version: string }): Plugin {
  return {
    name: 'integrity-manifest',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files: Record<string, BrowserFile> = {}
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []))
      for (const chunk of chunks.sort((a, b) => a.fileName.localeCompare(b.fileName))) {
        files[chunk.fileName] = {
          integrity: integrityOf(chunk.code),
          bytes: Buffer.byteLength(chunk.code),
          imports: chunk.imports,
          lazyImports: [...new Set(chunk.dynamicImports)],
        }
      }
      const manifest: IntegrityManifest = { ...about, files }
      this.emitFile({
        type: 'asset',
        fileName: 'integrity.json',
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      })
    },
  }
}
