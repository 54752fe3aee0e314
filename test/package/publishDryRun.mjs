// `npm publish --dry-run` as the one who publishes would run it, in `npm run check:package`: it must
// pass with no warning but the one a dry run without a login always prints. npm warns, and goes on,
// when it has to correct package.json (a `bin` path it rewrites, a field it drops) or misses a
// file: what it would then publish is not what package.json says. Run after `npm run build`:
// --ignore-scripts skips the package's prepack (the build), which `npm test` has just done. It needs
// no login; it asks the registry whether this version is already published.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8'))
// What the package must hold: its readme, its root entry and every command it installs.
const REQUIRED = ['package.json', 'README.md', 'dist/index.js', ...Object.values(pkg.bin ?? {})].map((path) =>
  path.replace(/^\.\//, ''),
)
// The one warning every dry run without a login prints (`--dry-run` stops before the upload).
const LOGIN_WARNING = /requires you to be logged in to .* \(dry-run\)$/

const run = spawnSync('npm', ['publish', '--dry-run', '--ignore-scripts', '--json'], {
  cwd: ROOT,
  encoding: 'utf8',
  env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' },
  maxBuffer: 64 * 1024 * 1024,
  timeout: 120_000,
})
const warnings = (run.stderr ?? '')
  .split('\n')
  .filter((line) => /^npm (warn|WARN|error|ERR!)/.test(line) && !LOGIN_WARNING.test(line))
const problems = [...warnings]
if (run.status !== 0)
  problems.push(`npm publish --dry-run failed (exit ${run.status ?? run.signal}):`, run.stderr)
else {
  const answer = JSON.parse(run.stdout)
  const packed = Object.values(answer)[0] ?? answer
  const files = new Set(packed.files.map((/** @type {{ path: string }} */ file) => file.path))
  for (const required of REQUIRED)
    if (!files.has(required)) problems.push(`The package would be published without ${required}.`)
}

if (problems.length > 0) {
  console.error('npm publish --dry-run is not clean:')
  for (const problem of problems) console.error(problem)
  process.exitCode = 1
} else console.log('npm publish --dry-run: clean (no warning but the dry run’s missing login).')
