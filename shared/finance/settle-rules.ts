import { z } from "zod";
import { ID_RE } from "../id.ts";
import { PAYMENT_METHODS, type PaymentMethod } from "../money/payment-method.ts";
import { dayIn } from "../time-zone.ts";

/**
 * Marking bills paid and receivables received (ADR 072), the rules the screens and the service
 * share: which day (today or before, in the organização's zone), at most 200 at once, and the
 * refusal naming what is already settled. Pure and client-safe.
 */

export const MAX_SETTLE = 200;
const LOCAL_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const settleSchema = z.strictObject({
  ids: z
    .array(z.string().regex(ID_RE, "Conta inválida."), { error: "Escolha ao menos uma conta." })
    .min(1, "Escolha ao menos uma conta.")
    .max(MAX_SETTLE, `Marque no máximo ${MAX_SETTLE} contas de uma vez.`),
  contaId: z.string({ error: "Escolha a conta financeira." }).regex(ID_RE, "Escolha a conta financeira."),
  dia: z.string().regex(LOCAL_DAY, "Data inválida: use dd/mm/aaaa.").optional(),
  forma: z.enum(PAYMENT_METHODS, { error: "Forma de pagamento inválida." }).nullish(),
});

export interface SettleInput {
  ids: string[];
  contaId: string;
  /** "aaaa-mm-dd" in the organização's zone; absent: today. */
  dia?: string | undefined;
  forma?: PaymentMethod | null | undefined;
}

export type DayResult = { ok: true; value: string } | { ok: false; error: { message: string; field: string } };

/** The settlement's day: today by default; a real day, not in the future. */
export function settleDay(input: Pick<SettleInput, "dia">, now: Date, zone: string): DayResult {
  const today = dayIn(now, zone);
  const day = input.dia ?? today;
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (!LOCAL_DAY.test(day) || check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d || y < 2000) {
    return { ok: false, error: { message: "Data inválida: use dd/mm/aaaa.", field: "dia" } };
  }
  if (day > today) return { ok: false, error: { message: "A data do pagamento não pode ser no futuro.", field: "dia" } };
  return { ok: true, value: day };
}

interface Found {
  id: string;
  descricao: string;
  vencimento: string;
  status: string;
}

const brDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/**
 * Why a settlement of `ids` is refused, in words a person acts on (null: go ahead). Nothing is
 * marked when one of them cannot be: the person unticks it and tries again.
 */
export function settleFailure(side: "despesas" | "receitas", ids: readonly string[], found: readonly Found[]): string | null {
  const one = side === "despesas" ? "despesa" : "receita";
  const byId = new Map(found.map((f) => [f.id, f]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) {
    return ids.length === 1
      ? `${one === "despesa" ? "Despesa" : "Receita"} não encontrada.`
      : `${missing.length} das ${one}s escolhidas não foram encontradas (talvez excluídas). Atualize a página.`;
  }
  const done = side === "despesas" ? "paga" : "recebida";
  const settled = found.filter((f) => f.status === done);
  const cancelled = found.filter((f) => f.status === "cancelada");
  const names = (rows: Found[]) =>
    rows
      .slice(0, 3)
      .map((r) => `${r.descricao} (${brDay(r.vencimento)})`)
      .join(", ") + (rows.length > 3 ? ` e mais ${rows.length - 3}` : "");
  if (settled.length) {
    return settled.length === 1 && ids.length === 1
      ? `Esta ${one} já está ${done}.`
      : `Já ${settled.length === 1 ? `está ${done}` : `estão ${done}s`}: ${names(settled)}. Desmarque ${settled.length === 1 ? "ela" : "elas"} e tente de novo; nada foi alterado.`;
  }
  if (cancelled.length) {
    return `${one === "despesa" ? "Despesa cancelada" : "Receita cancelada"} não se ${side === "despesas" ? "paga" : "recebe"}: ${names(cancelled)}.`;
  }
  return null;
}
