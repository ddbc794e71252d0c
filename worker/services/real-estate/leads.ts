import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { ZodError } from "zod";
import { clientKeys, clients, inboundLeads, properties, propertyInterests } from "../../../db/schema/index.ts";
import { type OrgTable, orgScope } from "../../../db/tenant.ts";
import type { ClientOrigin, InterestOrigin } from "../../../shared/enums.ts";
import { leadContactSchema } from "../../../shared/real-estate/lead.ts";
import { sortKey } from "../../../shared/search.ts";
import { zodMessagePtBr } from "../../../shared/validation.ts";
import { insertValues } from "../../resources/records.ts";
import { moduleOf } from "../../resources/registry.ts";
import { DomainError, type ServiceContext } from "../context.ts";
import { isId } from "../../../shared/id.ts";

/**
 * Leads from outside (public contact forms, the portal webhook): one call finds or creates the
 * client, opens an interest ("etapa novo") and records the submission, in one atomic batch.
 */

export interface IncomingLead {
  origem: InterestOrigin;
  /** The dedupe key: "site:<sha256 of e-mail|phone|property|day>", "portal:<originLeadId>"… */
  chave: string;
  nome: string;
  email?: string | null;
  telefone?: string | null;
  mensagem?: string | null;
  imovelId?: string | null;
}

export interface ReceivedLead {
  leadId: string;
  clienteId: string;
  interesseId: string;
  /** A client on file with the same e-mail or phone, left for a member to confirm (null: none). */
  correspondenteId: string | null;
  /** True when the key was seen before: nothing was created, the first lead counts one more repeat. */
  repetido: boolean;
}

/** The client's origin for an interest's origin (the client list filters by these). */
const CLIENT_ORIGIN: Record<InterestOrigin, ClientOrigin> = {
  manual: "outro",
  site: "site",
  landing_page: "site",
  portal: "portal",
  whatsapp: "outro",
  indicacao: "indicacao",
  outro: "outro",
  instagram: "instagram",
  facebook: "facebook",
};

/** A refused lead: the first pt-BR message of the contact schema, as a 400. */
function invalid(error: ZodError): DomainError {
  const issue = error.issues[0];
  const field = typeof issue?.path[0] === "string" ? issue.path[0] : undefined;
  return new DomainError(issue ? issue.message || zodMessagePtBr(issue) : "Dados inválidos.", 400, field);
}

/**
 * `INSERT INTO table (…) SELECT … WHERE NOT EXISTS (guard)` where values may be SQL
 * expressions (the client found by a subquery); parameters go through each column's encoding.
 */
export function insertSelect(ctx: ServiceContext, table: OrgTable, values: Record<string, unknown>, guard: SQL) {
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  const names = entries.map(([key]) => sql.identifier((columns[key] as SQLiteColumn).name));
  const params = entries.map(([key, value]) =>
    value instanceof Object && "getSQL" in value ? (value as SQL) : sql.param(value, columns[key]),
  );
  return ctx.db.run(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(params, sql`, `)} where not exists (${guard})`,
  );
}

/**
 * Receives a lead for `orgId`. The lead always gets a client of its own (origem from the lead's):
 * a live client with this e-mail, else this phone, is only noted as a possible match
 * (`correspondencia = 'pendente'`), so a stranger cannot put words under a real client's name;
 * a member confirms or rejects it (lead-matches.ts). The interest points at
 * `imovelId` only when it is a live property of the same organization. A key seen before
 * creates nothing: the first lead's `repeticoes` grows and its ids come back (`repetido`).
 * One round trip; the batch is a transaction, so a lead is saved whole or not at all.
 */
export async function receiveLead(ctx: ServiceContext, orgId: string, lead: IncomingLead): Promise<ReceivedLead> {
  const parsed = leadContactSchema.safeParse({
    nome: lead.nome,
    email: lead.email ?? undefined,
    telefone: lead.telefone ?? undefined,
    mensagem: lead.mensagem ?? undefined,
  });
  if (!parsed.success) throw invalid(parsed.error);
  const contact = parsed.data;
  const key = lead.chave.trim();
  if (!key || key.length > 200) throw new DomainError("Chave do lead inválida.", 400, "chave");
  const imovelId = typeof lead.imovelId === "string" && isId(lead.imovelId) ? lead.imovelId : null;

  const scope = orgScope(ctx.db, orgId);
  const clientsModule = moduleOf("clients");
  const clientInput = clientsModule.definition.schema.parse({
    tipo: "pf",
    nome: contact.nome,
    email: contact.email,
    telefones: contact.telefone ? [{ numero: contact.telefone, whatsapp: true, rotulo: "Celular" }] : [],
    origem: CLIENT_ORIGIN[lead.origem],
    consentimentoLgpd: false,
  }) as Record<string, unknown>;
  const newClient = insertValues(clientsModule, scope, clientInput, null, ctx.now);
  const newClientId = newClient.id as string;
  const interestId = crypto.randomUUID();
  const leadId = crypto.randomUUID();

  const seen = sql`select 1 from ${inboundLeads} where ${scope.where(inboundLeads, sql`${inboundLeads.chave} = ${key}`)}`;
  // A client already on file with this e-mail, else this phone (never the one this lead creates).
  const byEmail = contact.email
    ? sql`(select ${clients.id} from ${clients} where ${scope.where(clients, sql`${clients.email} = ${contact.email} and ${clients.excluidoEm} is null and ${clients.id} <> ${newClientId}`)} order by ${clients.criadoEm}, ${clients.id} limit 1)`
    : sql`null`;
  const byPhone = contact.telefone
    ? sql`(select ${clientKeys.recordId} from ${clientKeys} where ${scope.where(clientKeys, sql`${clientKeys.key} = ${contact.telefone} and ${clientKeys.recordId} <> ${newClientId}`)} limit 1)`
    : sql`null`;
  // Anyone can type a client's e-mail: a match is only a possible one, never where the lead goes.
  const matched = sql`coalesce(${byEmail}, ${byPhone})`;
  const clientId = newClientId;
  const property = imovelId
    ? sql`(select ${properties.id} from ${properties} where ${scope.where(properties, sql`${properties.id} = ${imovelId} and ${properties.excluidoEm} is null`)})`
    : sql`null`;

  const interest = scope.values({
    id: interestId,
    clienteId: clientId,
    imovelId: property,
    // The interest's derived columns as the Interesses module writes them: the client's sort and search keys.
    ordem: sql`coalesce((select ${clients.ordem} from ${clients} where ${scope.where(clients, sql`${clients.id} = ${clientId}`)}), ${sortKey(contact.nome)})`,
    chavesBusca: sql`coalesce((select ${clients.chavesBusca} from ${clients} where ${scope.where(clients, sql`${clients.id} = ${clientId}`)}), '[]')`,
    etapa: "novo",
    temperatura: "morno",
    origem: lead.origem,
    mensagem: contact.mensagem ?? null,
    criadoEm: ctx.now,
    atualizadoEm: ctx.now,
  });

  const [, , , found] = await ctx.db.batch([
    insertSelect(ctx, clients, newClient, seen),
    insertSelect(ctx, propertyInterests, interest, seen),
    ctx.db
      .insert(inboundLeads)
      .values(
        scope.values({
          id: leadId,
          chave: key,
          origem: lead.origem,
          clienteId: clientId,
          interesseId: interestId,
          imovelId: property,
          recebidoEm: ctx.now,
          repeticoes: 0,
          correspondenteId: matched,
          correspondencia: sql`case when ${matched} is null then null else 'pendente' end`,
        }),
      )
      .onConflictDoUpdate({ target: [inboundLeads.orgId, inboundLeads.chave], set: { repeticoes: sql`${inboundLeads.repeticoes} + 1` } }),
    ctx.db
      .select({
        id: inboundLeads.id,
        clienteId: inboundLeads.clienteId,
        interesseId: inboundLeads.interesseId,
        correspondenteId: inboundLeads.correspondenteId,
      })
      .from(inboundLeads)
      .where(scope.where(inboundLeads, sql`${inboundLeads.chave} = ${key}`))
      .limit(1),
  ]);
  const row = found[0];
  if (!row) throw new Error("receiveLead: o lead não foi gravado");
  return {
    leadId: row.id,
    clienteId: row.clienteId ?? "",
    interesseId: row.interesseId ?? "",
    correspondenteId: row.correspondenteId,
    repetido: row.id !== leadId,
  };
}

/** The "site" dedupe key: the same person about the same property on the same São Paulo day. */
export async function siteLeadKey(
  prefix: "site" | "landing_page",
  who: { email?: string | null; telefone?: string | null },
  imovelId: string | null,
  day: string,
): Promise<string> {
  const text = [who.email?.trim().toLowerCase() ?? "", who.telefone ?? "", imovelId ?? "", day].join("|");
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return `${prefix}:${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
