// The benches that run in a child Node process bundle it from src/ with esbuild first: the kit and
// the sandbox from their TypeScript sources, npm packages left external.
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** Bundles `entry` (a path from the repository root) to `outfile`; returns `outfile`. */
export async function bundleChild(entry, outfile) {
  await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  })
  return outfile
}
