import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ServiceProductLine } from "../../../shared/agenda/service-products.ts";
import { SERVICE_PRODUCTS_MAX, type ServicoRow } from "../../../shared/resources/servicos.ts";
import { isId } from "../../../shared/id.ts";
import { allowed, recordStatement, rowsOf, translateDbError } from "../../resources/records.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";

/**
 * The products a service consumes (service_products), written for the service's page and the
 * API, each write one batch (one round trip, one transaction): the service's own row is touched
 * first (its audit trail says who changed its recipe; no row touched: not found), then each line
 * is written with its checks inside the statement — only a live product of the organização has
 * an id there, so another organização's (or a deleted) product leaves it NULL and the table
 * refuses the whole batch; a service already at its limit of products leaves `org_id` NULL
 * (refused the same way, with its own message). The service as it is now is read back at the end.
 */

const NOT_FOUND = "Serviço não encontrado.";

function touch(actor: Actor, serviceId: string, now: number): SQL {
  return sql`update services set updated_at = ${now}, updated_by = ${actor.userId}
    where org_id = ${actor.orgId} and id = ${serviceId} and deleted_at is null`;
}

/** A line inserted or its quantity replaced; only when the service was touched now (`updated_at`). */
function upsert(actor: Actor, serviceId: string, line: ServiceProductLine, now: number): SQL {
  const milli = Math.round(line.quantidade * 1000);
  const others = sql`(select count(*) from service_products o where o.org_id = ${actor.orgId} and o.service_id = ${serviceId} and o.product_id <> ${line.produtoId})`;
  return sql`insert into service_products (org_id, service_id, product_id, quantity_milli)
    select case when ${others} >= ${SERVICE_PRODUCTS_MAX} then null else s.org_id end, s.id,
      (select p.id from products p where p.org_id = ${actor.orgId} and p.id = ${line.produtoId} and p.deleted_at is null),
      ${milli}
    from services s where s.org_id = ${actor.orgId} and s.id = ${serviceId} and s.deleted_at is null and s.updated_at = ${now}
    on conflict (org_id, service_id, product_id) do update set quantity_milli = excluded.quantity_milli`;
}

async function write(ctx: ServiceContext, actor: Actor, serviceId: string, statements: (now: number) => SQL[]): Promise<ServicoRow> {
  const mod = allowed(actor, "servicos", "update");
  if (!isId(serviceId)) throw new DomainError(NOT_FOUND, 404);
  const now = ctx.now.getTime();
  const writes = [touch(actor, serviceId, now), ...statements(now)].map((s) => ctx.db.run(s));
  const { statement: readBack } = recordStatement(ctx, actor, "servicos", serviceId);
  let results: unknown[];
  try {
    results = await ctx.db.batch([...writes, readBack] as unknown as [BatchItem<"sqlite">]);
  } catch (error) {
    translateDbError(mod, error);
  }
  const touched = results[0] as { rowsAffected?: number };
  const [row] = rowsOf(mod, results.at(-1) as { j: string }[]) as unknown as ServicoRow[];
  if (!touched.rowsAffected || !row) throw new DomainError(NOT_FOUND, 404);
  return row;
}

/** Adds a product to the service, or changes its quantity. */
export function setServiceProduct(ctx: ServiceContext, actor: Actor, serviceId: string, line: ServiceProductLine): Promise<ServicoRow> {
  return write(ctx, actor, serviceId, (now) => [upsert(actor, serviceId, line, now)]);
}

/** Takes a product off the service (a product it did not consume: nothing changes). */
export function removeServiceProduct(ctx: ServiceContext, actor: Actor, serviceId: string, productId: string): Promise<ServicoRow> {
  if (!isId(productId)) throw new DomainError("Produto não encontrado.", 404);
  return write(ctx, actor, serviceId, () => [
    sql`delete from service_products where org_id = ${actor.orgId} and service_id = ${serviceId} and product_id = ${productId}`,
  ]);
}

/** Replaces the whole list (the API): lines not sent leave, the others are written. */
export function replaceServiceProducts(
  ctx: ServiceContext,
  actor: Actor,
  serviceId: string,
  lines: readonly ServiceProductLine[],
): Promise<ServicoRow> {
  return write(ctx, actor, serviceId, (now) => [
    sql`delete from service_products where org_id = ${actor.orgId} and service_id = ${serviceId}
      and exists (select 1 from services s where s.org_id = ${actor.orgId} and s.id = ${serviceId} and s.deleted_at is null and s.updated_at = ${now})`,
    ...lines.map((line) => upsert(actor, serviceId, line, now)),
  ]);
}
