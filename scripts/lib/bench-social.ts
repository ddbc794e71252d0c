import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client.ts";
import { posts, postTargets, socialAccounts } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import type { PostStatus, SocialNetwork } from "../../shared/enums/social.ts";
import { addDays, monthStart } from "../../shared/social/calendar.ts";
import { DEFAULT_TIME_ZONE, dayIn, instantIn } from "../../shared/time-zone.ts";
import { insertValues } from "../../worker/resources/records.ts";
import { moduleOf } from "../../worker/resources/registry.ts";
import { createRng, hashSeed } from "../seed/demo-random.ts";

/**
 * Issue 19's calendar size: one month of `count` posts for one organização (this month in São
 * Paulo, 08:00–21:45), on a Facebook Page and/or an Instagram account; the days gone by
 * published (a few failed), the rest scheduled, some still drafts or waiting for approval.
 * Deterministic. Used by scripts/bench.ts for /content-calendar and GET /api/posts.
 */
export async function seedSocial(db: Database, orgId: string, count: number, now = new Date()): Promise<{ accounts: string[] }> {
  const rng = createRng(hashSeed(`social-${count}`));
  const scope = orgScope(db, orgId);
  const mod = moduleOf("posts");
  const created = new Date(now.getTime() - 40 * 86_400_000);
  const account = (rede: SocialNetwork, nome: string, usuario: string) => ({
    id: crypto.randomUUID(),
    orgId,
    rede,
    idExterno: `bench-${rede}`,
    nome,
    usuario,
    criadoEm: created,
    atualizadoEm: created,
  });
  const fb = account("facebook", "Bench Imóveis", "benchimoveis");
  const ig = account("instagram", "@benchimoveis", "benchimoveis");
  await db.insert(socialAccounts).values([fb, ig]);

  const first = monthStart(dayIn(now, DEFAULT_TIME_ZONE));
  const days = Number(addDays(monthStart(first, 1), -1).slice(8));
  const words = ["Apartamento", "Casa", "Cobertura", "Sobrado", "Studio", "Terreno"];
  const places = ["Pinheiros", "Moema", "Vila Mariana", "Perdizes", "Tatuapé", "Santana", "Brooklin"];
  const postRows: Record<string, unknown>[] = [];
  const targetRows: (typeof postTargets.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const day = addDays(first, i % days);
    const time = `${String(8 + rng.int(0, 13)).padStart(2, "0")}:${String(rng.int(0, 3) * 15).padStart(2, "0")}`;
    const at = instantIn(day, time, DEFAULT_TIME_ZONE);
    const gone = at.getTime() < now.getTime();
    const legenda = `${rng.pick(words)} em ${rng.pick(places)} 🏡 Agende sua visita! #imoveis #${rng.pick(places).toLowerCase().replace(/\s/g, "")} ${i}`;
    const row = insertValues(
      mod,
      scope,
      {
        legenda,
        link: null,
        primeiroComentario: null,
        textoAlternativo: null,
        imovelId: null,
        produtoId: null,
        agendadoPara: at.toISOString(),
        contas: [],
        midias: [],
      },
      null,
      created,
    );
    const draft = !gone && rng.int(0, 9) === 0;
    postRows.push({ ...row, aprovacao: draft ? "rascunho" : "aprovado", aprovadoEm: draft ? null : created });
    const pick = rng.int(0, 19);
    const networks: [SocialNetwork, string][] =
      pick < 12
        ? [
            ["facebook", fb.id],
            ["instagram", ig.id],
          ]
        : pick < 17
          ? [["instagram", ig.id]]
          : [["facebook", fb.id]];
    for (const [rede, contaId] of networks) {
      const status: PostStatus = draft ? "rascunho" : gone ? (rng.int(0, 24) === 0 ? "falhou" : "publicado") : "agendado";
      targetRows.push({
        orgId,
        postId: row.id as string,
        rede,
        contaId,
        status,
        agendadoPara: at,
        publicadoEm: status === "publicado" ? new Date(at.getTime() + 30_000) : null,
        erroCodigo: status === "falhou" ? "9004" : null,
        erroMensagem: status === "falhou" ? "A imagem não pôde ser baixada pela Meta." : null,
        criadoEm: created,
        atualizadoEm: created,
      });
    }
  }
  const chunks = <T>(list: T[], size: number) =>
    Array.from({ length: Math.ceil(list.length / size) }, (_, k) => list.slice(k * size, k * size + size));
  for (const part of chunks(chunks(postRows, 200), 10))
    await db.batch(part.map((rows) => db.insert(posts).values(rows as never)) as unknown as [BatchItem<"sqlite">]);
  for (const part of chunks(chunks(targetRows, 300), 10))
    await db.batch(part.map((rows) => db.insert(postTargets).values(rows)) as unknown as [BatchItem<"sqlite">]);
  return { accounts: [fb.id, ig.id] };
}
