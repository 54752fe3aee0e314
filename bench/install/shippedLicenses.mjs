// The installed package ships the licences of the code it bundles: every npm package named in a
// source map of its dist has its section in dist/THIRD-PARTY-LICENSES.md (written by the build:
// bench/install/thirdPartyLicenses.ts).
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { packageOfSource } from './browserChunks.mjs'

async function mapFiles(dir) {
  const found = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) found.push(...(await mapFiles(path)))
    else if (entry.name.endsWith('.js.map')) found.push(path)
  }
  return found
}

/** Sentences naming bundled packages without a licence section; empty when all are there. */
export async function shippedLicenseProblems(packageDir) {
  const dist = join(packageDir, 'dist')
  const bundled = new Set()
  for (const file of await mapFiles(dist)) {
    for (const source of JSON.parse(await readFile(file, 'utf8')).sources ?? []) {
      const name = packageOfSource(source)
      if (name) bundled.add(name)
    }
  }
  const notices = await readFile(join(dist, 'THIRD-PARTY-LICENSES.md'), 'utf8').catch(() => undefined)
  if (notices === undefined)
    return bundled.size
      ? [`The package bundles ${[...bundled].join(', ')} but ships no dist/THIRD-PARTY-LICENSES.md.`]
      : []
  const missing = [...bundled].filter((name) => !notices.includes(`\n## ${name} `)).sort()
  return missing.length
    ? [
        `dist/THIRD-PARTY-LICENSES.md lacks the licences of ${missing.join(', ')}, whose code the package bundles.`,
      ]
    : []
}
