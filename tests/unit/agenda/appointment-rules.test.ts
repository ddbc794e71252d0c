import { describe, expect, it } from "vitest";
import { canChangeStatus, canMove, holdsTime, STATUS_TRANSITIONS } from "../../../shared/agenda/appointment-status.ts";
import { bookingSchema, moveSchema } from "../../../shared/agenda/booking-input.ts";
import { APPOINTMENT_STATUSES } from "../../../shared/enums.ts";
import { clashOf, commissionCents } from "../../../worker/services/agenda/agenda-rules.ts";
import type { AgendaProfessional } from "../../../worker/services/agenda/agenda-rules.ts";

/** The agenda's write-side rules that need no database: transitions, stored JSON, commissions, clashes. */

describe("status transitions", () => {
  it("cancelado and faltou free the time; every other status holds it", () => {
    expect(APPOINTMENT_STATUSES.filter((s) => !holdsTime(s))).toEqual(["cancelado", "faltou"]);
  });

  it("goes forward, one step back for a mistake, never out of concluído except back to em atendimento", () => {
    expect(canChangeStatus("pendente", "confirmado")).toBe(true);
    expect(canChangeStatus("confirmado", "em_atendimento")).toBe(true);
    expect(canChangeStatus("em_atendimento", "concluido")).toBe(true);
    expect(canChangeStatus("em_atendimento", "cancelado")).toBe(false);
    expect(canChangeStatus("concluido", "cancelado")).toBe(false);
    expect(canChangeStatus("concluido", "em_atendimento")).toBe(true);
    expect(canChangeStatus("cancelado", "confirmado")).toBe(true);
    expect(canChangeStatus("faltou", "em_atendimento")).toBe(false);
    for (const from of APPOINTMENT_STATUSES) expect(STATUS_TRANSITIONS[from]).not.toContain(from);
  });

  it("only what still waits or is under way moves", () => {
    expect(APPOINTMENT_STATUSES.filter(canMove)).toEqual(["pendente", "confirmado", "em_atendimento"]);
  });
});

describe("commission per service", () => {
  it("the service's, else the professional's, else the business default; percentual in basis points", () => {
    const fallback = { tipo: "percentual" as const, valor: 500 };
    expect(commissionCents(8_000, { tipo: "percentual", valor: 1_000 }, { tipo: "fixo", valor: 300 }, fallback)).toBe(800);
    expect(commissionCents(8_000, null, { tipo: "fixo", valor: 300 }, fallback)).toBe(300);
    expect(commissionCents(8_000, null, null, fallback)).toBe(400);
    // 12,5 % of R$ 9,99 = 124,875 centavos → 125.
    expect(commissionCents(999, { tipo: "percentual", valor: 1_250 }, null, fallback)).toBe(125);
  });
});

describe("what clashes", () => {
  const pro = {
    holdings: [
      { kind: "agendamento", id: "a", start: 1_000, end: 2_000 },
      { kind: "visita", id: "v", start: 5_000, end: 6_000 },
    ],
  } as unknown as AgendaProfessional;

  it("half-open ranges, with the buffer after each appointment both ways", () => {
    expect(clashOf(pro, { start: 2_000, end: 3_000 }, 0)).toBeUndefined();
    expect(clashOf(pro, { start: 2_000, end: 3_000 }, 1 / 60_000)?.id).toBe("a");
    expect(clashOf(pro, { start: 4_000, end: 5_000 }, 0)).toBeUndefined();
    expect(clashOf(pro, { start: 5_500, end: 7_000 }, 0)?.kind).toBe("visita");
  });
});

describe("inputs", () => {
  it("an instant is epoch ms or ISO 8601 with its offset, never a bare wall-clock time", () => {
    const ok = bookingSchema.safeParse({ clienteId: "c", profissionalId: "p", servicoIds: ["s"], inicio: "2018-11-04T01:00:00-02:00" });
    expect(ok.success && ok.data.inicio).toBe(Date.parse("2018-11-04T03:00:00Z"));
    expect(bookingSchema.safeParse({ clienteId: "c", profissionalId: "p", servicoIds: ["s"], inicio: "2018-11-04T01:00" }).success).toBe(
      false,
    );
    expect(bookingSchema.safeParse({ clienteId: "c", profissionalId: "p", servicoIds: [], inicio: 0 }).error?.issues[0]?.message).toBe(
      "Escolha ao menos um serviço",
    );
    expect(bookingSchema.safeParse({ clienteId: "c", profissionalId: "p", servicoIds: ["s", "s"], inicio: 0 }).success).toBe(false);
    expect(moveSchema.safeParse({ inicio: 2_000, fim: 1_000 }).error?.issues[0]?.message).toBe("O fim deve ser depois do início");
  });
});
