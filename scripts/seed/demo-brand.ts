import { count, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { brandStyles, memberships, organizations } from "../../db/schema/index.ts";
import { saveBrandStyle } from "../../worker/services/brand/brand-style.ts";
import { createRecord } from "../../worker/resources/records.ts";
import { BUSINESS_SETTINGS_DEFAULTS } from "../../shared/organization/business-settings.ts";
import { updateBusinessSettings } from "../../worker/services/organization/business-settings.ts";
import type { Actor } from "../../worker/services/context.ts";
import { seedContext } from "./demo-landing.ts";
import { DEMO_BRAND } from "./demo-brand-style.ts";

export { DEMO_BRAND } from "./demo-brand-style.ts";

/**
 * The demo's brand (issue 20): Imobiliária Horizonte's navy and sunset amber, Montserrat, the
 * navy as the app's accent; two Contas de Referência with what it likes in each; and its monthly
 * AI token limit. Written through the app's services, so the demo holds nothing /cores or the
 * list would refuse. The demo has no logo file (R2 is the Worker's; the seed runs before it).
 */
export const DEMO_REFERENCES = [
  {
    handle: "apto.paulistano",
    notas:
      "Legendas curtas que abrem pelo bairro e por uma sensação (“Luz da manhã em Perdizes”), depois três dados em lista e uma pergunta no fim. Poucos emojis e nenhum exagero.",
  },
  {
    handle: "morar.zonaoeste",
    notas:
      "Carrosséis que contam o imóvel como um passeio: fachada, sala, cozinha, vista. Gosto do tom de vizinho, que cita a padaria, o parque e o metrô a pé.",
  },
] as const;

/** Some 160 captions with variants a month: the demo shows a limit set, not the default. */
export const DEMO_AI_TOKEN_LIMIT = 500_000;

export async function seedDemoBrand(db: Database, orgId: string, ownerId: string, now: Date): Promise<void> {
  const ctx = seedContext(db, now);
  const actor: Actor = { orgId, userId: ownerId, role: "owner" };
  await saveBrandStyle(ctx, actor, DEMO_BRAND);
  // Added a few minutes apart, in order: the generator reads the oldest first.
  for (const [i, reference] of DEMO_REFERENCES.entries())
    await createRecord(seedContext(db, new Date(now.getTime() - (DEMO_REFERENCES.length - i) * 60_000)), actor, "referencias", reference);
  await updateBusinessSettings(ctx, actor, { ...BUSINESS_SETTINGS_DEFAULTS, limiteTokensIaMensal: DEMO_AI_TOKEN_LIMIT });
}

/**
 * A demo database seeded before the brand existed gets it on the next `npm start` (the demo
 * organização, found by its CNPJ, without a brand). False: nothing added.
 */
export async function seedMissingDemoBrand(db: Database, document: string, now = new Date()): Promise<boolean> {
  // tenant-exempt: the seed finds the demo organização by its CNPJ (no request, no session).
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.document, document)).limit(1);
  if (!org) return false;
  const [branded] = await db.select({ n: count() }).from(brandStyles).where(eq(brandStyles.orgId, org.id));
  if ((branded?.n ?? 0) > 0) return false;
  const [owner] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.orgId, org.id))
    .orderBy(memberships.createdAt)
    .limit(1);
  if (!owner) return false;
  await seedDemoBrand(db, org.id, owner.userId, now);
  return true;
}
