import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A plain HTTP server on a free loopback port, for tests that need an outside service to answer a set way. */
export async function serveOnLoopback(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // a test's never-answering route leaves its connection open; close would wait for it for ever
        server.closeAllConnections()
      }),
  }
}
