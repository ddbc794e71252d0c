import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeInngest {
  url: string;
  /** Every request the app made: registrations (POST /fn/register), events (POST /e/<key>). */
  requests: { method: string; url: string; body: unknown }[];
  close(): void;
}

/** A stand-in for Inngest's dev server (INNGEST_DEV + INNGEST_BASE_URL): records what it is sent. */
export function startFakeInngest(): Promise<FakeInngest> {
  const requests: FakeInngest["requests"] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      requests.push({ method: req.method ?? "", url: req.url ?? "", body: JSON.parse(body || "null") });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok: true, modified: true, ids: ["evento"], status: 200 }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, requests, close: () => server.close() });
    }),
  );
}
