import { businessSettings } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { type CheckoutPix, type PixSettingsInput, pixSettingsSchema } from "../../../shared/finance/pix-settings.ts";
import { PIX_KEY_KIND } from "../../../shared/pix/key.ts";
import { authorize } from "../../auth/permissions.ts";
import type { Actor, ServiceContext } from "../context.ts";

/**
 * The business's Pix key, name and city (issue 22, ADR 068), kept on the organização's settings
 * row beside Configurações do Negócio. Managers read and change them (the "business-settings"
 * area); whoever completes a sale reads them to show the BR Code at checkout ("vendas" · create).
 * Saving writes only these four columns: the other settings stay as they are.
 */

async function readRow(ctx: ServiceContext, orgId: string) {
  const [row] = await ctx.db
    .select({
      pixChaveTipo: businessSettings.pixChaveTipo,
      pixChave: businessSettings.pixChave,
      pixNome: businessSettings.pixNome,
      pixCidade: businessSettings.pixCidade,
    })
    .from(businessSettings)
    .where(orgScope(ctx.db, orgId).where(businessSettings))
    .limit(1);
  return row;
}

function checkoutPixOf(row: Awaited<ReturnType<typeof readRow>>): CheckoutPix | null {
  if (!row?.pixChave || !row.pixChaveTipo || !row.pixNome || !row.pixCidade || !PIX_KEY_KIND.has(row.pixChaveTipo)) return null;
  return { key: { kind: row.pixChaveTipo, value: row.pixChave }, merchantName: row.pixNome, merchantCity: row.pixCidade };
}

/** The settings page's values (null: no key yet). */
export async function getPixSettings(ctx: ServiceContext, actor: Actor): Promise<CheckoutPix | null> {
  authorize(actor, "business-settings", "read");
  return checkoutPixOf(await readRow(ctx, actor.orgId));
}

/** What the checkout encodes; null when the business has no key (Pix is still recorded, without a code). */
export async function getCheckoutPix(ctx: ServiceContext, actor: Actor): Promise<CheckoutPix | null> {
  authorize(actor, "vendas", "create");
  return checkoutPixOf(await readRow(ctx, actor.orgId));
}

/** Validates again (the page already did) and upserts only the Pix columns. */
export async function updatePixSettings(ctx: ServiceContext, actor: Actor, input: unknown): Promise<PixSettingsInput> {
  authorize(actor, "business-settings", "update");
  const data = pixSettingsSchema.parse(input);
  const values = { ...data, atualizadoEm: ctx.now, atualizadoPor: actor.userId };
  await ctx.db
    .insert(businessSettings)
    .values(orgScope(ctx.db, actor.orgId).values(values))
    .onConflictDoUpdate({ target: businessSettings.orgId, set: values });
  return data;
}

/** Removes the key: the checkout records Pix without a code again. */
export async function clearPixSettings(ctx: ServiceContext, actor: Actor): Promise<void> {
  authorize(actor, "business-settings", "update");
  const values = { pixChaveTipo: null, pixChave: null, pixNome: null, pixCidade: null, atualizadoEm: ctx.now, atualizadoPor: actor.userId };
  await ctx.db
    .insert(businessSettings)
    .values(orgScope(ctx.db, actor.orgId).values(values))
    .onConflictDoUpdate({ target: businessSettings.orgId, set: values });
}

/**
 * The Pix code for a charge the caller already authorized (the service desk: a professional
 * finishing their own appointment charges it, though they cannot sell at the counter).
 */
export async function checkoutPixOfOrg(ctx: ServiceContext, orgId: string): Promise<CheckoutPix | null> {
  return checkoutPixOf(await readRow(ctx, orgId));
}
