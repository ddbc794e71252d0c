/**
 * Bad input, property-based: every write endpoint of the Hono router (POST/PUT/PATCH/DELETE under
 * /api/ and /functions/v1/, enumerated from `createApp().routes`, edge functions from their
 * registry) gets generated garbage — wrong types, 100k-character strings, emoji/RTL/NUL/lone
 * surrogates, missing and extra fields, SQL and HTML fragments, bad CPF/CNPJ/CEP/phones,
 * negative/absurd/NaN-ish numbers, non-JSON bodies and wrong content types — as the signed-in
 * owner (cookie and bearer). Each answer must be a 4xx (never a 5xx) with a JSON pt-BR
 * `error.message`, and the database must be unchanged (row count and content hash of every
 * table but the rate-limit counters). An answer may be 2xx only when the endpoint's own oracle
 * (below) says the payload is acceptable; then the new database state becomes the baseline.
 *
 * A new write endpoint is covered without touching this file; one whose answers need a sharper
 * oracle (it accepts payloads this file calls garbage) fails with the payload until added to
 * `oracleFor`. Reproduce a failure with BAD_INPUT_SEED=<seed printed by fast-check>.
 */
import { DEFAULT_TIME_ZONE } from "../../shared/time-zone.ts";
import { checkAvailability, parseTimeOff, parseWeekly, type TimeOffInput, weeklyHours } from "../../shared/agenda/availability.ts";
import fc from "fast-check";
import { type Snapshot, snapshotTables } from "../support/db-snapshot.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResourceName } from "../../worker/resources/registry.ts";
import { createApp } from "../../worker/app.ts";
import { signAccessToken } from "../../worker/auth/jwt.ts";
import { createSession } from "../../worker/auth/sessions.ts";
import { digest } from "../../worker/auth/tokens.ts";
import { edgeFunctions } from "../../worker/functions/index.ts";
import { definitionOf, moduleByApi, moduleOf, RESOURCE_NAMES } from "../../worker/resources/registry.ts";
import { type FakeViaCep, startFakeViaCep } from "../fakes/viacep-server.ts";
import { moveSchema as appointmentMoveSchema } from "../../shared/agenda/booking-input.ts";
import { prepareResource } from "./resource-prerequisites.ts";
import {
  BAD_CEPS,
  BAD_DATES,
  BAD_DOCS,
  BAD_EMAILS,
  BAD_PHONES,
  BAD_URLS,
  HTML,
  HUGE,
  isPtBr,
  NUMBERISH,
  NUMBERS,
  SQL,
  UNICODE,
} from "../support/garbage.ts";
import { createHarness, createOwner, type Harness, userId } from "./harness.ts";
import { PHOTO_MAX_SIZE, PHOTO_WIDTHS } from "../../shared/real-estate/photo-url.ts";
import { readImageHeader } from "../../shared/image-header.ts";
import { moveSchema } from "../../worker/services/real-estate/interests.ts";
import { portalLeadSchema } from "../../worker/services/real-estate/portal-leads.ts";
import { LEAD_WEBHOOK_PATH, rotateLeadSecret } from "../../worker/services/real-estate/portal-settings.ts";
import { PHOTO_MAX_BYTES, PUBLISH_MAX_BYTES, SHARE_MAX_BYTES } from "../../worker/services/real-estate/property-photos.ts";
import { publishPlan } from "../../shared/social/instagram-media.ts";
import { POST_IMAGE_WIDTHS } from "../../shared/social/post-image-key.ts";
import { POST_IMAGE_MAX_BYTES } from "../../worker/services/social/post-images.ts";
import { visitSchema } from "../../worker/services/real-estate/visits.ts";
import { rescheduleSchema } from "../../worker/services/social/reschedule.ts";
import { fakeBucket, jpegBytes, photoFile, webpBytes } from "./real-estate/property-photos-fixtures.ts";
import { isId } from "../../shared/id.ts";
import { webpFile } from "../support/webp.ts";
import { jpegFile } from "../support/jpeg.ts";

const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 30);
const SEED = process.env.BAD_INPUT_SEED ? Number(process.env.BAD_INPUT_SEED) : undefined;
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Tables whose rows change on any attempt by design: the rate-limit counters. */
const VOLATILE_TABLES = new Set(["rate_limits", "__drizzle_migrations"]);

// ---------------------------------------------------------------------------------------------
// The endpoints

interface Endpoint {
  method: string;
  /** Router pattern, e.g. `/api/clients/:id`. */
  pattern: string;
}

function writeEndpoints(): Endpoint[] {
  const app = createApp({ renderPage: async () => new Response(""), buildVersion: async () => "" });
  const seen = new Set<string>();
  const out: Endpoint[] = [];
  for (const r of app.routes) {
    if (!WRITE_METHODS.has(r.method)) continue;
    if (!r.path.startsWith("/api/") && !r.path.startsWith("/functions/v1/")) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, pattern: r.path });
  }
  return out;
}

/** How an `:id` is filled: a live record of the caller's organization, or garbage. */
type IdKind = "existing" | "garbage";

interface Case {
  method: string;
  pattern: string;
  /** Concrete path, with `{id}` left for the run to fill. */
  path: string;
  idKind?: IdKind;
  resource?: ResourceName;
  functionName?: string;
  /** Query string variants (import modes). */
  query: string;
}

/**
 * Path parameters besides `:id`, filled like it (a live record of the caller's organization, or
 * garbage): a property's photos name the property, then one of its photos.
 */
const PARAM_RULES = new Set(["id", "propertyId", "photoId", "folgaId"]);

const RESOURCE_ROUTE = new RegExp(`^/api/(${RESOURCE_NAMES.map((n) => moduleOf(n).definition.api).join("|")})(/.*)?$`);

function expand(e: Endpoint): Case[] {
  const base = { method: e.method, pattern: e.pattern, query: "" };
  if (e.pattern === "/functions/v1/:name") {
    return [
      ...[...edgeFunctions.keys()].map((name) => ({ ...base, path: `/functions/v1/${name}`, functionName: name })),
      { ...base, path: "/functions/v1/{garbage}" },
    ];
  }
  const params = [...e.pattern.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const unknown = params.filter((p) => p !== undefined && !PARAM_RULES.has(p));
  if (unknown.length)
    throw new Error(`${e.method} ${e.pattern}: no rule for :${unknown.join(", :")} — teach bad-input.test.ts how to fill it`);
  const segment = RESOURCE_ROUTE.exec(e.pattern)?.[1];
  const resource = (segment ? moduleByApi(segment)?.definition.name : undefined) as ResourceName | undefined;
  const path = e.pattern
    .replace(":id", "{id}")
    .replace(":propertyId", "{propertyId}")
    .replace(":photoId", "{photoId}")
    .replace(":folgaId", "{folgaId}");
  const withQuery = (c: Case): Case[] =>
    e.pattern.endsWith("/import") ? ["", "?mode=all", "?mode=valid-only"].map((query) => ({ ...c, query })) : [c];
  if (!params.length) return withQuery({ ...base, path, resource });
  return (["existing", "garbage"] as const).flatMap((idKind) => withQuery({ ...base, path, resource, idKind }));
}

// ---------------------------------------------------------------------------------------------
// Valid samples (for mutations and for the records `:id` needs)

/** Ids of records created for the cases (by API segment): a sample naming another record points at a real one. */
const knownIds: Record<string, string> = {};
const PLACEHOLDER_ID = "00000000-0000-4000-8000-000000000000";

/** A valid payload of every resource, from its module's own example (the registry is the list). */
const SAMPLES = new Proxy({} as Record<ResourceName, Record<string, unknown>>, {
  get: (_, name) => moduleOf(String(name)).example((api) => knownIds[api] ?? PLACEHOLDER_ID, crypto.randomUUID().slice(0, 8).toUpperCase()),
});

/** A valid body of every edge function: its own example (the function registry is the list). */
const FUNCTION_SAMPLES: Record<string, Record<string, unknown>> = Object.fromEntries(
  [...edgeFunctions].map(([name, fn]) => [name, fn.example as Record<string, unknown>]),
);

// ---------------------------------------------------------------------------------------------
// Oracles: may this payload succeed?

interface Payload {
  /** What was sent, for the failure message. */
  label: string;
  body: string | Uint8Array | undefined;
  contentType: string | undefined;
  /** The parsed JSON when the body is JSON text (whatever the content type says). */
  json?: unknown;
  /** The parts when the body is multipart/form-data this file built. */
  form?: Record<string, FormValue>;
}

type FormValue = string | { bytes: Uint8Array; type: string };

/** What the run knows besides the payload: who called, and the photos of the case's property. */
interface Known {
  who: string;
  photoIds: readonly string[];
  /** The path sent (its ids, when garbage). */
  path: string;
}

type Oracle = (payload: Payload, c: Case, known: Known) => boolean;

const never: Oracle = () => false;

function hasJson(p: Payload): p is Payload & { json: unknown } {
  return "json" in p;
}

/**
 * Which payloads an endpoint may accept (2xx). Everything not listed accepts nothing this file
 * generates: a 2xx there fails the test with the payload that got through.
 */
function oracleFor(c: Case): Oracle {
  // Only the organização's own Basic credentials get in; then the schema of Grupo ZAP's lead.
  if (c.pattern === LEAD_WEBHOOK_PATH)
    return (p, _c, k) => k.who === "basic-good" && hasJson(p) && portalLeadSchema.safeParse(p.json).success;
  if (c.pattern.startsWith(PHOTOS)) return photoOracle(c);
  if (c.pattern === POST_IMAGES) return postImageOracle;
  if (c.functionName) {
    const fn = edgeFunctions.get(c.functionName);
    return (p) => Boolean(fn && hasJson(p) && fn.input.safeParse(p.json).success);
  }
  if (c.resource) {
    // By API segment: a resource's name is not always its path (imoveis → /api/properties).
    const suffix = c.pattern.slice(`/api/${definitionOf(c.resource).api}`.length);
    const schema = definitionOf(c.resource).schema;
    const schemaValid: Oracle = (p) => hasJson(p) && schema.safeParse(p.json).success;
    switch (`${c.method} ${suffix}`) {
      case "POST ":
      case "POST /":
        return schemaValid;
      case "PATCH /:id":
      case "PUT /:id":
        return (p, k, known) => k.idKind === "existing" && schemaValid(p, k, known);
      // The body is not read: the id is the whole input.
      case "DELETE /:id":
      case "POST /:id/restore":
      case "DELETE /:id/lgpd":
        return (_p, k) => k.idKind === "existing";
      // `{ ids: [...] }`: well-formed ids that match nothing are a valid no-op.
      case "POST /delete":
      case "POST /restore":
        return (p) => {
          if (!hasJson(p)) return false;
          const ids = (p.json as { ids?: unknown } | null)?.ids;
          return Array.isArray(ids) && ids.length >= 1 && ids.length <= 500 && ids.every(isId);
        };
      // A read-only check of any object's fields.
      case "POST /duplicates":
        return (p) => hasJson(p) && typeof p.json === "object" && p.json !== null;
      // Imóveis (worker/services/real-estate/properties.ts): a published status with an optional reason; a
      // draft's autosave takes any object (invalid fields are answered, not stored); publishing
      // reads no body.
      case "POST /:id/status":
        return (p, k) => {
          const status = (p.json as { status?: unknown } | null)?.status;
          return k.idKind === "existing" && hasJson(p) && typeof status === "string" && status !== "rascunho";
        };
      case "PATCH /:id/rascunho":
        return (p, k) => k.idKind === "existing" && isObject(p.json);
      case "POST /:id/publicar":
        return (_p, k) => k.idKind === "existing";
      // Agendamentos (worker/resources/modules/agenda/appointments-routes.ts): a new start (and end).
      case "POST /:id/mover":
        return (p, k) => k.idKind === "existing" && hasJson(p) && appointmentMoveSchema.safeParse(p.json).success;
      // Interesses (worker/resources/modules/real-estate/interests-routes.ts).
      case "POST /:id/move":
        return (p, k) => k.idKind === "existing" && hasJson(p) && moveSchema.safeParse(p.json).success;
      case "POST /:id/visits":
        return (p, k) => k.idKind === "existing" && hasJson(p) && visitSchema.safeParse(p.json).success;
      case "POST /:id/email":
        return (p, k) => {
          const imovelId = (p.json as { imovelId?: unknown } | null)?.imovelId;
          return k.idKind === "existing" && isId(imovelId);
        };
      // Posts (worker/services/social/reschedule.ts): a time from now to a year ahead; the sample
      // post has no time yet, so an `agendadoAntes` other than null names a time it never had.
      case "POST /:id/reagendar":
        return (p, k) => {
          const parsed = hasJson(p) ? rescheduleSchema.safeParse(p.json) : undefined;
          if (k.idKind !== "existing" || !parsed?.success || (parsed.data.agendadoAntes ?? null) !== null) return false;
          const at = Date.parse(parsed.data.agendadoPara);
          return at >= Date.now() - 120_000 && at <= Date.now() + 366 * 86_400_000;
        };
      // Marking seen needs the interest: an id that names nothing in the organização is a 404.
      case "POST /:id/alerts/seen":
        return (_p, k) => k.idKind === "existing";
      // Profissionais (ADR 064): a week inside the hours (the fuzzed organização never set any:
      // every day is closed), a time off that parses in the zone; a time off id never names one.
      case "PUT /:id/disponibilidade":
        return (p, k) =>
          k.idKind === "existing" &&
          isObject(p.json) &&
          checkAvailability(p.json.semana, weeklyHours(parseWeekly(null), DEFAULT_TIME_ZONE)).ok;
      case "POST /:id/folgas":
        return (p, k) =>
          k.idKind === "existing" && isObject(p.json) && parseTimeOff(p.json as unknown as TimeOffInput, DEFAULT_TIME_ZONE).ok;
      case "DELETE /:id/folgas/:folgaId":
        return never;
      // Movimentações (ADR 072): an estorno reads no body: the movement's id is the whole input
      // (the first one is written; the next are refused as already reversed).
      case "POST /:id/estorno":
        return (_p, k) => k.idKind === "existing";
      default:
        return never;
    }
  }
  return never;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const PHOTOS = "/api/property-photos/:propertyId";

function isFile(v: FormValue | undefined, magic: (b: Uint8Array) => boolean, max: number): boolean {
  return typeof v === "object" && v.bytes.byteLength > 0 && v.bytes.byteLength <= max && magic(v.bytes);
}
/**
 * One width of a photo: a WebP or JPEG whose header decodes to the size the browser's resizer
 * makes from the declared largest size (never enlarged; ±1 px of height from rounding, except the
 * largest). Answers the format, or null when it does not fit.
 */
function fitsDeclared(v: FormValue | undefined, target: number, largura: number, altura: number): string | null {
  const header = typeof v === "object" ? readImageHeader(v.bytes) : null;
  const width = Math.min(target, largura);
  const height = Math.round((altura * width) / largura);
  const slack = target === PHOTO_MAX_SIZE.width ? 0 : 1;
  return header && header.width === width && Math.abs(header.height - height) <= slack ? header.format : null;
}
/** Every width fits, and all in the same format (one photo is all WebP or all JPEG). */
const oneFormat = (formats: (string | null)[]): boolean => formats.every((f) => f !== null && f === formats[0]);
/** The share image: a JPEG whose header decodes to 1200 × 630 px. */
const isShareImage = (b: Uint8Array): boolean => {
  const header = readImageHeader(b);
  return header?.format === "jpeg" && header.width === 1200 && header.height === 630;
};

/**
 * A photo's publishing JPEG (ADR 042): a JPEG whose header decodes to exactly the size
 * `publishPlan` makes from the photo's declared one (its crop into Instagram's range, ≤ 1080 px).
 */
function isPublishJpeg(v: FormValue | undefined, largura: number, altura: number): boolean {
  if (typeof v !== "object" || v.bytes.byteLength === 0 || v.bytes.byteLength > PUBLISH_MAX_BYTES) return false;
  const header = readImageHeader(v.bytes);
  const size = publishPlan({ width: largura, height: altura }).output;
  return header?.format === "jpeg" && header.width === size.width && header.height === size.height;
}

/** The photo service's rules (worker/services/real-estate/property-photos.ts), on a live property only. */
function photoOracle(c: Case): Oracle {
  const suffix = c.pattern.slice(PHOTOS.length);
  const live = (k: Case) => k.idKind === "existing";
  switch (`${c.method} ${suffix}`) {
    // Every width up to 1.5 MB at the size the declared one makes, all WebP or all JPEG, integer
    // dimensions of at least 1 px and at most PHOTO_MAX_SIZE, a caption of ≤ 140 characters.
    case "POST ":
      return (p, k) => {
        const f = p.form;
        if (!live(k) || !f) return false;
        const dimension = (v: FormValue | undefined) => Number(typeof v === "string" ? v : v === undefined ? null : Number.NaN);
        const [largura, altura] = [dimension(f.largura), dimension(f.altura)];
        const caption = typeof f.legenda === "string" ? f.legenda.replace(/\s+/g, " ").trim() : "";
        return (
          PHOTO_WIDTHS.every((w) => isFile(f[`w${w}`], () => true, PHOTO_MAX_BYTES)) &&
          [largura, altura].every((n) => Number.isInteger(n) && n >= 1) &&
          largura <= PHOTO_MAX_SIZE.width &&
          altura <= PHOTO_MAX_SIZE.height &&
          oneFormat(PHOTO_WIDTHS.map((w) => fitsDeclared(f[`w${w}`], w, largura, altura))) &&
          caption.length <= 140 &&
          // The publishing JPEG is optional; sent, it must fit.
          (f.publicacao === undefined || isPublishJpeg(f.publicacao, largura, altura))
        );
      };
    // The existing photos are 1600 × 1200 (formSample): their publishing JPEG is 1080 × 810.
    case "PUT /:photoId/publicacao":
      return (p, k) => live(k) && isPublishJpeg(p.form?.publicacao, 1600, 1200);
    // Every photo of the property exactly once.
    case "PUT /order":
      return (p, k, known) => {
        const ids = (p.json as { ids?: unknown } | null)?.ids;
        return (
          live(k) &&
          Array.isArray(ids) &&
          ids.length === known.photoIds.length &&
          new Set(ids).size === ids.length &&
          ids.every((id) => known.photoIds.includes(id as string))
        );
      };
    case "POST /:photoId/cover":
    case "DELETE /:photoId":
      return (_p, k) => live(k);
    case "PATCH /:photoId":
      return (p, k) => {
        const legenda = (p.json as { legenda?: unknown } | null)?.legenda;
        return (
          live(k) &&
          hasJson(p) &&
          (legenda === null || (typeof legenda === "string" && legenda.length <= 1000 && legenda.replace(/\s+/g, " ").trim().length <= 140))
        );
      };
    case "PUT /share-image":
      return (p, k) => live(k) && isFile(p.form?.imagem, isShareImage, SHARE_MAX_BYTES);
    default:
      return never;
  }
}

const POST_IMAGES = "/api/post-images";

/**
 * An image from the device for a post (worker/services/social/post-images.ts): the publishing JPEG
 * 320–1440 px wide inside Instagram's 4:5…1.91:1 (a pixel of rounding), and each display size a
 * JPEG of its crop at min(width, 320 | 640) px (±1 px of height), every file ≤ 1.5 MB.
 */
const postImageOracle: Oracle = (p) => {
  const f = p.form;
  if (!f || !isFile(f.publicacao, () => true, POST_IMAGE_MAX_BYTES)) return false;
  const publish = readImageHeader((f.publicacao as { bytes: Uint8Array }).bytes);
  if (publish?.format !== "jpeg" || publish.width < 320 || publish.width > 1440) return false;
  if (publish.width + 1 < publish.height * 0.8 || publish.width - 1 > publish.height * 1.91) return false;
  return POST_IMAGE_WIDTHS.every((w) => {
    const v = f[`w${w}`];
    if (!isFile(v, () => true, POST_IMAGE_MAX_BYTES)) return false;
    const header = readImageHeader((v as { bytes: Uint8Array }).bytes);
    const width = Math.min(w, publish.width);
    return (
      header?.format === "jpeg" &&
      header.width === width &&
      Math.abs(header.height - Math.round((publish.height * width) / publish.width)) <= 1
    );
  });
};

// ---------------------------------------------------------------------------------------------
// Generators

const badScalar = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, HUGE, "", " ", ...NUMBERS, ...NUMBERISH),
  fc.constantFrom(...SQL, ...HTML, ...UNICODE, ...BAD_DOCS, ...BAD_CEPS, ...BAD_PHONES, ...BAD_EMAILS, ...BAD_DATES, ...BAD_URLS),
  fc.string({ maxLength: 40, unit: "binary" }),
  fc.double(),
  fc.integer(),
);

const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: badScalar },
  { weight: 1, arbitrary: fc.array(badScalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("numero", "whatsapp", "rotulo", "__proto__", "x"), badScalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 600 }, (_, i) => `id-${i}`)) },
);

/** Keys a payload may carry: the endpoint's own fields plus hostile ones. */
function keysFor(c: Case): string[] {
  const own = c.resource
    ? [...definitionOf(c.resource).fields.map((f) => f.name), ...Object.keys(SAMPLES[c.resource] ?? {})]
    : c.functionName
      ? Object.keys(FUNCTION_SAMPLES[c.functionName] ?? {})
      : [];
  return [
    ...new Set([
      ...own,
      "ids",
      "csv",
      "mode",
      "email",
      "senha",
      "refresh_token",
      "__proto__",
      "constructor",
      "telefones.0.numero",
      "a.b.c",
      "orgId",
      "org_id",
      "id",
      "createdBy",
    ]),
  ];
}

/** Valid bodies of the routes that take something else than their resource's record. */
function routeSample(c: Case, known: Known): Record<string, unknown> | undefined {
  const suffix = c.resource ? c.pattern.slice(`/api/${definitionOf(c.resource).api}`.length) : c.pattern.slice(PHOTOS.length);
  const property = knownIds.properties ?? PLACEHOLDER_ID;
  if (c.pattern === LEAD_WEBHOOK_PATH)
    return {
      leadOrigin: "ZAP",
      timestamp: "2026-11-20T10:00:00Z",
      originLeadId: `lead-${crypto.randomUUID()}`,
      clientListingId: "AP0101",
      name: "Maria Souza",
      email: "maria.souza@exemplo.com.br",
      ddd: "11",
      phone: "987654321",
      message: "Olá, gostaria de visitar o imóvel.",
    };
  switch (`${c.method} ${suffix}`) {
    case "POST /:id/status":
      return { status: "reservado", motivo: "Proposta aceita" };
    case "POST /:id/move":
      return { etapa: "contato" };
    case "POST /:id/visits":
      return { data: "2026-12-01", inicio: "10:00", fim: "11:00", imovelId: property };
    case "POST /:id/email":
      return { imovelId: property };
    case "PUT /:id/disponibilidade":
      return { semana: [[], [], [], [], [], [], []] };
    case "POST /:id/folgas":
      return { dataInicio: "2026-12-21", horaInicio: "09:00", dataFim: "2026-12-23", horaFim: "18:00", tipo: "Férias", detalhe: "Viagem" };
    case "PUT /order":
      return { ids: [...known.photoIds].reverse() };
    case "PATCH /:photoId":
      return { legenda: "Vista da varanda" };
    default:
      return undefined;
  }
}

/** Valid multipart bodies: a photo (every width and its publishing JPEG), a publishing JPEG alone, and the share image. */
function formSample(c: Case): Record<string, FormValue> | undefined {
  if (c.pattern === POST_IMAGES)
    return {
      publicacao: { bytes: jpegFile("baseline", 1080, 1350, 64), type: "image/jpeg" },
      w320: { bytes: jpegFile("baseline", 320, 400, 64), type: "image/jpeg" },
      w640: { bytes: jpegFile("progressive", 640, 800, 64), type: "image/jpeg" },
    };
  if (!c.pattern.startsWith(PHOTOS)) return undefined;
  if (c.method === "POST" && c.pattern === PHOTOS)
    return {
      ...Object.fromEntries(PHOTO_WIDTHS.map((w) => [`w${w}`, { bytes: photoFile(w, 1600, 1200, 64), type: "image/webp" }])),
      largura: "1600",
      altura: "1200",
      legenda: "Fachada",
      publicacao: { bytes: jpegFile("baseline", 1080, 810, 64), type: "image/jpeg" },
    };
  if (c.pattern.endsWith("/publicacao")) return { publicacao: { bytes: jpegFile("progressive", 1080, 810, 64), type: "image/jpeg" } };
  if (c.pattern.endsWith("/share-image"))
    return { imagem: { bytes: jpegFile("baseline", 1200, 630, 64), type: "image/jpeg" }, impressao: "abc123" };
  return undefined;
}

function sampleFor(c: Case, known: Known): Record<string, unknown> | undefined {
  const route = routeSample(c, known);
  if (route) return route;
  if (c.resource) return SAMPLES[c.resource];
  if (c.functionName) return FUNCTION_SAMPLES[c.functionName];
  if (c.pattern === "/api/auth/token") return { email: "maria.souza@exemplo.com.br", senha: "senha-forte-123" };
  if (c.pattern === "/api/auth/refresh") return { refresh_token: "x".repeat(43) };
  return undefined;
}

const jsonPayload = (value: unknown, contentType = "application/json"): Payload => {
  const body = JSON.stringify(value) ?? "null";
  return {
    label: `${contentType} ${body.length > 300 ? `${body.slice(0, 300)}… (${body.length} chars)` : body}`,
    body,
    contentType,
    json: JSON.parse(body),
  };
};

const RAW_BODIES = [
  "{não é json",
  "{'a': 1}",
  "<xml><a/></xml>",
  "",
  "   ",
  "nome=Maria&tipo=pf",
  "[1, 2",
  "\u0000\u0001\u0002",
  HUGE,
  '--x\r\nContent-Disposition: form-data; name="arquivo"\r\n\r\n',
];
const CONTENT_TYPES = [
  "application/json",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "application/xml",
  "text/csv",
  "application/json; charset=latin1",
  undefined,
];

/** A multipart body built here (so the oracle knows its parts). */
function multipartPayload(parts: Record<string, FormValue>): Payload {
  const boundary = `----alicerce${crypto.randomUUID()}`;
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const [name, value] of Object.entries(parts)) {
    const head =
      typeof value === "string"
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\nContent-Type: ${value.type}\r\n\r\n`;
    chunks.push(encoder.encode(head), typeof value === "string" ? encoder.encode(value) : value.bytes, encoder.encode("\r\n"));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, b) => n + b.byteLength, 0));
  let at = 0;
  for (const b of chunks) {
    body.set(b, at);
    at += b.byteLength;
  }
  const label = Object.entries(parts)
    .map(([k, v]) => (typeof v === "string" ? `${k}=${JSON.stringify(v.slice(0, 40))}` : `${k}=<${v.type} ${v.bytes.byteLength} B>`))
    .join(" ");
  return { label: `multipart ${label}`, body, contentType: `multipart/form-data; boundary=${boundary}`, form: parts };
}

const badFile: fc.Arbitrary<FormValue> = fc.oneof(
  fc.constant({ bytes: jpegBytes(64), type: "image/webp" }),
  fc.constant({ bytes: webpBytes(64), type: "image/jpeg" }),
  fc.constant({ bytes: new Uint8Array(0), type: "image/webp" }),
  fc.constant({ bytes: webpBytes(PHOTO_MAX_BYTES + 1), type: "image/webp" }),
  // Real WebP headers at a size the declared one does not make: another width's, and 16383 px square.
  fc.constant({ bytes: photoFile(640, 1600, 1200, 64), type: "image/webp" }),
  fc.constant({ bytes: webpFile("VP8X", 16383, 16383), type: "image/webp" }),
  // JPEG (what Safari makes): a real header at one width's size (a WebP photo with one JPEG width
  // mixes formats), one of 20000 px square, and garbage behind the signature that even ends in EOI.
  fc.constant({ bytes: jpegFile("baseline", 640, 480), type: "image/jpeg" }),
  fc.constant({ bytes: jpegFile("progressive", 320, 240), type: "image/jpeg" }),
  fc.constant({ bytes: jpegFile("baseline", 20000, 20000), type: "image/jpeg" }),
  // A publishing JPEG a pixel off, and one of the photo's own size (not cropped nor reduced).
  fc.constant({ bytes: jpegFile("baseline", 1080, 811), type: "image/jpeg" }),
  fc.constant({ bytes: jpegFile("baseline", 1600, 1200), type: "image/jpeg" }),
  fc.constant({ bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...new Array(40).fill(0x41), 0xff, 0xd9]), type: "image/jpeg" }),
  fc.constant({ bytes: jpegBytes(SHARE_MAX_BYTES + 1), type: "image/jpeg" }),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ bytes, type: "application/octet-stream" })),
  fc.constantFrom(...HTML, ...SQL, "", "1600", "4097"),
);

/** A valid multipart sample with one to three parts broken, removed, or joined by strangers. */
function multipartPayloads(sample: Record<string, FormValue>): fc.Arbitrary<Payload> {
  const names = Object.keys(sample);
  const text = badScalar.map((v) => String(v));
  return fc
    .array(
      fc.oneof(
        fc.tuple(fc.constant("set" as const), fc.constantFrom(...names), fc.oneof(text, badFile)),
        fc.tuple(fc.constant("drop" as const), fc.constantFrom(...names), fc.constant("")),
        fc.tuple(fc.constant("add" as const), fc.constantFrom("extra", "orgId", "w9999", "capa", "publicacao"), fc.oneof(text, badFile)),
      ),
      { minLength: 0, maxLength: 3 },
    )
    .map((ops) => {
      const out: Record<string, FormValue> = { ...sample };
      for (const [op, key, value] of ops) {
        if (op === "drop") delete out[key];
        else out[key] = value;
      }
      return multipartPayload(out);
    });
}

function payloads(c: Case, known: Known): fc.Arbitrary<Payload> {
  const keys = keysFor(c);
  const sample = sampleFor(c, known);
  const form = formSample(c);
  const object = fc.dictionary(fc.constantFrom(...keys), badValue, { maxKeys: 6 });
  const generic = fc.oneof(
    object.map((o) => jsonPayload(o)),
    badValue.map((v) => jsonPayload(v)),
  );
  const raw = fc.tuple(fc.constantFrom(...RAW_BODIES), fc.constantFrom(...CONTENT_TYPES)).map(
    ([body, contentType]): Payload => ({
      label: `${contentType ?? "(sem content-type)"} raw ${JSON.stringify(body.slice(0, 80))}`,
      body: contentType ? body : new TextEncoder().encode(body),
      contentType,
    }),
  );
  const wrongType = fc
    .tuple(object, fc.constantFrom(...CONTENT_TYPES.filter((t) => t !== "application/json")))
    .map(([o, type]) =>
      type ? jsonPayload(o, type) : { ...jsonPayload(o), contentType: undefined, body: new TextEncoder().encode(JSON.stringify(o)) },
    );
  if (form)
    return fc.oneof({ weight: 4, arbitrary: multipartPayloads(form) }, { weight: 1, arbitrary: raw }, { weight: 1, arbitrary: generic });
  if (!sample) return fc.oneof(generic, raw, wrongType);
  const sampleKeys = Object.keys(sample);
  // A valid sample with one to three fields broken, removed, or joined by strangers.
  const mutated = fc
    .array(
      fc.oneof(
        fc.tuple(fc.constant("set" as const), fc.constantFrom(...sampleKeys), badValue),
        fc.tuple(fc.constant("drop" as const), fc.constantFrom(...sampleKeys), fc.constant(undefined)),
        fc.tuple(fc.constant("add" as const), fc.constantFrom(...keys, "extra", "isAdmin", "role"), badValue),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((ops) => {
      const out: Record<string, unknown> = { ...sample };
      for (const [op, key, value] of ops) {
        if (op === "drop") delete out[key];
        else Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
      }
      return jsonPayload(out);
    });
  return fc.oneof(
    { weight: 3, arbitrary: mutated },
    { weight: 2, arbitrary: generic },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: wrongType },
  );
}

const garbageIds = fc.oneof(
  fc.constantFrom(
    "nao-existe",
    "0",
    "-1",
    "' OR '1'='1",
    "..%2F..%2Fetc%2Fpasswd",
    "<script>alert(1)</script>",
    "🙂",
    "a".repeat(65),
    "x".repeat(5000),
    "null",
    "undefined",
  ),
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 30 }),
);
const garbageNames = fc.oneof(
  fc.constantFrom("nao-existe", "validar-documento.json", "../auth/token", "__proto__", "VALIDAR-DOCUMENTO"),
  fc.string({ minLength: 1, maxLength: 30 }),
);

/** Who calls: the owner (cookie or bearer), nobody, or a forged/garbled bearer token. */
const principals = fc.oneof(
  { weight: 3, arbitrary: fc.constant("cookie") },
  { weight: 3, arbitrary: fc.constant("bearer") },
  { weight: 1, arbitrary: fc.constant("anonymous") },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.constantFrom("eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.", "eyJhbGciOiJFUzI1NiJ9.e30.c2ln", "null", "' OR 1=1 --"),
        fc.string({ minLength: 1, maxLength: 60, unit: "grapheme-ascii" }),
      )
      .map((t) => `bearer ${t.replace(/[\r\n]/g, "")}`),
  },
);

/** The portal webhook's callers: its own Basic credentials, wrong ones, or a member's session. */
const webhookPrincipals = fc.oneof(
  { weight: 4, arbitrary: fc.constant("basic-good") },
  { weight: 1, arbitrary: fc.constantFrom("basic-wrong-secret", "basic-unknown-user", "cookie", "bearer", "anonymous") },
  {
    weight: 1,
    arbitrary: fc.string({ minLength: 0, maxLength: 60, unit: "grapheme-ascii" }).map((t) => `raw Basic ${t.replace(/[\r\n]/g, "")}`),
  },
);

function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "segmento-invalido";
  }
}

// ---------------------------------------------------------------------------------------------
// The database, before and after

function snapshot(h: Harness): Promise<Snapshot> {
  return snapshotTables(h.fresh.db.$client, VOLATILE_TABLES);
}

/** The snapshot once the database stops changing (background jobs done), within ~3 s. */
async function settled(h: Harness): Promise<Snapshot> {
  let last = await snapshot(h);
  for (let i = 0; i < 60; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await snapshot(h);
    if (changedTables(last, now).length === 0) return now;
    last = now;
  }
  return last;
}

function changedTables(a: Snapshot, b: Snapshot): string[] {
  return [...new Set([...Object.keys(a.hashes), ...Object.keys(b.hashes)])].filter((t) => a.hashes[t] !== b.hashes[t]);
}

// ---------------------------------------------------------------------------------------------

let h: Harness;
let viacep: FakeViaCep;
let owner: Awaited<ReturnType<typeof createOwner>>;
let ownerId: string;
let bearer: string;
/** The organização's portal webhook credentials (portal_settings). */
let lead: { user: string; secret: string };

beforeAll(async () => {
  viacep = await startFakeViaCep();
  h = await createHarness();
  h.env.VIACEP_BASE_URL = viacep.url;
  owner = await createOwner(h, "Entradas");
  ownerId = (await userId(h, owner.email)) as string;
  const token = await h.request("/api/auth/token", { json: { email: owner.email, senha: owner.password } });
  bearer = ((await token.json()) as { access_token: string }).access_token;
  expect(bearer).toBeTruthy();
  h.env.FILES = fakeBucket() as unknown as typeof h.env.FILES;
  lead = await rotateLeadSecret(h.ctx(), { userId: ownerId, orgId: owner.orgId, role: "owner" });
});

/**
 * Uploads a photo to a live property through the API (the photo routes need one), without its
 * publishing JPEG: that is written once (ADR 047 amendment), so PUT …/publicacao can be accepted.
 */
async function existingPhoto(propertyId: string): Promise<string> {
  const form = formSample({ method: "POST", pattern: PHOTOS, path: PHOTOS, query: "" }) as Record<string, FormValue>;
  delete form.publicacao;
  const payload = multipartPayload(form);
  const res = await h.request(`/api/property-photos/${propertyId}`, {
    method: "POST",
    body: payload.body as BodyInit,
    headers: { "content-type": payload.contentType as string },
    cookie: owner.cookie,
  });
  const body = (await res.json()) as { data?: { id: string } };
  if (res.status !== 201 || !body.data) throw new Error(`could not upload a photo: ${res.status} ${JSON.stringify(body)}`);
  return body.data.id;
}

afterAll(async () => {
  await viacep?.close();
});

const prepared = new Set<string>();

/** A live record of the owner's organization, created through the API. */
async function existingRecord(resource: ResourceName): Promise<string> {
  const mod = moduleOf(resource);
  // What its example needs besides related records (an appointment: hours, a professional, a service).
  if (!prepared.has(resource)) {
    prepared.add(resource);
    const found = await prepareResource(h.fresh.db, resource, owner.orgId, { owner: ownerId });
    // Its own: a service created earlier (its own sample) is not one these professionals perform.
    for (const [api, id] of Object.entries(found?.related ?? {})) knownIds[api] = id;
  }
  // Records it points at come first (a movement needs a product).
  for (const relation of mod.relations ?? []) {
    const target = moduleOf(relation.target);
    knownIds[target.definition.api] ??= await existingRecord(target.definition.name as ResourceName);
  }
  const res = await h.request(`/api/${mod.definition.api}`, { json: SAMPLES[resource], cookie: owner.cookie });
  const body = (await res.json()) as { data?: { id: string } };
  if (res.status !== 201 || !body.data) throw new Error(`could not create a ${resource} sample: ${res.status} ${JSON.stringify(body)}`);
  return body.data.id;
}

const endpoints = writeEndpoints();
const cases = endpoints.flatMap(expand);

describe("bad input on every write endpoint", () => {
  it("finds the write endpoints (so the test below cannot pass by finding none)", () => {
    const patterns = endpoints.map((e) => `${e.method} ${e.pattern}`);
    expect(patterns).toContain("POST /api/auth/token");
    expect(patterns).toContain("POST /functions/v1/:name");
    for (const name of RESOURCE_NAMES) expect(patterns).toContain(`POST /api/${moduleOf(name).definition.api}`);
  });

  it("has a valid sample for every resource and edge function (to mutate, and for the records an :id needs)", () => {
    for (const name of RESOURCE_NAMES) {
      expect(SAMPLES[name], `add a valid ${name} payload to SAMPLES`).toBeDefined();
      expect(definitionOf(name).schema.safeParse(SAMPLES[name]).success, `SAMPLES.${name} must be valid`).toBe(true);
    }
    for (const [name, fn] of edgeFunctions) {
      expect(FUNCTION_SAMPLES[name], `add a valid ${name} payload to FUNCTION_SAMPLES`).toBeDefined();
      expect(fn.input.safeParse(FUNCTION_SAMPLES[name]).success, `FUNCTION_SAMPLES["${name}"] must be valid`).toBe(true);
    }
  });

  for (const c of cases) {
    const title = `${c.method} ${c.path}${c.query}${c.idKind ? ` (${c.idKind === "existing" ? "id existente" : "id inválido"})` : ""}`;
    it(`${title}: 4xx em pt-BR, banco intacto`, { timeout: 60_000 }, async () => {
      const oracle = oracleFor(c);
      const freshSession = c.pattern === "/api/auth/logout";
      let baseline = await snapshot(h);
      // Live records of the owner's organization for the path's parameters (none: garbage).
      const ids: Partial<Record<"id" | "propertyId" | "photoId", string>> = {};
      const photoIds: string[] = [];
      if (c.idKind === "existing") {
        if (c.resource) ids.id = await existingRecord(c.resource);
        if (c.path.includes("{propertyId}")) {
          ids.propertyId = await existingRecord("imoveis");
          photoIds.push(await existingPhoto(ids.propertyId), await existingPhoto(ids.propertyId));
          ids.photoId = photoIds[0];
        }
        baseline = await snapshot(h);
      }
      const webhook = c.pattern === LEAD_WEBHOOK_PATH;
      // The owner's own requests must get past authentication, or this case proves nothing.
      let pastAuth = false;
      const pathPart = c.idKind === "garbage" ? garbageIds : c.path.includes("{garbage}") ? garbageNames : fc.constant("");
      await fc.assert(
        fc.asyncProperty(
          payloads(c, { who: "", photoIds, path: "" }),
          webhook ? webhookPrincipals : principals,
          pathPart,
          async (payload, who, garbage) => {
            const path = `${c.path
              .replace("{id}", ids.id ?? segment(garbage))
              .replace("{propertyId}", ids.propertyId ?? segment(garbage))
              .replace("{photoId}", ids.photoId ?? segment(garbage))
              // A time off is never created here: the id names nothing, whatever the professional.
              .replace("{folgaId}", segment(garbage))
              .replace("{garbage}", segment(garbage))}${c.query}`;
            const headers: Record<string, string> = {};
            if (payload.contentType) headers["content-type"] = payload.contentType;
            // Logging out ends the session it rides on: give each attempt its own.
            let cookie = owner.cookie;
            let token = bearer;
            if (freshSession) {
              const session = await createSession(h.fresh.db, ownerId, {});
              cookie = `alicerce_session=${session.token}`;
              token = await signAccessToken(String(h.env.JWT_PRIVATE_JWK), { sub: ownerId, sid: await digest(session.token) });
              baseline = await snapshot(h);
            }
            if (who.startsWith("bearer ")) headers.authorization = who;
            if (who.startsWith("raw ")) headers.authorization = who.slice(4);
            const basic = { "basic-good": lead.secret, "basic-wrong-secret": `${lead.secret}x`, "basic-unknown-user": lead.secret }[who];
            if (basic !== undefined)
              headers.authorization = `Basic ${btoa(`${who === "basic-unknown-user" ? `${lead.user}x` : lead.user}:${basic}`)}`;
            const res = await h.request(path, {
              method: c.method,
              body: payload.body as BodyInit | undefined,
              headers,
              ...(who === "cookie" ? { cookie } : who === "bearer" ? { bearer: token } : {}),
            });
            const text = await res.text();
            const where = `${c.method} ${path} as ${who} with ${payload.label}`;
            expect(res.status, `${where} → ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
            if ((webhook ? who === "basic-good" : who === "cookie" || who === "bearer") && res.status !== 401) pastAuth = true;
            // Work an accepted answer left running (an e-mail job) lands in its own baseline, not in
            // the next request's changes.
            const after = res.status >= 200 && res.status < 300 ? await settled(h) : await snapshot(h);
            if (res.status >= 200 && res.status < 300) {
              expect(
                oracle(payload, c, { who, photoIds, path }) || freshSession,
                `${where} was accepted (${res.status} ${text.slice(0, 200)})`,
              ).toBe(true);
              baseline = after;
              return;
            }
            expect(res.status, `${where} → ${res.status}`).toBeGreaterThanOrEqual(400);
            expect(res.headers.get("content-type") ?? "", `${where}: JSON error`).toContain("application/json");
            const body = JSON.parse(text) as { error?: { message?: unknown; fields?: Record<string, unknown> } };
            expect(isPtBr(body.error?.message), `${where}: error.message ${JSON.stringify(body.error?.message)} is not pt-BR`).toBe(true);
            for (const [field, message] of Object.entries(body.error?.fields ?? {}))
              expect(isPtBr(message), `${where}: fields.${field} ${JSON.stringify(message)} is not pt-BR`).toBe(true);
            expect(changedTables(baseline, after), `${where} → ${res.status} changed the database`).toEqual([]);
          },
        ),
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: process.env.BAD_INPUT_SHRINK !== "1" },
      );
      expect(pastAuth, `${title}: every request of the owner answered 401`).toBe(true);
    });
  }
});
