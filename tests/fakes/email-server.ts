/**
 * A fake HTTP e-mail API (what EMAIL_API_URL points at in production): stores every POSTed
 * JSON message `{ from, to, subject, text, html }` so tests can read the links the app sent.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface SentEmail {
  /** The fake's own id for the message ("fake-1", "fake-2"…). */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Authorization header the app sent (checks EMAIL_API_KEY is used). */
  authorization: string | undefined;
  receivedAt: number;
}

export interface FakeEmailServer {
  url: string;
  messages: SentEmail[];
  /** Resolves with the first message to `to` (case-insensitive) matching `subject`, waiting up to `timeoutMs`. */
  waitForEmail(to: string, options?: { subject?: string | RegExp; timeoutMs?: number; after?: number }): Promise<SentEmail>;
  clear(): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function matches(message: SentEmail, to: string, subject: string | RegExp | undefined, after: number): boolean {
  if (message.to.toLowerCase() !== to.toLowerCase()) return false;
  if (message.receivedAt < after) return false;
  if (subject === undefined) return true;
  return typeof subject === "string" ? message.subject.includes(subject) : subject.test(message.subject);
}

export async function startFakeEmailServer(): Promise<FakeEmailServer> {
  const messages: SentEmail[] = [];
  const waiters = new Set<() => void>();
  const server: Server = createServer(async (req, res) => {
    if (req.method === "GET" && req.url === "/messages") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(messages));
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    try {
      const body = JSON.parse(await readBody(req)) as Partial<SentEmail>;
      if (typeof body.to !== "string" || typeof body.subject !== "string") {
        res.writeHead(422, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "to and subject are required" }));
        return;
      }
      messages.push({
        id: `fake-${messages.length + 1}`,
        from: String(body.from ?? ""),
        to: body.to,
        subject: body.subject,
        text: String(body.text ?? ""),
        html: String(body.html ?? ""),
        authorization: req.headers.authorization,
        receivedAt: Date.now(),
      });
      for (const wake of waiters) wake();
      res.writeHead(202, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: `fake-${messages.length}` }));
    } catch {
      res.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/send`,
    messages,
    waitForEmail(to, options = {}) {
      const timeoutMs = options.timeoutMs ?? 15_000;
      const after = options.after ?? 0;
      const find = () => messages.find((m) => matches(m, to, options.subject, after));
      const hit = find();
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = messages.map((m) => `${m.to}: ${m.subject}`).join("; ") || "none";
          reject(
            new Error(
              `no e-mail to ${to}${options.subject ? ` with subject ${options.subject}` : ""} within ${timeoutMs} ms (received: ${seen})`,
            ),
          );
        }, timeoutMs);
        const check = () => {
          const found = find();
          if (found) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(found);
          }
        };
        waiters.add(check);
      });
    },
    clear() {
      messages.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The first http(s) link in the message (text first, then the html's href), optionally the
 * first one whose path contains `pathContains` (e.g. "/auth/callback").
 */
export function extractLink(message: Pick<SentEmail, "text" | "html">, pathContains?: string): string {
  const fromText = message.text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
  const fromHtml = [...message.html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((m) => (m[1] ?? "").replaceAll("&amp;", "&"));
  const links = [...fromText, ...fromHtml];
  const link = pathContains ? links.find((l) => l.includes(pathContains)) : links[0];
  if (!link) throw new Error(`no link${pathContains ? ` containing ${pathContains}` : ""} in e-mail:\n${message.text}`);
  return link;
}

/**
 * Reads a fake e-mail server running in another process (e2e: started by globalSetup) through
 * its `GET /messages`. `base` is the server's origin, e.g. http://127.0.0.1:40123.
 */
export function fakeEmailClient(base: string) {
  const list = async (): Promise<SentEmail[]> => {
    const res = await fetch(`${base}/messages`);
    return (await res.json()) as SentEmail[];
  };
  return {
    messages: list,
    async waitForEmail(to: string, options: { subject?: string | RegExp; timeoutMs?: number; after?: number } = {}): Promise<SentEmail> {
      const deadline = Date.now() + (options.timeoutMs ?? 15_000);
      let seen: SentEmail[] = [];
      while (Date.now() < deadline) {
        seen = await list();
        const hit = seen.find((m) => matches(m, to, options.subject, options.after ?? 0));
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 100));
      }
      const summary = seen.map((m) => `${m.to}: ${m.subject}`).join("; ") || "none";
      throw new Error(`no e-mail to ${to}${options.subject ? ` with subject ${options.subject}` : ""} (received: ${summary})`);
    },
  };
}
