import type { ClientRow } from "../../../shared/resources/clients.ts";
import type { CompanyRow } from "../../../shared/resources/companies.ts";
import { clients } from "../../../db/schema/index.ts";
import { childrenStatement, recordStatement, rowsOf } from "../../resources/records.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";

/** A company with its linked clients, in one round trip; null when not found. */
export async function companyWithClients(
  ctx: ServiceContext,
  actor: Actor,
  companyId: string,
): Promise<{ company: CompanyRow; clients: ClientRow[] } | null> {
  const company = recordStatement(ctx, actor, "companies", companyId);
  const linked = childrenStatement(ctx, actor, "clients", clients.empresaId, companyId);
  const [rows, children] = await ctx.db.batch([company.statement, linked.statement]);
  const [row] = rowsOf(company.mod, rows) as unknown as CompanyRow[];
  if (!row) return null;
  return { company: row, clients: rowsOf(linked.mod, children) as unknown as ClientRow[] };
}

/** The clients of a live company (at most 500); 404 when the company is not found. */
export async function companyClients(ctx: ServiceContext, actor: Actor, companyId: string): Promise<ClientRow[]> {
  const found = await companyWithClients(ctx, actor, companyId);
  if (!found) throw new DomainError("Empresa não encontrada.", 404);
  return found.clients;
}
