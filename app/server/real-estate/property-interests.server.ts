import { and, eq, isNull } from "drizzle-orm";
import { data } from "react-router";
import { properties } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { formatListingPrice } from "../../../shared/real-estate/listing-price.ts";
import { INTEREST_STAGE_OPTIONS, INTEREST_TEMPERATURE_OPTIONS, interesseDefinition } from "../../../shared/resources/interesses.ts";
import { optionLabel } from "../../../shared/resources/schema-helpers.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { formChoiceStatements } from "../../../worker/services/real-estate/interests.ts";
import { sendMatchByEmail } from "../../../worker/services/real-estate/match-emails.ts";
import { propertyInterestStatements, readInterestMatches, whatsappPhone } from "../../../worker/services/real-estate/matching.ts";
import { readVisits, visitsStatement } from "../../../worker/services/real-estate/visits.ts";
import type { MatchItem } from "../../components/real-estate/match-list.tsx";
import { saveVisit, whatsappLink } from "./interest-page.server.ts";
import { guard, screenPermissions } from "../resources.server.ts";
import { isId } from "../../../shared/id.ts";

type Args = Parameters<typeof guard>[0];

/**
 * The property's Interesses tab in one round trip: the property (title, slug, status), the open
 * interests it matches (SQL matching), the interests naming it, its visits and the team.
 */
export async function propertyInterestsTab(args: Args, propertyId: string) {
  const { ctx, actor } = guard(args, interesseDefinition, "read");
  if (!isId(propertyId)) throw new Response("Imóvel não encontrado.", { status: 404 });
  const p = properties;
  // The same two statements the property's header counts ("N interesses").
  const [directStatement, matchesStatement] = propertyInterestStatements(ctx.db, actor, propertyId);
  const [rows, direct, matches, visits, team] = await ctx.db.batch([
    ctx.db
      .select({
        id: p.id,
        titulo: p.titulo,
        codigo: p.codigo,
        slug: p.slug,
        status: p.status,
        preco: p.precoCentavos,
        finalidade: p.finalidade,
      })
      .from(p)
      .where(and(orgScope(ctx.db, actor.orgId).where(p, eq(p.id, propertyId), isNull(p.excluidoEm))))
      .limit(1),
    directStatement,
    matchesStatement,
    visitsStatement(ctx, actor, { propertyId }),
    formChoiceStatements(ctx, actor).team,
  ]);
  const property = rows[0];
  if (!property) throw new Response("Imóvel não encontrado.", { status: 404 });
  const title = property.titulo ?? `Imóvel ${property.codigo}`;
  // Only an available property has a public page worth sending.
  const sendable = property.status === "disponivel";
  const price = formatListingPrice(property.preco, property.finalidade);
  const send = (name: string, phone: string | null) =>
    sendable ? whatsappLink(ctx.origin, name, phone, property.slug, title, price) : null;
  const stage = (s: string, t: string) => `${optionLabel(INTEREST_STAGE_OPTIONS, s)} · ${optionLabel(INTEREST_TEMPERATURE_OPTIONS, t)}`;
  const items: MatchItem[] = [
    ...direct.map((d) => ({
      id: d.interestId,
      title: d.clientName,
      subtitle: stage(d.stage, d.temperature),
      price: "",
      score: null,
      reasons: ["Interesse neste imóvel específico"],
      novo: false,
      href: `/property_clients/${d.interestId}`,
      whatsapp: send(d.clientName, d.clientPhone),
      email: sendable && d.clientEmail ? { interestId: d.interestId, propertyId } : null,
    })),
    ...readInterestMatches(matches).map((m) => ({
      id: m.interestId,
      title: m.clientName,
      subtitle: stage(m.stage, m.temperature),
      price: "",
      score: m.score,
      reasons: m.reasons,
      novo: false,
      href: `/property_clients/${m.interestId}`,
      whatsapp: send(m.clientName, whatsappPhone(m.clientPhones)),
      email: sendable && m.clientEmail ? { interestId: m.interestId, propertyId } : null,
    })),
  ];
  const clients = items.map((i) => ({ value: i.id, label: `${i.title} (${i.subtitle})` }));
  return {
    property: { id: property.id, title, status: property.status, price },
    items,
    visits: readVisits(visits),
    choices: { team, clients },
    canUpdate: screenPermissions(args, interesseDefinition).canUpdate,
  };
}

/** A form value as a string ("" when absent or a file). */
function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

/**
 * "Enviar por e-mail" from a match list (the property tab or the interest page): refusals come
 * back as `{ emailError }` for the list to show, success as `{ emailSent }`.
 */
/**
 * "Enviar por e-mail" from a page about one record: that record comes from the URL (`fixed`),
 * never from the form, so a page can only send about its own interest or property.
 */
export async function emailMatchAction(args: Args, form: FormData, fixed: { interesseId: string } | { imovelId: string }) {
  const { ctx, actor } = guard(args, interesseDefinition, "update");
  const interestId = "interesseId" in fixed ? fixed.interesseId : text(form, "interesseId");
  const propertyId = "imovelId" in fixed ? fixed.imovelId : text(form, "imovelId");
  try {
    await sendMatchByEmail(ctx, actor, interestId, propertyId);
    return { emailSent: `${interestId}:${propertyId}` };
  } catch (error) {
    if (error instanceof DomainError)
      return data({ emailError: error.message, emailFor: `${interestId}:${propertyId}` }, { status: error.status === 404 ? 404 : 422 });
    throw error;
  }
}

/** The visit form on the property tab: the client is one of the interests listed, the property is this one. */
export async function propertyVisitAction(args: Args, propertyId: string, form: FormData) {
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const interestId = values.interesseId ?? "";
  const extra: Record<string, string> = isId(interestId) ? {} : { interesseId: "Selecione o cliente." };
  return saveVisit(args, interestId, { ...values, imovelId: propertyId }, extra, `/properties/${propertyId}/interesses`);
}
