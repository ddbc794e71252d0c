import { asc, eq, isNull } from "drizzle-orm";
import { appointmentServices, appointments } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { ID_RE } from "../../../shared/id.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { professionalReach } from "./desk-access.ts";

/**
 * The hook for sales (issue 22): "finishing opens the sale prefilled". Sales do not exist yet, so
 * the desk shows no sale button; when they land, the sale form reads this for a concluído
 * appointment: the client, the professional, and one line per service performed at the price
 * and commission recorded when it was finished. Products consumed are not sold (they left stock
 * as "consumo em serviço"); a product sold over the counter is added on the sale itself.
 */

export interface SalePrefill {
  agendamentoId: string;
  clienteId: string;
  profissionalId: string;
  itens: { servicoId: string | null; descricao: string; quantidade: 1; precoCentavos: number; comissaoCentavos: number }[];
  totalCentavos: number;
}

export async function salePrefill(ctx: ServiceContext, actor: Actor, id: string): Promise<SalePrefill> {
  if (!ID_RE.test(id)) throw new DomainError("Agendamento não encontrado.", 404);
  const scope = orgScope(ctx.db, actor.orgId);
  const a = appointments;
  const as = appointmentServices;
  const [heads, lines] = await ctx.db.batch([
    ctx.db
      .select({ id: a.id, clienteId: a.clienteId, profissionalId: a.profissionalId, status: a.status })
      .from(a)
      .where(scope.where(a, eq(a.id, id), isNull(a.excluidoEm), professionalReach(ctx, actor, "read", a.profissionalId)))
      .limit(1),
    ctx.db
      .select({ servicoId: as.servicoId, nome: as.nome, precoCentavos: as.precoCentavos, comissaoCentavos: as.comissaoCentavos })
      .from(as)
      .where(scope.where(as, eq(as.agendamentoId, id)))
      .orderBy(asc(as.posicao), asc(as.id)),
  ]);
  const head = heads[0];
  if (!head) throw new DomainError("Agendamento não encontrado.", 404);
  if (head.status !== "concluido") throw new DomainError("Só um atendimento concluído vira venda.", 409);
  const itens = lines.map((l) => ({
    servicoId: l.servicoId,
    descricao: l.nome,
    quantidade: 1 as const,
    precoCentavos: l.precoCentavos,
    comissaoCentavos: l.comissaoCentavos,
  }));
  return {
    agendamentoId: head.id,
    clienteId: head.clienteId,
    profissionalId: head.profissionalId,
    itens,
    totalCentavos: itens.reduce((sum, i) => sum + i.precoCentavos, 0),
  };
}
