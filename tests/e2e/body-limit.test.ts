/**
 * Issue 11 §2: a 20 MB body is refused with a pt-BR 413, through the real server (the build
 * served as `npm start` serves it: workerd through Miniflare), without the Worker reading it all.
 */
import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { createRegisteredUser } from "./support/accounts.ts";
import { browserFixture } from "./support/browser.ts";
import { login } from "./support/pages.ts";

const f = browserFixture();
const MB = 1024 * 1024;

/**
 * Declares a 20 MB body, sends only its first 64 kB and then waits: an answer that arrives while
 * almost all of the body is still unsent proves the server did not need (or read) the rest.
 */
function answerBeforeUpload(url: string, path: string): Promise<{ status: number; body: string; sentBytes: number }> {
  const target = new URL(path, url);
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    const req = httpRequest(
      target,
      { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(20 * MB) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), sentBytes });
          req.destroy();
        });
      },
    );
    req.on("error", (error) => (sentBytes > 0 ? undefined : reject(error)));
    const first = Buffer.alloc(64 * 1024, 0x61);
    req.write(first, () => {
      sentBytes += first.length;
    });
    setTimeout(() => reject(new Error("no answer while the body was still unsent")), 15_000).unref();
  });
}

describe("request body limit", () => {
  it("answers 413 to a declared 20 MB body after reading at most the first chunk", async () => {
    for (const path of ["/login", "/clients/create", "/api/clients", "/clients/import"]) {
      const answer = await answerBeforeUpload(f.baseURL, path);
      expect(answer.status, path).toBe(413);
      expect(answer.sentBytes, path).toBeLessThan(1 * MB);
      expect(answer.body, path).toContain("O envio é grande demais");
    }
  });

  it("refuses 20 MB sent from Chromium with 413 and shows the pt-BR answer, saving nothing", async () => {
    const { page } = f;
    // The browser logs every 4xx it receives.
    f.allowBrowserError(/status of 413/);
    const user = await createRegisteredUser({ name: "Helena Duarte" });
    await login(page, user.email, user.password);
    const send = (path: string, megabytes: number, type: string) =>
      page.evaluate(
        async ({ path, megabytes, type }) => {
          const body = new Blob([new Uint8Array(megabytes * 1024 * 1024).fill(0x61)]);
          const response = await fetch(path, { method: "POST", body, headers: { "content-type": type } });
          return { status: response.status, text: await response.text() };
        },
        { path, megabytes, type },
      );
    for (const [path, type] of [
      ["/clients/create", "application/x-www-form-urlencoded"],
      ["/api/clients", "application/json"],
    ] as const) {
      const answer = await send(path, 20, type);
      expect(answer.status, `${path}: ${answer.text.slice(0, 400)}`).toBe(413);
      expect(answer.text, path).toContain("O envio é grande demais: o limite é 1 MB.");
    }
    const form = await send("/clients/create", 2, "application/x-www-form-urlencoded");
    expect(form.status).toBe(413);
    expect(form.text).toContain("O envio é grande demais: o limite é 1 MB.");
    const api = await send("/api/clients", 2, "application/json");
    expect(api.status).toBe(413);
    expect(JSON.parse(api.text)).toEqual({ error: { message: "O envio é grande demais: o limite é 1 MB.", code: "payload_too_large" } });
    // The session still works and nothing was created.
    const list = await page.request.get("/api/clients");
    expect(list.status()).toBe(200);
    expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(0);
  });
});
