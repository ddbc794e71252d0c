import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphRequest, MetaApiError, type MetaEndpoints } from "../../../worker/integrations/meta/graph.ts";

/**
 * The Graph door: the token travels in the header (never the URL), POSTs as a form, and every
 * failure says its kind — Meta's error object, no answer, or an answer too late (the ambiguous ones).
 */

let server: Server;
let endpoints: MetaEndpoints;
const seen: { url: string; auth: string | undefined; body: string; method: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      seen.push({ url: req.url ?? "", auth: req.headers.authorization, body, method: req.method ?? "" });
      const path = (req.url ?? "").split("?")[0];
      if (path === "/fb/v25.0/me") return res.end(JSON.stringify({ id: "1", name: "Ana" }));
      if (path === "/ig/v25.0/me") return res.end(JSON.stringify({ user_id: "9", username: "ana" }));
      if (path === "/fb/v25.0/revoked") {
        res.statusCode = 400;
        return res.end(
          JSON.stringify({
            error: { message: "Error validating access token", type: "OAuthException", code: 190, error_subcode: 460, fbtrace_id: "abc" },
          }),
        );
      }
      if (path === "/fb/v25.0/html500") {
        res.statusCode = 502;
        return res.end("<html>Bad gateway</html>");
      }
      if (path === "/fb/v25.0/slow") return setTimeout(() => res.end("{}"), 500);
      if (path === "/fb/v25.0/media") return res.end(JSON.stringify({ id: "c1" }));
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { message: "Unknown path", code: 100, error_subcode: 33 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  endpoints = { facebookGraphUrl: `${base}/fb`, instagramGraphUrl: `${base}/ig`, version: "v25.0" };
});

/** The MetaApiError a call throws (the test fails if it resolves). */
async function failure(call: Promise<unknown>): Promise<MetaApiError> {
  const outcome = await call.then(
    () => new Error("expected a failure"),
    (e: unknown) => e,
  );
  if (!(outcome instanceof MetaApiError)) throw outcome;
  return outcome;
}

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("graphRequest", () => {
  it("sends the token in the Authorization header and the query in the URL for a GET", async () => {
    const me = await graphRequest<{ name: string }>(endpoints, {
      host: "facebook",
      path: "/me",
      params: { fields: "id,name" },
      token: "tok-123",
    });
    expect(me.name).toBe("Ana");
    const last = seen.at(-1);
    expect(last?.auth).toBe("Bearer tok-123");
    expect(last?.url).toBe("/fb/v25.0/me?fields=id%2Cname");
    expect(last?.url).not.toContain("tok-123");
  });

  it("goes to the Instagram host for Instagram Login accounts", async () => {
    const me = await graphRequest<{ username: string }>(endpoints, { host: "instagram", path: "me", token: "t" });
    expect(me.username).toBe("ana");
  });

  it("POSTs a form body, leaving out undefined parameters", async () => {
    await graphRequest(endpoints, {
      host: "facebook",
      method: "POST",
      path: "/media",
      params: { image_url: "https://x/a.jpg", caption: "Olá", alt_text: undefined },
      token: "t",
    });
    const last = seen.at(-1);
    expect(last?.method).toBe("POST");
    expect(new URLSearchParams(last?.body).get("caption")).toBe("Olá");
    expect(last?.body).not.toContain("alt_text");
  });

  it("turns Meta's error object into a MetaApiError with code and subcode, without the token in its message", async () => {
    const error = await failure(graphRequest(endpoints, { host: "facebook", path: "/revoked", token: "secret-token" }));
    expect(error).toBeInstanceOf(MetaApiError);
    expect(error.fields).toMatchObject({ kind: "meta", status: 400, code: 190, subcode: 460, type: "OAuthException", fbtraceId: "abc" });
    expect(error.rawCode).toBe("190/460");
    expect(String(error.message)).not.toContain("secret-token");
  });

  it("a 5xx without JSON is Meta's failure with no code", async () => {
    const error = await failure(graphRequest(endpoints, { host: "facebook", path: "/html500" }));
    expect(error.fields).toMatchObject({ kind: "meta", status: 502 });
    expect(error.rawCode).toBe("http 502");
  });

  it("an answer that comes too late is a timeout (ambiguous for a write)", async () => {
    const error = await failure(graphRequest(endpoints, { host: "facebook", path: "/slow", timeoutMs: 50 }));
    expect(error.fields).toMatchObject({ kind: "timeout", status: 0 });
  });

  it("no answer at all is a network failure", async () => {
    const closed = { ...endpoints, facebookGraphUrl: "http://127.0.0.1:1/fb" };
    const error = await failure(graphRequest(closed, { host: "facebook", path: "/me" }));
    expect(error.fields).toMatchObject({ kind: "network", status: 0 });
  });
});
