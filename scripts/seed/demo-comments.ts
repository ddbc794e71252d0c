import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { postComments } from "../../db/schema/index.ts";
import { createRng, hashSeed } from "./demo-random.ts";

/**
 * Comments on the demo business's published posts from its imóveis (ADR 046), as Meta's webhooks
 * would have recorded them: what buyers ask under a listing, so a post's page shows its comments
 * and "Criar interesse" at once. Deterministic (seeded) but for row ids; ids start with `demo`.
 */

const QUESTIONS = [
  "Qual o valor do condomínio?",
  "Ainda está disponível? Tenho interesse.",
  "Aceita financiamento pela Caixa?",
  "Dá para visitar no sábado de manhã?",
  "Quantas vagas de garagem?",
  "Aceita permuta por um apartamento menor?",
  "Manda mais fotos da cozinha, por favor!",
  "Qual o valor do IPTU?",
] as const;

const INSTAGRAM_PEOPLE = ["marina.alves", "rodrigo.tavares", "cami.ferreira", "joao.pedro.lima", "bia.moura"] as const;
const FACEBOOK_PEOPLE = ["Patrícia Gomes", "Anderson Ribeiro", "Luciana Prado", "Marcos Vinícius"] as const;

/** Two or three comments on each of the latest published publications made from an imóvel (up to 6). */
export async function seedDemoComments(db: Database, orgId: string, now = new Date()): Promise<number> {
  const targets = await db.all<{ id: string; post_id: string; network: "facebook" | "instagram"; published_at: number }>(sql`
    select pt.id, pt.post_id, pt.network, pt.published_at from post_targets pt
    join posts p on p.id = pt.post_id and p.org_id = pt.org_id
    where pt.org_id = ${orgId} and pt.status = 'publicado' and p.property_id is not null and p.deleted_at is null
    order by pt.published_at desc, pt.id limit 6`);
  const rng = createRng(hashSeed("demo-comments"));
  const rows: (typeof postComments.$inferInsert)[] = [];
  targets.forEach((target, t) => {
    const published = Number(target.published_at ?? now.getTime());
    const count = 2 + (t % 2);
    for (let i = 0; i < count; i++) {
      const instagram = target.network === "instagram";
      const who = instagram
        ? INSTAGRAM_PEOPLE[rng.int(0, INSTAGRAM_PEOPLE.length - 1)]
        : FACEBOOK_PEOPLE[rng.int(0, FACEBOOK_PEOPLE.length - 1)];
      const at = new Date(Math.min(published + (i + 1) * rng.int(20, 300) * 60_000, now.getTime() - (count - i) * 60_000));
      rows.push({
        id: crypto.randomUUID(),
        orgId,
        postId: target.post_id,
        alvoId: target.id,
        rede: target.network,
        comentarioId: `demo_comment_${t}_${i}`,
        autorId: `demo_person_${(who as string).replace(/[^a-z]/gi, "").toLowerCase()}`,
        autorNome: instagram ? null : (who as string),
        autorUsuario: instagram ? (who as string) : null,
        texto: QUESTIONS[rng.int(0, QUESTIONS.length - 1)] as string,
        comentadoEm: at,
        criadoEm: at,
        atualizadoEm: at,
      });
    }
  });
  if (rows.length) await db.insert(postComments).values(rows).onConflictDoNothing();
  return rows.length;
}
