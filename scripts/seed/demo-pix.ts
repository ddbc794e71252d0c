import type { Database } from "../../db/client.ts";
import { businessSettings } from "../../db/schema/index.ts";
import { pixSettingsSchema } from "../../shared/finance/pix-settings.ts";

/**
 * The demo business's Pix (issue 22): its CNPJ as the key, so the point of sale shows a real,
 * valid BR Code and QR for every Pix payment. Stored through the settings' own schema, as the
 * /pix page would store it (canonical key, name and city normalised).
 */
export const DEMO_PIX_INPUT = {
  pixChaveTipo: "cnpj",
  pixChave: "45.723.174/0001-10",
  pixNome: "Imobiliária Horizonte",
  pixCidade: "São Paulo",
} as const;

export async function seedDemoPix(db: Database, orgId: string, ownerId: string, at: Date): Promise<void> {
  const values = { ...pixSettingsSchema.parse(DEMO_PIX_INPUT), atualizadoEm: at, atualizadoPor: ownerId };
  await db
    .insert(businessSettings)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: businessSettings.orgId, set: values });
}
