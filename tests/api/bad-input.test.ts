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
  const unknown = params.filter((p) => p !== "id");
  if (unknown.length)
    throw new Error(`${e.method} ${e.pattern}: no rule for :${unknown.join(", :")} — teach bad-input.test.ts how to fill it`);
  const segment = RESOURCE_ROUTE.exec(e.pattern)?.[1];
  const resource = (segment ? moduleByApi(segment)?.definition.name : undefined) as ResourceName | undefined;
  const path = e.pattern.replace(":id", "{id}");
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
}

type Oracle = (payload: Payload, c: Case) => boolean;

const never: Oracle = () => false;
const ID = /^[0-9A-Za-z-]{1,64}$/;

function hasJson(p: Payload): p is Payload & { json: unknown } {
  return "json" in p;
}

/**
 * Which payloads an endpoint may accept (2xx). Everything not listed accepts nothing this file
 * generates: a 2xx there fails the test with the payload that got through.
 */
function oracleFor(c: Case): Oracle {
  if (c.functionName) {
    const fn = edgeFunctions.get(c.functionName);
    return (p) => Boolean(fn && hasJson(p) && fn.input.safeParse(p.json).success);
  }
  if (c.resource) {
    const suffix = c.pattern.slice(`/api/${c.resource}`.length);
    const schema = definitionOf(c.resource).schema;
    const schemaValid: Oracle = (p) => hasJson(p) && schema.safeParse(p.json).success;
    switch (`${c.method} ${suffix}`) {
      case "POST ":
      case "POST /":
        return schemaValid;
      case "PATCH /:id":
      case "PUT /:id":
        return (p, k) => k.idKind === "existing" && schemaValid(p, k);
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
          return Array.isArray(ids) && ids.length >= 1 && ids.length <= 500 && ids.every((i) => typeof i === "string" && ID.test(i));
        };
      // A read-only check of any object's fields.
      case "POST /duplicates":
        return (p) => hasJson(p) && typeof p.json === "object" && p.json !== null;
      default:
        return never;
    }
  }
  return never;
}

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

function sampleFor(c: Case): Record<string, unknown> | undefined {
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

function payloads(c: Case): fc.Arbitrary<Payload> {
  const keys = keysFor(c);
  const sample = sampleFor(c);
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

function changedTables(a: Snapshot, b: Snapshot): string[] {
  return [...new Set([...Object.keys(a.hashes), ...Object.keys(b.hashes)])].filter((t) => a.hashes[t] !== b.hashes[t]);
}

// ---------------------------------------------------------------------------------------------

let h: Harness;
let viacep: FakeViaCep;
let owner: Awaited<ReturnType<typeof createOwner>>;
let ownerId: string;
let bearer: string;

beforeAll(async () => {
  viacep = await startFakeViaCep();
  h = await createHarness();
  h.env.VIACEP_BASE_URL = viacep.url;
  owner = await createOwner(h, "Entradas");
  ownerId = (await userId(h, owner.email)) as string;
  const token = await h.request("/api/auth/token", { json: { email: owner.email, senha: owner.password } });
  bearer = ((await token.json()) as { access_token: string }).access_token;
  expect(bearer).toBeTruthy();
});

afterAll(async () => {
  await viacep?.close();
});

/** A live record of the owner's organization, created through the API. */
async function existingRecord(resource: ResourceName): Promise<string> {
  const mod = moduleOf(resource);
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
      const id = c.idKind === "existing" && c.resource ? await existingRecord(c.resource) : undefined;
      if (id) baseline = await snapshot(h);
      // The owner's own requests must get past authentication, or this case proves nothing.
      let pastAuth = false;
      const pathPart = c.idKind === "garbage" ? garbageIds : c.path.includes("{garbage}") ? garbageNames : fc.constant("");
      await fc.assert(
        fc.asyncProperty(payloads(c), principals, pathPart, async (payload, who, garbage) => {
          const path = `${c.path.replace("{id}", id ?? segment(garbage)).replace("{garbage}", segment(garbage))}${c.query}`;
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
          const res = await h.request(path, {
            method: c.method,
            body: payload.body as BodyInit | undefined,
            headers,
            ...(who === "cookie" ? { cookie } : who === "bearer" ? { bearer: token } : {}),
          });
          const text = await res.text();
          const where = `${c.method} ${path} as ${who} with ${payload.label}`;
          expect(res.status, `${where} → ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
          if ((who === "cookie" || who === "bearer") && res.status !== 401) pastAuth = true;
          const after = await snapshot(h);
          if (res.status >= 200 && res.status < 300) {
            expect(oracle(payload, c) || freshSession, `${where} was accepted (${res.status} ${text.slice(0, 200)})`).toBe(true);
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
        }),
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: process.env.BAD_INPUT_SHRINK !== "1" },
      );
      expect(pastAuth, `${title}: every request of the owner answered 401`).toBe(true);
    });
  }
});
