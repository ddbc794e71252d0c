/**
 * The fault test's plan (ADR 047), shared by the local runner's and Inngest's runs: 200 posts across
 * the 3 Pages and their Instagram accounts, the waves of faults, and runs that died mid-way.
 */
import { eq } from "drizzle-orm";
import { posts, postTargets } from "../../../db/schema/index.ts";
import { FAULTS, type FaultSpec } from "../../../tools/meta-standin/server.ts";
import { CLAIM_STALE_MS } from "../../../worker/services/social/publishing/claim.ts";
import { createApproved, PAIRS, storeImage, targetsOf, type World } from "./publishing-fixtures.ts";

export const POSTS = 200;

/** One wave of every fault, each firing once on the next matching call. */
export const WAVE: FaultSpec[] = [
  FAULTS.serverError({ method: "POST", path: "/media" }),
  FAULTS.serverError({ method: "GET", path: "/content_publishing_limit" }, 503),
  FAULTS.tooManyRequests({ method: "POST", path: "/photos" }),
  FAULTS.rateLimit(613, { method: "POST", path: "/media_publish" }),
  FAULTS.rateLimit(32, { method: "POST", path: "/feed" }),
  FAULTS.hang({ method: "POST", path: "/feed" }),
  FAULTS.hang({ method: "POST", path: "/media_publish", afterWork: true }),
  FAULTS.answerLost({ method: "POST", path: "/media_publish" }),
  FAULTS.answerLost({ method: "POST", path: "/photos" }),
  FAULTS.answerLost({ method: "POST", path: "/feed" }),
  FAULTS.ambiguous({ method: "POST", path: "/media_publish" }),
  FAULTS.containerError(2207001, { path: "/media" }),
  FAULTS.serverError({ method: "GET", path: "/published_posts" }),
  // Reads after publishing: a live post stays publicado whatever these do.
  FAULTS.serverError({ method: "GET", pathRegex: "/demo_(media_\\d+|page_\\d+_\\d+)$" }),
  FAULTS.serverError({ method: "POST", path: "/comments" }),
];

/** 200 posts: the network mix, the media mix and the account rotate, scheduled over half an hour. */
export async function schedulePosts(w: World, start: number): Promise<string[]> {
  const specs: (() => Promise<string>)[] = [];
  for (let i = 0; i < POSTS; i++) {
    const pair = w.pairs[Math.floor(i / 3) % PAIRS] as (typeof w.pairs)[number];
    const networks = i % 3 === 0 ? [pair.facebook] : i % 3 === 1 ? [pair.instagram] : [pair.facebook, pair.instagram];
    const imageCount = i % 3 === 0 && i % 2 === 0 ? 0 : i % 5 === 0 ? 3 : 1;
    specs.push(async () => {
      const midias = await Promise.all(Array.from({ length: imageCount }, (_, k) => storeImage(w, `p${i}/${k}`)));
      return createApproved(w, {
        legenda: `Post ${i}: apartamento com varanda gourmet #imoveis`,
        contas: networks,
        midias,
        agendadoPara: new Date(start + 2 * 60_000 + i * 9_000).toISOString(),
        ...(i % 7 === 0 ? { primeiroComentario: "Mais fotos no link da bio." } : {}),
        ...(i % 11 === 0 ? { link: "https://exemplo.com.br/imovel/1" } : {}),
      });
    });
  }
  // Eight at a time, as a few people approving at once would.
  const ids: string[] = [];
  for (let i = 0; i < specs.length; i += 8) ids.push(...(await Promise.all(specs.slice(i, i + 8).map((make) => make()))));
  return ids;
}

/** Seeds runs that died mid-way: a container made but not published, and one published whose answer was never recorded. */
export async function seedCrashes(w: World, ids: readonly string[]): Promise<string[]> {
  const instagram = (await targetsOf(w, ids)).filter((t) => t.rede === "instagram").slice(-4);
  for (const [n, target] of instagram.entries()) {
    const pair = w.pairs.find((p) => p.instagram === target.contaId) as (typeof w.pairs)[number];
    const token = [...w.meta.state.tokens.values()].find((t) => t.kind === "fb-page" && t.subject === pair.pageId && !t.revoked);
    const post = async (path: string, params: Record<string, string>) => {
      const res = await fetch(`${w.meta.env.META_GRAPH_URL}/v25.0/${pair.igId}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token?.token}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(params),
      });
      return ((await res.json()) as { id: string }).id;
    };
    const [row] = await w.h.fresh.db.select({ legenda: posts.legenda }).from(posts).where(eq(posts.id, target.postId));
    const containerId = await post("/media", { image_url: `${w.meta.url}/_demo/photo.jpg`, caption: row?.legenda ?? "" });
    // The stand-in's container needs its polls before it is FINISHED.
    await fetch(`${w.meta.env.META_GRAPH_URL}/v25.0/${containerId}?fields=status_code`, {
      headers: { authorization: `Bearer ${token?.token}` },
    });
    await fetch(`${w.meta.env.META_GRAPH_URL}/v25.0/${containerId}?fields=status_code`, {
      headers: { authorization: `Bearer ${token?.token}` },
    });
    if (n % 2 === 1) await post("/media_publish", { creation_id: containerId });
    await w.h.fresh.db
      .update(postTargets)
      .set({
        status: "publicando",
        reivindicadoPor: `execucao-morta-${n}`,
        reivindicadoEm: new Date(Date.now() - CLAIM_STALE_MS - 60_000),
        containerId,
      })
      .where(eq(postTargets.id, target.id));
  }
  return instagram.map((t) => t.id);
}
