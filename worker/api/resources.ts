import { type Context, Hono } from "hono";
import { z } from "zod";
import { parseListQuery } from "../../shared/resources/query.ts";
import { dateTimesInZone, unknownFields } from "../../shared/resources/schema-helpers.ts";
import { timeZoneOf } from "../../shared/time-zone.ts";
import { apiError } from "../http/errors.ts";
import { runAsMember } from "../http/member-route.ts";
import type { AppEnv } from "../http/types.ts";
import type { ResourceModule, RouteHelpers } from "../resources/define.ts";
import { exportRecords } from "../resources/export.ts";
import { commitImport, MAX_IMPORT_CHARS, parseDuplicatePolicy, previewImport } from "../resources/import.ts";
import { decodeCsvBytes } from "../resources/csv-decode.ts";
import {
  createRecord,
  deleteRecord,
  deleteRecords,
  eraseRecord,
  findDuplicates,
  getRecord,
  listRecords,
  recordOptions,
  restoreRecords,
  updateRecord,
} from "../resources/records.ts";
import { ownRoutesOf } from "../resources/own-routes.ts";
import { notFoundMessage, RESOURCES } from "../resources/registry.ts";
import { type Actor, DomainError, type ServiceContext } from "../services/context.ts";
import { bodyPassword, requireRecentAuth } from "../auth/reauth.ts";
import type { AuthState } from "../auth/sessions.ts";
import { ID_RE, isId } from "../../shared/id.ts";

/**
 * `/api/<resource>` for every resource of the registry: the same list state as the page URL,
 * the same zod schema and the same records layer as the screens. What a role may do is the
 * permission table's answer, asked by the records layer; here refusals become pt-BR JSON
 * (`{ error: { message, code, fields? } }`), never a 500 for bad input.
 */

type Ctx = Context<AppEnv>;

async function jsonBody(c: Ctx): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DomainError("Corpo da requisição deve ser JSON.", 400);
  }
}

/** A body for a create or an update: JSON, with no field the resource does not have (a misspelt one is named). */
async function recordBody(c: Ctx, mod: ResourceModule, actor: Actor): Promise<unknown> {
  const body = await jsonBody(c);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new DomainError("Envie um objeto JSON com os campos.", 400);
  const unknown = unknownFields(body, new Set(mod.definition.fields.map((f) => f.name)));
  if (unknown.length) {
    const list = unknown.slice(0, 10);
    const names = list.map((k) => `“${k.slice(0, 60)}”`).join(", ");
    const error = new DomainError(
      `${list.length === 1 ? "Campo desconhecido" : "Campos desconhecidos"}: ${names}. Confira os nomes em /api/docs.`,
      400,
    );
    throw Object.assign(error, { fields: Object.fromEntries(list.map((k) => [k.slice(0, 60), "Campo desconhecido"])) });
  }
  // A date and time without its offset is the organização's wall clock.
  return dateTimesInZone(mod.definition.fields, body as Record<string, unknown>, timeZoneOf(actor.timeZone));
}

const idsBody = z.object({ ids: z.array(z.string().regex(ID_RE)).min(1).max(500) });

/** What an import request carries: JSON `{ csv, mode }`, a multipart `arquivo` + `mode`, or a text/csv body with `?mode=`. */
async function importRequest(c: Ctx): Promise<{ csv: string; mode: string; duplicates: unknown }> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const length = Number(c.req.header("content-length") ?? "0");
  if (length > MAX_IMPORT_CHARS * 2) throw new DomainError("O arquivo é grande demais: o limite é 5 MB.", 413, "arquivo");
  const queryMode = c.req.query("mode") ?? "preview";
  const queryDuplicates = c.req.query("duplicates");
  if (type.includes("multipart/form-data")) {
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("arquivo");
    if (!form || !(file instanceof Blob)) throw new DomainError("Envie o arquivo CSV no campo arquivo.", 400, "arquivo");
    if (file.size > MAX_IMPORT_CHARS) throw new DomainError("O arquivo é grande demais: o limite é 5 MB.", 413, "arquivo");
    const mode = form.get("mode");
    return {
      csv: decodeCsvBytes(await file.arrayBuffer()),
      mode: typeof mode === "string" ? mode : queryMode,
      duplicates: form.get("duplicates") ?? queryDuplicates,
    };
  }
  if (type.includes("application/json")) {
    const body = z.object({ csv: z.string(), mode: z.string().optional(), duplicates: z.string().optional() }).safeParse(await jsonBody(c));
    if (!body.success) throw new DomainError("Envie o CSV no campo csv.", 400, "arquivo");
    return { csv: body.data.csv, mode: body.data.mode ?? queryMode, duplicates: body.data.duplicates ?? queryDuplicates };
  }
  return { csv: decodeCsvBytes(await c.req.arrayBuffer()), mode: queryMode, duplicates: queryDuplicates };
}

function contentDisposition(filename: string): string {
  return `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`;
}

/** Runs a handler for a signed-in member; errors become pt-BR JSON (unknown fields named). */
function run(c: Ctx, handler: (ctx: ServiceContext, actor: Actor) => Promise<Response>): Promise<Response> {
  return runAsMember(c, handler, (error) => {
    const fields = (error as { fields?: Record<string, string> }).fields;
    return error instanceof DomainError && fields ? apiError(c, error.status, error.message, "unknown_fields", fields) : undefined;
  });
}

export function resourceApi(mod: ResourceModule): Hono<AppEnv> {
  const def = mod.definition;
  const name = def.name;
  const app = new Hono<AppEnv>();
  const notFound = (c: Ctx) => apiError(c, 404, notFoundMessage(mod), "not_found");
  const withId = (c: Ctx, handler: (ctx: ServiceContext, actor: Actor, id: string) => Promise<Response>) =>
    run(c, (ctx, actor) => {
      const id = c.req.param("id") ?? "";
      return isId(id) ? handler(ctx, actor, id) : Promise.resolve(notFound(c));
    });

  app.get("/", (c) =>
    run(c, async (ctx, actor) => {
      const result = await listRecords(ctx, actor, name, parseListQuery(new URL(c.req.url), def));
      return c.json({
        data: result.rows,
        total: result.total,
        page: result.page,
        pageSize: result.pageSize,
        nextCursor: result.nextCursor,
        ...(Object.keys(result.totals).length ? { totals: result.totals } : {}),
      });
    }),
  );

  app.get("/options", (c) =>
    run(c, async (ctx, actor) => {
      const limit = Number(c.req.query("limit") ?? "20");
      const q = (c.req.query("q") ?? "").slice(0, 100);
      return c.json({ data: await recordOptions(ctx, actor, name, q, Number.isInteger(limit) ? limit : 20) });
    }),
  );

  app.get("/export", (c) =>
    run(c, async (ctx, actor) => {
      const format = c.req.query("format") ?? "csv";
      if (format !== "csv" && format !== "xlsx") throw new DomainError("Formato de exportação inválido: use csv ou xlsx.", 400, "format");
      const file = await exportRecords(ctx, actor, name, parseListQuery(new URL(c.req.url), def), format);
      return new Response(file.body, {
        headers: {
          "content-type": file.contentType,
          "content-disposition": contentDisposition(file.filename),
          "cache-control": "no-store",
        },
      });
    }),
  );

  app.post("/import", (c) =>
    run(c, async (ctx, actor) => {
      const { csv, mode, duplicates } = await importRequest(c);
      if (mode === "preview") return c.json({ data: await previewImport(ctx, actor, name, csv) });
      if (mode !== "all" && mode !== "valid-only")
        throw new DomainError("Modo de importação inválido: use preview, all ou valid-only.", 400, "mode");
      // duplicates: "skip" (default) leaves out rows repeating a live record or an earlier row; "import" keeps them.
      const policy = parseDuplicatePolicy(duplicates);
      return c.json({ data: await commitImport(ctx, actor, name, csv, mode, { duplicates: policy }) }, 201);
    }),
  );

  app.post("/duplicates", (c) =>
    run(c, async (ctx, actor) => {
      const body = await jsonBody(c);
      if (typeof body !== "object" || body === null) throw new DomainError("Envie os campos a conferir.", 400);
      const excluirId = (body as { excluirId?: unknown }).excluirId;
      return c.json({
        data: await findDuplicates(
          ctx,
          actor,
          name,
          body as Record<string, unknown>,
          typeof excluirId === "string" ? excluirId : undefined,
        ),
      });
    }),
  );

  app.post("/", (c) =>
    run(c, async (ctx, actor) => {
      const created = await createRecord(ctx, actor, name, def.schema.parse(await recordBody(c, mod, actor)));
      return c.json({ data: { id: created.id }, duplicates: created.duplicates }, 201);
    }),
  );

  /** Bulk soft delete and restore (the list's selection): `{ ids: [...] }`. */
  app.post("/delete", (c) =>
    run(c, async (ctx, actor) => {
      const body = idsBody.parse(await jsonBody(c));
      return c.json({ data: { deleted: await deleteRecords(ctx, actor, name, body.ids) } });
    }),
  );
  app.post("/restore", (c) =>
    run(c, async (ctx, actor) => {
      const body = idsBody.parse(await jsonBody(c));
      return c.json({ data: { restored: await restoreRecords(ctx, actor, name, body.ids) } });
    }),
  );

  const helpers: RouteHelpers = { run, notFound };
  ownRoutesOf(mod)?.(app, helpers);

  app.get("/:id", (c) =>
    withId(c, async (ctx, actor, id) => {
      const row = await getRecord(ctx, actor, name, id);
      return row ? c.json({ data: row }) : notFound(c);
    }),
  );
  app.patch("/:id", (c) =>
    withId(c, async (ctx, actor, id) => {
      const { duplicates } = await updateRecord(ctx, actor, name, id, def.schema.parse(await recordBody(c, mod, actor)));
      return c.json({ data: { id }, duplicates });
    }),
  );
  app.delete("/:id", (c) =>
    withId(c, async (ctx, actor, id) => {
      await deleteRecord(ctx, actor, name, id);
      return c.json({ data: { deleted: 1 } });
    }),
  );
  app.post("/:id/restore", (c) =>
    withId(c, async (ctx, actor, id) => {
      const count = await restoreRecords(ctx, actor, name, [id]);
      return count ? c.json({ data: { restored: count } }) : notFound(c);
    }),
  );
  if (mod.erase) {
    app.delete("/:id/lgpd", (c) =>
      withId(c, async (ctx, actor, id) => {
        // Irreversible: a recent password, or `senha` in the body (always, for bearer clients).
        const proof = await requireRecentAuth(ctx, c.get("rc").auth as AuthState, await bodyPassword(c.req.raw));
        await eraseRecord(ctx, actor, name, id, proof);
        return c.json({ data: { erased: true } });
      }),
    );
  }
  return app;
}

/** Every resource's API under `/api/<segment>`. */
export function mountResourceApis(app: Hono<AppEnv>): void {
  for (const mod of RESOURCES) app.route(`/api/${mod.definition.api}`, resourceApi(mod as unknown as ResourceModule));
}
