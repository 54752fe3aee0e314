// A guide's {@link name} is checked by the site's build (typedoc.config.mjs): a name some entry
// exports links to its page, wherever that entry is; one no entry exports fails npm run docs.
// Run on a planted guide over two small entries, with the site's own configuration.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { ROOT } from './markdown.js'

const ENTRIES = ['src/errors.ts', 'src/oauth/index.ts']
const dir = mkdtempSync(join(tmpdir(), 'guide-links-'))

/** Builds a site of the two entries with `guide` as its one guide: its exit code and what it said. */
async function build(guide: string): Promise<{ code: number; output: string }> {
  const name = `guide-${Math.random().toString(36).slice(2)}`
  writeFileSync(join(dir, `${name}.md`), `---\ntitle: Planted\n---\n# Planted\n\n${guide}\n`)
  writeFileSync(
    join(dir, `${name}.json`),
    JSON.stringify({
      extends: `${ROOT}tsconfig.build.json`,
      include: ENTRIES.map((entry) => `${ROOT}${entry}`),
    }),
  )
  const args = [
    `${ROOT}node_modules/typedoc/bin/typedoc`,
    ...['--tsconfig', join(dir, `${name}.json`), '--readme', 'none', '--emit', 'none'],
    ...['--projectDocuments', join(dir, `${name}.md`), '--out', join(dir, name)],
    ...ENTRIES.flatMap((entry) => ['--entryPoints', entry]),
  ]
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, { cwd: ROOT })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("a guide's {@link}", () => {
  it('to an export of any entry resolves; to a name no entry exports fails the build', async () => {
    const [good, bad] = await Promise.all([
      build('See {@link WalletAuthError}, {@link WalletAuthError.code} and {@link oidcNonce}.'),
      build('See {@link WalletAuthError} and {@link notAnExport}.'),
    ])
    expect(good.output).not.toContain('Failed to resolve link')
    expect(bad.code).not.toBe(0)
    expect(bad.output).toContain('Failed to resolve link to "notAnExport"')
    expect(bad.output).not.toContain('Failed to resolve link to "WalletAuthError"')
  }, 120_000)
})
