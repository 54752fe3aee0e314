// A webhook endpoint on localhost that answers only when the test says so: it counts the
// connections open at once, and notes any event that arrives while an earlier delivery of the same
// event is still open (what a slow endpoint must never see).

import { createServer, type IncomingMessage } from 'node:http'

/** One delivery as the endpoint received it, answered with `answer(status)`. */
export interface Arrival {
  id: string
  type: string
  /** The body exactly as received. */
  body: string
  answered: boolean
  answer(status: number): void
}

export interface SlowEndpoint {
  url: string
  /** Every delivery, in arrival order (redeliveries included). */
  arrivals: Arrival[]
  /** Deliveries not answered yet, oldest first. */
  unanswered(): Arrival[]
  /** Connections open now, and the most ever open at once. */
  connections: { open: number; most: number }
  /** Event ids that arrived while another delivery of the same id was still open. */
  overlaps: string[]
  close(): Promise<void>
}

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Starts the endpoint; `onArrival` runs for each delivery once it is read (it may answer it, or
 * others, at once).
 */
export async function startSlowEndpoint(
  onArrival: (arrival: Arrival, endpoint: SlowEndpoint) => void,
): Promise<SlowEndpoint> {
  const arrivals: Arrival[] = []
  const connections = { open: 0, most: 0 }
  const overlaps: string[] = []
  const openIds = new Map<string, number>()
  let endpoint: SlowEndpoint

  const server = createServer((request, response) => {
    connections.open += 1
    connections.most = Math.max(connections.most, connections.open)
    let id = ''
    response.on('close', () => {
      connections.open -= 1
      openIds.set(id, (openIds.get(id) ?? 1) - 1)
    })
    readText(request).then((body) => {
      const event = JSON.parse(body) as { id: string; type: string }
      id = event.id
      if ((openIds.get(id) ?? 0) > 0) overlaps.push(id)
      openIds.set(id, (openIds.get(id) ?? 0) + 1)
      const arrival: Arrival = {
        id,
        type: event.type,
        body,
        answered: false,
        answer: (status) => {
          if (arrival.answered) return
          arrival.answered = true
          response.writeHead(status).end()
        },
      }
      arrivals.push(arrival)
      onArrival(arrival, endpoint)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, 'localhost', () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  endpoint = {
    url: `http://localhost:${port}/webhooks`,
    arrivals,
    unanswered: () => arrivals.filter((arrival) => !arrival.answered),
    connections,
    overlaps,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
  return endpoint
}
