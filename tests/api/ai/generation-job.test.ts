/**
 * The job `ai/content.requested` on the local runner (ADR 055), with a stand-in for the live
 * rooms: the streamed text reaches the asker's pages in pieces that each fit the event's size
 * cap and rebuild exactly the row's text by offset; the final status is announced; the AI
 * switched off (limit 0) writes with templates and says why; the sweep fails silent runs.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiGenerations, businessSettings } from "../../../db/schema/index.ts";
import { createRunner } from "../../../jobs/runner.ts";
import { type LiveEvent, liveEventSchema, MAX_LIVE_EVENT_BYTES } from "../../../shared/live-events.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { AI_OFF_NOTICE } from "../../../worker/services/ai-generation/engine.ts";
import { STUCK_MESSAGE, sweepStuckGenerations } from "../../../worker/services/ai-generation/sweep.ts";
import { type FakeOpenAi, startFakeOpenAi } from "../../fakes/openai/server.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { goodVariants, postOf, pricedHouse, sheetOf } from "./generation-fixtures.ts";

let h: Harness;
let fake: FakeOpenAi;
let orgId: string;
let owner: string;
let house: string;
const published: { orgId: string; event: LiveEvent; userId: string | undefined }[] = [];

/** The LIVE binding's stand-in: records what each room was asked to publish. */
const live = {
  idFromName: (name: string) => name,
  get: (id: string) => ({
    publish: async (event: LiveEvent, userId?: string) => {
      published.push({ orgId: id.replace(/^org:/, ""), event, userId });
    },
  }),
} as unknown as DurableObjectNamespace;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  h = await createHarness({ env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: "sk-teste", OPENAI_TIMEOUT_MS: "3000" } });
  const a = await createOwner(h, "Job");
  orgId = a.orgId;
  owner = (await userId(h, a.email)) as string;
  house = await pricedHouse(h, orgId);
  const sheet = await sheetOf(h, orgId, owner, house);
  fake.setResponder(() => ({ variantes: goodVariants(sheet) }));
}, 30_000);

afterAll(() => fake.close());

async function queued(): Promise<string> {
  const { tipo: _t, ...pedido } = postOf(house);
  const now = new Date();
  const [row] = await h.fresh.db
    .insert(aiGenerations)
    .values({ orgId, userId: owner, tipo: "post", pedido, titulo: "Teste", criadoEm: now, atualizadoEm: now })
    .returning({ id: aiGenerations.id });
  return (row as { id: string }).id;
}

async function runJob(generationId: string) {
  const pending: Promise<unknown>[] = [];
  const runner = createRunner({
    db: h.fresh.db,
    config: readConfig(h.env),
    waitUntil: (p) => void pending.push(p),
    bindings: { LIVE: live as never, FILES: undefined as never },
  });
  const runs = await runner.enqueue([
    { name: "ai/content.requested", data: { generationId, orgId, userId: owner, origin: "http://localhost" } },
  ]);
  const reports = await runner.execute(runs);
  await Promise.allSettled(pending);
  return reports;
}

describe("ai/content.requested on the local runner", () => {
  it("streams the text to the asker's pages in pieces within the cap that rebuild the row's text", async () => {
    fake.reset();
    published.length = 0;
    const id = await queued();
    const reports = await runJob(id);
    expect(reports.map((r) => r.outcome)).toEqual(["completed"]);
    const [row] = await h.fresh.db.select().from(aiGenerations).where(eq(aiGenerations.id, id));
    expect(row?.status).toBe("pronta");
    const mine = published.filter((p) => p.event.type === "generation.progress" && p.event.generationId === id);
    expect(mine.every((p) => p.userId === owner && p.orgId === orgId)).toBe(true);
    let text = "";
    for (const { event } of mine) {
      expect(JSON.stringify(liveEventSchema.parse(event)).length).toBeLessThanOrEqual(MAX_LIVE_EVENT_BYTES);
      if (event.type === "generation.progress" && event.texto) {
        expect(event.texto.desde).toBe(text.length);
        text += event.texto.parte;
      }
    }
    expect(text.length).toBeGreaterThan(0);
    expect(text).toBe(row?.textoParcial);
    const last = mine.at(-1)?.event;
    expect(last?.type === "generation.progress" && last.status).toBe("pronta");
  });

  it("with the AI switched off (limit 0) writes with the templates and says why, without calling OpenAI", async () => {
    fake.reset();
    await h.fresh.db
      .insert(businessSettings)
      .values({ orgId, limiteTokensIaMensal: 0 })
      .onConflictDoUpdate({ target: businessSettings.orgId, set: { limiteTokensIaMensal: 0 } });
    const id = await queued();
    await runJob(id);
    const [row] = await h.fresh.db.select().from(aiGenerations).where(eq(aiGenerations.id, id));
    expect(row?.status).toBe("pronta");
    expect(row?.origem).toBe("modelo");
    expect(row?.aviso).toBe(AI_OFF_NOTICE);
    expect(fake.requests.length).toBe(0);
    await h.fresh.db.update(businessSettings).set({ limiteTokensIaMensal: 1_000_000 }).where(eq(businessSettings.orgId, orgId));
  });

  it("a cancelled generation that the runner picks up later is left alone", async () => {
    fake.reset();
    const id = await queued();
    await h.fresh.db.update(aiGenerations).set({ status: "cancelada" }).where(eq(aiGenerations.id, id));
    await runJob(id);
    const [row] = await h.fresh.db.select().from(aiGenerations).where(eq(aiGenerations.id, id));
    expect(row?.status).toBe("cancelada");
    expect(fake.requests.length).toBe(0);
  });

  it("the sweep fails runs that went silent (never a frozen “gerando”) and leaves live ones", async () => {
    const silent = await queued();
    const alive = await queued();
    const old = new Date(Date.now() - 10 * 60_000);
    await h.fresh.db.update(aiGenerations).set({ status: "gerando", atualizadoEm: old }).where(eq(aiGenerations.id, silent));
    await h.fresh.db.update(aiGenerations).set({ status: "gerando", atualizadoEm: new Date() }).where(eq(aiGenerations.id, alive));
    published.length = 0;
    expect(await sweepStuckGenerations({ db: h.fresh.db, live: live as never, waitUntil: () => {} }, new Date())).toBe(1);
    const rows = await h.fresh.db.select().from(aiGenerations);
    expect(rows.find((r) => r.id === silent)).toMatchObject({ status: "falhou", erroCodigo: "interrompida", erroMensagem: STUCK_MESSAGE });
    expect(rows.find((r) => r.id === alive)?.status).toBe("gerando");
    expect(published.some((p) => p.event.type === "generation.progress" && p.event.status === "falhou")).toBe(true);
  });
});
