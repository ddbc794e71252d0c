/**
 * What a cash movement must be before it is written (ADR 069): pure, the screens and the
 * service share it. Amounts are typed positive; the direction gives the sign stored.
 */

/** R$ 100 bilhões: far past any small business, far below 2^53. */
export const MAX_MOVEMENT_CENTAVOS = 10_000_000_000_000;
export const MAX_DESCRIPTION = 200;

export type Direction = "entrada" | "saida";
export type RuleResult<T> = { ok: true; value: T } | { ok: false; error: string };

function amountError(centavos: number): string | null {
  if (!Number.isSafeInteger(centavos)) return "Valor inválido: informe reais e centavos.";
  if (centavos <= 0) return "Informe um valor maior que zero.";
  if (centavos > MAX_MOVEMENT_CENTAVOS) return "Valor acima do permitido para um lançamento.";
  return null;
}

export function descriptionOf(text: string): RuleResult<string> {
  const value = text.trim().replace(/\s+/g, " ");
  if (!value) return { ok: false, error: "Descreva o lançamento." };
  if (value.length > MAX_DESCRIPTION) return { ok: false, error: `Use até ${MAX_DESCRIPTION} caracteres na descrição.` };
  return { ok: true, value };
}

/** The signed amount of an entrada (+) or saída (−) of `centavos` (typed positive). */
export function signedAmount(direction: Direction, centavos: number): RuleResult<number> {
  const error = amountError(centavos);
  if (error) return { ok: false, error };
  return { ok: true, value: direction === "entrada" ? centavos : -centavos };
}

/** An opening balance may be negative (an overdrawn bank account), never zero. */
export function openingAmount(centavos: number): RuleResult<number> {
  const error = amountError(Math.abs(centavos));
  return error ? { ok: false, error } : { ok: true, value: centavos };
}

export interface TransferLeg {
  contaId: string;
  valorCentavos: number;
}

/** A transfer's two legs: out of one account, the same amount into another. */
export function transferLegs(fromId: string, toId: string, centavos: number): RuleResult<[TransferLeg, TransferLeg]> {
  if (fromId === toId) return { ok: false, error: "Escolha contas diferentes para a transferência." };
  const error = amountError(centavos);
  if (error) return { ok: false, error };
  return {
    ok: true,
    value: [
      { contaId: fromId, valorCentavos: -centavos },
      { contaId: toId, valorCentavos: centavos },
    ],
  };
}
