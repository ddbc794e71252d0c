import { type Context, Hono } from "hono";
import { z } from "zod";
import type { Role } from "../../db/schema/organizations.ts";
import { parseListQuery } from "../../shared/resources/query.ts";
import type { AuthOrg } from "../auth/sessions.ts";
import { serviceContext } from "../context.ts";
import { apiError, toApiResponse } from "../http/errors.ts";
import type { AppEnv } from "../http/types.ts";
import {
  clientTimeline,
  commitImport,
  companyClients,
  createRecord,
  definitionOf,
  deleteRecords,
  eraseClient,
  exportClientData,
  exportRecords,
  findDuplicates,
  getRecord,
  type InputOf,
  listRecords,
  NOT_FOUND,
  parseDuplicatePolicy,
  previewImport,
  type ResourceName,
  restoreRecords,
  updateRecord,
} from "../resources/index.ts";
import { MAX_IMPORT_CHARS } from "../resources/import.ts";
import { DomainError } from "../services/context.ts";

/**
 * `/api/clients` and `/api/companies`: the same list state as the page URL, the same zod
 * schema and the same records layer as the screens. Roles: owner/admin/staff write,
 * professional reads; import and LGPD erasure are owner/admin only. Errors are pt-BR JSON
 * (`{ error: { message, code, fields? } }`), never a 500 for bad input.
 */

const WRITERS: readonly Role[] = ["owner", "admin", "staff"];
const MANAGERS: readonly Role[] = ["owner", "admin"];
const ID = /^[0-9A-Za-z-]{1,64}$/;

type Ctx = Context<AppEnv>;

function member(c: Ctx): { org: AuthOrg; userId: string } | Response {
  const auth = c.get("rc").auth;
  if (!auth) return apiError(c, 401, "Entre para continuar.", "unauthenticated");
  if (!auth.org) return apiError(c, 403, "Complete o cadastro do negócio para continuar.", "no_organization");
  return { org: auth.org, userId: auth.user.id };
}

function allowed(c: Ctx, org: AuthOrg, roles: readonly Role[]): Response | null {
  return roles.includes(org.role) ? null : apiError(c, 403, "Você não tem permissão para esta ação.", "forbidden");
}

function notFound(c: Ctx, name: ResourceName): Response {
  return apiError(c, 404, NOT_FOUND[name], "not_found");
}

async function jsonBody(c: Ctx): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DomainError("Corpo da requisição deve ser JSON.", 400);
  }
}

const idsBody = z.object({ ids: z.array(z.string().regex(ID)).min(1).max(500) });

/** What an import request carries: JSON `{ csv, mode }`, a multipart `arquivo` + `mode`, or a text/csv body with `?mode=`. */
async function importRequest(c: Ctx): Promise<{ csv: string; mode: string; duplicates: unknown }> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  const length = Number(c.req.header("content-length") ?? "0");
  if (length > MAX_IMPORT_CHARS * 2) throw new DomainError("O arquivo é grande demais: o limite é 5 MB.", 400, "arquivo");
  const queryMode = c.req.query("mode") ?? "preview";
  const queryDuplicates = c.req.query("duplicates");
  if (type.includes("multipart/form-data")) {
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("arquivo");
    if (!form || !(file instanceof Blob)) throw new DomainError("Envie o arquivo CSV no campo arquivo.", 400, "arquivo");
    if (file.size > MAX_IMPORT_CHARS) throw new DomainError("O arquivo é grande demais: o limite é 5 MB.", 400, "arquivo");
    const mode = form.get("mode");
    return {
      csv: await file.text(),
      mode: typeof mode === "string" ? mode : queryMode,
      duplicates: form.get("duplicates") ?? queryDuplicates,
    };
  }
  if (type.includes("application/json")) {
    const body = z.object({ csv: z.string(), mode: z.string().optional(), duplicates: z.string().optional() }).safeParse(await jsonBody(c));
    if (!body.success) throw new DomainError("Envie o CSV no campo csv.", 400, "arquivo");
    return { csv: body.data.csv, mode: body.data.mode ?? queryMode, duplicates: body.data.duplicates ?? queryDuplicates };
  }
  return { csv: await c.req.text(), mode: queryMode, duplicates: queryDuplicates };
}

function contentDisposition(filename: string): string {
  return `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`;
}

export function resourceApi(name: ResourceName): Hono<AppEnv> {
  const def = definitionOf(name);
  const app = new Hono<AppEnv>();

  const run = async (
    c: Ctx,
    roles: readonly Role[],
    handler: (ctx: ReturnType<typeof serviceContext>, m: { org: AuthOrg; userId: string }) => Promise<Response>,
  ) => {
    const m = member(c);
    if (m instanceof Response) return m;
    const denied = allowed(c, m.org, roles);
    if (denied) return denied;
    try {
      return await handler(serviceContext(c.get("rc")), m);
    } catch (error) {
      return toApiResponse(c, error);
    }
  };
  const READERS: readonly Role[] = ["owner", "admin", "staff", "professional"];

  app.get("/", (c) =>
    run(c, READERS, async (ctx, m) => {
      const query = parseListQuery(new URL(c.req.url), def);
      const result = await listRecords(ctx, m.org.id, name, query);
      return c.json({
        data: result.rows,
        total: result.total,
        page: result.page,
        pageSize: result.pageSize,
        nextCursor: result.nextCursor,
      });
    }),
  );

  app.get("/export", (c) =>
    run(c, READERS, async (ctx, m) => {
      const format = c.req.query("format") ?? "csv";
      if (format !== "csv" && format !== "xlsx") throw new DomainError("Formato de exportação inválido: use csv ou xlsx.", 400, "format");
      const file = await exportRecords(ctx, m.org.id, name, parseListQuery(new URL(c.req.url), def), format);
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
    run(c, MANAGERS, async (ctx, m) => {
      const { csv, mode, duplicates } = await importRequest(c);
      if (mode === "preview") return c.json({ data: await previewImport(ctx, m.org.id, name, csv) });
      if (mode !== "all" && mode !== "valid-only")
        throw new DomainError("Modo de importação inválido: use preview, all ou valid-only.", 400, "mode");
      // duplicates: "skip" (default) leaves out rows repeating a live record or an earlier row; "import" keeps them.
      const policy = parseDuplicatePolicy(duplicates);
      return c.json({ data: await commitImport(ctx, m.org.id, m.userId, name, csv, mode, { duplicates: policy }) }, 201);
    }),
  );

  app.post("/duplicates", (c) =>
    run(c, WRITERS, async (ctx, m) => {
      const body = await jsonBody(c);
      if (typeof body !== "object" || body === null) throw new DomainError("Envie os campos a conferir.", 400);
      const excludeId =
        typeof (body as { excluirId?: unknown }).excluirId === "string" ? (body as { excluirId: string }).excluirId : undefined;
      return c.json({ data: await findDuplicates(ctx, m.org.id, name, body as Record<string, unknown>, excludeId) });
    }),
  );

  app.post("/", (c) =>
    run(c, WRITERS, async (ctx, m) => {
      const input = def.schema.parse(await jsonBody(c)) as InputOf[typeof name];
      const created = await createRecord(ctx, m.org.id, m.userId, name, input);
      return c.json({ data: { id: created.id }, duplicates: created.duplicates }, 201);
    }),
  );

  app.get("/:id", (c) =>
    run(c, READERS, async (ctx, m) => {
      const id = c.req.param("id");
      const row = ID.test(id) ? await getRecord(ctx, m.org.id, name, id) : null;
      return row ? c.json({ data: row }) : notFound(c, name);
    }),
  );

  app.patch("/:id", (c) =>
    run(c, WRITERS, async (ctx, m) => {
      const id = c.req.param("id");
      if (!ID.test(id)) return notFound(c, name);
      const input = def.schema.parse(await jsonBody(c)) as InputOf[typeof name];
      const { duplicates } = await updateRecord(ctx, m.org.id, m.userId, name, id, input);
      return c.json({ data: { id }, duplicates });
    }),
  );

  app.delete("/:id", (c) =>
    run(c, WRITERS, async (ctx, m) => {
      const id = c.req.param("id");
      const count = ID.test(id) ? await deleteRecords(ctx, m.org.id, m.userId, name, [id]) : 0;
      return count ? c.json({ data: { deleted: count } }) : notFound(c, name);
    }),
  );

  app.post("/:id/restore", (c) =>
    run(c, WRITERS, async (ctx, m) => {
      const id = c.req.param("id");
      const count = ID.test(id) ? await restoreRecords(ctx, m.org.id, m.userId, name, [id]) : 0;
      return count ? c.json({ data: { restored: count } }) : notFound(c, name);
    }),
  );

  /** Bulk soft delete and restore (the list's selection): `{ ids: [...] }`. */
  app.post("/delete", (c) =>
    run(c, WRITERS, async (ctx, m) => {
      const body = idsBody.parse(await jsonBody(c));
      return c.json({ data: { deleted: await deleteRecords(ctx, m.org.id, m.userId, name, body.ids) } });
    }),
  );
  app.post("/restore", (c) =>
    run(c, WRITERS, async (ctx, m) => {
      const body = idsBody.parse(await jsonBody(c));
      return c.json({ data: { restored: await restoreRecords(ctx, m.org.id, m.userId, name, body.ids) } });
    }),
  );

  if (name === "clients") {
    app.get("/:id/timeline", (c) =>
      run(c, READERS, async (ctx, m) => {
        const id = c.req.param("id");
        if (!ID.test(id)) return notFound(c, name);
        return c.json({ data: await clientTimeline(ctx, m.org.id, id) });
      }),
    );
    app.get("/:id/lgpd", (c) =>
      run(c, WRITERS, async (ctx, m) => {
        const id = c.req.param("id");
        if (!ID.test(id)) return notFound(c, name);
        const data = await exportClientData(ctx, m.org.id, id);
        return new Response(JSON.stringify(data, null, 2), {
          headers: {
            "content-type": "application/json; charset=utf-8",
            "content-disposition": contentDisposition(`cliente-${id}-dados-lgpd.json`),
            "cache-control": "no-store",
          },
        });
      }),
    );
    app.delete("/:id/lgpd", (c) =>
      run(c, MANAGERS, async (ctx, m) => {
        const id = c.req.param("id");
        if (!ID.test(id)) return notFound(c, name);
        await eraseClient(ctx, m.org.id, m.userId, id);
        return c.json({ data: { erased: true } });
      }),
    );
  } else {
    app.get("/:id/clients", (c) =>
      run(c, READERS, async (ctx, m) => {
        const id = c.req.param("id");
        if (!ID.test(id)) return notFound(c, name);
        return c.json({ data: await companyClients(ctx, m.org.id, id) });
      }),
    );
  }

  return app;
}

export const clientsApi = resourceApi("clients");
export const companiesApi = resourceApi("companies");
