import { and, count, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client.ts";
import { aiGenerations, organizations, socialAccounts } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import type { PostVariant } from "../../shared/ai/contracts.ts";
import type { GenerationGoal, GenerationTone } from "../../shared/ai/generation-options.ts";
import { composeCaption } from "../../shared/ai/post-variant-rules.ts";
import { artContentSchema } from "../../shared/art/art-content.ts";
import { artContentOf, slideAltTexts } from "../../shared/art/art-from-facts.ts";
import { DEFAULT_BRAND } from "../../shared/brand/brand-style.ts";
import type { SocialNetwork } from "../../shared/enums/social.ts";
import { dayIn, instantIn } from "../../shared/time-zone.ts";
import type { Config } from "../../worker/config/env.ts";
import { runGeneration } from "../../worker/services/ai-generation/engine.ts";
import { recordFactSheet } from "../../worker/services/ai/record-facts.ts";
import { carouselSlides } from "../../worker/services/art/post-art.ts";
import type { Actor } from "../../worker/services/context.ts";
import { DEMO_ART_LOOKS, type DemoArtLook, demoArtKey, demoArtPhotos } from "./demo-art-keys.ts";
import { seedContext } from "./demo-landing.ts";
import { type DemoListing, type DemoPostKind, firstSlot, type PlannedPost } from "./demo-posts-plan.ts";
import { createRng, hashSeed } from "./demo-random.ts";
import { type DemoAdoption, type DemoSocialOptions, demoListings, teamOf, writePosts, zoneOf } from "./demo-social.ts";

/**
 * Posts made the way /gerar-postagem makes them (issue 20, ADR 056 amendment): for four imóveis,
 * a post generation on the template path (the demo has no OpenAI key; its `origem` "modelo" and
 * `aviso` recorded on the generation as the screen's are), the first variant's caption, and a
 * carousel of generated art in the demo brand — cover, the further photos, the facts, the
 * contact — with each slide's alt text. Two went out last week, two are scheduled (the first a
 * few minutes after the other demo post that goes out soon). The art's files are named here under
 * fixed keys (demo-art-keys.ts) and rendered by `npm start` once the Worker is up.
 */

const DAY = 86_400_000;
const TONES: readonly GenerationTone[] = ["acolhedor", "profissional", "sofisticado", "descontraido"];

interface Slot {
  kind: DemoPostKind;
  at: (now: Date, zone: string) => Date;
  networks: SocialNetwork[];
  goal?: GenerationGoal;
}

const localAt = (now: Date, zone: string, days: number, time: string) => instantIn(dayIn(now.getTime() + days * DAY, zone), time, zone);

/** When each of the four goes (in DEMO_ART_LOOKS' order). */
const SLOTS: readonly Slot[] = [
  { kind: "publicado", at: (now, zone) => localAt(now, zone, -6, "19:00"), networks: ["facebook", "instagram"] },
  { kind: "publicado", at: (now, zone) => localAt(now, zone, -2, "12:30"), networks: ["instagram"], goal: "divulgar" },
  // Ten minutes after the demo's first scheduled post: a newcomer sees a generated carousel go out too.
  { kind: "agendado", at: (now) => new Date(firstSlot(now).getTime() + 10 * 60_000), networks: ["facebook", "instagram"] },
  { kind: "agendado", at: (now, zone) => localAt(now, zone, 4, "18:00"), networks: ["facebook", "instagram"] },
];

export interface DemoArtContext {
  accounts: Record<SocialNetwork, string>;
  options: DemoSocialOptions;
}

/** The listings the generated posts show: available, with at least three photos (a real carousel), in code order. */
export function demoArtListings(listings: readonly DemoListing[]): DemoListing[] {
  return listings.filter((l) => l.photos.length >= 3).slice(0, DEMO_ART_LOOKS.length);
}

async function generatedVariant(
  db: Database,
  actor: Actor,
  pedido: Record<string, unknown>,
  titulo: string,
  at: Date,
): Promise<PostVariant> {
  const [row] = await db
    .insert(aiGenerations)
    .values(
      orgScope(db, actor.orgId).values({ userId: actor.userId, tipo: "post" as const, pedido, titulo, criadoEm: at, atualizadoEm: at }),
    )
    .returning({ id: aiGenerations.id });
  if (!row) throw new Error("geração de demonstração não criada");
  const done = await runGeneration(
    { db, config: {} as Config, waitUntil: () => {}, now: () => new Date(at.getTime() + 1500) },
    { generationId: row.id, orgId: actor.orgId, userId: actor.userId },
  );
  if (done.status !== "pronta") throw new Error(`geração de demonstração terminou como ${done.status}`);
  const [made] = await db
    .select({ resultado: aiGenerations.resultado })
    .from(aiGenerations)
    .where(and(eq(aiGenerations.orgId, actor.orgId), eq(aiGenerations.id, row.id)));
  const variant = (made?.resultado as { variantes?: PostVariant[] } | null)?.variantes?.[0];
  if (!variant) throw new Error("geração de demonstração sem variantes");
  return variant;
}

/** Generates the four posts and writes them (posts, slides, publications); what the stand-in must adopt. */
export async function seedDemoArtPosts(db: Database, orgId: string, w: DemoArtContext, now: Date): Promise<DemoAdoption> {
  const [listings, team, zone] = await Promise.all([demoListings(db, orgId), teamOf(db, orgId), zoneOf(db, orgId)]);
  const actor: Actor = { orgId, userId: team.owner, role: "owner", timeZone: zone };
  const ctx = { ...seedContext(db, now), origin: w.options.appUrl };
  const plan: PlannedPost[] = [];
  for (const [look, listing] of demoArtListings(listings).entries()) {
    const slot = SLOTS[look] as Slot;
    const { template, format } = DEMO_ART_LOOKS[look] as DemoArtLook;
    const at = slot.at(now, zone);
    const goal: GenerationGoal = slot.goal ?? (listing.valorVendaCentavos ? "vender" : "alugar");
    const asked = new Date(Math.min(at.getTime(), now.getTime()) - 26 * 3_600_000);
    const pedido = { registro: { tipo: "imovel", id: listing.id }, redes: slot.networks, objetivo: goal, tom: TONES[look] };
    const sheet = await recordFactSheet(ctx, actor, { tipo: "imovel", id: listing.id });
    if (!sheet) continue;
    const variant = await generatedVariant(db, actor, pedido, sheet.registro.nome.slice(0, 120), asked);
    const content = artContentSchema.parse(artContentOf(sheet));
    const slides = carouselSlides({
      template,
      format,
      content,
      brand: DEFAULT_BRAND,
      photoKeys: demoArtPhotos(listing.photos.map((p) => p.chave)),
    });
    const alts = slideAltTexts(
      slides.map((s) => s.slide),
      variant.textosAlternativos,
      content,
    );
    plan.push({
      kind: slot.kind,
      at,
      caption: composeCaption(variant),
      listing,
      photos: slides.map((_, position) => ({
        id: null,
        chave: demoArtKey(orgId, listing.id, look, position),
        legenda: alts[position] ?? null,
      })),
      networks: slot.networks,
      retried: false,
      origem: "imovel",
    });
  }
  if (!plan.length) return { media: [], posts: [] };
  const rng = createRng(hashSeed("demo-art-posts"));
  const written = writePosts(db, orgId, plan, { accounts: w.accounts, team, options: w.options, now, zone, rng });
  await db.batch(written.statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return written.adoption;
}

/**
 * A demo database seeded before the generated posts existed gets them on the next `npm start`
 * (its demo accounts connected, no post generation yet). Null: nothing added.
 */
export async function seedMissingDemoArtPosts(
  db: Database,
  document: string,
  options: DemoSocialOptions,
  now = new Date(),
): Promise<DemoAdoption | null> {
  // tenant-exempt: the seed finds the demo organização by its CNPJ (no request, no session).
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.document, document)).limit(1);
  if (!org) return null;
  const scope = orgScope(db, org.id);
  const [made] = await db
    .select({ n: count() })
    .from(aiGenerations)
    .where(scope.where(aiGenerations, eq(aiGenerations.tipo, "post")));
  if ((made?.n ?? 0) > 0) return null;
  const rows = await db
    .select({ id: socialAccounts.id, rede: socialAccounts.rede })
    .from(socialAccounts)
    .where(scope.where(socialAccounts, eq(socialAccounts.demo, true)));
  const facebook = rows.find((r) => r.rede === "facebook")?.id;
  const instagram = rows.find((r) => r.rede === "instagram")?.id;
  if (!facebook || !instagram) return null;
  return seedDemoArtPosts(db, org.id, { accounts: { facebook, instagram }, options }, now);
}
