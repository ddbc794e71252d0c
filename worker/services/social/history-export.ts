import { POST_ATTEMPT_OUTCOME, SOCIAL_NETWORK } from "../../../shared/enums/social.ts";
import { attemptStepLabel } from "../../../shared/social/attempt-steps.ts";
import type { SocialListQuery } from "../../../shared/social/social-list-query.ts";
import { dayIn, formatDateTimeIn, timeZoneOf } from "../../../shared/time-zone.ts";
import { CSV_BOM, csvLine } from "../../resources/csv.ts";
import type { Actor, ServiceContext } from "../context.ts";
import { type AttemptRow, allAttempts } from "./history.ts";

/**
 * /historico's CSV: what the filtered history shows, every page, in its order — the times in the
 * organização's zone, the pt-BR message and Meta's raw code (what support asks for). Streamed a
 * chunk per round trip; the same CSV dialect as every export (`;`, BOM, formulas neutralised).
 */

const HEADER = ["Quando", "Resultado", "Rede", "Conta", "Etapa", "Post", "Legenda", "Mensagem", "Código da Meta"];

function line(row: AttemptRow, zone: string): string {
  return csvLine([
    formatDateTimeIn(row.at, zone),
    POST_ATTEMPT_OUTCOME.labels[row.resultado],
    SOCIAL_NETWORK.labels[row.rede],
    row.contaUsuario ? `@${row.contaUsuario.replace(/^@/, "")}` : row.contaNome,
    attemptStepLabel(row.etapa),
    row.postId,
    row.legenda,
    row.mensagem,
    row.erroCodigo,
  ]);
}

export function attemptsCsv(
  ctx: ServiceContext,
  actor: Actor,
  query: SocialListQuery,
): { body: ReadableStream<Uint8Array>; filename: string } {
  const zone = timeZoneOf(actor.timeZone);
  const encoder = new TextEncoder();
  const chunks = allAttempts(ctx, actor, query);
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(CSV_BOM + csvLine(HEADER)));
          return;
        }
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map((row) => line(row, zone)).join("")));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return { body, filename: `historico-${dayIn(ctx.now, zone)}.csv` };
}
