// A real Redis for the challenge-store tests: Debian's redis-server on a free loopback port, no
// persistence, stopped after. A missing binary fails the tests with what to install.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer, Socket } from 'node:net'

export interface RedisServer {
  url: string
  port: number
  /** Stops the server and waits for it to exit. */
  stop(): Promise<void>
}

const MISSING =
  'redis-server is not installed: the Redis challenge-store tests need it (Debian/Ubuntu: apt-get install -y redis-server; macOS: brew install redis).'

async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  await once(server, 'close')
  if (address === null || typeof address === 'string') throw new Error('No loopback port.')
  return address.port
}

async function answersPing(port: number): Promise<boolean> {
  const socket = new Socket()
  try {
    return await new Promise<boolean>((resolve) => {
      let reply = ''
      socket.setTimeout(500, () => resolve(false))
      socket.once('error', () => resolve(false))
      socket.on('data', (chunk) => {
        reply += chunk.toString('latin1')
        if (reply.includes('\r\n')) resolve(reply.startsWith('+PONG'))
      })
      socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'))
    })
  } finally {
    socket.destroy()
  }
}

/** Starts `redis-server` on a free loopback port and resolves once it answers PING. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort()
  let child: ChildProcess
  try {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
  } catch (cause) {
    throw new Error(MISSING, { cause })
  }
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  let failure: Error | undefined
  child.once('error', (error: NodeJS.ErrnoException) => {
    failure = error.code === 'ENOENT' ? new Error(MISSING) : error
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 10_000
  for (;;) {
    if (failure) throw failure
    if (child.exitCode !== null) throw new Error(`redis-server exited at start:\n${output}`)
    if (await answersPing(port)) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`redis-server did not answer PING on port ${port} within 10 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
