import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The project's root: where a script is run from. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/**
 * Runs a Node script from the project's root with exactly the environment given, and resolves
 * with its exit status, what it printed and how long it took.
 *
 * @example
 * ```ts
 * const { status, stderr } = await runNode(['test/engines/ensureEngines.mjs'], { PATH: '' })
 * ```
 */
export function runNode(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string; ms: number }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (status) => resolve({ status, stdout, stderr, ms: performance.now() - started }))
  })
}
