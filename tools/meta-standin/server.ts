/**
 * A local stand-in of Meta's Graph API and login dialogs (development, tests and `npm start`'s demo
 * mode only; it is NOT Meta: every id and name says "demo" and every page says so). One server on
 * 127.0.0.1 answers all five Meta hosts under path prefixes (see README.md), keeps its state in
 * memory, injects faults on request, logs every request, and sends signed webhooks.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";
import { FaultBook, type FaultSpec } from "./faults.ts";
import { handleGraph, type ImageCheck } from "./graph.ts";
import { accessTokenOf, escapeHtml, json, readParams, type Reply } from "./http.ts";
import { type Adoption, acceptFixedTokens, adopt, type FixedToken, loadState, saveState } from "./keep.ts";
import { dialogDecision, dialogPage, instagramCodeToken, type Login } from "./oauth.ts";
import type { Host } from "./permissions.ts";
import { createState, defaultAccounts, newId, type StandinAccounts, type StandinComment, type StandinState } from "./state.ts";
import { commentPayload, type Delivery, postSignedRequest, postWebhook, type WebhookOptions } from "./webhooks.ts";

export { FAULTS, type FaultSpec } from "./faults.ts";
export { hubSignature, signedRequest } from "./webhooks.ts";
export * from "./state.ts";
export { type AdoptedMedia, type AdoptedPost, type Adoption, type FixedToken, standinPermalink } from "./keep.ts";

export const STANDIN_GRAPH_VERSION = "v25.0";

export interface MetaStandinOptions {
  /** 0 (default): a free port. */
  port?: number;
  host?: string;
  appId?: string;
  appSecret?: string;
  accounts?: StandinAccounts;
  /** Reads of a new container that still answer IN_PROGRESS (default 1). */
  containerPolls?: number;
  /** Instagram publishes allowed per account in 24 h, as content_publishing_limit reports (default 100). */
  publishQuota?: number;
  /** How long the stand-in waits for an image_url (default 5000 ms). */
  imageTimeoutMs?: number;
  /** The token Meta's webhook subscription check must carry (default `demo-webhook-verify-token`). */
  webhookVerifyToken?: string;
  /** Tokens accepted from the start (renewed at every start): the demo business's connection. */
  fixedTokens?: readonly FixedToken[];
  /** Keeps the state in this file (read at start, written after each change): `npm start`'s demo. */
  stateFile?: string;
}

export interface LoggedRequest {
  seq: number;
  at: string;
  method: string;
  /** "facebook" | "instagram" (Graph hosts), "oauth" (dialogs and api.instagram.com), "demo" (images, permalinks). */
  area: Host | "oauth" | "demo";
  path: string;
  /** Query and body, with tokens, secrets, codes and verifiers replaced by "***". */
  params: Record<string, string>;
  tokenKind?: string;
  /** null when no answer was sent (hang, connection dropped). */
  status: number | null;
  fault?: string;
}

/** The Worker settings that point the app at this stand-in. */
export interface StandinEnv {
  META_GRAPH_URL: string;
  META_GRAPH_VERSION: string;
  META_OAUTH_URL: string;
  INSTAGRAM_GRAPH_URL: string;
  INSTAGRAM_OAUTH_URL: string;
  INSTAGRAM_TOKEN_URL: string;
  META_APP_ID: string;
  META_APP_SECRET: string;
  META_WEBHOOK_VERIFY_TOKEN: string;
}

export interface MetaStandin {
  url: string;
  port: number;
  env: StandinEnv;
  state: StandinState;
  faults: FaultBook;
  log: LoggedRequest[];
  /** Moves the stand-in's clock (token expiry, 24 h container expiry and quota window). */
  advanceClock(ms: number): void;
  now(): number;
  /** Revokes tokens (all, or those acting as `subject`): the next call with them gets code 190. */
  revokeTokens(subject?: string): number;
  /** Someone comments on a published post or media (then send `commentWebhook`). */
  addComment(objectId: string, message: string, from?: { id: string; name: string }): StandinComment;
  commentWebhook(comment: StandinComment): unknown;
  sendWebhook(target: string, payload: unknown, options?: WebhookOptions): Promise<Delivery>;
  sendSignedRequest(target: string, payload: Record<string, unknown>): Promise<Delivery>;
  /** Takes in published objects the app already holds (the demo's seed), with their ids and metrics. */
  adopt(objects: Adoption): { media: number; posts: number };
  /** Goes through a login dialog as a person would; returns the redirect back to the app. */
  authorize(dialogUrl: string, choice?: { decline?: string[]; deny?: boolean }): Promise<string>;
  close(): Promise<void>;
}

const SECRET_PARAMS = new Set(["access_token", "client_secret", "fb_exchange_token", "code", "code_verifier", "input_token"]);

function redact(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, SECRET_PARAMS.has(k) ? "***" : v]));
}

// A tiny JPEG (SOI, a JFIF APP0 and EOI): enough for a content-type and size check, like Meta's download.
const DEMO_JPEG = Buffer.from("ffd8ffe000104a46494600010100000100010000ffd9", "hex");

export async function startMetaStandin(options: MetaStandinOptions = {}): Promise<MetaStandin> {
  const state = createState(options.appId ?? "demo_app_1", options.appSecret ?? "demo-app-secret", options.accounts ?? defaultAccounts());
  const stateFile = options.stateFile;
  if (stateFile) loadState(stateFile, state);
  acceptFixedTokens(state, options.fixedTokens ?? []);
  // Written a moment after a change (one write for a burst of requests), and at close.
  let saveTimer: NodeJS.Timeout | undefined;
  const save = () => {
    if (!stateFile) return;
    clearTimeout(saveTimer);
    saveTimer = undefined;
    saveState(stateFile, state);
  };
  const changed = () => {
    if (stateFile && !saveTimer) saveTimer = setTimeout(save, 100);
  };
  save();
  const faults = new FaultBook();
  const log: LoggedRequest[] = [];
  let clockOffset = 0;
  const now = () => Date.now() + clockOffset;
  const hanging = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  let baseUrl = "";

  async function fetchImage(url: string): Promise<ImageCheck> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(options.imageTimeoutMs ?? 5000), redirect: "follow" });
      if (!response.ok) return { ok: false, reason: `HTTP ${response.status}` };
      const bytes = (await response.arrayBuffer()).byteLength;
      return { ok: true, contentType: response.headers.get("content-type") ?? "", bytes };
    } catch (error) {
      return { ok: false, reason: error instanceof Error && error.name === "TimeoutError" ? "timeout" : "unreachable" };
    }
  }

  async function route(
    req: IncomingMessage,
    url: URL,
    params: Record<string, string>,
  ): Promise<{ area: LoggedRequest["area"]; reply: Reply; tokenKind?: string }> {
    const method = req.method ?? "GET";
    const path = url.pathname;
    const graph = /^\/(graph|ig-graph)(?:\/(v\d+\.\d+))?\/(.+)$/.exec(path);
    if (graph) {
      const host: Host = graph[1] === "graph" ? "facebook" : "instagram";
      const token = accessTokenOf(req, params);
      const reply = await handleGraph({
        state,
        faults,
        host,
        method,
        path,
        segments: (graph[3] ?? "").split("/").filter(Boolean),
        params,
        token,
        now: now(),
        baseUrl,
        fetchImage,
        containerPolls: options.containerPolls ?? 1,
        publishQuota: options.publishQuota ?? 100,
      });
      const tokenKind = state.tokens.get(token ?? "")?.kind;
      return { area: host, reply, ...(tokenKind ? { tokenKind } : {}) };
    }
    const dialog = /^\/facebook(?:\/v\d+\.\d+)?\/dialog\/oauth$/.test(path)
      ? "facebook"
      : path === "/instagram/oauth/authorize"
        ? "instagram"
        : null;
    if (dialog) return { area: "oauth", reply: dialogRoute(dialog, method, path, params, req) };
    if (path === "/instagram-api/oauth/access_token" && method === "POST")
      return { area: "oauth", reply: instagramCodeToken(state, params, now()) };
    return { area: "demo", reply: demoRoute(path) };
  }

  function dialogRoute(login: Login, method: string, path: string, params: Record<string, string>, req: IncomingMessage): Reply {
    if (method === "GET") return dialogPage(state, login, params, path);
    // Checkbox values arrive as repeated "grant" fields; readParams kept the last, so re-read them.
    const granted = (req as IncomingMessage & { grants?: string[] }).grants ?? [];
    return dialogDecision(state, login, params, granted, now());
  }

  function demoRoute(path: string): Reply {
    if (path === "/_demo/photo.jpg") return { status: 200, body: DEMO_JPEG, headers: { "content-type": "image/jpeg" } };
    if (path === "/_demo/photo.webp")
      return { status: 200, body: Buffer.from("RIFF\0\0\0\0WEBP"), headers: { "content-type": "image/webp" } };
    const permalink = /^\/_demo\/(posts|instagram)\/([\w-]+)$/.exec(path);
    const object = permalink ? (state.posts.get(permalink[2] ?? "") ?? state.media.get(permalink[2] ?? "")) : undefined;
    if (object) {
      const text = "message" in object ? object.message : object.caption;
      return {
        status: 200,
        html: `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Post de demonstração — não é a Meta</title></head><body><h1>Post de demonstração — não é a Meta</h1><p>${escapeHtml(text)}</p></body></html>`,
      };
    }
    return { status: 404, body: { error: { message: "Not found (stand-in local, não é a Meta)", type: "demo", code: 404 } } };
  }

  async function control(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? "GET";
    const path = url.pathname.replace(/^\/_control/, "") || "/";
    const body = method === "GET" || method === "DELETE" ? {} : await readJson(req);
    const send = (status: number, payload: unknown) => {
      if (method !== "GET") changed();
      writeReply(res, json(payload, status));
    };
    try {
      if (method === "GET" && path === "/") return send(200, { notMeta: true, env: handle.env, faults: faults.list() });
      if (method === "GET" && path === "/log") return send(200, log);
      if (method === "DELETE" && path === "/log") return send(200, { cleared: log.splice(0).length });
      if (method === "GET" && path === "/faults") return send(200, faults.list());
      if (method === "POST" && path === "/faults") return send(201, faults.add(body as unknown as FaultSpec));
      if (method === "DELETE" && path === "/faults") {
        faults.clear();
        return send(200, { cleared: true });
      }
      const one = /^\/faults\/([\w-]+)$/.exec(path);
      if (method === "DELETE" && one) return send(faults.remove(one[1] ?? "") ? 200 : 404, {});
      if (method === "POST" && path === "/tokens/revoke")
        return send(200, { revoked: handle.revokeTokens(body.subject as string | undefined) });
      if (method === "POST" && path === "/clock") {
        handle.advanceClock(Number(body.advanceMs) || 0);
        return send(200, { now: now() });
      }
      if (method === "POST" && path === "/comments") {
        const comment = handle.addComment(
          String(body.objectId),
          String(body.message),
          body.from as { id: string; name: string } | undefined,
        );
        return send(201, { comment, webhook: handle.commentWebhook(comment) });
      }
      if (method === "POST" && path === "/webhooks") {
        return send(200, await handle.sendWebhook(String(body.target), body.payload, (body.options ?? {}) as WebhookOptions));
      }
      if (method === "POST" && path === "/signed-request") {
        return send(200, await handle.sendSignedRequest(String(body.target), (body.payload ?? {}) as Record<string, unknown>));
      }
      if (method === "POST" && path === "/adopt") return send(200, handle.adopt(body as Adoption));
      if (method === "GET" && path === "/state") {
        return send(200, {
          containers: [...state.containers.values()],
          media: [...state.media.values()],
          posts: [...state.posts.values()],
          photos: [...state.photos.values()],
          comments: [...state.comments.values()],
        });
      }
      return send(404, { error: "unknown control route" });
    } catch (error) {
      return send(400, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", baseUrl);
    if (url.pathname.startsWith("/_control")) return control(req, res, url);
    const method = req.method ?? "GET";
    const raw = await readRawParams(req, url);
    const entry: LoggedRequest = {
      seq: log.length + 1,
      at: new Date(now()).toISOString(),
      method,
      area: areaOf(url.pathname),
      path: url.pathname,
      params: redact(raw.params),
      status: null,
    };
    log.push(entry);
    const fault = url.pathname.startsWith("/_demo") ? undefined : faults.takeRequestFault(method, url.pathname);
    if (fault) entry.fault = fault.kind;
    const hang = () => {
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
    };
    if (fault && !fault.afterWork && fault.kind === "hang") return hang();
    if (fault?.kind === "error" && !fault.afterWork) {
      entry.status = fault.status ?? 500;
      return writeReply(res, faultReply(fault));
    }
    const { area, reply, tokenKind } = await route(Object.assign(req, { grants: raw.grants }), url, raw.params);
    // Reads change state too (a Page token per /me/accounts, a container's progress).
    if (area !== "demo") changed();
    entry.area = area;
    if (tokenKind) entry.tokenKind = tokenKind;
    if (fault?.kind === "drop-after-work") {
      res.socket?.destroy();
      return;
    }
    if (fault?.kind === "hang") return hang();
    const final = fault?.kind === "error" ? faultReply(fault) : reply;
    entry.status = final.status;
    writeReply(res, final);
  }

  const server: Server = createServer((req, res) => {
    handleRequest(req, res).catch((error: unknown) => {
      if (!res.headersSent) writeReply(res, json({ error: { message: `stand-in failure: ${String(error)}`, type: "demo", code: 1 } }, 500));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const { port, address } = server.address() as AddressInfo;
  baseUrl = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;

  const handle: MetaStandin = {
    url: baseUrl,
    port,
    env: {
      META_GRAPH_URL: `${baseUrl}/graph`,
      META_GRAPH_VERSION: STANDIN_GRAPH_VERSION,
      META_OAUTH_URL: `${baseUrl}/facebook/${STANDIN_GRAPH_VERSION}/dialog/oauth`,
      INSTAGRAM_GRAPH_URL: `${baseUrl}/ig-graph`,
      INSTAGRAM_OAUTH_URL: `${baseUrl}/instagram/oauth/authorize`,
      INSTAGRAM_TOKEN_URL: `${baseUrl}/instagram-api/oauth/access_token`,
      META_APP_ID: state.appId,
      META_APP_SECRET: state.appSecret,
      META_WEBHOOK_VERIFY_TOKEN: options.webhookVerifyToken ?? "demo-webhook-verify-token",
    },
    state,
    faults,
    log,
    advanceClock: (ms) => {
      clockOffset += ms;
    },
    now,
    adopt: (objects) => {
      const counts = adopt(state, baseUrl, objects);
      changed();
      return counts;
    },
    revokeTokens: (subject) => {
      let count = 0;
      for (const token of state.tokens.values()) {
        if (!token.revoked && (subject === undefined || token.subject === subject)) {
          token.revoked = true;
          count++;
        }
      }
      changed();
      return count;
    },
    addComment: (objectId, message, from = { id: "demo_fan_1", name: "demo.cliente" }) => {
      if (!state.media.has(objectId) && !state.posts.has(objectId)) throw new Error(`no published media or post ${objectId}`);
      const comment = { id: newId(state, "comment"), objectId, message, from, createdAt: now() };
      state.comments.set(comment.id, comment);
      changed();
      return comment;
    },
    commentWebhook: (comment) => commentPayload(state, comment, now()),
    sendWebhook: (target, payload, webhookOptions) => postWebhook(state, target, payload, webhookOptions),
    sendSignedRequest: (target, payload) => postSignedRequest(state, target, payload),
    authorize: async (dialogUrl, choice = {}) => {
      const page = await fetch(dialogUrl);
      const html = await page.text();
      if (!page.ok)
        throw new Error(
          `dialog refused: ${html
            .replace(/<[^>]+>/g, " ")
            .replace(/\s+/g, " ")
            .trim()}`,
        );
      const form = new URLSearchParams();
      for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
        form.append(unescapeHtml(m[1] ?? ""), unescapeHtml(m[2] ?? ""));
      for (const m of html.matchAll(/name="grant" value="([^"]*)"/g)) {
        const scope = unescapeHtml(m[1] ?? "");
        if (!choice.decline?.includes(scope)) form.append("grant", scope);
      }
      form.set("decision", choice.deny ? "deny" : "allow");
      const answer = await fetch(new URL(dialogUrl).origin + new URL(dialogUrl).pathname, {
        method: "POST",
        body: form,
        redirect: "manual",
      });
      const location = answer.headers.get("location");
      if (!location) throw new Error(`dialog answered ${answer.status} without a redirect`);
      return location;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        for (const socket of sockets) socket.destroy();
        if (saveTimer) save();
        server.close(() => resolve());
      }),
  };
  return handle;
}

function areaOf(path: string): LoggedRequest["area"] {
  if (path.startsWith("/graph/")) return "facebook";
  if (path.startsWith("/ig-graph/")) return "instagram";
  return path.startsWith("/_demo") ? "demo" : "oauth";
}

function faultReply(fault: FaultSpec): Reply {
  return {
    status: fault.status ?? 500,
    body: {
      error: {
        message: fault.message ?? "An unexpected error has occurred. Please retry your request later.",
        type: fault.type ?? "OAuthException",
        code: fault.code ?? 2,
        ...(fault.subcode !== undefined ? { error_subcode: fault.subcode } : {}),
        ...(fault.isTransient !== undefined ? { is_transient: fault.isTransient } : {}),
        fbtrace_id: "demo_fault",
      },
    },
  };
}

/** Params plus every `grant` value (the consent form's repeated checkboxes). */
async function readRawParams(req: IncomingMessage, url: URL): Promise<{ params: Record<string, string>; grants: string[] }> {
  const isForm = (req.headers["content-type"] ?? "").includes("application/x-www-form-urlencoded");
  if (!isForm || req.method === "GET") return { params: await readParams(req, url), grants: url.searchParams.getAll("grant") };
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
  return { params: { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(form) }, grants: form.getAll("grant") };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function unescapeHtml(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

function writeReply(res: ServerResponse, reply: Reply): void {
  if (res.destroyed) return;
  const headers: Record<string, string> = { "x-fb-trace-id": "demo", "x-demo-standin": "local stand-in, not Meta", ...reply.headers };
  if (reply.redirect) {
    res.writeHead(reply.status, { ...headers, location: reply.redirect }).end();
  } else if (reply.html !== undefined) {
    res.writeHead(reply.status, { ...headers, "content-type": "text/html; charset=utf-8" }).end(reply.html);
  } else if (Buffer.isBuffer(reply.body)) {
    res.writeHead(reply.status, headers).end(reply.body);
  } else {
    res.writeHead(reply.status, { "content-type": "application/json; charset=UTF-8", ...headers }).end(JSON.stringify(reply.body));
  }
}
