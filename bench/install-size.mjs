// What a browser app installs with the package (run `npm run build` first): packs it as it would be
// published, installs the tarball into an empty app in a temp dir, counts the packages and bytes.
//   node bench/install-size.mjs            prints the BENCHMARKS.md section and rewrites it there
//   node bench/install-size.mjs --check    (`npm run check:install`, in `npm test`) exits 1, one
//       sentence per failure, when the install is over INSTALL_BUDGET (bench/install/installSize.mjs), when
//       the installed sandbox command, relay or sandbox do not run for a Node user, when an entry's
//       public types do not compile there, when a browser entry's chunks hold server-side code, or
//       when the installed package bundles code whose licence dist/THIRD-PARTY-LICENSES.md lacks.
//   --root DIR    measures another built checkout (how BEFORE in installSize.mjs was measured)
//   --keep        leaves the temp app in place and prints where it is
import { readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { inspectBrowserChunks } from './install/browserChunks.mjs'
import { checkNodeEntries, checkSandboxCommand } from './install/installNodeUse.mjs'
import {
  installMarkdown,
  installProblems,
  measureInstall,
  packAndInstall,
  removeInstall,
  replaceSection,
} from './install/installSize.mjs'
import { checkPublicTypes } from './install/installTypes.mjs'
import { shippedLicenseProblems } from './install/shippedLicenses.mjs'

const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    root: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
})
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const root = values.root ? resolve(values.root) : ROOT
const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'))

const started = performance.now()
const install = await packAndInstall({ root })
try {
  const measured = await measureInstall(install.appDir)
  if (!values.check) {
    const section = installMarkdown(measured)
    console.log(section)
    if (!values.root) {
      const path = join(ROOT, 'bench/BENCHMARKS.md')
      await writeFile(path, replaceSection(await readFile(path, 'utf8'), section))
      console.log('\nwrote its section in bench/BENCHMARKS.md')
    }
  } else {
    const [command, entries, types, chunks, licenses] = await Promise.all([
      checkSandboxCommand(install.appDir),
      checkNodeEntries(install.appDir),
      checkPublicTypes(install.appDir, { root: ROOT }),
      inspectBrowserChunks({ root }),
      shippedLicenseProblems(join(install.appDir, 'node_modules', pkg.name)),
    ])
    const problems = [
      ...installProblems(measured, { ownName: pkg.name, used: chunks.imported }),
      ...[command, entries].filter(Boolean),
      ...types,
      ...chunks.problems,
      ...licenses,
    ]
    const seconds = ((performance.now() - started) / 1000).toFixed(0)
    if (problems.length) {
      for (const problem of problems) console.error(problem)
      process.exitCode = 1
    } else {
      console.log(
        `install size: a browser app installs ${measured.count} packages, ${(measured.bytes / 1e6).toFixed(1)} MB; ` +
          'there the sandbox command, relay and sandbox run and every entry’s types compile; ' +
          "the browser entries' chunks hold no server-side code; the bundled code's licences ship " +
          `(${seconds} s).`,
      )
    }
  }
} finally {
  if (values.keep) console.log(`temp app kept: ${install.appDir}`)
  else await removeInstall(install)
}
