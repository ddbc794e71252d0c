import { settleSchema } from "../../../../shared/finance/settle-rules.ts";
import type { Actor, ServiceContext } from "../../../services/context.ts";
import { activeAccounts, parsed } from "../../../services/finance/ledger-actions.ts";
import type { SettleResult } from "../../../services/finance/settle.ts";
import type { SettleInput } from "../../../../shared/finance/settle-rules.ts";
import type { BulkActionRunner } from "../../define.ts";

type Settle = (ctx: ServiceContext, actor: Actor, input: SettleInput) => Promise<SettleResult>;

/**
 * The list's "Marcar como pago / recebido" (ADR 076): the organização's active accounts to choose
 * from, and the same settle service as the record page and `POST /api/<api>/pagar|receber` — one
 * batch, all or nothing, the same pt-BR refusals.
 */
export function settleBulk(settle: Settle): BulkActionRunner {
  return {
    choices: async (ctx, actor) => ({ contaId: (await activeAccounts(ctx, actor)).map((a) => ({ value: a.id, label: a.nome })) }),
    run: async (ctx, actor, ids, values) => {
      const input = parsed(
        settleSchema.safeParse({
          ids,
          contaId: values.contaId ?? "",
          ...(values.dia ? { dia: values.dia } : {}),
          ...(values.forma ? { forma: values.forma } : {}),
        }),
      );
      await settle(ctx, actor, input);
    },
  };
}
