import { appointmentServices, appointments, professionals, serviceProducts, services } from "../../../db/schema/index.ts";
import type { AppointmentStatus } from "../../../shared/enums/agenda.ts";
import type { Harness } from "../harness.ts";

/**
 * Agenda rows written straight to the tables for the desk's tests (professionals, services and
 * the booking are other helpers' screens and rules; the desk needs only live rows of an org).
 */

export async function insertProfessional(
  h: Harness,
  orgId: string,
  values: { nome: string; usuarioId?: string | null; cor?: string; ativo?: boolean },
): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  await h.fresh.db.insert(professionals).values({
    id,
    orgId,
    nome: values.nome,
    ordem: values.nome.toLowerCase(),
    cor: values.cor ?? "#0f766e",
    usuarioId: values.usuarioId ?? null,
    ativo: values.ativo ?? true,
    criadoEm: now,
    atualizadoEm: now,
  });
  return id;
}

export interface ServiceFixture {
  id: string;
  nome: string;
  duracaoMin: number;
  precoCentavos: number;
}

export async function insertService(
  h: Harness,
  orgId: string,
  values: { nome: string; duracaoMin?: number; precoCentavos?: number; comissaoTipo?: "percentual" | "fixo"; comissaoValor?: number },
): Promise<ServiceFixture> {
  const id = crypto.randomUUID();
  const now = new Date();
  const row = { id, nome: values.nome, duracaoMin: values.duracaoMin ?? 30, precoCentavos: values.precoCentavos ?? 5000 };
  await h.fresh.db.insert(services).values({
    ...row,
    orgId,
    ordem: values.nome.toLowerCase(),
    comissaoTipo: values.comissaoTipo ?? null,
    comissaoValor: values.comissaoValor ?? null,
    criadoEm: now,
    atualizadoEm: now,
  });
  return row;
}

export async function insertRecipe(h: Harness, orgId: string, servicoId: string, produtoId: string, quantidade: number): Promise<void> {
  await h.fresh.db.insert(serviceProducts).values({ orgId, servicoId, produtoId, quantidade });
}

export async function insertAppointment(
  h: Harness,
  orgId: string,
  values: {
    clienteId: string;
    profissionalId: string;
    inicio: number;
    servicos: readonly ServiceFixture[];
    status?: AppointmentStatus;
    lembreteEm?: Date | null;
    /** The online booking's link (its hash), as the public page stores it. */
    linkHash?: string | null;
  },
): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  const minutes = values.servicos.reduce((sum, s) => sum + s.duracaoMin, 0) || 30;
  await h.fresh.db.batch([
    h.fresh.db.insert(appointments).values({
      id,
      orgId,
      clienteId: values.clienteId,
      profissionalId: values.profissionalId,
      inicio: new Date(values.inicio),
      fim: new Date(values.inicio + minutes * 60_000),
      status: values.status ?? "confirmado",
      totalCentavos: values.servicos.reduce((sum, s) => sum + s.precoCentavos, 0),
      ordem: "cliente",
      lembreteEm: values.lembreteEm ?? null,
      linkHash: values.linkHash ?? null,
      criadoEm: now,
      atualizadoEm: now,
    }),
    ...values.servicos.map((s, posicao) =>
      h.fresh.db.insert(appointmentServices).values({
        id: crypto.randomUUID(),
        orgId,
        agendamentoId: id,
        servicoId: s.id,
        nome: s.nome,
        duracaoMin: s.duracaoMin,
        precoCentavos: s.precoCentavos,
        posicao,
      }),
    ),
  ] as never);
  return id;
}
