// Outside services in tests are doubled at their HTTP boundary: a local server that reads each
// request's whole body and hands it to the test's handler.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

export async function startFakeServer(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<FakeServer> {
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => handle(req, body, res));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, statusText?: string): void {
  res.writeHead(status, statusText, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
