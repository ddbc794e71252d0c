import { and, desc, eq, exists, isNull, or, sql } from "drizzle-orm";
import { inboundLeads, properties, propertyInterests, propertyVisits } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { INTEREST_ORIGIN, INTEREST_PURPOSE, INTEREST_STAGE, PROPERTY_STATUS, VISIT_OUTCOME } from "../../../shared/enums.ts";
import { formatBRL, formatDate, formatTime } from "../../../shared/format.ts";
import { can, ownerCondition } from "../../auth/permissions.ts";
import type { LeadMatchPending, TimelineEvent } from "../customers/clients.ts";
import { SOURCE_LIMIT, type TimelineSource } from "../customers/timeline-source.ts";
import { ownVisits } from "./visits.ts";

/**
 * What the real-estate domain adds to a client's timeline: their interests (with the etapa),
 * their visits, the imóveis they own and the leads that came from them (or may have). Each reads
 * with the reader's reach: a corretor restricted to their own records sees only theirs.
 */

const iso = (value: unknown): string => (value instanceof Date ? value : new Date(Number(value))).toISOString();
const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);
const joined = (parts: readonly (string | null | undefined | false)[]): string | null => parts.filter(Boolean).join(" · ") || null;

/** "Pinheiros, São Paulo" from an interest's places. */
function placesText(places: unknown): string | null {
  if (!Array.isArray(places) || !places.length) return null;
  return (places as { bairro?: string; cidade?: string }[])
    .map((p) => (p.bairro ? `${p.bairro}, ${p.cidade ?? ""}`.replace(/, $/, "") : (p.cidade ?? "")))
    .filter(Boolean)
    .join("; ");
}

export const interestsSource: TimelineSource = {
  key: "interesses",
  counted: { one: "interesse", many: "interesses" },
  statement(ctx, actor, clientId) {
    if (!can(actor.role, "interesses", "read")) return null;
    const i = propertyInterests;
    return ctx.db
      .select({
        id: i.id,
        criadoEm: i.criadoEm,
        etapa: i.etapa,
        finalidade: i.finalidade,
        origem: i.origem,
        locais: i.locais,
        precoMaxCentavos: i.precoMaxCentavos,
        motivoPerda: i.motivoPerda,
        imovel: sql<
          string | null
        >`(select coalesce(p.title, 'Imóvel ' || p.code) from properties p where p.org_id = ${i.orgId} and p.id = ${i.imovelId})`,
        corretor: sql<string | null>`(select u.name from users u where u.id = ${i.corretorId})`,
      })
      .from(i)
      .where(
        orgScope(ctx.db, actor.orgId).where(
          i,
          eq(i.clienteId, clientId),
          isNull(i.excluidoEm),
          ownerCondition(actor, "interesses", "read", i),
        ),
      )
      .orderBy(desc(i.criadoEm), i.id)
      .limit(SOURCE_LIMIT + 1);
  },
  events: (rows) =>
    rows.map((r) => {
      const imovel = text(r.imovel);
      const purpose = INTEREST_PURPOSE.label(text(r.finalidade)) || "Interesse";
      const places = placesText(r.locais);
      const ceiling = typeof r.precoMaxCentavos === "number" ? `até ${formatBRL(r.precoMaxCentavos)}` : null;
      return {
        id: `interesse:${r.id}`,
        kind: "interest",
        at: iso(r.criadoEm),
        title: imovel ? `Interesse em ${imovel}` : `Interesse: ${purpose.toLowerCase()}${places ? ` em ${places}` : ""}`,
        description: joined([
          imovel ? null : ceiling,
          `Origem: ${INTEREST_ORIGIN.label(text(r.origem))}`,
          text(r.corretor) ? `Corretor: ${text(r.corretor)}` : null,
          r.etapa === "perdido" ? text(r.motivoPerda) : null,
        ]),
        by: null,
        href: `/property_clients/${r.id}`,
        badge: { label: INTEREST_STAGE.label(text(r.etapa)), tone: INTEREST_STAGE.tone(text(r.etapa)) },
      } satisfies TimelineEvent;
    }),
};

export const visitsSource: TimelineSource = {
  key: "visitas",
  counted: { one: "visita", many: "visitas" },
  statement(ctx, actor, clientId) {
    // Visits belong to interests: who reads interests reads them, with the same reach.
    if (!can(actor.role, "interesses", "read")) return null;
    const v = propertyVisits;
    return ctx.db
      .select({
        id: v.id,
        inicio: v.inicio,
        fim: v.fim,
        resultado: v.resultado,
        observacoes: v.observacoes,
        imovelId: v.imovelId,
        interesseId: v.interesseId,
        imovel: sql<
          string | null
        >`(select coalesce(p.title, 'Imóvel ' || p.code) from properties p where p.org_id = ${v.orgId} and p.id = ${v.imovelId})`,
        corretor: sql<string | null>`(select u.name from users u where u.id = ${v.corretorId})`,
      })
      .from(v)
      .where(orgScope(ctx.db, actor.orgId).where(v, eq(v.clienteId, clientId), isNull(v.excluidoEm), ownVisits(ctx, actor, "read")))
      .orderBy(desc(v.inicio), v.id)
      .limit(SOURCE_LIMIT + 1);
  },
  events: (rows, _clientId, zone) =>
    rows.map((r) => {
      const imovel = text(r.imovel) ?? "imóvel";
      return {
        id: `visita:${r.id}`,
        kind: "visit",
        at: iso(r.inicio),
        title: `Visita a ${imovel}`,
        description: joined([
          `${formatDate(iso(r.inicio), zone)}, ${formatTime(iso(r.inicio), zone)}–${formatTime(iso(r.fim), zone)}`,
          text(r.corretor) ? `Corretor: ${text(r.corretor)}` : null,
          text(r.observacoes),
        ]),
        by: null,
        // The interest's page lists its visits; a visit without one opens the imóvel.
        href: r.interesseId ? `/property_clients/${r.interesseId}` : `/properties/${r.imovelId}`,
        badge: { label: VISIT_OUTCOME.label(text(r.resultado)), tone: VISIT_OUTCOME.tone(text(r.resultado)) },
      } satisfies TimelineEvent;
    }),
};

export const ownedPropertiesSource: TimelineSource = {
  key: "imoveis",
  counted: { one: "imóvel", many: "imóveis" },
  statement(ctx, actor, clientId) {
    if (!can(actor.role, "imoveis", "read")) return null;
    const p = properties;
    return ctx.db
      .select({
        id: p.id,
        criadoEm: p.criadoEm,
        codigo: p.codigo,
        titulo: p.titulo,
        status: p.status,
        bairro: p.bairro,
        cidade: p.cidade,
      })
      .from(p)
      .where(
        orgScope(ctx.db, actor.orgId).where(
          p,
          eq(p.proprietarioId, clientId),
          isNull(p.excluidoEm),
          ownerCondition(actor, "imoveis", "read", p),
        ),
      )
      .orderBy(desc(p.criadoEm), p.id)
      .limit(SOURCE_LIMIT + 1);
  },
  events: (rows) =>
    rows.map(
      (r) =>
        ({
          id: `imovel:${r.id}`,
          kind: "property-owned",
          at: iso(r.criadoEm),
          title: `Proprietário de ${text(r.titulo) ?? `Imóvel ${r.codigo}`}`,
          description: joined([`Código ${r.codigo}`, joined([text(r.bairro), text(r.cidade)])?.replace(" · ", ", ")]),
          by: null,
          href: `/properties/${r.id}`,
          badge: { label: PROPERTY_STATUS.label(text(r.status)), tone: PROPERTY_STATUS.tone(text(r.status)) },
        }) satisfies TimelineEvent,
    ),
};

const LEAD_TITLE: Record<string, string> = {
  site: "Contato pela página do imóvel",
  landing_page: "Contato pela landing page",
  portal: "Lead do portal",
};

export const leadsSource: TimelineSource = {
  key: "leads",
  counted: { one: "lead", many: "leads" },
  statement(ctx, actor, clientId) {
    // A lead's words live on its interest: who may read that interest may read the lead.
    if (!can(actor.role, "interesses", "read")) return null;
    const l = inboundLeads;
    const i = propertyInterests;
    const scope = orgScope(ctx.db, actor.orgId);
    const owner = ownerCondition(actor, "interesses", "read", i);
    const theirs = owner
      ? exists(
          ctx.db
            .select({ one: sql`1` })
            .from(i)
            .where(scope.where(i, eq(i.id, l.interesseId), owner)),
        )
      : undefined;
    return ctx.db
      .select({
        id: l.id,
        recebidoEm: l.recebidoEm,
        origem: l.origem,
        repeticoes: l.repeticoes,
        clienteId: l.clienteId,
        correspondenteId: l.correspondenteId,
        correspondencia: l.correspondencia,
        interesseId: l.interesseId,
        imovelId: l.imovelId,
        clienteNome: sql<string | null>`(select c.name from clients c where c.org_id = ${l.orgId} and c.id = ${l.clienteId})`,
        correspondenteNome: sql<string | null>`(select c.name from clients c where c.org_id = ${l.orgId} and c.id = ${l.correspondenteId})`,
        mensagem: sql<
          string | null
        >`(select pi.message from property_interests pi where pi.org_id = ${l.orgId} and pi.id = ${l.interesseId})`,
        imovel: sql<
          string | null
        >`(select coalesce(p.title, 'Imóvel ' || p.code) from properties p where p.org_id = ${l.orgId} and p.id = ${l.imovelId})`,
      })
      .from(l)
      .where(
        scope.where(
          l,
          // Its own leads, and those that gave its e-mail or phone, while nobody has said whose they are.
          or(eq(l.clienteId, clientId), and(eq(l.correspondenteId, clientId), eq(l.correspondencia, "pendente"))),
          theirs,
        ),
      )
      .orderBy(desc(l.recebidoEm), l.id)
      .limit(SOURCE_LIMIT + 1);
  },
  events: (rows, clientId) =>
    rows.map((r) => {
      const pending = r.correspondencia === "pendente" && r.correspondenteId && r.clienteId;
      const match: LeadMatchPending | null = pending
        ? {
            leadId: String(r.id),
            leadClientId: String(r.clienteId),
            leadClientName: text(r.clienteNome) ?? "Cliente do lead",
            matchedClientId: String(r.correspondenteId),
            matchedClientName: text(r.correspondenteNome) ?? "Cliente cadastrado",
          }
        : null;
      // On the client on file, the lead is someone else's words until confirmed.
      const onMatched = Boolean(match && r.correspondenteId === clientId);
      const base = LEAD_TITLE[String(r.origem)] ?? `Lead: ${INTEREST_ORIGIN.label(text(r.origem))}`;
      const message = text(r.mensagem);
      const repeats =
        typeof r.repeticoes === "number" && r.repeticoes > 0
          ? `Enviado mais ${r.repeticoes} ${r.repeticoes === 1 ? "vez" : "vezes"}`
          : null;
      return {
        id: `lead:${r.id}`,
        kind: "lead",
        at: iso(r.recebidoEm),
        title: onMatched ? `${base} em nome de “${text(r.clienteNome) ?? "alguém"}”` : base,
        description: joined([text(r.imovel) ? `Sobre ${text(r.imovel)}` : null, message ? `“${message}”` : null, repeats]),
        by: null,
        href: onMatched ? `/clients/${r.clienteId}` : r.interesseId ? `/property_clients/${r.interesseId}` : null,
        badge:
          r.correspondencia === "pendente"
            ? { label: "Não verificado", tone: "yellow" }
            : r.correspondencia === "confirmada"
              ? { label: "Confirmado", tone: "green" }
              : null,
        match,
      } satisfies TimelineEvent;
    }),
};
