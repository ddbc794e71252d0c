import { sql } from "drizzle-orm";
import { referenceAccountKeys, referenceAccounts } from "../../../../db/schema/index.ts";
import { type ReferenciaInput, type ReferenciaRow, referenciaDefinition } from "../../../../shared/resources/referencias.ts";
import { searchKeys, sortKey } from "../../../../shared/search.ts";
import type { ResourceModule } from "../../define.ts";

/** Contas de Referência, server side: searched by the handle's words and the notes'. */
export const referenciasModule: ResourceModule<ReferenciaRow, ReferenciaInput> = {
  definition: referenciaDefinition,
  table: referenceAccounts,
  keys: referenceAccountKeys,
  titleSql: sql`'@' || ${referenceAccounts.handle}`,
  values(input) {
    return {
      ordem: sortKey(input.handle) || input.handle,
      notas: input.notas ?? null,
      chavesBusca: JSON.stringify(searchKeys({ names: [input.handle, input.notas] })),
    };
  },
  filters: {
    criadoEm: { column: referenceAccounts.criadoEm },
    atualizadoEm: { column: referenceAccounts.atualizadoEm },
  },
  errors: [
    {
      match: "reference_accounts.org_id, reference_accounts.handle",
      message: "Este perfil já está nas suas contas de referência.",
      field: "handle",
      status: 409,
    },
  ],
  example: (_related, unique = "") => ({
    handle: `casabela.imoveis${unique ? `_${unique}` : ""}`.slice(0, 30),
    notas: "Legendas curtas com o bairro no começo, uma pergunta no fim e no máximo dois emojis.",
  }),
};
