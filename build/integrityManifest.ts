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
 * imports, so that a page can pin each module it loads (`integrity` on its script). Shared by
 * several builds into one directory (one per entry), it lists the files of all of them: each
 * build writes the manifest again with its own files added, so the last one is complete.
 *
 * @example
 * ```ts
 * export default defineConfig({ plugins: [integrityManifest({ package: 'x', version: '1.0.0' })] })
 * ```
 */
export function integrityManifest(about: { package: string; version: string }): Plugin {
  const built = new Map<string, BrowserFile>()
  return {
    name: 'integrity-manifest',
    apply: 'build',
    enforce: 'post',
    // After every other generateBundle (Vite's import analysis rewrites chunks there): the hashes are
    // of the bytes written.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue
          built.set(output.fileName, {
            integrity: integrityOf(output.code),
            bytes: Buffer.byteLength(output.code),
            imports: output.imports,
            lazyImports: [...new Set(output.dynamicImports)],
          })
        }
        const files = Object.fromEntries([...built].sort(([a], [b]) => a.localeCompare(b)))
        const manifest: IntegrityManifest = { ...about, files }
        this.emitFile({
          type: 'asset',
          fileName: 'integrity.json',
          source: `${JSON.stringify(manifest, null, 2)}\n`,
        })
      },
    },
  }
}
