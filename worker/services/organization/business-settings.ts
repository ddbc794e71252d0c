import { sql } from "drizzle-orm";
import { businessSettings, users } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import {
  BUSINESS_SETTINGS_DEFAULTS,
  type BusinessSettings,
  businessSettingsSchema,
} from "../../../shared/organization/business-settings.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { authorize } from "../../auth/permissions.ts";
import type { Actor, ServiceContext } from "../context.ts";

/**
 * Configurações do Negócio: the organization's one settings row (absent means the defaults).
 * Read and written by managers (the permission table's "business-settings" area). The stock
 * ledger's trigger reads `allow_negative_stock` itself, in the same statement as each movement;
 * `corretorApenasSeus` and `fusoHorario` ride with every session lookup (Actor.ownOnly,
 * Actor.timeZone), so they apply from the team's next request.
 */
export async function getBusinessSettings(ctx: ServiceContext, actor: Actor): Promise<BusinessSettings> {
  authorize(actor, "business-settings", "read");
  const [row] = await ctx.db
    .select({
      estoqueNegativo: businessSettings.estoqueNegativo,
      corretorApenasSeus: businessSettings.corretorApenasSeus,
      fusoHorario: businessSettings.fusoHorario,
      limiteTokensIaMensal: businessSettings.limiteTokensIaMensal,
      agendaIntervaloMin: businessSettings.agendaIntervaloMin,
      agendaFolgaMin: businessSettings.agendaFolgaMin,
      agendaAntecedenciaMin: businessSettings.agendaAntecedenciaMin,
      agendaHorizonteDias: businessSettings.agendaHorizonteDias,
      agendamentoOnline: businessSettings.agendamentoOnline,
      agendamentoOnlineStatus: businessSettings.agendamentoOnlineStatus,
      lembretes: businessSettings.lembretes,
      comissaoPadraoTipo: businessSettings.comissaoPadraoTipo,
      comissaoPadraoValor: businessSettings.comissaoPadraoValor,
      atualizadoEm: businessSettings.atualizadoEm,
      atualizadoPorNome: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${businessSettings.atualizadoPor})`,
    })
    .from(businessSettings)
    .where(orgScope(ctx.db, actor.orgId).where(businessSettings))
    .limit(1);
  if (!row) return { ...BUSINESS_SETTINGS_DEFAULTS, atualizadoEm: null, atualizadoPorNome: null };
  const { atualizadoEm, atualizadoPorNome, fusoHorario, ...rest } = row;
  return {
    ...rest,
    fusoHorario: timeZoneOf(fusoHorario),
    atualizadoEm: atualizadoEm?.toISOString() ?? null,
    atualizadoPorNome,
  };
}

/** Saves the settings (validated again here); one statement, an upsert of the organization's row. */
export async function updateBusinessSettings(ctx: ServiceContext, actor: Actor, input: unknown): Promise<void> {
  authorize(actor, "business-settings", "update");
  const data = businessSettingsSchema.parse(input);
  const values = { ...data, atualizadoEm: ctx.now, atualizadoPor: actor.userId };
  await ctx.db
    .insert(businessSettings)
    .values(orgScope(ctx.db, actor.orgId).values(values))
    .onConflictDoUpdate({ target: businessSettings.orgId, set: values });
}

/**
 * The organização's monthly AI token limit (Configurações do Negócio), for the generation job:
 * no actor (the job checks the quota of whoever asked), scoped to `orgId`. 0: the AI is off.
 */
export async function getAiMonthlyTokenLimit(ctx: Pick<ServiceContext, "db">, orgId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ limite: businessSettings.limiteTokensIaMensal })
    .from(businessSettings)
    .where(orgScope(ctx.db, orgId).where(businessSettings))
    .limit(1);
  return row?.limite ?? BUSINESS_SETTINGS_DEFAULTS.limiteTokensIaMensal;
}
