// `npm run size` (CI): bundle sizes only, esbuild only (about a second; the Vite builds and the peer
// comparison are in `npm run bench`), and the no-bundler files `npm run build` wrote; exits 1 when an
// enforced budget is exceeded (a no-bundler file's included), the stamp entry pulls in HPKE, WebAuthn
// or zod code, or the signer-client entry schema, crypto or storage code.
// Targets (`enforced: false`) only warn.
import { browserFilesMarkdown, checkBrowserFiles, measureBrowserFiles } from './size/browserFilesSize.mjs'
import { ENTRIES, measureSizes, sizeMarkdown } from './size/size.mjs'
import { zodShare } from './size/zodShare.mjs'

const sizes = await measureSizes({ vite: false })
console.log(sizeMarkdown(sizes))
// Reported, not limited: the part of the first load the schemas' library takes.
const zodShares = []
for (const name of ['index', 'client']) {
  const { initial } = sizes.entries.find((e) => e.name === name)
  zodShares.push(`${name} ${await zodShare(ENTRIES[name], initial.gzip)} B`)
}
console.log(`
zod's share of the first load (gzip): ${zodShares.join(', ')}.`)
const browserFiles = measureBrowserFiles()
console.log(`\n${browserFilesMarkdown(browserFiles)}`)
const browserFilesOver = checkBrowserFiles(browserFiles).filter((b) => !b.ok)
for (const b of browserFilesOver) {
  console.error(`size budget exceeded: dist/browser/${b.name} is ${b.gzip} B gzip, limit ${b.limit} B`)
}
if (browserFilesOver.length) process.exitCode = 1
for (const b of sizes.budgets.filter((b) => !b.ok && !b.enforced)) {
  console.warn(`size target not met (not enforced): ${b.name} is ${b.gzip} B gzip, target ${b.limit} B`)
}
if (!sizes.ok) {
  for (const b of sizes.budgets.filter((b) => !b.ok && b.enforced)) {
    console.error(`size budget exceeded: ${b.name} is ${b.gzip} B gzip, limit ${b.limit} B`)
  }
  if (sizes.stampForbidden.length) console.error('the stamp entry must not bundle HPKE, WebAuthn or zod')
  if (sizes.signerClientForbidden.length)
    console.error(`the signer-client entry must not bundle ${sizes.signerClientForbidden.join(', ')}`)
  process.exit(1)
}
