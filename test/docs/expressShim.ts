// The part of Express's typings the guides' Express snippets use, for their compile check: the
// repository does not install Express (the relay needs none of it). Modelled on @types/express 5:
// `req` extends Node's request and the global `Express.Request` an app augments (as Passport does
// for `req.user`), handlers get `(req, res, next)`, `app.use` takes a path or not.
export const EXPRESS_SHIM = `
declare module 'express' {
  import type { IncomingMessage, Server, ServerResponse } from 'node:http'
  global {
    namespace Express {
      interface Request {}
    }
  }
  interface Request extends IncomingMessage, Express.Request {
    originalUrl: string
    body?: unknown
    get(name: string): string | undefined
  }
  type Response = ServerResponse
  type NextFunction = (error?: unknown) => void
  type RequestHandler = (req: Request, res: Response, next: NextFunction) => unknown
  interface Application {
    use(...handlers: RequestHandler[]): Application
    use(path: string, ...handlers: RequestHandler[]): Application
    listen(port: number, callback?: () => void): Server
  }
  interface Express {
    (): Application
    json(): RequestHandler
    raw(options?: { type?: string }): RequestHandler
  }
  const express: Express
  export default express
  export type { Application, NextFunction, Request, RequestHandler, Response }
}
`
