import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { escapeHtml } from "../../../shared/escape.ts";
import { formatDateTime } from "../../../shared/format.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { formatPriceFor } from "../../../shared/real-estate/listing-price.ts";
import { outboxInsert } from "../../email/provider.ts";
import type { EmailMessage } from "../../email/provider.ts";
import { enforceKeyedLimit } from "../../security/rate-limit.ts";
import { ownedGuard } from "../../auth/own-records.ts";
import { propertyInterests } from "../../../db/schema/index.ts";
import { queueEmail } from "../account/accounts.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { isId } from "../../../shared/id.ts";

/** Observações is capped at 2000 characters by the form: the newest lines stay, the oldest fall off. */
const NOTES_MAX = 2000;

/** What the client receives: the property's title, price ("R$ 2.500,00/mês" for a rent) and public page, signed by the broker. */
export function matchEmail(
  to: string,
  clientName: string,
  property: { title: string; price: string; link: string },
  from: { name: string; business: string },
): EmailMessage {
  const first = clientName.trim().split(/\s+/)[0] ?? "";
  const price = property.price ? ` por ${property.price}` : "";
  const intro = `Olá${first ? `, ${first}` : ""}! Separei um imóvel que combina com o que você procura: ${property.title}${price}.`;
  const sign = `${from.name} — ${from.business}`;
  return {
    to,
    subject: `Imóvel para você: ${property.title}`.slice(0, 200),
    link: property.link,
    text: `${intro}\n\nVeja fotos e detalhes: ${property.link}\n\n${sign}`,
    html: `<!doctype html><html lang="pt-BR"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px"><p>${escapeHtml(intro)}</p><p style="margin:24px 0"><a href="${escapeHtml(property.link)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Ver o imóvel</a></p><p style="color:#555;font-size:13px">Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(property.link)}</p><p>${escapeHtml(sign)}</p></body></html>`,
  };
}

interface Pair {
  clientName: string | null;
  clientEmail: string | null;
  title: string | null;
  code: string;
  slug: string | null;
  status: string;
  sale: number | null;
  rent: number | null;
  purpose: string | null;
  notes: string | null;
  senderName: string | null;
  business: string | null;
}

/** The interest's client and the property, both the organization's, in one read. */
function readPair(db: Database, actor: Actor, interestId: string, propertyId: string, mine: SQL) {
  return db.all<Pair>(sql`SELECT c.name AS clientName, c.email AS clientEmail, p.title AS title, p.code AS code, p.slug AS slug,
  p.status AS status, p.sale_price_cents AS sale, p.rent_price_cents AS rent, i.purpose AS purpose, i.notes AS notes,
  (SELECT u.name FROM users u WHERE u.id = ${actor.userId}) AS senderName, (SELECT o.name FROM organizations o WHERE o.id = i.org_id) AS business
FROM property_interests i JOIN clients c ON c.id = i.client_id AND c.org_id = i.org_id
JOIN properties p ON p.org_id = i.org_id AND p.id = ${propertyId} AND p.deleted_at IS NULL
WHERE i.org_id = ${actor.orgId} AND i.id = ${interestId} AND i.deleted_at IS NULL AND ${mine}`);
}

/**
 * "Enviar por e-mail": the property's public page to the interest's client, through the outbox,
 * recorded as a line on top of the interest's observações (visible on its page). Refused when
 * the client has no e-mail or the property has no public page; rate-limited per user and
 * organização (each send is an e-mail out of the business's name).
 */
export async function sendMatchByEmail(ctx: ServiceContext, actor: Actor, interestId: string, propertyId: string): Promise<string> {
  // An "own" actor writes only about an interest of theirs (the pair is not found otherwise).
  const mine = ownedGuard(ctx.db, actor, "interesses", "update", propertyInterests, interestId) ?? sql`1`;
  if (!isId(interestId) || !isId(propertyId)) throw new DomainError("Interesse ou imóvel não encontrado.", 404);
  const [pair] = await readPair(ctx.db, actor, interestId, propertyId, mine);
  if (!pair) throw new DomainError("Interesse ou imóvel não encontrado.", 404);
  if (!pair.clientEmail)
    throw new DomainError("O cliente não tem e-mail cadastrado. Cadastre um e-mail no cliente ou envie por WhatsApp.", 422);
  if (pair.status !== "disponivel" || !pair.slug) throw new DomainError("Só imóveis disponíveis têm página pública para enviar.", 422);
  await enforceKeyedLimit(ctx.db, "matchEmail", { user: actor.userId, org: actor.orgId }, ctx.now.getTime());
  const title = pair.title ?? `Imóvel ${pair.code}`;
  const link = new URL(`/imovel/${encodeURIComponent(pair.slug)}`, ctx.origin).toString();
  const mail = outboxInsert(
    ctx.db,
    matchEmail(
      pair.clientEmail,
      pair.clientName ?? "",
      // The price the client looks at: the rent (with "/mês") for someone who wants to rent.
      { title, price: formatPriceFor({ valorVendaCentavos: pair.sale, valorLocacaoCentavos: pair.rent }, pair.purpose), link },
      {
        name: pair.senderName ?? "",
        business: pair.business ?? "",
      },
    ),
  );
  const line = `${formatDateTime(ctx.now, timeZoneOf(actor.timeZone))}: ${title} (${pair.code}) enviado por e-mail para ${pair.clientEmail} por ${pair.senderName ?? "usuário"}.`;
  await ctx.db.batch([
    mail.query,
    ctx.db.run(sql`UPDATE property_interests SET notes = substr(${line} || coalesce(char(10) || notes, ''), 1, ${NOTES_MAX}),
  updated_at = ${ctx.now.getTime()}, updated_by = ${actor.userId}
WHERE org_id = ${actor.orgId} AND id = ${interestId} AND deleted_at IS NULL`),
  ]);
  await queueEmail(ctx, mail.id);
  return line;
}
