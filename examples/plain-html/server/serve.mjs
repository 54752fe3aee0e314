// `node examples/plain-html/server/serve.mjs [port] [signerPort]`: the example on
// http://localhost:8795, its signer on http://localhost:8794, with a sandbox whose customer is
// ada@example.com (code 000000). Build the kit's files first.
import { startPlainHtmlExample } from './startPlainHtmlExample.mjs'

const example = await startPlainHtmlExample({
  port: Number(process.argv[2] ?? 8795),
  signerPort: Number(process.argv[3] ?? 8794),
})
const [customer] = example.sandbox.customers
console.log(
  `Open ${example.url} (its signer: ${example.signerUrl}) and sign in as ${customer?.email} with the code ${example.sandbox.otpCode}.`,
)
process.once('SIGINT', () => void example.close())
