// The benches that run in a child Node process bundle it from src/ with esbuild first: the kit and
// the sandbox from their TypeScript sources, npm packages left external.
import { spawn } from 'node:child_process'
import { mkdir, readFile, rm } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

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

/**
 * Bundles `entry` into `outDir` and runs it in a fresh Node process, `node ...nodeArgs child.mjs
 * RESULT.json ...args`; returns the JSON the child wrote there. Throws when the child fails.
 *
 * @example
 * ```js
 * const result = await runChild('bench/speed/relayCalls-child.mjs', { outDir: OUT, args: ['latencyMs=50'] })
 * ```
 */
export async function runChild(entry, { outDir, nodeArgs = [], args = [] }) {
  await mkdir(outDir, { recursive: true })
  const child = await bundleChild(entry, `${outDir}child.mjs`)
  const outPath = `${outDir}result.json`
  await rm(outPath, { force: true })
  const code = await new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [...nodeArgs, child, outPath, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    proc.on('error', reject)
    proc.on('exit', (status, signal) => resolve(signal ?? status))
  })
  if (code !== 0) throw new Error(`${entry} exited with ${code}`)
  return JSON.parse(await readFile(outPath, 'utf8'))
}
