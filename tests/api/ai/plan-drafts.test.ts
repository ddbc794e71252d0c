/**
 * "Um mês de ideias" → drafts on /content-calendar (ADR 057): one batch through the posts'
 * registry create, idempotent (twice, or at once from two tabs, never doubles), in the
 * organização's time zone, only for who asked the plan, only for roles that create posts.
 */
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { aiGenerations, aiPlanDrafts, businessSettings, posts, postTargets, socialAccounts } from "../../../db/schema/index.ts";
import type { MonthIdea } from "../../../shared/ai/contracts.ts";
import type { Generation } from "../../../shared/ai/generation-api.ts";
import { DRAFT_HOUR, type PlanDraftsResult, planDraftsPath } from "../../../shared/ai/plan-drafts.ts";
import { ROLES } from "../../../shared/enums.ts";
import { dayIn, instantIn } from "../../../shared/time-zone.ts";
import { can, FORBIDDEN_MESSAGE } from "../../../worker/auth/permissions.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { planToDrafts } from "../../../worker/services/ai-generation/plan-drafts.ts";
import { actorFor, addMember } from "../records.ts";
import { ask, pricedHouse, waitFor } from "./generation-fixtures.ts";

let h: Harness;
let orgA: string;
let ownerA: { cookie: string; userId: string };
let house: string;
let cookieB: string;
let instagram: string;

/** aaaa-mm of the month after this one. */
function nextMonth(): string {
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15));
  return `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, "0")}`;
}

beforeAll(async () => {
  h = await createHarness();
  const a = await createOwner(h, "Plano");
  orgA = a.orgId;
  ownerA = { cookie: a.cookie, userId: (await userId(h, a.email)) as string };
  house = await pricedHouse(h, orgA);
  cookieB = (await createOwner(h, "Outra")).cookie;
  instagram = crypto.randomUUID();
  const now = new Date();
  await h.fresh.db.insert(socialAccounts).values([
    {
      id: instagram,
      orgId: orgA,
      rede: "instagram",
      idExterno: `ig-${orgA}`,
      nome: "Plano",
      usuario: "plano",
      criadoEm: now,
      atualizadoEm: now,
    },
    {
      id: crypto.randomUUID(),
      orgId: orgA,
      rede: "facebook",
      idExterno: `fb-${orgA}`,
      nome: "Plano antiga",
      usuario: null,
      status: "desconectada",
      criadoEm: now,
      atualizadoEm: now,
    },
  ]);
}, 30_000);

/** A finished month plan of `user`, stored as the job leaves it (ideas chosen by the test). */
async function storedPlan(user: string, ideias: MonthIdea[], status: Generation["status"] = "pronta"): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  await h.fresh.db.insert(aiGenerations).values({
    id,
    orgId: orgA,
    userId: user,
    tipo: "mes",
    pedido: { mes: nextMonth(), tom: "acolhedor" },
    titulo: "Plano de teste",
    status,
    origem: "modelo",
    resultado: status === "pronta" ? { tipo: "mes", ideias } : null,
    criadoEm: now,
    atualizadoEm: now,
  });
  return id;
}

const idea = (data: string, over: Partial<MonthIdea> = {}): MonthIdea => ({
  data,
  titulo: "Ideia",
  legenda: `Legenda do dia ${data}`,
  formato: "post",
  motivo: "Porque sim",
  vinculo: { tipo: "data", registroId: null, dataComemorativa: "Dia do Corretor" },
  ...over,
});

async function toDrafts(cookie: string, id: string, body: unknown = {}) {
  const res = await h.request(planDraftsPath(id), { cookie, json: body });
  return { status: res.status, body: (await res.json()) as { data?: PlanDraftsResult; error?: { message: string } } };
}

async function draftsOf(id: string) {
  return h.fresh.db
    .select({ post: posts })
    .from(aiPlanDrafts)
    .innerJoin(posts, eq(posts.id, aiPlanDrafts.postId))
    .where(and(eq(aiPlanDrafts.geracaoId, id), isNull(posts.excluidoEm)));
}

describe("a month plan becomes drafts", () => {
  it("turns the template plan into drafts at its days, linked to its imóvel, and a second click creates nothing", async () => {
    const res = await ask(h, ownerA.cookie, { tipo: "mes", mes: nextMonth(), tom: "profissional" });
    expect(res.status).toBe(201);
    const g = await waitFor(h, ownerA.cookie, (res.body.data as Generation).id);
    const ideas = g.resultado?.tipo === "mes" ? g.resultado.ideias : [];
    expect(ideas.length).toBeGreaterThan(0);

    const first = await toDrafts(ownerA.cookie, g.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ criados: ideas.length, jaEram: 0, passadas: 0, primeiroDia: ideas[0]?.data });

    const rows = (await draftsOf(g.id)).map((r) => r.post);
    expect(rows.length).toBe(ideas.length);
    for (const post of rows) {
      expect(post.aprovacao).toBe("rascunho");
      expect(post.criadoPor).toBe(ownerA.userId);
      const match = ideas.find((i) => i.legenda === post.legenda);
      expect(match, post.legenda).toBeDefined();
      if (!match) continue;
      expect(post.agendadoPara?.toISOString()).toBe(instantIn(match.data, DRAFT_HOUR[match.formato], "America/Sao_Paulo").toISOString());
      if (match.vinculo.tipo === "imovel") expect(post.imovelId).toBe(match.vinculo.registroId);
    }
    expect(ideas.some((i) => i.vinculo.tipo === "imovel" && i.vinculo.registroId === house)).toBe(true);

    const again = await toDrafts(ownerA.cookie, g.id);
    expect(again.body.data).toEqual({ criados: 0, jaEram: ideas.length, passadas: 0, primeiroDia: ideas[0]?.data });
    expect((await draftsOf(g.id)).length).toBe(ideas.length);
  });

  it("never doubles when two requests arrive at once", async () => {
    const mes = nextMonth();
    const id = await storedPlan(ownerA.userId, [idea(`${mes}-10`), idea(`${mes}-12`), idea(`${mes}-20`)]);
    const [a, b] = await Promise.all([toDrafts(ownerA.cookie, id), toDrafts(ownerA.cookie, id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((a.body.data?.criados ?? 0) + (b.body.data?.criados ?? 0)).toBe(3);
    expect((await draftsOf(id)).length).toBe(3);
  });

  it("skips an idea another request made between its read and its write (the batch's own guard)", async () => {
    const mes = nextMonth();
    const id = await storedPlan(ownerA.userId, [idea(`${mes}-13`), idea(`${mes}-14`)]);
    const actor = { ...actorFor(orgA, ownerA.userId), timeZone: "America/Sao_Paulo" };
    const base = h.ctx();
    let raced = false;
    // The other tab's whole request runs right after this one read the plan (no marks yet).
    const db = new Proxy(base.db, {
      get(target, key, receiver) {
        if (key !== "batch") return Reflect.get(target, key, receiver);
        return async (items: unknown) => {
          const result = await target.batch(items as never);
          if (!raced) {
            raced = true;
            expect((await planToDrafts(h.ctx(), actor, id, { ideias: [1] })).criados).toBe(1);
          }
          return result;
        };
      },
    });
    const late = await planToDrafts({ ...base, db }, actor, id, {});
    expect(late).toEqual({ criados: 1, jaEram: 1, passadas: 0, primeiroDia: `${mes}-13` });
    expect((await draftsOf(id)).length).toBe(2);
  });

  it("makes only the chosen ideas, then the rest; a deleted draft comes back when asked again", async () => {
    const mes = nextMonth();
    const id = await storedPlan(ownerA.userId, [idea(`${mes}-03`), idea(`${mes}-05`, { formato: "reels" }), idea(`${mes}-08`)]);
    const chosen = await toDrafts(ownerA.cookie, id, { ideias: [1] });
    expect(chosen.body.data).toEqual({ criados: 1, jaEram: 0, passadas: 0, primeiroDia: `${mes}-05` });
    const [reel] = await draftsOf(id);
    expect(reel?.post.agendadoPara?.toISOString()).toBe(instantIn(`${mes}-05`, "18:30", "America/Sao_Paulo").toISOString());
    // Only the active account goes on the draft (the disconnected Facebook Page does not).
    const targets = await h.fresh.db
      .select({ conta: postTargets.contaId })
      .from(postTargets)
      .where(eq(postTargets.postId, reel?.post.id ?? ""));
    expect(targets.map((t) => t.conta)).toEqual([instagram]);

    const rest = await toDrafts(ownerA.cookie, id);
    expect(rest.body.data).toEqual({ criados: 2, jaEram: 1, passadas: 0, primeiroDia: `${mes}-03` });

    const del = await h.request(`/api/posts/${reel?.post.id}`, { method: "DELETE", cookie: ownerA.cookie });
    expect(del.status).toBe(200);
    const back = await toDrafts(ownerA.cookie, id);
    expect(back.body.data?.criados).toBe(1);
    expect((await draftsOf(id)).length).toBe(3);
  });

  it("leaves out days already past, and refuses an idea not in the plan", async () => {
    const zone = "America/Sao_Paulo";
    const yesterday = dayIn(new Date(Date.now() - 86_400_000), zone);
    const id = await storedPlan(ownerA.userId, [idea(yesterday), idea(`${nextMonth()}-15`)]);
    expect((await toDrafts(ownerA.cookie, id)).body.data).toEqual({
      criados: 1,
      jaEram: 0,
      passadas: 1,
      primeiroDia: `${nextMonth()}-15`,
    });
    expect((await toDrafts(ownerA.cookie, id, { ideias: [7] })).status).toBe(422);
    expect((await toDrafts(ownerA.cookie, id, { ideias: "todas" })).status).toBe(400);
  });

  it("uses the organização's time zone", async () => {
    await h.fresh.db
      .insert(businessSettings)
      .values({ orgId: orgA, fusoHorario: "America/Manaus" })
      .onConflictDoUpdate({ target: businessSettings.orgId, set: { fusoHorario: "America/Manaus" } });
    try {
      const day = `${nextMonth()}-21`;
      const id = await storedPlan(ownerA.userId, [idea(day, { formato: "story" })]);
      expect((await toDrafts(ownerA.cookie, id)).body.data?.criados).toBe(1);
      const [row] = await draftsOf(id);
      expect(row?.post.agendadoPara?.toISOString()).toBe(instantIn(day, "12:30", "America/Manaus").toISOString());
    } finally {
      await h.fresh.db.update(businessSettings).set({ fusoHorario: "America/Sao_Paulo" }).where(eq(businessSettings.orgId, orgA));
    }
  });

  it("waits for a plan still being written (409) and refuses free content (422)", async () => {
    const running = await storedPlan(ownerA.userId, [], "gerando");
    expect((await toDrafts(ownerA.cookie, running)).status).toBe(409);
    const free = await ask(h, ownerA.cookie, {
      tipo: "livre",
      tema: "Dicas de decoração",
      objetivo: "engajar",
      tom: "acolhedor",
      rede: "instagram",
    });
    const g = await waitFor(h, ownerA.cookie, (free.body.data as Generation).id);
    expect((await toDrafts(ownerA.cookie, g.id)).status).toBe(422);
  });
});

describe("tenant isolation and roles", () => {
  it("another organização's owner, or another member, finds no plan (404) and creates nothing", async () => {
    const id = await storedPlan(ownerA.userId, [idea(`${nextMonth()}-11`)]);
    const colleague = await addMember(h, orgA, "admin");
    for (const cookie of [cookieB, colleague.cookie]) {
      const res = await toDrafts(cookie, id);
      expect(res.status).toBe(404);
      expect(res.body.error?.message).toBe("Geração não encontrada.");
    }
    expect((await draftsOf(id)).length).toBe(0);
  });

  for (const role of ROLES) {
    it(`${role}: turns their own plan into drafts exactly when they may create posts`, async () => {
      const m = await addMember(h, orgA, role);
      const id = await storedPlan(m.userId, [idea(`${nextMonth()}-09`)]);
      const res = await toDrafts(m.cookie, id);
      if (can(role, "posts", "create")) {
        expect(res.status).toBe(200);
        expect(res.body.data?.criados).toBe(1);
        const [row] = await draftsOf(id);
        expect(row?.post.criadoPor).toBe(m.userId);
      } else {
        expect(res.status).toBe(403);
        expect(res.body.error?.message).toBe(FORBIDDEN_MESSAGE);
        expect((await draftsOf(id)).length).toBe(0);
      }
    });
  }

  it("without a session: 401", async () => {
    const res = await h.request(planDraftsPath(crypto.randomUUID()), { json: {} });
    expect(res.status).toBe(401);
  });
});
