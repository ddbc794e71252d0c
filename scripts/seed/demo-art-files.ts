import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { memberships, organizations, postMedia, posts, postTargets, propertyPhotos } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import { artContentSchema } from "../../shared/art/art-content.ts";
import { artContentOf } from "../../shared/art/art-from-facts.ts";
import { publishObjectKey } from "../../shared/real-estate/photo-url.ts";
import { parsePostImageKey } from "../../shared/social/post-image-key.ts";
import { recordFactSheet } from "../../worker/services/ai/record-facts.ts";
import { type ArtDeps, carouselSlides, storeArt } from "../../worker/services/art/post-art.ts";
import { getBrandStyle } from "../../worker/services/brand/brand-style.ts";
import type { Actor } from "../../worker/services/context.ts";
import { DEMO_ART_LOOKS, type DemoArtLook, demoArtLookOf, demoArtPhotos } from "./demo-art-keys.ts";
import { seedContext } from "./demo-landing.ts";

/**
 * The files of the demo's generated carousels (demo-art-posts.ts), put into the bucket by `npm
 * start` once the Worker is up: the seed runs in Node before it and has no R2. Each missing slide
 * is rendered by the art Worker through the app's own `storeArt` under the key the seeded post
 * names; slides already there are skipped (a restart renders nothing). A scheduled post whose
 * files were just stored is approved again now, as its owner would after seeing them: the
 * publisher sends only files stored before the approval (ADR 047 amendment).
 */

export interface DemoArtFilesOptions {
  /** The app's public origin (the contact slide's link, as the seed's fact sheet had it). */
  appUrl: string;
  /** Where the running Worker answers (the demo photos are its static files). */
  workerUrl: string;
  now?: Date;
}

export interface DemoArtFilesResult {
  /** Slides rendered and stored this time. */
  stored: number;
  /** Generated demo posts found (stored or not). */
  posts: number;
}

interface MediaRow {
  postId: string;
  imovelId: string;
  posicao: number;
  chave: string;
}

async function missing(bucket: R2Bucket, rows: readonly MediaRow[]): Promise<MediaRow[]> {
  const heads = await Promise.all(rows.map((r) => bucket.head(publishObjectKey(r.chave))));
  return rows.filter((_, i) => !heads[i]);
}

/** The demo organização's id, found by its CNPJ; null when the database has none. */
export async function demoOrganizationId(db: Database, document: string): Promise<string | null> {
  // tenant-exempt: the demo organização by its CNPJ (no request, no session).
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.document, document)).limit(1);
  return org?.id ?? null;
}

/** Renders and stores the missing slides of the organização's generated demo posts. */
export async function putDemoArtFiles(
  db: Database,
  orgId: string,
  deps: ArtDeps,
  options: DemoArtFilesOptions,
): Promise<DemoArtFilesResult> {
  const bucket = deps.bucket;
  if (!bucket) return { stored: 0, posts: 0 };
  const scope = orgScope(db, orgId);
  const rows = await db
    .select({ postId: postMedia.postId, imovelId: posts.imovelId, posicao: postMedia.posicao, chave: postMedia.chave })
    .from(postMedia)
    .innerJoin(posts, and(eq(posts.orgId, postMedia.orgId), eq(posts.id, postMedia.postId)))
    .where(scope.where(postMedia, isNotNull(postMedia.chave), isNotNull(posts.imovelId), isNull(posts.excluidoEm)))
    .orderBy(asc(postMedia.postId), asc(postMedia.posicao));
  const byPost = new Map<string, MediaRow[]>();
  for (const r of rows as MediaRow[]) byPost.set(r.postId, [...(byPost.get(r.postId) ?? []), r]);
  const demo = [...byPost.values()].filter((media) => media.every((m) => demoArtLookOf(m.chave, m.imovelId, m.posicao) !== null));
  if (!demo.length) return { stored: 0, posts: 0 };

  const [owner] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(scope.where(memberships, eq(memberships.role, "owner"), isNull(memberships.deactivatedAt)))
    .limit(1);
  if (!owner) return { stored: 0, posts: demo.length };
  const now = options.now ?? new Date();
  const actor: Actor = { orgId, userId: owner.userId, role: "owner" };
  const ctx = { ...seedContext(db, now), origin: options.appUrl, files: bucket };
  const renderCtx = { ...ctx, origin: options.workerUrl };
  const brand = await getBrandStyle(ctx, orgId);
  let stored = 0;
  const renewed: string[] = [];
  for (const media of demo) {
    const todo = await missing(bucket, media);
    if (!todo.length) continue;
    const first = media[0] as MediaRow;
    const { template, format } = DEMO_ART_LOOKS[demoArtLookOf(first.chave, first.imovelId, 0) ?? 0] as DemoArtLook;
    const sheet = await recordFactSheet(ctx, actor, { tipo: "imovel", id: first.imovelId });
    if (!sheet) continue;
    const photos = await db
      .select({ chave: propertyPhotos.chave })
      .from(propertyPhotos)
      .where(scope.where(propertyPhotos, eq(propertyPhotos.propertyId, first.imovelId)))
      .orderBy(asc(propertyPhotos.posicao));
    const content = artContentSchema.parse(artContentOf(sheet));
    const slides = carouselSlides({ template, format, content, brand, photoKeys: demoArtPhotos(photos.map((p) => p.chave)) });
    for (const m of todo) {
      const slide = slides[m.posicao];
      const id = parsePostImageKey(m.chave)?.id;
      if (!slide || !id) continue;
      await storeArt(renderCtx, actor, deps, slide, id);
      stored++;
    }
    renewed.push(first.postId);
  }
  if (renewed.length) {
    // Approved after its files were stored (the publisher holds a post whose file is newer than its approval).
    const scheduled = await db
      .selectDistinct({ postId: postTargets.postId })
      .from(postTargets)
      .where(and(eq(postTargets.orgId, orgId), inArray(postTargets.postId, renewed), eq(postTargets.status, "agendado")));
    if (scheduled.length) {
      const approvedAt = new Date();
      await db
        .update(posts)
        .set({ aprovadoEm: approvedAt })
        .where(
          scope.where(
            posts,
            inArray(
              posts.id,
              scheduled.map((s) => s.postId),
            ),
          ),
        );
    }
  }
  return { stored, posts: demo.length };
}
