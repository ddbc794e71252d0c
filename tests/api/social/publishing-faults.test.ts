/**
 * The core proof (ADR 047): under Meta's faults — 5xx, 429 and rate limits, calls that hang,
 * answers lost after Meta did the work, the ambiguous 4/2207051, containers in ERROR, a run that died
 * between container and publish — 200 scheduled posts across 3 Pages and their Instagram accounts
 * (Facebook, Instagram or both; text, one image or a carousel) are each published exactly once on
 * each of their networks, counted in the stand-in's own state: none lost, none duplicated, and
 * every failure explained (a history row with a pt-BR message and Meta's raw code).
 */
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { postAttempts } from "../../../db/schema/index.ts";
import { allowConsoleError } from "../../support/console-guard.ts";
import { schedulePosts, seedCrashes, WAVE } from "./publishing-faults-plan.ts";
import { createDriver, createWorld, drain, liveCopies, openTargets, targetsOf, type World } from "./publishing-fixtures.ts";

let w: World;
let postIds: string[];

beforeAll(async () => {
  // Containers are FINISHED at their first read here (the IN_PROGRESS polls have a test of their own).
  w = await createWorld({ containerPolls: 0 });
});

// Retries and failures are logged by the runner (and Inngest): expected here.
beforeEach(() => allowConsoleError(/\[job\]|\[publicação\]/));

afterAll(async () => {
  await w?.close();
});

// The timeout: under a minute on an idle machine; a shared box may be several times slower.
describe("exactly once under Meta's faults, on the local runner", () => {
  it("publishes 200 scheduled posts across 3 accounts once on each network, none lost, none duplicated, every failure explained", async () => {
    const start = Date.now();
    postIds = await schedulePosts(w, start);
    await drain(w.h.pending);
    const scheduledIn = Date.now() - start;
    const crashed = await seedCrashes(w, postIds);
    const driver = createDriver(w, start);
    let minutes = 0;
    for (; minutes < 240 && (await openTargets(w, postIds)) > 0; minutes++) {
      if (minutes % 5 === 0 && minutes < 30) for (const fault of WAVE) w.meta.faults.add({ ...fault });
      await driver.minute();
    }
    const targets = await targetsOf(w, postIds);
    expect(await openTargets(w, postIds), "publications left behind").toBe(0);
    // Exactly once, counted in the stand-in's state.
    for (const target of targets) {
      const copies = await liveCopies(w, target);
      expect(copies, `${target.rede} ${target.id} ${target.status}`).toBe(target.status === "publicado" ? 1 : 0);
    }
    // Every failure explained: the row and its history say why, in pt-BR, with Meta's code.
    const failed = targets.filter((t) => t.status === "falhou");
    for (const target of failed) {
      expect(target.erroMensagem).toMatch(/[a-zà-ú]{4,}.*\.$/is);
      expect(target.erroCodigo).toBeTruthy();
    }
    const attempts = await w.h.fresh.db
      .select()
      .from(postAttempts)
      .where(
        inArray(
          postAttempts.alvoId,
          targets.map((t) => t.id),
        ),
      );
    for (const attempt of attempts.filter((a) => a.resultado !== "publicado")) {
      expect(attempt.mensagem, JSON.stringify(attempt)).toBeTruthy();
      if (attempt.resultado !== "recuperado") expect(attempt.erroCodigo, JSON.stringify(attempt)).toBeTruthy();
    }
    for (const target of failed) expect(attempts.some((a) => a.alvoId === target.id && a.resultado === "falhou")).toBe(true);
    // The faults did happen, and were survived in every way the design claims.
    const outcomes = new Set(attempts.map((a) => a.resultado));
    expect([...outcomes].sort()).toEqual(expect.arrayContaining(["falhou", "publicado", "recuperado", "repetir"]));
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.map((t) => `${t.rede} ${t.erroCodigo} ${t.erroMensagem}`).filter((t) => !t.startsWith("instagram"))).toEqual([]);
    expect(failed.length).toBeLessThan(targets.length / 10);
    // The runs that died between container and publish: taken over, the container reused, published once.
    for (const id of crashed) {
      const target = targets.find((t) => t.id === id) as (typeof targets)[number];
      expect(target.status).toBe("publicado");
      expect(await liveCopies(w, target)).toBe(1);
    }
    console.info(
      `[publicação] ${targets.length} publicações, ${targets.filter((t) => t.status === "publicado").length} publicadas, ${failed.length} falharam, ${attempts.length} tentativas, ${minutes} minutos simulados; ${scheduledIn} ms para criar e aprovar, ${Date.now() - start - scheduledIn} ms para publicar`,
    );
  }, 300_000);
});
