import type { aiGenerations } from "../../../db/schema/index.ts";
import type { Generation, GenerationResult } from "../../../shared/ai/generation-api.ts";

type Row = typeof aiGenerations.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A stored generation as the API answers it (shared/ai/generation-api.ts). */
export function toGenerationView(row: Row): Generation {
  return {
    id: row.id,
    tipo: row.tipo,
    status: row.status,
    pedido: row.pedido,
    titulo: row.titulo,
    origem: row.origem ?? null,
    aviso: row.aviso ?? null,
    textoParcial: row.textoParcial,
    resultado: (row.resultado as GenerationResult | null) ?? null,
    erro:
      row.erroCodigo && row.erroMensagem ? { codigo: row.erroCodigo, mensagem: row.erroMensagem, tentarApos: iso(row.tentarApos) } : null,
    tokens: { entrada: row.tokensEntrada, saida: row.tokensSaida },
    criadaEm: row.criadoEm.toISOString(),
    primeiroTextoEm: iso(row.primeiroTextoEm),
    concluidaEm: iso(row.concluidoEm),
  };
}
