import { count, eq, gte } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client.ts";
import { postTargets, socialAccountPosts, socialInsightsReads } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import type { SocialNetwork } from "../../shared/enums/social.ts";
import { dayIn, instantIn } from "../../shared/time-zone.ts";
import { type AdoptedMedia, type AdoptedPost, standinPermalink } from "../../tools/meta-standin/keep.ts";
import { DEMO_META } from "./demo-meta.ts";

/**
 * What the demo Page and Instagram account published on their own, outside Alicerce (ADR 049): a
 * few posts of the last weeks with their metrics, as the daily insights job stores them, and the
 * job's last read of each account ("this morning"). The stand-in adopts them, so the next read
 * finds the same posts and numbers. Deterministic; times relative to `now` in the zone.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface OwnPlan {
  rede: SocialNetwork;
  daysAgo: number;
  hour: string;
  legenda: string;
  alcance: number;
  curtidas: number;
  comentarios: number;
  compartilhamentos: number;
  salvamentos: number | null;
}

const OWN_POSTS: readonly OwnPlan[] = [
  {
    rede: "facebook",
    daysAgo: 3,
    hour: "08:30",
    legenda: "Bom dia! Neste sábado tem plantão de vendas no Jardim Botânico, das 9h às 17h. Venha tomar um café com a nossa equipe.",
    alcance: 612,
    curtidas: 41,
    comentarios: 6,
    compartilhamentos: 4,
    salvamentos: null,
  },
  {
    rede: "facebook",
    daysAgo: 11,
    hour: "18:10",
    legenda: "Parabéns a todos os corretores pelo seu dia! Obrigado por cada chave entregue com carinho. 🏡",
    alcance: 948,
    curtidas: 87,
    comentarios: 15,
    compartilhamentos: 9,
    salvamentos: null,
  },
  {
    rede: "facebook",
    daysAgo: 19,
    hour: "12:00",
    legenda:
      "Vai financiar? Reunimos as dúvidas mais comuns sobre entrada, FGTS e prazo. Chame no WhatsApp que explicamos sem compromisso.",
    alcance: 1_305,
    curtidas: 64,
    comentarios: 22,
    compartilhamentos: 18,
    salvamentos: null,
  },
  {
    rede: "instagram",
    daysAgo: 5,
    hour: "19:40",
    legenda: "Bastidores da sessão de fotos de ontem: luz natural, ambientes arrumados e muita paciência. 📸 #bastidores #imobiliaria",
    alcance: 1_874,
    curtidas: 203,
    comentarios: 17,
    compartilhamentos: 11,
    salvamentos: 26,
  },
  {
    rede: "instagram",
    daysAgo: 16,
    hour: "10:15",
    legenda: "Nossa equipe reunida para planejar o mês. Qual bairro você quer ver por aqui? Conta nos comentários! #equipe",
    alcance: 1_421,
    curtidas: 158,
    comentarios: 34,
    compartilhamentos: 6,
    salvamentos: 9,
  },
];

export interface DemoOwnPosts {
  statements: BatchItem<"sqlite">[];
  media: AdoptedMedia[];
  posts: AdoptedPost[];
}

/** The own posts' rows and their adoption by the stand-in; ids numbered from `firstId` (past the demo's others). */
export async function demoOwnPosts(
  db: Database,
  orgId: string,
  accounts: Record<SocialNetwork, string>,
  options: { standinUrl: string; zone: string; now: Date; firstId: number },
): Promise<DemoOwnPosts> {
  const scope = orgScope(db, orgId);
  const ms = options.now.getTime();
  const morning = instantIn(dayIn(options.now, options.zone), "06:00", options.zone);
  const readAt = morning.getTime() > ms ? new Date(morning.getTime() - DAY) : morning;
  let next = options.firstId;
  const media: AdoptedMedia[] = [];
  const posts: AdoptedPost[] = [];
  const rows = OWN_POSTS.map((plan) => {
    const day = dayIn(new Date(ms - plan.daysAgo * DAY), options.zone);
    const at = Math.min(instantIn(day, plan.hour, options.zone).getTime(), ms - HOUR);
    const metrics = {
      reach: plan.alcance,
      likes: plan.curtidas,
      comments: plan.comentarios,
      shares: plan.compartilhamentos,
      ...(plan.salvamentos === null ? {} : { saved: plan.salvamentos }),
    };
    const id = plan.rede === "instagram" ? `demo_media_${next++}` : `${DEMO_META.page.id}_${next++}`;
    if (plan.rede === "instagram") {
      media.push({ id, owner: DEMO_META.instagram.id, caption: plan.legenda, mediaType: "IMAGE", mediaUrl: "", timestamp: at, metrics });
    } else {
      posts.push({
        id,
        pageId: DEMO_META.page.id,
        message: plan.legenda,
        createdAt: at,
        metrics: { ...metrics, post_total_media_view_unique: plan.alcance },
      });
    }
    return scope.values({
      contaId: accounts[plan.rede],
      rede: plan.rede,
      idExterno: id,
      legenda: plan.legenda,
      tipoMidia: plan.rede === "instagram" ? "IMAGE" : null,
      permalink: standinPermalink(options.standinUrl, plan.rede, id),
      publicadoEm: new Date(at),
      alcance: plan.alcance,
      curtidas: plan.curtidas,
      comentarios: plan.comentarios,
      compartilhamentos: plan.compartilhamentos,
      salvamentos: plan.salvamentos,
      metricasEm: readAt,
      criadoEm: readAt,
    });
  });
  // What the morning's read found: our publications of the last 30 days on each account.
  const since = new Date(readAt.getTime() - 30 * DAY);
  const measured = async (rede: SocialNetwork) =>
    (
      await db
        .select({ n: count() })
        .from(postTargets)
        .where(
          scope.where(
            postTargets,
            eq(postTargets.contaId, accounts[rede]),
            eq(postTargets.status, "publicado"),
            gte(postTargets.publicadoEm, since),
          ),
        )
    )[0]?.n ?? 0;
  const reads = await Promise.all(
    (["facebook", "instagram"] as const).map(async (rede) =>
      scope.values({
        contaId: accounts[rede],
        lidoEm: readAt,
        metricasLidas: await measured(rede),
        postsProprios: OWN_POSTS.filter((p) => p.rede === rede).length,
      }),
    ),
  );
  return {
    statements: [db.insert(socialAccountPosts).values(rows), db.insert(socialInsightsReads).values(reads)],
    media,
    posts,
  };
}

/** The own posts are numbered past every Meta id the demo's month uses (from 1001). */
export const DEMO_OWN_FIRST_ID = 5001;
