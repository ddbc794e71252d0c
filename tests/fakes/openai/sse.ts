import type { ServerResponse } from "node:http";

/** Server-sent events onto a Node response; stops quietly once the client has gone. */
export class SseWriter {
  private closed = false;
  private readonly res: ServerResponse;
  constructor(res: ServerResponse) {
    this.res = res;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      "x-request-id": `req_fake_${Date.now()}`,
    });
    res.flushHeaders();
    res.on("close", () => {
      this.closed = true;
    });
  }

  get gone(): boolean {
    return this.closed;
  }

  /** `event:` line when named (Responses API), `data:` only otherwise (Chat Completions). */
  async send(data: unknown, options: { event?: string; delayMs?: number } = {}): Promise<void> {
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    if (this.closed) return;
    const payload = typeof data === "string" ? data : JSON.stringify(data);
    this.res.write(`${options.event ? `event: ${options.event}\n` : ""}data: ${payload}\n\n`);
  }

  end(): void {
    if (!this.closed) this.res.end();
  }
}
