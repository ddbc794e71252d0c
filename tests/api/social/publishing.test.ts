/**
 * The publishing engine's promises one by one, against the Meta stand-in (ADR 047): a revoked token
 * flips the account and holds its next post; a spent daily quota holds with a clear message;
 * "tentar de novo" retries only the failed network; a live post is never marked failed by a later
 * read; an ambiguous 4/2207051 is looked up before any retry; a container IN_PROGRESS is polled.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobRuns, postTargets, socialAccounts, socialConnections } from "../../../db/schema/index.ts";
import { FAULTS } from "../../../tools/meta-standin/server.ts";
import { issueToken } from "../../../tools/meta-standin/state.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { ACCOUNT_TOKEN_PURPOSE, sealFor } from "../../../worker/services/social/account-credentials.ts";
import { releaseAccountHolds } from "../../../worker/services/social/publishing/outcomes.ts";
import { allowConsoleError } from "../../support/console-guard.ts";
import {
  attemptsOf,
  createApproved,
  createDriver,
  createWorld,
  drain,
  liveCopies,
  ownerRequest,
  storeImage,
  targetsOf,
  type World,
} from "./publishing-fixtures.ts";

let w: World;

beforeAll(async () => {
  // Two reads of a new container still say IN_PROGRESS.
  w = await createWorld({ containerPolls: 2 });
});

// Retries and failures are logged by the runner (and Inngest): expected here.
beforeEach(() => allowConsoleError(/\[job\]|\[publicação\]/));

afterAll(async () => {
  await w?.close();
});

/** A post approved to go now, its first execution done (the request's after-the-answer work). */
async function publishNow(spec: Parameters<typeof createApproved>[1]): Promise<string> {
  const id = await createApproved(w, spec);
  await drain(w.h.pending);
  return id;
}

const only = async (postId: string, rede: "facebook" | "instagram") =>
  (await targetsOf(w, [postId])).find((t) => t.rede === rede) as Awaited<ReturnType<typeof targetsOf>>[number];

describe("publishing, one promise at a time", () => {
  it("polls a container that is still IN_PROGRESS, then publishes it once, with its permalink and first comment", async () => {
    const driver = createDriver(w);
    const pair = w.pairs[2] as World["pairs"][number];
    const post = await publishNow({
      legenda: "Casa térrea com quintal #casa",
      contas: [pair.instagram],
      midias: [await storeImage(w, "poll/0"), await storeImage(w, "poll/1")],
      primeiroComentario: "Agende sua visita!",
    });
    expect((await only(post, "instagram")).status).toBe("publicando");
    await driver.settle([post]);
    const target = await only(post, "instagram");
    expect(target).toMatchObject({ status: "publicado", erroMensagem: null });
    expect(target.containersFilhos).toHaveLength(2);
    expect(target.permalink).toMatch(/\/_demo\/instagram\/demo_media_/);
    expect(await liveCopies(w, target)).toBe(1);
    const polls = w.meta.log.filter((r) => r.method === "GET" && r.path.endsWith(`/${target.containerId}`));
    expect(polls.length).toBeGreaterThanOrEqual(3);
    expect([...w.meta.state.comments.values()].some((c) => c.objectId === target.midiaId && c.message === "Agende sua visita!")).toBe(true);
  });

  it("a reschedule replaces the sleeping run: nothing goes at the old time, once at the new one", async () => {
    const driver = createDriver(w);
    const pair = w.pairs[1] as World["pairs"][number];
    const post = await createApproved(w, {
      legenda: "Apartamento decorado, visita no sábado",
      contas: [pair.facebook],
      agendadoPara: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    await drain(w.h.pending);
    const moved = await ownerRequest(w, "POST", `/api/posts/${post}/reagendar`, {
      agendadoPara: new Date(Date.now() + 40 * 60_000).toISOString(),
    });
    expect(moved.status).toBe(200);
    await drain(w.h.pending);
    const runs = await w.h.fresh.db
      .select({ status: jobRuns.status, payload: jobRuns.payload })
      .from(jobRuns)
      .where(eq(jobRuns.functionId, "publish-post"));
    const targetId = (await only(post, "facebook")).id;
    const mine = runs.filter((r) => r.payload.includes(targetId));
    expect(mine.map((r) => r.status).sort()).toEqual(["cancelled", "sleeping"]);
    for (let minute = 0; minute < 20; minute++) await driver.minute();
    const waiting = await only(post, "facebook");
    expect(waiting.status).toBe("agendado");
    expect(await liveCopies(w, waiting)).toBe(0);
    await driver.settle([post]);
    const published = await only(post, "facebook");
    expect(published.status).toBe("publicado");
    expect(published.publicadoEm?.getTime()).toBeGreaterThanOrEqual(published.agendadoPara?.getTime() ?? 0);
    expect(await liveCopies(w, published)).toBe(1);
  });

  it("a revoked token (190) flips the account and its connection to reconectar and holds its next post; reconnected, they go out once", async () => {
    const driver = createDriver(w);
    const pair = w.pairs[0] as World["pairs"][number];
    const later = await createApproved(w, {
      legenda: "Post agendado para mais tarde",
      contas: [pair.facebook],
      agendadoPara: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    await drain(w.h.pending);
    w.meta.revokeTokens(pair.pageId);
    const first = await publishNow({ legenda: "Primeiro post da Página", contas: [pair.facebook] });
    const [account] = await w.h.fresh.db.select().from(socialAccounts).where(eq(socialAccounts.id, pair.facebook));
    expect(account?.status).toBe("reconectar");
    expect(account?.motivoStatus).toMatch(/reconecte a conta/);
    const [connection] = await w.h.fresh.db
      .select()
      .from(socialConnections)
      .where(eq(socialConnections.id, account?.conexaoId as string));
    expect(connection?.status).toBe("reconectar");
    for (const id of [first, later]) {
      const target = await only(id, "facebook");
      // Held, not failed: still agendado, the reason shown.
      expect(target.status).toBe("agendado");
      expect(target.erroCodigo).toBe("190/460");
      expect(target.erroMensagem).toMatch(/Conectar Redes e reconecte a conta/);
    }
    const history = await attemptsOf(w, (await only(first, "facebook")).id);
    expect(history).toEqual([expect.objectContaining({ resultado: "retido", erroCodigo: "190/460", etapa: "facebook" })]);
    // Minutes pass while it waits: nothing is tried and nothing fails.
    await driver.minute();
    await driver.minute();
    expect((await only(first, "facebook")).status).toBe("agendado");
    expect(await attemptsOf(w, (await only(first, "facebook")).id)).toHaveLength(1);

    // Reconnected (what the connect flow does): a new token, the account active, the holds released.
    const token = issueToken(w.meta.state, {
      kind: "fb-page",
      subject: pair.pageId,
      granted: ["pages_manage_posts", "pages_read_engagement", "instagram_content_publish"],
      declined: [],
      expiresAt: null,
    });
    const sealed = await sealFor(readConfig(w.h.env), w.owner.orgId, ACCOUNT_TOKEN_PURPOSE, token.token);
    await w.h.fresh.db
      .update(socialAccounts)
      .set({ status: "ativa", motivoStatus: null, tokenSelado: sealed })
      .where(eq(socialAccounts.id, pair.facebook));
    await releaseAccountHolds({ db: w.h.fresh.db }, w.owner.orgId, pair.facebook);
    expect((await only(later, "facebook")).erroMensagem).toBeNull();
    await driver.settle([first]);
    const published = await only(first, "facebook");
    expect(published.status).toBe("publicado");
    expect(await liveCopies(w, published)).toBe(1);
  });

  it("a spent daily quota holds the Instagram post with a clear message; when Meta frees it, it goes out once", async () => {
    const driver = createDriver(w);
    const pair = w.pairs[1] as World["pairs"][number];
    w.meta.state.publishes.set(
      pair.igId,
      Array.from({ length: 1000 }, () => w.meta.now()),
    );
    const post = await publishNow({
      legenda: "Sobrado com piscina #sobrado",
      contas: [pair.instagram],
      midias: [await storeImage(w, "quota/0")],
    });
    const held = await only(post, "instagram");
    expect(held.status).toBe("agendado");
    expect(held.erroCodigo).toBe("9/2207042");
    expect(held.erroMensagem).toMatch(/limite diário.*sai assim que a Meta liberar.*1000 de 1000/s);
    expect(held.retidoAte?.getTime()).toBeGreaterThan(Date.now());
    expect(held.containerId).toBeNull();
    expect(await attemptsOf(w, held.id)).toEqual([expect.objectContaining({ resultado: "retido", etapa: "cota" })]);
    await driver.minute();
    expect((await only(post, "instagram")).status).toBe("agendado");
    // The 24 h window moves on.
    w.meta.state.publishes.set(pair.igId, []);
    const minutes = await driver.settle([post]);
    expect(minutes).toBeGreaterThan(50);
    const published = await only(post, "instagram");
    expect(published.status).toBe("publicado");
    expect(await liveCopies(w, published)).toBe(1);
  });

  it("tentar de novo retries only the failed network; the published one is not touched", async () => {
    const driver = createDriver(w);
    const pair = w.pairs[2] as World["pairs"][number];
    w.meta.faults.add(FAULTS.containerError(2207026, { path: `/${pair.igId}/media` }));
    const post = await publishNow({
      legenda: "Cobertura duplex #cobertura",
      contas: [pair.facebook, pair.instagram],
      midias: [await storeImage(w, "retry/0")],
    });
    await driver.settle([post]);
    const failed = await only(post, "instagram");
    const facebook = await only(post, "facebook");
    expect(failed).toMatchObject({ status: "falhou", erroCodigo: "ERROR/2207026" });
    expect(failed.erroMensagem).toMatch(/só publica imagens em JPEG/);
    expect(facebook.status).toBe("publicado");
    const retried = await ownerRequest(w, "POST", `/api/posts/${post}/tentar-de-novo`);
    expect(retried.status).toBe(200);
    await drain(w.h.pending);
    await driver.settle([post]);
    const again = await only(post, "instagram");
    expect(again.status).toBe("publicado");
    expect(await liveCopies(w, again)).toBe(1);
    const facebookAfter = await only(post, "facebook");
    expect(facebookAfter.publicadoEm).toEqual(facebook.publicadoEm);
    expect(await liveCopies(w, facebookAfter)).toBe(1);
    expect((await attemptsOf(w, facebook.id)).map((a) => a.resultado)).toEqual(["publicado"]);
  });

  it("a live post is never marked failed when the permalink read and the first comment fail", async () => {
    const pair = w.pairs[2] as World["pairs"][number];
    w.meta.faults.add(FAULTS.serverError({ method: "GET", pathRegex: `/${pair.pageId}_\\d+$`, times: -1 }));
    w.meta.faults.add(FAULTS.serverError({ method: "POST", path: "/comments", times: -1 }));
    try {
      const post = await publishNow({
        legenda: "Terreno plano no centro",
        contas: [pair.facebook],
        primeiroComentario: "Chame no WhatsApp.",
      });
      const target = await only(post, "facebook");
      expect(target).toMatchObject({ status: "publicado", permalink: null, erroMensagem: null });
      expect(await liveCopies(w, target)).toBe(1);
      const history = await attemptsOf(w, target.id);
      expect(history.map((a) => [a.etapa, a.resultado])).toEqual(
        expect.arrayContaining([
          ["publicar", "publicado"],
          ["comentario", "falhou"],
        ]),
      );
      expect(history.find((a) => a.etapa === "comentario")?.mensagem).toMatch(/foi publicado, mas o primeiro comentário não entrou/);
    } finally {
      w.meta.faults.clear();
    }
  });

  it("an ambiguous 4/2207051 from media_publish is looked up before any retry: the post was live, it is recorded, not published again", async () => {
    const pair = w.pairs[1] as World["pairs"][number];
    w.meta.state.publishes.set(pair.igId, []);
    w.meta.faults.add(FAULTS.ambiguous({ method: "POST", path: `/${pair.igId}/media_publish` }));
    const driver = createDriver(w);
    const post = await publishNow({
      legenda: "Loja de esquina #comercial",
      contas: [pair.instagram],
      midias: [await storeImage(w, "amb/0")],
    });
    await driver.settle([post]);
    const target = await only(post, "instagram");
    expect(target.status).toBe("publicado");
    expect(await liveCopies(w, target)).toBe(1);
    const calls = w.meta.log.filter(
      (r) =>
        (r.path.includes("/media_publish") && r.params.creation_id === target.containerId) || r.path.endsWith(`/${target.containerId}`),
    );
    const publishes = calls.filter((r) => r.method === "POST");
    expect(publishes).toHaveLength(1);
    expect(publishes[0]?.fault).toBe("error");
    // After the ambiguous answer, the container was read (and said PUBLISHED) before anything else.
    const after = calls.slice(calls.indexOf(publishes[0] as (typeof calls)[number]) + 1);
    expect(after[0]).toMatchObject({ method: "GET" });
    expect((await attemptsOf(w, target.id)).map((a) => a.resultado)).toEqual(["recuperado"]);
    const [row] = await w.h.fresh.db
      .select()
      .from(postTargets)
      .where(and(eq(postTargets.id, target.id)));
    expect(row?.midiaId).toBeTruthy();
  });
});
