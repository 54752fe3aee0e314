// `npm run size` (CI): bundle sizes only, esbuild only (about a second; the Vite builds and the peer
// comparison are in `npm run bench`); exits 1 when an enforced budget is exceeded, the stamp entry
// pulls in HPKE, WebAuthn or zod code, or the signer-client entry schema, crypto or storage code.
// Targets (`enforced: false`) only warn.
import { browserFilesMarkdown, measureBrowserFiles } from './size/browserFilesSize.mjs'
import { measureSizes, sizeMarkdown } from './size/size.mjs'

const sizes = await measureSizes({ vite: false })
console.log(sizeMarkdown(sizes))
console.log(`\n${browserFilesMarkdown(measureBrowserFiles())}`)
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
