import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { financeAccounts } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { FINANCE_ACCOUNT_KIND, type FinanceAccountKind } from "../../../shared/finance/enums.ts";
import { searchKeys, sortKey } from "../../../shared/search.ts";

/**
 * The accounts every organização starts with (ADR 072): where cash, the bank and what the card
 * acquirer still owes sit. Created with the organização (registration, the demo) and, for the
 * ones that existed before, by migration 0027. Names are the kinds' labels; people may rename
 * them later, so code finds an account by its kind, never by its name.
 */
export const DEFAULT_ACCOUNT_KINDS = ["caixa", "banco", "cartao"] as const satisfies readonly FinanceAccountKind[];

/** The rows of the default accounts (fresh ids; the organização is the scope's). */
export function defaultAccountRows(now: Date, userId: string | null = null) {
  return DEFAULT_ACCOUNT_KINDS.map((tipo) => {
    const nome = FINANCE_ACCOUNT_KIND.labels[tipo];
    return {
      id: crypto.randomUUID(),
      nome,
      ordem: sortKey(nome),
      tipo,
      ativo: true,
      chavesBusca: JSON.stringify(searchKeys({ names: [nome] })),
      criadoEm: now,
      atualizadoEm: now,
      criadoPor: userId,
      atualizadoPor: userId,
    };
  });
}

/** The insert of the default accounts, to run in the batch that creates the organização. */
export function defaultAccountsStatement(db: Database, orgId: string, now: Date, userId: string | null = null) {
  return db.insert(financeAccounts).values(orgScope(db, orgId).values(defaultAccountRows(now, userId)));
}

/**
 * The organização's live, active account of `kind` (the oldest when there are several): where a
 * sale's cash, a card payment or a bill paid without a chosen account goes. Null when there is none.
 */
export async function accountOfKind(db: Database, orgId: string, kind: FinanceAccountKind): Promise<{ id: string; nome: string } | null> {
  const fa = financeAccounts;
  const [row] = await db
    .select({ id: fa.id, nome: fa.nome })
    .from(fa)
    .where(orgScope(db, orgId).where(fa, and(eq(fa.tipo, kind), eq(fa.ativo, true), isNull(fa.excluidoEm))))
    .orderBy(asc(fa.criadoEm), asc(fa.id))
    .limit(1);
  return row ?? null;
}
