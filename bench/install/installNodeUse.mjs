// Node users of a lean install lose nothing: in the temp app bench/install/installSize.mjs installed, the
// `embedded-wallet-sandbox` command starts and answers, and the relay, sandbox and testing entries
// import and serve a request, with no package added by hand.
import { execFile, spawn } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

const CUSTOMER = { customerType: 'INDIVIDUAL', fullName: 'Ada Lovelace', email: 'ada@example.com' }
const basic = (id, secret) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`

/**
 * Starts the installed `node_modules/.bin/embedded-wallet-sandbox --port 0`, waits for its
 * "listening" banner, then creates a customer with the printed client id and secret. Returns a
 * sentence when something fails, undefined when the customer is created (201).
 */
export async function checkSandboxCommand(appDir, { timeoutMs = 30_000 } = {}) {
  const child = spawn(join(appDir, 'node_modules/.bin/embedded-wallet-sandbox'), ['--port', '0'], {
    cwd: appDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  try {
    const banner = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no "listening" within ${timeoutMs / 1000} s`)),
        timeoutMs,
      )
      const look = () => {
        const url = /base URL\s+(\S+)/.exec(output)
        const id = /client id\s+(\S+)/.exec(output)
        const secret = /client secret\s+(\S+)/.exec(output)
        if (output.includes('listening') && url && id && secret) {
          clearTimeout(timer)
          resolve({ baseUrl: url[1], clientId: id[1], clientSecret: secret[1] })
        }
      }
      child.stdout.on('data', look)
      child.once('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      exited.then((code) => {
        clearTimeout(timer)
        reject(new Error(`it exited (${code})`))
      })
    })
    const response = await fetch(`${banner.baseUrl}/customers`, {
      method: 'POST',
      headers: {
        Authorization: basic(banner.clientId, banner.clientSecret),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(CUSTOMER),
    })
    if (response.status !== 201)
      return `The installed embedded-wallet-sandbox answered POST /customers with ${response.status}, not 201.`
    return undefined
  } catch (error) {
    const said = output.trim().split('\n').slice(-3).join(' / ')
    return `The installed embedded-wallet-sandbox --port 0 did not start: ${error.message}${said ? ` (it said: ${said})` : ''}.`
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await exited
    }
  }
}

// Runs inside the temp app: only what the app installed resolves there.
const IN_PROCESS = `import { createRelay } from 'embedded-wallet-auth/relay'
import { createSandbox } from 'embedded-wallet-auth/sandbox'

const sandbox = await createSandbox({ origins: ['http://localhost:5173'], log: () => {} })
const created = await sandbox.fetch(new Request(\`http://sandbox\${sandbox.basePath}/customers\`, {
  method: 'POST',
  headers: { Authorization: 'Basic ' + btoa(\`\${sandbox.clientId}:\${sandbox.clientSecret}\`), 'Content-Type': 'application/json' },
  body: JSON.stringify(${JSON.stringify(CUSTOMER)}),
}))
if (created.status !== 201) throw new Error(\`createSandbox: POST /customers answered \${created.status}, not 201\`)
const customer = await created.json()
const relay = createRelay({
  baseUrl: \`http://sandbox.internal\${sandbox.basePath}\`,
  clientId: sandbox.clientId,
  clientSecret: sandbox.clientSecret,
  prefix: '/api/wallet',
  fetch: (request) => sandbox.fetch(request),
  authorize: () => true,
})
const read = await relay(new Request(\`http://app.example/api/wallet/customers/\${customer.id}\`))
if (read.status !== 200) throw new Error(\`createRelay: GET /customers/{id} through the relay answered \${read.status}, not 200\`)
if ((await read.json()).id !== customer.id) throw new Error('createRelay: the relay answered another customer')
`

// Appended when the package has the testing entry: a sandbox with a seeded customer, on a port.
const TESTING = `const { startTestSandbox } = await import('embedded-wallet-auth/testing')
const testing = await startTestSandbox({ port: 0, customers: [{ email: 'grace@example.com' }] })
try {
  if (testing.customers.length !== 1) throw new Error('startTestSandbox: the seeded customer is missing')
  const listed = await fetch(\`\${testing.baseUrl}/customers/\${testing.customers[0].customerId}\`, {
    headers: { Authorization: testing.authorization },
  })
  if (listed.status !== 200) throw new Error(\`startTestSandbox: GET /customers/{id} on its port answered \${listed.status}\`)
} finally {
  await testing.close()
}
`

/**
 * From the temp app: `createSandbox` + one in-process request, and `createRelay` in front of it
 * forwarding one request; with the testing entry, `startTestSandbox` on a port with a seeded
 * customer. Returns a sentence when something fails, undefined when all work.
 */
export async function checkNodeEntries(appDir) {
  const manifest = JSON.parse(
    await readFile(join(appDir, 'node_modules/embedded-wallet-auth/package.json'), 'utf8'),
  )
  const script = join(appDir, 'node-entries.mjs')
  await writeFile(script, `${IN_PROCESS}${manifest.exports['./testing'] ? TESTING : ''}console.log('ok')\n`)
  try {
    const { stdout } = await run(process.execPath, [script], { cwd: appDir, timeout: 30_000 })
    if (stdout.trim() !== 'ok')
      return `The relay and sandbox entries ran but printed ${JSON.stringify(stdout)}.`
    return undefined
  } catch (error) {
    const said = `${error.stderr ?? ''}`.trim().split('\n').slice(0, 3).join(' / ') || error.message
    return `Running embedded-wallet-auth/relay, /sandbox and /testing from an app's install failed: ${said}.`
  }
}
