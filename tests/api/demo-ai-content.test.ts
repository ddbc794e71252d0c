import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { aiGenerations, aiPlanDrafts, organizations, posts } from "../../db/schema/index.ts";
import { DEMO_FREE_TOPICS, demoPlanMonth, seedDemoAiContent, seedMissingDemoAiContent } from "../../scripts/seed/demo-ai-content.ts";
import { TEMPLATE_NOTICE } from "../../shared/ai/template-post.ts";
import { createHarness, createOwner, type Harness, userId } from "./harness.ts";
import { pricedHouse } from "./ai/generation-fixtures.ts";

/** The demo's /ai-content: past free generations and a month plan already in drafts on the calendar. */

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

describe("seedDemoAiContent", () => {
  it("leaves three free generations and a month plan whose every idea is a draft at its day", async () => {
    const owner = await createOwner(h, "Horizonte Ideias");
    const ownerId = (await userId(h, owner.email)) as string;
    const house = await pricedHouse(h, owner.orgId);
    const now = new Date();
    await seedDemoAiContent(h.fresh.db, owner.orgId, ownerId, now);
    const rows = await h.fresh.db.select().from(aiGenerations).where(eq(aiGenerations.orgId, owner.orgId));
    expect(rows.map((r) => r.status)).toEqual(rows.map(() => "pronta"));
    const free = rows.filter((r) => r.tipo === "livre");
    expect(free.map((r) => r.titulo).sort()).toEqual(DEMO_FREE_TOPICS.map((t) => t.tema).sort());
    for (const r of free) {
      expect(r.origem).toBe("modelo");
      expect(r.aviso).toBe(TEMPLATE_NOTICE);
      expect(r.criadoEm.getTime()).toBeLessThan(now.getTime());
    }
    const plan = rows.find((r) => r.tipo === "mes");
    const ideas = (plan?.resultado as { ideias: { data: string; vinculo: { registroId: string | null } }[] } | undefined)?.ideias ?? [];
    expect(ideas.length).toBeGreaterThan(2);
    expect(ideas.every((i) => i.data.startsWith(demoPlanMonth(now)))).toBe(true);
    expect(ideas.some((i) => i.vinculo.registroId === house)).toBe(true);
    const drafts = await h.fresh.db
      .select({ aprovacao: posts.aprovacao, agendadoPara: posts.agendadoPara })
      .from(aiPlanDrafts)
      .innerJoin(posts, eq(posts.id, aiPlanDrafts.postId))
      .where(and(eq(aiPlanDrafts.geracaoId, plan?.id ?? ""), isNull(posts.excluidoEm)));
    expect(drafts.length).toBe(ideas.length);
    for (const d of drafts) {
      expect(d.aprovacao).toBe("rascunho");
      expect(d.agendadoPara?.getTime()).toBeGreaterThan(now.getTime());
    }
  });

  it("adds them once to a demo database seeded before they existed", async () => {
    const owner = await createOwner(h, "Horizonte Antiga Ideias");
    const document = "11222333000181";
    await h.fresh.db.update(organizations).set({ document }).where(eq(organizations.id, owner.orgId));
    expect(await seedMissingDemoAiContent(h.fresh.db, document)).toBe(true);
    expect(await seedMissingDemoAiContent(h.fresh.db, document)).toBe(false);
    expect(await seedMissingDemoAiContent(h.fresh.db, "00000000000000")).toBe(false);
  });
});
