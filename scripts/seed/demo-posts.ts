import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { posts, properties, propertyPhotos, socialAccounts } from "../../db/schema/index.ts";
import { PROPERTY_TYPE } from "../../shared/enums/real-estate.ts";
import type { Role } from "../../shared/enums.ts";
import { dayIn } from "../../shared/time-zone.ts";
import { postFromProperty } from "../../shared/social/post-from-property.ts";
import { postInstant } from "../../shared/social/post-time.ts";
import { createRecord } from "../../worker/resources/records.ts";
import type { Actor } from "../../worker/services/context.ts";
import { movePost } from "../../worker/services/social/posts.ts";
import { seedContext } from "./demo-landing.ts";

/**
 * The demo's posts in the works (issue 19), so Rascunhos is alive at once: two from corretores'
 * imóveis waiting for the owner's approval (one with a suggested time), drafts of the team, one
 * of them not about an imóvel. Written through the app's own records layer and moves, so the
 * demo cannot hold a post the editor would refuse. Each post uses the demo's connected accounts
 * when they exist (the connection piece seeds them); without any, drafts carry no network and
 * the posts "waiting" are marked so on the post alone (the page then says to choose an account).
 * The published and scheduled month is another piece's.
 */

const DAY = 86_400_000;
const ZONE = "America/Sao_Paulo";

interface Person {
  id: string;
  role: Role;
}

/** A day `days` from `now` at `time` on the demo's clock, as the instant the form would send. */
function at(now: Date, days: number, time: string): string {
  return postInstant(`${dayIn(new Date(now.getTime() + days * DAY), ZONE)}T${time}`, ZONE).toISOString();
}

async function propertiesWithPhotos(db: Database, orgId: string, propertyIds: readonly string[]) {
  const rows = await db
    .select({
      id: properties.id,
      codigo: properties.codigo,
      titulo: properties.titulo,
      slug: properties.slug,
      status: properties.status,
      finalidade: properties.finalidade,
      precoCentavos: properties.precoCentavos,
      bairro: properties.bairro,
      cidade: properties.cidade,
      tipo: properties.tipo,
    })
    .from(properties)
    .where(
      and(
        eq(properties.orgId, orgId),
        inArray(properties.id, [...propertyIds]),
        eq(properties.status, "disponivel"),
        isNull(properties.excluidoEm),
      ),
    );
  const photos = await db
    .select({
      id: propertyPhotos.id,
      imovelId: propertyPhotos.propertyId,
      capa: propertyPhotos.capa,
      posicao: propertyPhotos.posicao,
      legenda: propertyPhotos.legenda,
    })
    .from(propertyPhotos)
    .where(and(eq(propertyPhotos.orgId, orgId), inArray(propertyPhotos.propertyId, [...propertyIds])))
    .orderBy(asc(propertyPhotos.posicao));
  const order = new Map(propertyIds.map((id, i) => [id, i]));
  return rows
    .map((r) => ({
      ...r,
      tipoLabel: r.tipo ? PROPERTY_TYPE.label(r.tipo) || null : null,
      photos: photos.filter((p) => p.imovelId === r.id),
    }))
    .filter((r) => r.photos.length > 0)
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

export async function seedDemoPosts(
  db: Database,
  orgId: string,
  people: readonly Person[],
  propertyIds: readonly string[],
  now: Date,
  origin = "http://localhost:8787",
): Promise<{ postIds: string[] }> {
  const ctx = { ...seedContext(db, now), origin };
  const person = (role: Role) => people.find((p) => p.role === role) as Person;
  const actorOf = (role: Role): Actor => ({ orgId, userId: person(role).id, role, ownOnly: false, timeZone: ZONE });
  const accounts = await db
    .select({ id: socialAccounts.id, rede: socialAccounts.rede })
    .from(socialAccounts)
    .where(eq(socialAccounts.orgId, orgId));
  const both = ["facebook", "instagram"].flatMap((rede) =>
    accounts
      .filter((a) => a.rede === rede)
      .slice(0, 1)
      .map((a) => a.id),
  );
  const pageOnly = accounts
    .filter((a) => a.rede === "facebook")
    .slice(0, 1)
    .map((a) => a.id);
  const listings = await propertiesWithPhotos(db, orgId, propertyIds);
  const [first, second, third] = listings;
  const drafts: { role: Role; input: Record<string, unknown>; send?: boolean }[] = [];
  if (first) {
    const start = postFromProperty(origin, first, first.photos);
    drafts.push({
      role: "professional",
      send: true,
      input: {
        ...start,
        legenda: `Acabou de chegar na nossa carteira! ${start.legenda}`,
        primeiroComentario: "Quer visitar no fim de semana? Chame no direct que a gente agenda.",
        contas: both,
      },
    });
  }
  if (second) {
    const start = postFromProperty(origin, second, second.photos.slice(0, 1));
    drafts.push({
      role: "staff",
      send: true,
      input: { ...start, agendadoPara: at(now, 4, "10:00"), contas: both },
    });
  }
  if (third) {
    const start = postFromProperty(origin, third, third.photos);
    drafts.push({ role: "professional", input: { ...start, legenda: `Preço novo! ${start.legenda}`, contas: both } });
  }
  drafts.push({
    role: "staff",
    input: {
      legenda:
        "Primeiro imóvel? 5 dicas para financiar sem susto 🔑\n\n1. Simule em mais de um banco\n2. Junte a entrada e os custos de cartório e ITBI\n3. Use o FGTS se puder\n4. Confira a documentação do vendedor\n5. Conte com um corretor do bairro\n\nDúvidas? Chame no WhatsApp (11) 98765-4321.\n\n#primeiroimóvel #financiamentoimobiliário #dicas",
      contas: pageOnly,
      midias: [],
    },
  });
  drafts.push({
    role: "owner",
    input: {
      legenda: "Estamos contratando corretores para a Zona Oeste! Mande seu currículo com o CRECI pelo direct. #vagas #corretordeimóveis",
      agendadoPara: at(now, 7, "18:30"),
      contas: [],
      midias: [],
    },
  });
  const postIds: string[] = [];
  for (const draft of drafts) {
    const actor = actorOf(draft.role);
    const { id } = await createRecord(ctx, actor, "posts", draft.input);
    if (!id) continue;
    postIds.push(id);
    if (!draft.send) continue;
    if (accounts.length) await movePost(ctx, actor, id, "enviar");
    // No account to publish to yet: waiting on the post alone (the approver's page says what is missing).
    else
      await db
        .update(posts)
        .set({ aprovacao: "aguardando_aprovacao" })
        .where(and(eq(posts.orgId, orgId), eq(posts.id, id)));
  }
  return { postIds };
}
