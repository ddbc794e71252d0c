/**
 * What the form-action fuzzers share (tests/e2e/form-actions-bad-input.test.ts for the records,
 * tests/e2e/account/account-actions-bad-input.test.ts for the account screens): the routes that have an
 * action, generated form bodies (a valid sample broken, or random fields; broken raw bodies),
 * their encoding as a browser sends them, reading an action's answer (document or `.data`), the
 * server's own view of a body, and hashing database rows.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream, UNSAFE_SingleFetchRedirectSymbol as REDIRECT } from "react-router";
import routes from "../../../app/routes.ts";
import { ROOT } from "../../../scripts/lib/proc.ts";

// ---------------------------------------------------------------------------------------------
// The routes

/** Account screens fuzzed by account-actions-bad-input.test.ts (it fails when one is missing). */
export const ACCOUNT_ROUTES = [
  "/login",
  "/criar-conta",
  "/forgot-password",
  "/recover-password",
  "/email-confirmation",
  "/auth/callback",
  "/convite",
  "/logout",
  "/completar-cadastro",
  "/sair-da-organizacao",
  "/perfil",
  "/settings/preferences",
  "/config",
  "/cores",
  "/business-settings",
  "/pix",
  "/horarios",
  "/atendimento",
  "/admin/users",
  "/portais",
  "/landing-page",
  "/property-drafts",
  "/property-drafts/:id",
  "/p/:slug",
  "/imovel/:slug",
  "/relatorios/arquivos",
] as const;
export type AccountRoute = (typeof ACCOUNT_ROUTES)[number];

/** Social post screens fuzzed by social/social-posts-actions-bad-input.test.ts (the account file's check reads this list too). */
export const SOCIAL_POST_ROUTES = ["/rascunhos", "/content-calendar", "/feed", "/gerar-postagem"] as const;
export type SocialPostRoute = (typeof SOCIAL_POST_ROUTES)[number];

/**
 * The social settings screens (Meta connection, Pages, the organização's own app, the test post),
 * fuzzed by tests/e2e/social/social-settings-actions-bad-input.test.ts; the account file's check
 * of routes fuzzed by no file reads this list too.
 */
export const SOCIAL_SETTINGS_ROUTES = [
  "/social-connect-simple",
  "/setup-instagram",
  "/facebook-connection",
  "/instagram-connection",
  "/facebook-pages",
  "/admin/social-credentials",
  "/test-posting",
] as const;
export type SocialSettingsRoute = (typeof SOCIAL_SETTINGS_ROUTES)[number];

/**
 * The public agenda pages (ADR 062): the booking page and the client's appointment link, fuzzed by
 * tests/e2e/agenda/public-agenda-actions-bad-input.test.ts (the account file's check reads this list too).
 */
export const PUBLIC_AGENDA_ROUTES = ["/agendar/:slug", "/agendamento/:token"] as const;
export type PublicAgendaRoute = (typeof PUBLIC_AGENDA_ROUTES)[number];

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

const ACTION_EXPORT = /^export\s+(?:async\s+)?function\s+action\b|^export\s+const\s+action\b|^export\s*\{[^}]*\baction\b/m;

/** A route whose module exports an action: its path (as in app/routes.ts, `:id` kept) and module file. */
export interface ActionRoute {
  path: string;
  file: string;
  /** An index route: its forms post to `?index` (without it the parent layout gets the POST). */
  index?: boolean;
}

function collect(entries: RouteEntry[], prefix = ""): ActionRoute[] {
  const out: ActionRoute[] = [];
  for (const entry of entries) {
    const here = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix;
    const source = readFileSync(path.join(ROOT, "app", entry.file), "utf8");
    if (ACTION_EXPORT.test(source)) out.push({ path: here || "/", file: entry.file, ...(entry.index ? { index: true } : {}) });
    if (entry.children) out.push(...collect(entry.children, here));
  }
  return out;
}

/** The routes whose module exports an action, with the module each one renders (aliases share one). */
export function actionRouteEntries(): ActionRoute[] {
  const seen = new Set<string>();
  return collect(routes as unknown as RouteEntry[]).filter((r) => !seen.has(r.path) && Boolean(seen.add(r.path)));
}

/** Route paths (as in app/routes.ts, `:id` kept) whose module exports an action. */
export function actionRoutes(): string[] {
  return actionRouteEntries().map((r) => r.path);
}

// ---------------------------------------------------------------------------------------------
// Bodies

export type Value = string | File;
export type Entry = [string, Value];
type Op = ["set" | "add", string, Value] | ["drop", string];

/**
 * Forms for one action: one of its valid forms with fields replaced, added or dropped (weight 3),
 * or random fields (weight 2). `valueFor` gives each known key its own kind of trouble.
 */
export function fuzzForms(options: {
  valid: readonly Entry[][];
  keys: readonly string[];
  valueFor: (key: string) => fc.Arbitrary<Value>;
}): fc.Arbitrary<Entry[]> {
  const { valid, keys, valueFor } = options;
  const field = fc.constantFrom(...keys).chain((k) => valueFor(k).map((v): Entry => [k, v]));
  const random = fc.array(field, { maxLength: 8 });
  const mutated = fc
    .tuple(
      fc.constantFrom(...valid),
      fc.array(
        fc.oneof(
          fc.constantFrom(...keys).chain((k) => valueFor(k).map((v): Op => ["set", k, v])),
          fc.constantFrom(...keys).chain((k) => valueFor(k).map((v): Op => ["add", k, v])),
          fc.constantFrom(...keys).map((k): Op => ["drop", k]),
        ),
        { minLength: 1, maxLength: 3 },
      ),
    )
    .map(([form, ops]) => {
      let out: Entry[] = [...form];
      for (const op of ops) {
        if (op[0] === "drop") out = out.filter(([k]) => k !== op[1]);
        else if (op[0] === "add") out.push([op[1], op[2]]);
        else {
          const at = out.findIndex(([k]) => k === op[1]);
          if (at >= 0) out[at] = [op[1], op[2]];
          else out.push([op[1], op[2]]);
        }
      }
      return out;
    });
  return fc.oneof({ weight: 3, arbitrary: mutated }, { weight: 2, arbitrary: random });
}

/** Bodies a browser never sends: broken multipart, wrong content types. */
export const RAW_BODIES: { contentType: string | undefined; body: string }[] = [
  { contentType: "multipart/form-data", body: "nome=Maria&tipo=pf" },
  { contentType: "multipart/form-data; boundary=x", body: '--x\r\nContent-Disposition: form-data; name="nome"\r\n\r\nMaria' },
  { contentType: "multipart/form-data; boundary=x", body: "--x--" },
  { contentType: `multipart/form-data; boundary=${"b".repeat(200)}`, body: `--${"b".repeat(200)}\r\n\r\n` },
  { contentType: "text/plain", body: "nome=Maria&tipo=pf" },
  { contentType: "application/json", body: '{"nome":"Maria Souza","tipo":"pf","intent":"excluir"}' },
  { contentType: "application/xml", body: "<nome>Maria</nome>" },
  { contentType: undefined, body: "nome=Maria&tipo=pf" },
  { contentType: "application/x-www-form-urlencoded", body: "nome=%E0%A4%A&tipo=%ZZ&intent=%" },
  { contentType: "application/x-www-form-urlencoded; charset=latin1", body: "nome=Jos%E9+Silva&tipo=pf" },
  { contentType: "application/x-www-form-urlencoded", body: "&&&===&=&" },
];

export type Encoding = "urlencoded" | "multipart";
export type Body = { kind: Encoding; entries: Entry[] } | { kind: "raw"; contentType: string | undefined; body: string };

/** Each form as urlencoded and as multipart, and now and then a raw body from `raw`. */
export function bodiesOf(forms: fc.Arbitrary<Entry[]>, raw = RAW_BODIES): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 4, arbitrary: forms.map((entries): Body => ({ kind: "urlencoded", entries })) },
    { weight: 4, arbitrary: forms.map((entries): Body => ({ kind: "multipart", entries })) },
    { weight: 1, arbitrary: fc.constantFrom(...raw).map((body): Body => ({ kind: "raw", ...body })) },
  );
}

/** A body carrying a file over 1 MB. */
export function isBig(body: Body): boolean {
  return body.kind !== "raw" && body.entries.some(([, v]) => typeof v !== "string" && v.size > 1_000_000);
}

/**
 * A body past 8 MB, which the Worker refuses without reading (worker/http/body-limit.ts); under
 * wrangler dev the proxy then resets the upload mid-write, so the fuzzers leave such bodies to
 * tests/e2e/body-limit.test.ts, which checks the answer arrives before the upload ends.
 */
export function isUnread(body: Body): boolean {
  if (body.kind === "raw") return false;
  const bytes = body.entries.reduce((sum, [, v]) => sum + (typeof v === "string" ? v.length : v.size), 0);
  return bytes > 8 * 1024 * 1024;
}

/** A document POST (no JavaScript) or the `.data` POST the hydrated app sends. */
export type Transport = "document" | "data";
export const transports = fc.constantFrom<Transport>("document", "data");

export interface Encoded {
  body: BodyInit;
  contentType: string | undefined;
  label: string;
}

/**
 * The bytes and content type to send; `resolve` replaces placeholders in text values with ids
 * known only at run time. Multipart is encoded here, up front, so it goes out with a
 * content-length in one write: streamed, a request refused before its body is read (signed out,
 * read-only role) races the server closing the connection and fails with EPIPE.
 */
export async function encode(body: Body, resolve: (value: string) => string = (v) => v): Promise<Encoded> {
  const show = (v: Value) => {
    if (typeof v !== "string") return `File(${JSON.stringify(v.name.slice(0, 40))}, ${v.size} B)`;
    const s = resolve(v);
    return JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}… (${s.length} chars)` : s);
  };
  if (body.kind === "raw") {
    return {
      body: body.body,
      contentType: body.contentType,
      label: `${body.contentType ?? "(sem content-type)"} ${JSON.stringify(body.body.slice(0, 120))}`,
    };
  }
  const label = `${body.kind} {${body.entries.map(([k, v]) => `${JSON.stringify(k)}: ${show(v)}`).join(", ")}}`;
  if (body.kind === "urlencoded") {
    // A file in a urlencoded form is sent as its name, as browsers do.
    const params = new URLSearchParams(body.entries.map(([k, v]) => [k, typeof v === "string" ? resolve(v) : v.name]));
    return { body: params.toString(), contentType: "application/x-www-form-urlencoded;charset=UTF-8", label };
  }
  const form = new FormData();
  for (const [k, v] of body.entries) {
    if (typeof v === "string") form.append(k, resolve(v));
    else form.append(k, v, v.name);
  }
  const encoded = new Response(form);
  return { body: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type") ?? undefined, label };
}

/**
 * What the server will read, parsed here the same way (so encodings cannot fool an oracle). Like
 * workerd, refuses a form in a charset other than UTF-8 (Node would read it as UTF-8).
 */
export async function serverView(encoded: { body: BodyInit; contentType: string | undefined }): Promise<FormData | null> {
  const headers: Record<string, string> = {};
  if (encoded.contentType) headers["content-type"] = encoded.contentType;
  const charset = /;\s*charset=([^;]+)/i
    .exec(encoded.contentType ?? "")?.[1]
    ?.trim()
    .toLowerCase();
  if (charset && charset !== "utf-8" && charset !== "utf8") return null;
  try {
    return await new Request("http://oracle.local/", { method: "POST", headers, body: encoded.body }).formData();
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Answers

export interface Outcome {
  status: number;
  /** Error texts the action returned (field errors, form errors, the thrown page's message). */
  messages: string[];
  /** Where a redirect goes. */
  redirect?: string | undefined;
  /** The action's data, decoded (success answers such as `{ sent: true }` included). */
  data?: unknown;
  snippet: string;
}

/** Keys of action data that echo input or describe rows, not errors. */
const NOT_MESSAGES = new Set(["values", "csv", "fileName", "columns", "duplicates", "line", "statusText", "internal", "status"]);

function messagesIn(node: unknown, inErrors = false, out: string[] = []): string[] {
  if (typeof node === "string") {
    if (inErrors) out.push(node);
  } else if (Array.isArray(node)) {
    for (const item of node) messagesIn(item, inErrors, out);
  } else if (node instanceof Error) {
    out.push(node.message);
  } else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      // Inside an errors object every key is a field, "status" included (a property's status).
      if (!inErrors && NOT_MESSAGES.has(key)) continue;
      // A screen with several forms names its errors after the form (visitErrors, emailError).
      messagesIn(value, inErrors || /^(error|errors)$|Errors?$/.test(key), out);
    }
  }
  return out;
}

/** A route error (thrown `data()`/Response): its message is its data, when text. */
function routeErrorMessages(errors: unknown): string[] {
  if (!errors || typeof errors !== "object") return [];
  return Object.values(errors).flatMap((e) => {
    if (e instanceof Error) return [e.message];
    const data = (e as { data?: unknown } | null)?.data;
    return typeof data === "string" ? [data] : messagesIn(data, true);
  });
}

async function decode(text: string): Promise<unknown> {
  const decoded = await decodeTurboStream(new Response(text).body as ReadableStream<Uint8Array>, globalThis);
  await decoded.done.catch(() => {});
  return decoded.value;
}

export async function readOutcome(res: Response, transport: Transport): Promise<Outcome> {
  const type = res.headers.get("content-type") ?? "";
  const text = await res.text();
  const snippet = text.slice(0, 300);
  if (res.status >= 300 && res.status < 400)
    return { status: res.status, messages: [], redirect: res.headers.get("location") ?? "", snippet };
  if (type.startsWith("text/plain")) return { status: res.status, messages: [text], snippet };
  if (transport === "data" && type.startsWith("text/x-script")) {
    const value = (await decode(text)) as Record<string | symbol, unknown>;
    // A loader's redirect rides under a symbol; an action's is the whole answer `{ redirect, status, … }`.
    const redirect = (value?.[REDIRECT] ?? (typeof value?.redirect === "string" ? value : undefined)) as { redirect?: string } | undefined;
    if (redirect) return { status: res.status, messages: [], redirect: redirect.redirect ?? "", snippet };
    const messages = [...messagesIn(value?.data), ...routeErrorMessages({ route: value?.error })];
    return { status: res.status, messages, data: value?.data, snippet };
  }
  if (type.startsWith("text/html")) {
    let chunks = "";
    for (const m of text.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);/g)) chunks += JSON.parse(m[1] as string);
    if (chunks) {
      const value = (await decode(chunks)) as { actionData?: unknown; errors?: unknown };
      const data = value.actionData && typeof value.actionData === "object" ? Object.values(value.actionData)[0] : undefined;
      return { status: res.status, messages: [...messagesIn(value.actionData), ...routeErrorMessages(value.errors)], data, snippet };
    }
    // A page not rendered by React Router (the Worker's last-resort error page): its paragraphs.
    const paragraphs = [...text.matchAll(/<p[^>]*>([^<]*)<\/p>/g)].map((m) => (m[1] as string).trim()).filter(Boolean);
    return { status: res.status, messages: paragraphs, snippet };
  }
  return { status: res.status, messages: text ? [text.slice(0, 500)] : [], snippet };
}

/** True when `target` stays on the app at `base`. */
export function isAppPath(target: string, base: string): boolean {
  try {
    return new URL(target, base).origin === new URL(base).origin;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Database contents

/** Order-independent hash of rows (blobs as hex). */
export function hashRows(rows: Record<string, unknown>[]): string {
  const lines = rows
    .map((r) => JSON.stringify(Object.values(r).map((v) => (v instanceof ArrayBuffer ? Buffer.from(v).toString("hex") : v))))
    .sort();
  return createHash("sha256").update(lines.join("\n")).digest("hex");
}

/** Tables whose hash differs between two snapshots. */
export function changedTables(a: { hashes: Record<string, string> }, b: { hashes: Record<string, string> }): string[] {
  return [...new Set([...Object.keys(a.hashes), ...Object.keys(b.hashes)])].filter((t) => a.hashes[t] !== b.hashes[t]);
}
