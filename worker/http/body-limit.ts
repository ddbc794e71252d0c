import type { MiddlewareHandler } from "hono";
import { LOGO_MAX_KB } from "../../shared/organization/organization.ts";
import { IMPORT_PATHS } from "../resources/registry.ts";
import { DomainError } from "../services/context.ts";
import type { AppEnv } from "./types.ts";

const KB = 1024;
const MB = 1024 * KB;

/** Sign-in, sign-up, password and e-mail links: a few short fields. */
export const AUTH_BODY_LIMIT = 16 * KB;
/** Every other form and JSON body. */
export const FORM_BODY_LIMIT = 1 * MB;
/** CSV imports (the file itself may have 5 MB; the rest is multipart or JSON framing). */
export const IMPORT_BODY_LIMIT = 6 * MB;
/** The organization's settings form, which carries the logo (up to LOGO_MAX_KB) besides its fields. */
export const UPLOAD_BODY_LIMIT = LOGO_MAX_KB * KB + 1 * MB;

const AUTH_PATHS =
  /^\/(?:api\/auth(?:\/.*)?|(?:login|criar-conta|forgot-password|recover-password|email-confirmation|auth\/callback)(?:\.data)?)\/?$/;
const UPLOAD_PATHS = /^\/config(?:\.data)?\/?$/;
/**
 * One property photo in its four sizes and its publishing JPEG (each at most PHOTO_MAX_BYTES), the
 * share image, a photo's publishing JPEG alone, or a post's image from the device (three JPEGs).
 */
export const PHOTO_BODY_LIMIT = 8 * MB;
const PHOTO_PATHS = /^\/api\/(?:property-photos\/[^/]+(?:\/share-image|\/[^/]+\/publicacao)?|post-images)\/?$/;
/** Documentos (ADR 070/074): one file of up to 20 MB per request from the screen, plus the form's framing. */
export const DOCUMENT_BODY_LIMIT = 21 * MB;
const DOCUMENT_PATHS = /^\/api\/documents\/upload\/?$/;
/**
 * The public contact forms (property page, the business's landing page), the public booking
 * page and the client's appointment page (ADR 062) and the portals' lead webhook: a few short
 * fields, open to the internet.
 */
const PUBLIC_FORM_PATHS = /^\/(?:imovel\/[^/]+|p\/[^/]+|agendar\/[^/]+|agendamento\/[^/]+)(?:\.data)?\/?$|^\/api\/portal\/leads\/?$/;

/** The most a request's body may carry, by path. */
export function bodyLimitFor(pathname: string): number {
  if (AUTH_PATHS.test(pathname)) return AUTH_BODY_LIMIT;
  if (IMPORT_PATHS.test(pathname)) return IMPORT_BODY_LIMIT;
  if (UPLOAD_PATHS.test(pathname)) return UPLOAD_BODY_LIMIT;
  if (PHOTO_PATHS.test(pathname)) return PHOTO_BODY_LIMIT;
  if (DOCUMENT_PATHS.test(pathname)) return DOCUMENT_BODY_LIMIT;
  if (PUBLIC_FORM_PATHS.test(pathname)) return AUTH_BODY_LIMIT;
  return FORM_BODY_LIMIT;
}

/** "16 kB", "1 MB", "6 MB". */
export function formatLimit(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1)).toLocaleString("pt-BR")} MB`;
  return `${Math.round(bytes / KB)} kB`;
}

export function tooLargeMessage(limit: number): string {
  return `O envio é grande demais: o limite é ${formatLimit(limit)}.`;
}

/**
 * What the limited stream errors with. A DomainError with status 413, so that a handler which
 * lets it through `toApiResponse` already answers 413; the middleware answers 413 in any case.
 */
export class PayloadTooLargeError extends DomainError {
  override name = "PayloadTooLargeError";
  readonly limit: number;
  constructor(limit: number) {
    super(tooLargeMessage(limit), 413);
    this.limit = limit;
  }
}

/**
 * A stream that passes `source` through, chunk by chunk as it is pulled, and errors (cancelling
 * `source`, which then stops being read) once more than `limit` bytes went by.
 */
export function limitStream(source: ReadableStream<Uint8Array>, limit: number, onExceeded: () => void): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let seen = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        seen += value.byteLength;
        if (seen > limit) {
          const error = new PayloadTooLargeError(limit);
          onExceeded();
          controller.error(error);
          reader.cancel(error).catch(() => {});
          return;
        }
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

function isApiPath(pathname: string): boolean {
  return pathname.startsWith("/api/") || pathname === "/api" || pathname.startsWith("/functions/");
}

/** 413 in pt-BR: JSON for the API and edge functions, a plain page for the rest. */
export function payloadTooLarge(pathname: string, limit: number): Response {
  const message = tooLargeMessage(limit);
  const headers = { "cache-control": "no-store" };
  if (isApiPath(pathname)) {
    return Response.json({ error: { message, code: "payload_too_large" } }, { status: 413, headers });
  }
  const page = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Envio grande demais | Alicerce</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>Envio grande demais</h1><p>${message}</p><p>Envie um arquivo ou formulário menor.</p><p><a href="/">Voltar ao início</a></p></body></html>`;
  return new Response(page, { status: 413, headers: { ...headers, "content-type": "text/html; charset=utf-8" } });
}

interface Limited {
  limit: number;
  exceeded: boolean;
}

/** Requests whose body already runs through `limitStream`, and whether it ran past its limit. */
const limitedBodies = new WeakMap<Request, Limited>();

function withLimitedBody(request: Request, limit: number): Request {
  if (request.body === null || limitedBodies.has(request)) return request;
  const state: Limited = { limit, exceeded: false };
  const body = limitStream(request.body, limit, () => {
    state.exceeded = true;
  });
  const limited = new Request(request, { body, duplex: "half" } as RequestInit);
  limitedBodies.set(limited, state);
  return limited;
}

/**
 * The request with its body capped, for a caller that must copy the body before the app reads it
 * (`createApp` keeps the body of an import for a session re-check): capped before the copy, the
 * source is read no further than the limit whichever copy reads it. `bodyLimit` answers 413.
 */
export function limitBody(request: Request): Request {
  return withLimitedBody(request, bodyLimitFor(new URL(request.url).pathname));
}

/**
 * Caps every request body by path before anything reads it (issue 11 §2): a declared
 * Content-Length above the limit is refused at once; any other body is read through a
 * byte-counting stream, and a body that runs past the limit answers 413, whatever the handler
 * made of the read error, without the rest of the body being read.
 */
/** The largest declared upload read (and discarded) before its 413, see `bodyLimit`. */
const DRAIN_MAX = 8 * MB;

export const bodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const raw = c.req.raw;
  if (raw.body === null) return next();
  const pathname = new URL(raw.url).pathname;
  const limit = bodyLimitFor(pathname);
  const declared = raw.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) {
    // Never buffered. Up to DRAIN_MAX the upload is read and thrown away chunk by chunk before
    // answering: a proxy in front (wrangler dev's workerd) reports an upload left unread as a lost
    // connection (500) instead of passing the 413 on. Beyond that it is not read at all.
    if (Number(declared) <= DRAIN_MAX) await raw.body.pipeTo(new WritableStream()).catch(() => {});
    return payloadTooLarge(pathname, limit);
  }
  c.req.raw = withLimitedBody(raw, limit);
  const state = limitedBodies.get(c.req.raw);
  await next();
  if (state?.exceeded) c.res = payloadTooLarge(pathname, state.limit);
};
