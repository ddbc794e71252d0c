/** Request parsing and Meta-shaped answers for the stand-in. */
import type { IncomingMessage } from "node:http";

export interface Reply {
  status: number;
  /** JSON body (most answers), or `html`, or a `redirect`. */
  body?: unknown;
  html?: string;
  redirect?: string;
  headers?: Record<string, string>;
}

export interface MetaErrorFields {
  message: string;
  type?: string;
  code: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
}

/** Meta's error object: `{ error: { message, type, code, error_subcode, fbtrace_id } }`. */
export function metaError(status: number, fields: MetaErrorFields): Reply {
  return {
    status,
    body: { error: { type: "OAuthException", ...fields, fbtrace_id: traceId() } },
  };
}

export function json(body: unknown, status = 200): Reply {
  return { status, body };
}

export function traceId(): string {
  return `demo${Buffer.from(crypto.getRandomValues(new Uint8Array(8))).toString("base64url")}`;
}

const MAX_BODY = 1_000_000;

/** Query and body (form-urlencoded or JSON) merged, as Meta accepts parameters in either. */
export async function readParams(req: IncomingMessage, url: URL): Promise<Record<string, string>> {
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  if (req.method === "GET" || req.method === "HEAD") return params;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) break;
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  const type = req.headers["content-type"] ?? "";
  if (type.includes("application/json") && text) {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    for (const [k, v] of Object.entries(parsed)) params[k] = typeof v === "string" ? v : JSON.stringify(v);
  } else if (text) {
    for (const [k, v] of new URLSearchParams(text)) params[k] = v;
  }
  return params;
}

/** The access token from `access_token` or an `Authorization: Bearer|OAuth` header. */
export function accessTokenOf(req: IncomingMessage, params: Record<string, string>): string | undefined {
  const header = req.headers.authorization;
  const match = header ? /^(?:Bearer|OAuth)\s+(.+)$/i.exec(header) : null;
  return match?.[1] ?? params.access_token;
}

/** Only the requested fields (plus id), as the Graph API answers `?fields=`. */
export function pick(object: Record<string, unknown>, fields: string | undefined, defaults: string[]): Record<string, unknown> {
  const wanted = fields
    ? fields
        .split(",")
        // `comments{…}` and `reactions.summary(total_count).limit(0)` name the field `comments` / `reactions`.
        .map((f) => f.trim().replace(/[{.].*$/, ""))
        .filter(Boolean)
    : defaults;
  const out: Record<string, unknown> = {};
  if ("id" in object) out.id = object.id;
  for (const field of wanted) if (object[field] !== undefined) out[field] = object[field];
  return out;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
