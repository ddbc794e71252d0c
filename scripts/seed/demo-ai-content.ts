import { count, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { aiGenerations, memberships, organizations } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import type { GenerationKind } from "../../shared/ai/generation-api.ts";
import { dayIn, DEFAULT_TIME_ZONE } from "../../shared/time-zone.ts";
import type { Config } from "../../worker/config/env.ts";
import { runGeneration } from "../../worker/services/ai-generation/engine.ts";
import { monthTitle } from "../../worker/services/ai-generation/generations.ts";
import { planToDrafts } from "../../worker/services/ai-generation/plan-drafts.ts";
import type { Actor } from "../../worker/services/context.ts";
import { seedContext } from "./demo-landing.ts";

/**
 * /ai-content of the demo (issue 20): a few free generations of the past days and this month's
 * plan of ideas, written by the app's own engine on its template path (the demo has no OpenAI
 * key), and the plan turned into drafts on /content-calendar through the same service as the
 * button. Runs after the imóveis, products and social accounts, so the plan cites the listings
 * and the drafts go to the demo Page and Instagram.
 */
export const DEMO_FREE_TOPICS = [
  {
    tema: "Documentos que o comprador precisa separar antes de assinar a escritura",
    objetivo: "engajar",
    tom: "profissional",
    rede: "instagram",
    diasAtras: 6,
  },
  {
    tema: "Por que visitar o imóvel em dois horários diferentes do dia",
    objetivo: "divulgar",
    tom: "acolhedor",
    rede: "instagram",
    diasAtras: 3,
  },
  {
    tema: "Financiamento ou consórcio: o que faz sentido para o primeiro imóvel",
    objetivo: "engajar",
    tom: "descontraido",
    rede: "facebook",
    diasAtras: 1,
  },
] as const;

const DAY = 86_400_000;

/** The month the demo plans: this one while a good part is ahead, else the next (the drafts must be ahead). */
export function demoPlanMonth(now: Date, zone: string = DEFAULT_TIME_ZONE): string {
  const today = dayIn(now, zone);
  if (Number(today.slice(8, 10)) <= 20) return today.slice(0, 7);
  const [y, m] = today.split("-").map(Number) as [number, number];
  const next = new Date(Date.UTC(y, m, 1));
  return `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, "0")}`;
}

async function generate(
  db: Database,
  actor: Actor,
  tipo: GenerationKind,
  pedido: Record<string, unknown>,
  titulo: string,
  at: Date,
): Promise<string> {
  const [row] = await db
    .insert(aiGenerations)
    .values(orgScope(db, actor.orgId).values({ userId: actor.userId, tipo, pedido, titulo, criadoEm: at, atualizadoEm: at }))
    .returning({ id: aiGenerations.id });
  if (!row) throw new Error("geração de demonstração não criada");
  // The engine's template path (no key): the same texts, notice and checks a person gets.
  const done = await runGeneration(
    { db, config: {} as Config, waitUntil: () => {}, now: () => new Date(at.getTime() + 1500) },
    { generationId: row.id, orgId: actor.orgId, userId: actor.userId },
  );
  if (done.status !== "pronta") throw new Error(`geração de demonstração terminou como ${done.status}`);
  return row.id;
}

export async function seedDemoAiContent(db: Database, orgId: string, ownerId: string, now: Date): Promise<void> {
  const actor: Actor = { orgId, userId: ownerId, role: "owner" };
  for (const { diasAtras, ...pedido } of DEMO_FREE_TOPICS) {
    await generate(db, actor, "livre", pedido, pedido.tema, new Date(now.getTime() - diasAtras * DAY));
  }
  const mes = demoPlanMonth(now);
  const plan = await generate(db, actor, "mes", { mes, tom: "acolhedor" }, monthTitle(mes), new Date(now.getTime() - 60 * 60_000));
  await planToDrafts(seedContext(db, now), actor, plan, {});
}

/** A demo database seeded before /ai-content existed gets its generations on the next `npm start` (false: nothing added). */
export async function seedMissingDemoAiContent(db: Database, document: string, now = new Date()): Promise<boolean> {
  // tenant-exempt: the seed finds the demo organização by its CNPJ (no request, no session).
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.document, document)).limit(1);
  if (!org) return false;
  const [made] = await db.select({ n: count() }).from(aiGenerations).where(orgScope(db, org.id).where(aiGenerations));
  if ((made?.n ?? 0) > 0) return false;
  const [owner] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.orgId, org.id))
    .orderBy(memberships.createdAt)
    .limit(1);
  if (!owner) return false;
  await seedDemoAiContent(db, org.id, owner.userId, now);
  return true;
}
