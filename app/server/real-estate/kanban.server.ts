import { data } from "react-router";
import {
  type InteresseRow,
  interestSummary,
  INTEREST_STAGE_OPTIONS,
  INTEREST_TEMPERATURE_OPTIONS,
} from "../../../shared/resources/interesses.ts";
import { optionLabel } from "../../../shared/resources/schema-helpers.ts";
import { formatBRL, formatDate } from "../../../shared/format.ts";
import { formErrors } from "../../../shared/validation.ts";
import type { Actor, ServiceContext } from "../../../worker/services/context.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { kanbanStatements, moveInterest, moveSchema } from "../../../worker/services/real-estate/interests.ts";
import { interesseDefinition } from "../../../shared/resources/interesses.ts";
import { guard } from "../resources.server.ts";

/** A card as the board renders it (plain data). */
export interface BoardCard {
  id: string;
  cliente: string;
  resumo: string;
  temperatura: string;
  temperaturaValor: string;
  proximaAcao: string;
  corretor: string;
  alertas: number;
}

export interface BoardColumn {
  etapa: string;
  titulo: string;
  total: number;
  /** The column's R$ in centavos: the interests' ceilings (or their property's price), all of them, not only the cards shown. */
  valorCentavos: number;
  /** That sum, "R$ 1.234.567,00". */
  valor: string;
  cards: BoardCard[];
}

/** Every column's first cards and count, in one round trip. */
export async function kanbanLoader(ctx: ServiceContext, actor: Actor): Promise<{ columns: BoardColumn[] }> {
  const statements = kanbanStatements(ctx, actor);
  const results = (await ctx.db.batch(statements as never)) as Awaited<(typeof statements)[number]>[];
  const columns = INTEREST_STAGE_OPTIONS.map((stage, i) => {
    const rows = results[i] ?? [];
    return {
      etapa: stage.value,
      titulo: stage.label,
      total: Number(rows[0]?.total ?? 0),
      valorCentavos: Number(rows[0]?.valor ?? 0),
      valor: formatBRL(Number(rows[0]?.valor ?? 0)),
      cards: rows.map((r) => ({
        id: r.id,
        cliente: r.clienteNome,
        resumo: interestSummary({ ...r, imovelId: r.imovelTitulo ? "x" : null } as unknown as InteresseRow),
        temperatura: optionLabel(INTEREST_TEMPERATURE_OPTIONS, r.temperatura),
        temperaturaValor: r.temperatura,
        proximaAcao: r.proximaAcaoEm ? formatDate(`${r.proximaAcaoEm}T12:00:00Z`) : "",
        corretor: r.corretorNome ?? "",
        alertas: Number(r.alertas),
      })),
    };
  });
  return { columns };
}

/** The board's move (fetcher POST): the column, the card it goes before, the reason when lost. */
export async function moveAction(args: Parameters<typeof guard>[0], form: FormData) {
  const { ctx, actor } = guard(args, interesseDefinition, "update");
  const parsed = moveSchema.safeParse({
    etapa: form.get("etapa"),
    antesDe: form.get("antesDe") ?? undefined,
    motivoPerda: form.get("motivoPerda") ?? undefined,
  });
  if (!parsed.success) {
    const errors = formErrors(parsed);
    return data({ error: Object.values(errors)[0] ?? "Movimento inválido.", errors }, { status: 400 });
  }
  const id = String(form.get("id") ?? "");
  try {
    await moveInterest(ctx, actor, id, parsed.data);
  } catch (error) {
    if (error instanceof DomainError) return data({ error: error.message }, { status: error.status });
    throw error;
  }
  return { ok: true as const, moved: id };
}
