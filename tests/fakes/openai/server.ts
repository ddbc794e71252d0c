/**
 * A fake OpenAI API on 127.0.0.1 (what OPENAI_BASE_URL points at in tests; ADR 052): the
 * Responses API (POST /v1/responses) and Chat Completions (POST /v1/chat/completions), plain or
 * streamed, with structured output. Each request takes the next scripted answer (answers.ts) —
 * success, 401, 429 with retry-after, 500, a hang, a refusal, the content filter, broken JSON —
 * or, with none queued, the default: `respond(request)` if given, else a value made from the
 * request's JSON schema. It records every request, so tests assert the model, `store: false` and
 * the schema sent.
 *
 * In-process tests use the returned object; a test in another process (workerd, an e2e's Worker)
 * drives the same fake over HTTP: POST /_control/answers `{ "answers": [...] }`,
 * POST /_control/streaming `{ "chunkSize": 8, "delayMs": 30 }`, GET /_control/requests,
 * POST /_control/reset (queue, requests and streaming back to the start).
 *
 *   const fake = await startFakeOpenAi({ respond: (req) => captionFrom(req.body.input) });
 *   fake.enqueue({ kind: "error", status: 429, retryAfter: 30 }, { kind: "json", value, delayMs: 20 });
 *   // OPENAI_BASE_URL = fake.url, OPENAI_API_KEY = any key
 *   expect(fake.requests[0]?.body.store).toBe(false);
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { errorReply, type FakeAnswer, type FakeOpenAiRequest, type FakeResponder } from "./answers.ts";
import { chatJson, chatStream } from "./chat-api.ts";
import { type Plan, planFor, type StreamingDefaults } from "./plan.ts";
import { respondJson, respondStream } from "./responses-api.ts";
import { exampleFromSchema } from "./schema-example.ts";

export type { FakeAnswer, FakeOpenAiRequest, FakeResponder } from "./answers.ts";
export type { StreamingDefaults } from "./plan.ts";

export interface FakeOpenAiOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** When set, any other Bearer key gets a 401 (like a revoked key); otherwise any key is accepted. */
  apiKey?: string;
  /** The default structured answer when no scripted answer is queued. */
  respond?: FakeResponder;
  /** Answers queued from the start. */
  answers?: FakeAnswer[];
  /**
   * Chunk size and pause between deltas for answers that set none (the default answer included):
   * an e2e slows the stream down to watch the text arrive.
   */
  streaming?: StreamingDefaults;
}

export interface FakeOpenAi {
  /** Base URL for OPENAI_BASE_URL, e.g. http://127.0.0.1:40123/v1 */
  url: string;
  /** Every API request received, in order (control calls excluded). */
  requests: FakeOpenAiRequest[];
  /** Queues answers for the next requests, in order. */
  enqueue(...answers: FakeAnswer[]): void;
  /** Answers still queued. */
  pending(): number;
  /** Changes the streaming defaults (see FakeOpenAiOptions.streaming). */
  setStreaming(defaults: StreamingDefaults): void;
  /** Replaces the default answer (undefined: back to the schema-made value). */
  setResponder(respond: FakeResponder | undefined): void;
  /** Clears the queue and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

const PLAIN_TEXT = "Resposta simulada do servidor falso da OpenAI.";

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function invalid(res: ServerResponse, message: string): void {
  sendJson(res, 400, { error: { message, type: "invalid_request_error", param: null, code: null } });
}

/** The JSON schema a request asked for, whichever endpoint it came to. */
export function requestedSchema(request: FakeOpenAiRequest): unknown {
  const body = request.body as {
    text?: { format?: { type?: string; schema?: unknown } };
    response_format?: { type?: string; json_schema?: { schema?: unknown } };
  };
  if (request.endpoint === "responses") return body.text?.format?.type === "json_schema" ? body.text.format.schema : undefined;
  return body.response_format?.type === "json_schema" ? body.response_format.json_schema?.schema : undefined;
}

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const requests: FakeOpenAiRequest[] = [];
  const queue: FakeAnswer[] = [...(options.answers ?? [])];
  let respond = options.respond;
  let streaming: StreamingDefaults = { ...options.streaming };

  const defaultText = (request: FakeOpenAiRequest): string => {
    if (respond) return JSON.stringify(respond(request));
    const schema = requestedSchema(request);
    return schema === undefined ? PLAIN_TEXT : JSON.stringify(exampleFromSchema(schema));
  };

  async function control(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method === "GET" && path === "/_control/requests") return sendJson(res, 200, requests);
    if (req.method === "POST" && path === "/_control/reset") {
      queue.length = 0;
      requests.length = 0;
      streaming = { ...options.streaming };
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === "POST" && path === "/_control/streaming") {
      streaming = JSON.parse((await readBody(req)) || "{}") as StreamingDefaults;
      return sendJson(res, 200, streaming);
    }
    if (req.method === "POST" && path === "/_control/answers") {
      const body = JSON.parse((await readBody(req)) || "{}") as { answers?: FakeAnswer[] };
      queue.push(...(body.answers ?? []));
      return sendJson(res, 200, { pending: queue.length });
    }
    sendJson(res, 404, { error: "unknown control path" });
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const endpoint = path === "/v1/responses" ? "responses" : path === "/v1/chat/completions" ? "chat.completions" : null;
    if (req.method !== "POST" || !endpoint) {
      return sendJson(res, 404, {
        error: { message: `Invalid URL (${req.method} ${path})`, type: "invalid_request_error", param: null, code: null },
      });
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      return invalid(res, "We could not parse the JSON body of your request.");
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
    const request: FakeOpenAiRequest = { endpoint, path, headers, body, stream: body.stream === true, receivedAt: Date.now() };
    requests.push(request);
    const key = /^Bearer (.+)$/.exec(headers.authorization ?? "")?.[1];
    if (!key || (options.apiKey !== undefined && key !== options.apiKey)) {
      const reply = errorReply({ kind: "error", status: 401 });
      return sendJson(res, reply.status, reply.body, reply.headers);
    }
    if (typeof body.model !== "string" || !body.model) return invalid(res, "you must provide a model parameter");
    if (endpoint === "responses" && body.input === undefined) return invalid(res, "Missing required parameter: 'input'.");
    if (endpoint === "chat.completions" && !Array.isArray(body.messages)) return invalid(res, "Missing required parameter: 'messages'.");
    const inputText = JSON.stringify([body.instructions ?? "", body.input ?? body.messages]);
    const plan = planFor(queue.shift() ?? { kind: "json" }, () => defaultText(request), inputText, streaming);
    await answer(res, plan, request);
  }

  async function answer(res: ServerResponse, plan: Plan, request: FakeOpenAiRequest): Promise<void> {
    if (plan.type === "error") {
      const reply = errorReply(plan.answer);
      return sendJson(res, reply.status, reply.body, reply.headers);
    }
    const chat = request.endpoint === "chat.completions";
    if (plan.type === "hang") {
      // Headers and nothing more, or some text and then silence: the client's timeout must fire.
      if (plan.afterText === undefined || !request.stream) return;
      const partial = planFor({ kind: "text", text: plan.afterText }, () => "", "");
      if (partial.type !== "text") return;
      return chat ? chatStream(res, partial, request.body, true) : respondStream(res, partial, request.body, true);
    }
    if (chat && plan.outcome === "failed") {
      const reply = errorReply({ kind: "error", status: 500 });
      return sendJson(res, reply.status, reply.body, reply.headers);
    }
    if (request.stream) return chat ? chatStream(res, plan, request.body) : respondStream(res, plan, request.body);
    return chat ? chatJson(res, plan, request.body) : respondJson(res, plan, request.body);
  }

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    const handler = path.startsWith("/_control/") ? control(req, res, path) : api(req, res, path);
    handler.catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error), type: "server_error", param: null, code: null } });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...answers) => {
      queue.push(...answers);
    },
    pending: () => queue.length,
    setStreaming: (defaults) => {
      streaming = { ...defaults };
    },
    setResponder: (next) => {
      respond = next;
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
      streaming = { ...options.streaming };
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging answers keep their sockets open: end them so close() returns.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
