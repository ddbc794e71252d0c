import { eq } from "drizzle-orm";
import { postTargets } from "../../../../db/schema/index.ts";
import { orgScope } from "../../../../db/tenant.ts";
import type { JobDeps, JobStep } from "../../../../jobs/define.ts";
import { publishLive } from "../../../live/publish.ts";
import { after } from "./after.ts";
import { type ClaimRefusal, claimPublication } from "./claim.ts";
import type { PublishingContext } from "./context.ts";
import { publishFacebook } from "./facebook.ts";
import type { Guarded } from "./guard.ts";
import { checkQuota, pollContainer, prepareContainer, publishContainer } from "./instagram.ts";
import { loadPublication, type Publication } from "./load.ts";

/**
 * One network's publication, step by step (ADR 047), on either runner: sleep until its time, claim
 * it, then Instagram's quota → container → status polls → media_publish, or Facebook's one post;
 * then the permalink and the first comment, which never change the status. Each step reloads the
 * row (ids recorded by earlier attempts are what a retry looks at) and records what Meta returns.
 */

export interface PublishData {
  orgId: string;
  targetId: string;
  accountId: string;
  version: number;
  at: string;
  key: string;
  origin?: string | undefined;
}

export type PublishOutcome = ClaimRefusal | "publicado" | "held" | "failed" | "lost";

/** How many times the container's status is read (10 s apart) before giving up. */
export const CONTAINER_POLLS = 30;
const POLL_WAIT = "10s";
/** Early wake-ups tolerated (a clock a little ahead of the database's time). */
const EARLY_WAKES = 3;

export function publishingContext(deps: JobDeps, runId: string, origin: string | undefined): PublishingContext {
  return {
    db: deps.db,
    config: deps.config,
    now: deps.now ?? (() => new Date()),
    runId,
    origin: deps.config.APP_URL ?? origin ?? "http://localhost",
    files: deps.bindings?.FILES,
    live: deps.bindings?.LIVE,
    waitUntil: deps.waitUntil,
  };
}

/** A step that works on the freshly read publication ("lost": the post is gone). */
function withPublication<T>(ctx: PublishingContext, data: PublishData, fn: (pub: Publication) => Promise<Guarded<T>>) {
  return async (): Promise<Guarded<T>> => {
    const pub = await loadPublication(ctx, data.orgId, data.targetId);
    return pub ? fn(pub) : { ok: false, stop: "lost" };
  };
}

/**
 * A run that found its publication held (account to reconnect, quota) or not yet due moves the
 * row's version on, so the sweep's later run is a new one (the same key would be dropped as a
 * repeat of this run's).
 */
async function release(ctx: PublishingContext, data: PublishData): Promise<void> {
  await ctx.db
    .update(postTargets)
    .set({ atualizadoEm: ctx.now() })
    .where(
      orgScope(ctx.db, data.orgId).where(
        postTargets,
        eq(postTargets.id, data.targetId),
        eq(postTargets.status, "agendado"),
        eq(postTargets.atualizadoEm, new Date(data.version)),
      ),
    );
}

export async function publishTarget(ctx: PublishingContext, step: JobStep, data: PublishData): Promise<{ outcome: PublishOutcome }> {
  let claim: Awaited<ReturnType<typeof claimStep>> | undefined;
  const claimStep = async () => {
    const result = await claimPublication(ctx, data.orgId, data.targetId, data.version);
    if (!result.ok) {
      if (result.why === "held") await release(ctx, data);
      return { ok: false as const, why: result.why, at: null };
    }
    publishLive(ctx, data.orgId, { type: "post.status", postId: result.target.postId, network: result.target.rede, status: "publicando" });
    return { ok: true as const, network: result.target.rede };
  };
  for (let wake = 0; wake <= EARLY_WAKES; wake++) {
    await step.sleepUntil("agendado", data.at);
    claim = await step.run("reivindicar", claimStep);
    if (claim.ok || claim.why !== "not-due") break;
    // Woken a little early: wait a few seconds more (each wait is its own step).
    await step.sleep("cedo", "5s");
  }
  if (!claim?.ok) {
    if (claim?.why === "not-due") await step.run("liberar", () => release(ctx, data));
    return { outcome: claim?.why ?? "changed" };
  }
  if (claim.network === "instagram") {
    const quota = await step.run(
      "cota",
      withPublication(ctx, data, (pub) => checkQuota(ctx, pub)),
    );
    if (!quota.ok) return { outcome: quota.stop };
    const container = await step.run(
      "container",
      withPublication(ctx, data, (pub) => prepareContainer(ctx, pub)),
    );
    if (!container.ok) return { outcome: container.stop };
    let status: Guarded<string> = { ok: true, value: "IN_PROGRESS" };
    for (let poll = 0; poll < CONTAINER_POLLS && status.ok && status.value === "IN_PROGRESS"; poll++) {
      if (poll > 0) await step.sleep("aguardar-container", POLL_WAIT);
      status = await step.run(
        "status",
        withPublication(ctx, data, (pub) => pollContainer(ctx, pub, container.value)),
      );
    }
    if (!status.ok) return { outcome: status.stop };
    if (status.value === "IN_PROGRESS") {
      const failed = await step.run(
        "demorou",
        withPublication(ctx, data, (pub) => after.tooSlow(ctx, pub)),
      );
      return { outcome: failed.ok ? "failed" : failed.stop };
    }
    const published = await step.run(
      "publicar",
      withPublication(ctx, data, (pub) => publishContainer(ctx, pub, container.value)),
    );
    if (!published.ok) return { outcome: published.stop };
  } else {
    const published = await step.run(
      "facebook",
      withPublication(ctx, data, (pub) => publishFacebook(ctx, pub)),
    );
    if (!published.ok) return { outcome: published.stop };
  }
  await step.run(
    "link",
    withPublication(ctx, data, async (pub) => ({ ok: true, value: await after.permalink(ctx, pub.target) })),
  );
  await step.run(
    "comentario",
    withPublication(ctx, data, async (pub) => ({ ok: true, value: await after.firstComment(ctx, pub.target, pub.firstComment) })),
  );
  return { outcome: "publicado" };
}
