import { asc, eq, gt, inArray, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client.ts";
import {
  businessSettings,
  memberships,
  postAttempts,
  postMedia,
  postTargets,
  posts,
  properties,
  propertyPhotos,
  socialAccounts,
  socialConnections,
} from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import type { SocialNetwork } from "../../shared/enums/social.ts";
import { publishObjectKey } from "../../shared/real-estate/photo-url.ts";
import { dayIn, instantIn, timeZoneOf } from "../../shared/time-zone.ts";
import { insertValues } from "../../worker/resources/records.ts";
import { moduleOf } from "../../worker/resources/registry.ts";
import { ACCOUNT_TOKEN_PURPOSE, sealFor, USER_TOKEN_PURPOSE } from "../../worker/services/social/account-credentials.ts";
import { type AdoptedMedia, type AdoptedPost, standinPermalink } from "../../tools/meta-standin/keep.ts";
import { ALL_PAGE_TASKS } from "../../tools/meta-standin/state.ts";
import { DEMO_META, DEMO_META_SCOPES, type DemoMetaTokens } from "./demo-meta.ts";
import { DEMO_OWN_FIRST_ID, demoOwnPosts } from "./demo-social-own.ts";
import { type DemoListing, demoMetrics, type PlannedPost, planDemoPosts } from "./demo-posts-plan.ts";
import { createRng, hashSeed } from "./demo-random.ts";

/**
 * The demo business's social side (ADR 050): a "modo demonstração" Facebook login with its Page and
 * linked Instagram account (tokens sealed as the app seals them, for the local stand-in), a month of
 * published posts with Meta's ids, permalinks and metrics, one that failed on Instagram with its
 * reason, two weeks scheduled exactly as an approved post is (approval "aprovado", each network
 * "agendado", its images), and every attempt in the history. Deterministic (seeded)
 * but for row ids; times relative to `now` in the organização's zone.
 */

const DAY = 86_400_000;

export interface DemoSocialOptions {
  /** TOKEN_ENCRYPTION_KEYS the Worker opens the tokens with. */
  tokenKeys: string;
  tokens: DemoMetaTokens;
  /** The local stand-in's base URL (the permalinks point at it). */
  standinUrl: string;
  /** The app's origin: the published images' URLs, as the stand-in keeps them. */
  appUrl: string;
}

/** The published objects, for the stand-in to know them (their permalinks, feed and insights). */
export interface DemoAdoption {
  media: AdoptedMedia[];
  posts: AdoptedPost[];
}

export interface DemoSocialResult {
  connectionId: string;
  accounts: Record<SocialNetwork, string>;
  adoption: DemoAdoption;
}

const DOWNLOAD_FAILED =
  "A Meta não conseguiu baixar a imagem do post: o endereço da foto não respondeu a tempo. Confira se a foto ainda está no imóvel e toque em “Tentar de novo”; se falhar outra vez, troque a foto.";
const TRANSIENT = "A Meta ficou instável por um momento (erro temporário). Tentamos de novo automaticamente um minuto depois.";

/** The listings a post can show: available, with photos, in code order (the same plan every run). */
export async function demoListings(db: Database, orgId: string): Promise<DemoListing[]> {
  const scope = orgScope(db, orgId);
  const rows = await db
    .select({
      id: properties.id,
      codigo: properties.codigo,
      titulo: properties.titulo,
      tipo: properties.tipo,
      finalidade: properties.finalidade,
      bairro: properties.bairro,
      cidade: properties.cidade,
      quartos: properties.quartos,
      suites: properties.suites,
      vagas: properties.vagas,
      areaUtil: properties.areaUtil,
      valorVendaCentavos: properties.valorVendaCentavos,
      valorLocacaoCentavos: properties.valorLocacaoCentavos,
    })
    .from(properties)
    .where(scope.where(properties, eq(properties.status, "disponivel"), isNull(properties.excluidoEm), gt(properties.fotos, 0)))
    .orderBy(asc(properties.codigo));
  if (!rows.length) return [];
  const photos = await db
    .select({ id: propertyPhotos.id, propertyId: propertyPhotos.propertyId, chave: propertyPhotos.chave, legenda: propertyPhotos.legenda })
    .from(propertyPhotos)
    .where(
      scope.where(
        propertyPhotos,
        inArray(
          propertyPhotos.propertyId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(propertyPhotos.posicao));
  return rows.map((r) => ({
    ...r,
    photos: photos.filter((p) => p.propertyId === r.id).map(({ id, chave, legenda }) => ({ id, chave, legenda })),
  }));
}

export async function teamOf(db: Database, orgId: string): Promise<{ owner: string; drafters: string[] }> {
  const scope = orgScope(db, orgId);
  const rows = await db
    .select({ userId: memberships.userId, role: memberships.role })
    .from(memberships)
    .where(scope.where(memberships, isNull(memberships.deactivatedAt)))
    .orderBy(asc(memberships.createdAt), asc(memberships.userId));
  const owner = rows.find((r) => r.role === "owner")?.userId ?? rows[0]?.userId;
  if (!owner) throw new Error("seedDemoSocial: a organização não tem membros");
  const drafters = rows.filter((r) => r.role === "professional" || r.role === "staff").map((r) => r.userId);
  return { owner, drafters: drafters.length ? drafters : [owner] };
}

export async function zoneOf(db: Database, orgId: string): Promise<string> {
  const [row] = await db
    .select({ zone: businessSettings.fusoHorario })
    .from(businessSettings)
    .where(orgScope(db, orgId).where(businessSettings));
  return timeZoneOf(row?.zone);
}

export async function seedDemoSocial(db: Database, orgId: string, options: DemoSocialOptions, now = new Date()): Promise<DemoSocialResult> {
  const scope = orgScope(db, orgId);
  const [listings, team, zone] = await Promise.all([demoListings(db, orgId), teamOf(db, orgId), zoneOf(db, orgId)]);
  const rng = createRng(hashSeed("demo-posts"));
  const plan = planDemoPosts(rng, listings, now, zone);
  const config = { TOKEN_ENCRYPTION_KEYS: options.tokenKeys };
  const ms = now.getTime();

  // Connected 45 days ago; the long-lived token was refreshed 8 days ago (Meta's 60 days from then).
  const connectionId = crypto.randomUUID();
  const refreshed = new Date(ms - 8 * DAY);
  const userTokenExpires = new Date(refreshed.getTime() + 60 * DAY);
  const connected = new Date(ms - 45 * DAY);
  const [userSealed, pageSealed, igSealed] = await Promise.all([
    sealFor(config, orgId, USER_TOKEN_PURPOSE, options.tokens.user),
    sealFor(config, orgId, ACCOUNT_TOKEN_PURPOSE, options.tokens.page),
    // An Instagram account reached through its Page acts with the person's token.
    sealFor(config, orgId, ACCOUNT_TOKEN_PURPOSE, options.tokens.user),
  ]);
  const accounts: Record<SocialNetwork, string> = { facebook: crypto.randomUUID(), instagram: crypto.randomUUID() };
  const checked = new Date(ms - 3 * 3_600_000);
  const statements: BatchItem<"sqlite">[] = [
    db.insert(socialConnections).values(
      scope.values({
        id: connectionId,
        tipo: "facebook_login" as const,
        usuarioMetaId: DEMO_META.user.id,
        nome: DEMO_META.user.name,
        tokenSelado: userSealed,
        tokenExpiraEm: userTokenExpires,
        tokenRenovadoEm: refreshed,
        escoposConcedidos: [...DEMO_META_SCOPES],
        escoposRecusados: [],
        status: "ativa" as const,
        demo: true,
        conectadoPor: team.owner,
        criadoEm: connected,
        atualizadoEm: refreshed,
      }),
    ),
    db.insert(socialAccounts).values([
      scope.values({
        id: accounts.facebook,
        rede: "facebook" as const,
        idExterno: DEMO_META.page.id,
        nome: DEMO_META.page.name,
        status: "ativa" as const,
        conexaoId: connectionId,
        tokenSelado: pageSealed,
        tokenExpiraEm: null,
        vinculoExternoId: DEMO_META.instagram.id,
        tarefas: [...ALL_PAGE_TASKS],
        demo: true,
        verificadoEm: checked,
        criadoEm: connected,
        atualizadoEm: refreshed,
      }),
      scope.values({
        id: accounts.instagram,
        rede: "instagram" as const,
        idExterno: DEMO_META.instagram.id,
        nome: DEMO_META.instagram.name,
        usuario: DEMO_META.instagram.username,
        status: "ativa" as const,
        conexaoId: connectionId,
        tokenSelado: igSealed,
        tokenExpiraEm: userTokenExpires,
        vinculoExternoId: DEMO_META.page.id,
        tarefas: [],
        demo: true,
        verificadoEm: checked,
        criadoEm: connected,
        atualizadoEm: refreshed,
      }),
    ]),
  ];

  const written = writePosts(db, orgId, plan, { accounts, team, options, now, zone, rng });
  statements.push(...written.statements);
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  // What the accounts posted outside Alicerce, as the daily insights job stored it this morning (ADR 049).
  const own = await demoOwnPosts(db, orgId, accounts, { standinUrl: options.standinUrl, zone, now, firstId: DEMO_OWN_FIRST_ID });
  await db.batch(own.statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const adoption = { media: [...written.adoption.media, ...own.media], posts: [...written.adoption.posts, ...own.posts] };
  return { connectionId, accounts, adoption };
}

export interface WriteContext {
  accounts: Record<SocialNetwork, string>;
  team: { owner: string; drafters: string[] };
  options: DemoSocialOptions;
  now: Date;
  zone: string;
  rng: ReturnType<typeof createRng>;
}

function chunked<T>(list: readonly T[], size = 50): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The rows of every planned post: the post, its images, each network's publication and its attempts. */
export function writePosts(
  db: Database,
  orgId: string,
  plan: readonly PlannedPost[],
  w: WriteContext,
): { statements: BatchItem<"sqlite">[]; adoption: DemoAdoption } {
  const scope = orgScope(db, orgId);
  const mod = moduleOf("posts");
  const ms = w.now.getTime();
  // Meta's ids for the demo's objects: numbered past anything the stand-in issues on its own.
  let metaId = 1000;
  const nextMetaId = () => ++metaId;
  // The insights job reads metrics early each morning.
  const morning = instantIn(dayIn(w.now, w.zone), "06:00", w.zone);
  const metricsAt = morning.getTime() > ms ? new Date(morning.getTime() - DAY) : morning;
  const postRows: Record<string, unknown>[] = [];
  const mediaRows: (typeof postMedia.$inferInsert)[] = [];
  const targetRows: (typeof postTargets.$inferInsert)[] = [];
  const attemptRows: (typeof postAttempts.$inferInsert)[] = [];
  const adoption: DemoAdoption = { media: [], posts: [] };

  plan.forEach((post, index) => {
    const at = post.at.getTime();
    const drafter = w.team.drafters[index % w.team.drafters.length] as string;
    const by = post.listing && index % 2 === 0 ? drafter : w.team.owner;
    const created = new Date(Math.min(at, ms) - w.rng.int(1, 4) * DAY - w.rng.int(0, 8) * 3_600_000);
    const single = post.photos.length === 1 ? post.photos[0] : undefined;
    const input = mod.definition.schema.parse({
      legenda: post.caption,
      imovelId: post.listing?.id,
      textoAlternativo: single?.legenda ?? undefined,
      contas: [],
      midias: [],
    }) as Record<string, unknown>;
    const values = insertValues(mod, scope, input, by, created);
    const approved = post.kind !== "rascunho" && post.kind !== "aguardando_aprovacao";
    const approvedAt = new Date(Math.min(at - 2 * 3_600_000, ms - w.rng.int(1, 30) * 3_600_000, created.getTime() + 6 * 3_600_000));
    Object.assign(values, {
      aprovacao: approved ? "aprovado" : post.kind,
      aprovadoPor: approved ? w.team.owner : null,
      aprovadoEm: approved ? new Date(Math.max(approvedAt.getTime(), created.getTime())) : null,
      agendadoPara: post.at,
      ...(post.origem ? { origem: post.origem } : {}),
      atualizadoEm: approved ? new Date(Math.max(approvedAt.getTime(), created.getTime())) : created,
      atualizadoPor: approved ? w.team.owner : by,
    });
    postRows.push(values);
    const postId = values.id as string;
    post.photos.forEach((photo, posicao) => {
      mediaRows.push(
        scope.values({
          id: crypto.randomUUID(),
          postId,
          posicao,
          ...(photo.id ? { fotoId: photo.id } : { chave: photo.chave }),
          textoAlternativo: photo.legenda,
          criadoEm: created,
        }),
      );
    });
    for (const rede of post.networks) {
      const target = targetOf(orgId, post, rede, postId, w, { nextMetaId, metricsAt, created });
      targetRows.push(target.row);
      attemptRows.push(...target.attempts);
      if (target.adopted?.kind === "media") adoption.media.push(target.adopted.media);
      if (target.adopted?.kind === "post") adoption.posts.push(target.adopted.post);
    }
  });
  return {
    statements: [
      // One row per statement: the posts' search-key triggers read each row.
      ...postRows.map((values) => db.insert(posts).values(values as never)),
      ...chunked(mediaRows).map((rows) => db.insert(postMedia).values(rows)),
      ...chunked(targetRows).map((rows) => db.insert(postTargets).values(rows)),
      ...chunked(attemptRows).map((rows) => db.insert(postAttempts).values(rows)),
    ],
    adoption,
  };
}

type Adopted = { kind: "media"; media: AdoptedMedia } | { kind: "post"; post: AdoptedPost };

/** One network's publication of a planned post, the attempts that led there, and what Meta now holds. */
function targetOf(
  orgId: string,
  post: PlannedPost,
  rede: SocialNetwork,
  postId: string,
  w: WriteContext,
  ids: { nextMetaId: () => number; metricsAt: Date; created: Date },
): { row: typeof postTargets.$inferInsert; attempts: (typeof postAttempts.$inferInsert)[]; adopted?: Adopted } {
  const at = post.at.getTime();
  const base = {
    id: crypto.randomUUID(),
    orgId,
    postId,
    rede,
    contaId: w.accounts[rede],
    agendadoPara: post.at,
    criadoEm: ids.created,
  };
  const attempt = (fields: Partial<typeof postAttempts.$inferInsert> & Pick<typeof postAttempts.$inferInsert, "etapa" | "resultado">) => ({
    id: crypto.randomUUID(),
    orgId,
    postId,
    alvoId: base.id,
    rede,
    contaId: w.accounts[rede],
    execucaoId: null,
    mensagem: null,
    erroCodigo: null,
    erroMeta: null,
    iniciadoEm: post.at,
    concluidoEm: new Date(at + 20_000),
    ...fields,
  });
  if (post.kind === "rascunho" || post.kind === "aguardando_aprovacao") {
    return { row: { ...base, status: post.kind, atualizadoEm: ids.created }, attempts: [] };
  }
  if (post.kind === "agendado") {
    return { row: { ...base, status: "agendado", atualizadoEm: new Date(Math.min(at, w.now.getTime())) }, attempts: [] };
  }
  if (post.kind === "falhou" && rede === "instagram") {
    // The first image's download failed: Meta created no container.
    const photo = post.photos[0];
    const url = photo ? new URL(`/media/${publishObjectKey(photo.chave)}`, w.options.appUrl).toString() : "";
    return {
      row: {
        ...base,
        status: "falhou",
        erroCodigo: "9004/2207052",
        erroMensagem: DOWNLOAD_FAILED,
        tentativas: 1,
        atualizadoEm: new Date(at + 25_000),
      },
      attempts: [
        attempt({
          etapa: "container",
          resultado: "falhou",
          mensagem: DOWNLOAD_FAILED,
          erroCodigo: "9004/2207052",
          erroMeta: `The media could not be fetched from this URI: ${url}. Please check the URI and try again.`,
          concluidoEm: new Date(at + 25_000),
        }),
      ],
    };
  }
  // Published (a failed post's Facebook side went out too).
  const retried = post.retried && rede === "instagram";
  const publishedAt = new Date(at + (retried ? 75_000 : w.rng.int(15, 55) * 1000));
  const metrics = demoMetrics(w.rng, rede, post, w.now);
  const attempts = [
    ...(retried
      ? [
          attempt({
            etapa: "container",
            resultado: "repetir" as const,
            mensagem: TRANSIENT,
            erroCodigo: "2",
            erroMeta: "An unexpected error has occurred. Please retry your request later.",
            concluidoEm: new Date(at + 4_000),
          }),
        ]
      : []),
    attempt({
      etapa: rede === "instagram" ? "publicar" : "facebook",
      resultado: "publicado" as const,
      iniciadoEm: new Date(retried ? at + 60_000 : at),
      concluidoEm: publishedAt,
    }),
  ];
  const common = {
    ...base,
    status: "publicado" as const,
    tentativas: retried ? 2 : 1,
    alcance: metrics.alcance,
    curtidas: metrics.curtidas,
    comentarios: metrics.comentarios,
    compartilhamentos: metrics.compartilhamentos,
    salvamentos: metrics.salvamentos,
    metricasEm: ids.metricsAt,
    reivindicadoEm: new Date(retried ? at + 60_000 : at),
    publicadoEm: publishedAt,
    atualizadoEm: ids.metricsAt.getTime() > publishedAt.getTime() ? ids.metricsAt : publishedAt,
  };
  const insightNames = {
    reach: metrics.alcance,
    likes: metrics.curtidas,
    comments: metrics.comentarios,
    shares: metrics.compartilhamentos,
    ...(metrics.salvamentos === null ? {} : { saved: metrics.salvamentos }),
  };
  if (rede === "instagram") {
    const children = post.photos.length > 1 ? post.photos.map(() => `demo_container_${ids.nextMetaId()}`) : null;
    const containerId = `demo_container_${ids.nextMetaId()}`;
    const mediaId = `demo_media_${ids.nextMetaId()}`;
    const cover = post.photos[0];
    return {
      row: {
        ...common,
        containerId,
        containersFilhos: children,
        midiaId: mediaId,
        permalink: standinPermalink(w.options.standinUrl, "instagram", mediaId),
      },
      attempts,
      adopted: {
        kind: "media",
        media: {
          id: mediaId,
          owner: DEMO_META.instagram.id,
          caption: post.caption,
          mediaType: children ? "CAROUSEL_ALBUM" : "IMAGE",
          mediaUrl: cover ? new URL(`/media/${publishObjectKey(cover.chave)}`, w.options.appUrl).toString() : "",
          timestamp: publishedAt.getTime(),
          metrics: insightNames,
        },
      },
    };
  }
  const externalId = `${DEMO_META.page.id}_${ids.nextMetaId()}`;
  return {
    row: { ...common, postExternoId: externalId, permalink: standinPermalink(w.options.standinUrl, "facebook", externalId) },
    attempts,
    adopted: {
      kind: "post",
      post: {
        id: externalId,
        pageId: DEMO_META.page.id,
        message: post.caption,
        createdAt: publishedAt.getTime(),
        // Reach as the insights job asks for it (post_impressions_unique was retired in 2025, ADR 049).
        metrics: {
          ...insightNames,
          post_total_media_view_unique: metrics.alcance,
          post_impressions_unique: metrics.alcance,
          post_reactions_like_total: metrics.curtidas,
        },
      },
    },
  };
}
