import type { Config } from "../../config/env.ts";

/**
 * The one door to Meta's Graph APIs (graph.facebook.com for Facebook Login's Pages and linked
 * Instagram accounts, graph.instagram.com for Instagram Login). Hosts and version come from the
 * config (ADR 040), so tests, `npm start`'s demo and anyone's own fake are a setting away.
 *
 * The token goes in the Authorization header, never in the URL (URLs end up in logs). Every
 * failure becomes a MetaApiError that says what kind it was: Meta answered with an error object,
 * the network failed before an answer, or the answer did not come in time — the last two are
 * ambiguous for a write (Meta may have done the work), which the publishing job checks before
 * creating anything again.
 */

export type MetaHost = "facebook" | "instagram";

export interface MetaEndpoints {
  facebookGraphUrl: string;
  instagramGraphUrl: string;
  version: string;
}

export const META_DEFAULT_VERSION = "v25.0";
export const META_TIMEOUT_MS = 15_000;

export function metaEndpoints(config: Pick<Config, "META_GRAPH_URL" | "INSTAGRAM_GRAPH_URL" | "META_GRAPH_VERSION">): MetaEndpoints {
  return {
    facebookGraphUrl: config.META_GRAPH_URL,
    instagramGraphUrl: config.INSTAGRAM_GRAPH_URL,
    version: config.META_GRAPH_VERSION ?? META_DEFAULT_VERSION,
  };
}

/** How a call failed: Meta's error object, no answer (network), or an answer that came too late. */
export type MetaFailureKind = "meta" | "network" | "timeout";

export interface MetaErrorFields {
  kind: MetaFailureKind;
  /** HTTP status (0 when no answer came). */
  status: number;
  code?: number | undefined;
  subcode?: number | undefined;
  type?: string | undefined;
  /** Meta's own texts, kept raw for the history; never shown as the explanation. */
  metaMessage?: string | undefined;
  userTitle?: string | undefined;
  userMessage?: string | undefined;
  transient?: boolean | undefined;
  fbtraceId?: string | undefined;
}

export class MetaApiError extends Error {
  override name = "MetaApiError";
  readonly fields: MetaErrorFields;
  constructor(fields: MetaErrorFields) {
    // No token, URL or body in the message: it may be logged.
    super(`Meta ${fields.kind} ${fields.status} ${fields.code ?? ""}${fields.subcode ? `/${fields.subcode}` : ""}`.trim());
    this.fields = fields;
  }
  /** "190", "9004/2207052": the raw code as the history keeps it. */
  get rawCode(): string {
    const { code, subcode, kind, status } = this.fields;
    if (code === undefined) return kind === "meta" ? `http ${status}` : kind;
    return subcode ? `${code}/${subcode}` : String(code);
  }
}

export type GraphParams = Record<string, string | number | boolean | undefined>;

export interface GraphRequest {
  host: MetaHost;
  method?: "GET" | "POST" | "DELETE";
  /** "/me/accounts", "/{ig}/media" — without the version. */
  path: string;
  params?: GraphParams;
  /** A user, Page or Instagram token; or an app token "id|secret" for debug_token. */
  token?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function graphUrl(endpoints: MetaEndpoints, host: MetaHost, path: string): string {
  const base = host === "instagram" ? endpoints.instagramGraphUrl : endpoints.facebookGraphUrl;
  return `${base}/${endpoints.version}${path.startsWith("/") ? path : `/${path}`}`;
}

function encode(params: GraphParams | undefined): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) if (value !== undefined) out.set(key, String(value));
  return out;
}

interface MetaErrorBody {
  error?: {
    message?: unknown;
    type?: unknown;
    code?: unknown;
    error_subcode?: unknown;
    error_user_title?: unknown;
    error_user_msg?: unknown;
    is_transient?: unknown;
    fbtrace_id?: unknown;
  };
}

const str = (v: unknown): string | undefined => (typeof v === "string" ? v.slice(0, 500) : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function errorFrom(status: number, body: unknown): MetaApiError {
  const error = (body as MetaErrorBody | null)?.error;
  return new MetaApiError({
    kind: "meta",
    status,
    code: num(error?.code),
    subcode: num(error?.error_subcode),
    type: str(error?.type),
    metaMessage: str(error?.message),
    userTitle: str(error?.error_user_title),
    userMessage: str(error?.error_user_msg),
    transient: typeof error?.is_transient === "boolean" ? error.is_transient : undefined,
    fbtraceId: str(error?.fbtrace_id),
  });
}

/** Calls the Graph API and returns its JSON, or throws a MetaApiError. */
export async function graphRequest<T>(endpoints: MetaEndpoints, request: GraphRequest): Promise<T> {
  const method = request.method ?? "GET";
  const params = encode(request.params);
  let url = graphUrl(endpoints, request.host, request.path);
  const headers: Record<string, string> = { accept: "application/json" };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  let body: string | undefined;
  if (method === "POST") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = params.toString();
  } else if ([...params.keys()].length) {
    url += `?${params.toString()}`;
  }
  let response: Response;
  try {
    response = await (request.fetch ?? fetch)(url, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(request.timeoutMs ?? META_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new MetaApiError({ kind: timedOut ? "timeout" : "network", status: 0 });
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    // A 5xx page in HTML, or the connection cut mid-answer: no usable answer.
    throw new MetaApiError({ kind: response.ok ? "network" : "meta", status: response.status });
  }
  if (!response.ok || (json as MetaErrorBody | null)?.error) throw errorFrom(response.status, json);
  return json as T;
}
