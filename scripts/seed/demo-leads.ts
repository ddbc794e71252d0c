import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { clients, inboundLeads, properties, propertyInterests } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import type { ServiceContext } from "../../worker/services/context.ts";
import { receiveLead } from "../../worker/services/real-estate/leads.ts";

/**
 * The demo's leads: the interests that came from the site, the landing page or a portal get the
 * lead that opened them (so a client's timeline shows where they came from), and one portal lead
 * arrived two days ago with the e-mail of a client who already has interests: a "possível
 * correspondência" waiting for someone to confirm it is the same person. Deterministic.
 */

const DAY = 86_400_000;
const FROM_OUTSIDE = ["site", "landing_page", "portal"] as const;

export async function seedDemoLeads(db: Database, orgId: string, now: Date): Promise<void> {
  const scope = orgScope(db, orgId);
  const i = propertyInterests;
  const opened = await db
    .select({ id: i.id, clienteId: i.clienteId, imovelId: i.imovelId, origem: i.origem, criadoEm: i.criadoEm })
    .from(i)
    .where(scope.where(i, inArray(i.origem, [...FROM_OUTSIDE]), isNull(i.excluidoEm)))
    .orderBy(asc(i.criadoEm), asc(i.id));
  if (opened.length) {
    await db.insert(inboundLeads).values(
      opened.map((row) =>
        scope.values({
          id: crypto.randomUUID(),
          chave: `${row.origem}:demo-${row.id}`,
          origem: row.origem,
          clienteId: row.clienteId,
          interesseId: row.id,
          imovelId: row.imovelId,
          recebidoEm: row.criadoEm,
          repeticoes: 0,
        }),
      ),
    );
  }
  // The client on file with the most interests (and an e-mail): the one a stranger would name.
  const [named] = await db
    .select({ nome: clients.nome, email: clients.email })
    .from(clients)
    .where(scope.where(clients, isNull(clients.excluidoEm), isNotNull(clients.email)))
    .orderBy(
      sql`(select count(*) from ${i} where ${scope.where(i, sql`${i.clienteId} = ${clients.id}`, isNull(i.excluidoEm))}) desc`,
      asc(clients.ordem),
    )
    .limit(1);
  const [listed] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(scope.where(properties, and(eq(properties.status, "disponivel"), eq(properties.portal, true)), isNull(properties.excluidoEm)))
    .orderBy(asc(properties.codigo))
    .limit(1);
  if (!named?.email) return;
  const firstName = named.nome.split(" ")[0] ?? named.nome;
  // receiveLead reads only the database and the clock.
  const ctx = { db, now: new Date(now.getTime() - 2 * DAY) } as unknown as ServiceContext;
  await receiveLead(ctx, orgId, {
    origem: "portal",
    chave: "portal:demo-correspondencia",
    nome: firstName,
    email: named.email,
    mensagem: "Vi o anúncio no portal. Ainda está disponível? Posso visitar no fim de semana?",
    imovelId: listed?.id ?? null,
  });
}
