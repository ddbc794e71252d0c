import type { ImovelRow } from "../../../shared/resources/imoveis.ts";
import { listRecords } from "../../resources/records.ts";
import type { Actor, ServiceContext } from "../context.ts";
import { draftChecklist } from "./properties.ts";

/** The "Rascunhos de Imóveis" screen: drafts with their publish progress, newest change first. */

export interface DraftSummary {
  id: string;
  codigo: string;
  titulo: string | null;
  tipo: ImovelRow["tipo"];
  bairro: string | null;
  cidade: string | null;
  fotos: number;
  atualizadoEm: string;
  /** Checklist items done, of `total` (photos included: a listing needs one). */
  done: number;
  total: number;
}

export interface DraftList {
  drafts: DraftSummary[];
  /** Every draft of the organization. */
  total: number;
  /** This page (1-based) and how many there are. */
  page: number;
  pageCount: number;
}

/** One round trip through the list engine: status "rascunho", by last change, one page of them. */
export async function listDrafts(ctx: ServiceContext, actor: Actor, pageNumber: number): Promise<DraftList> {
  const page = await listRecords(ctx, actor, "imoveis", {
    q: "",
    sort: "atualizadoEm",
    dir: "desc",
    page: pageNumber,
    after: null,
    filters: { status: ["rascunho"] },
    columns: null,
  });
  const drafts = (page.rows as unknown as ImovelRow[]).map((row) => {
    const items = draftChecklist(row);
    return {
      id: row.id,
      codigo: row.codigo,
      titulo: row.titulo,
      tipo: row.tipo,
      bairro: row.bairro,
      cidade: row.cidade,
      fotos: row.fotos,
      atualizadoEm: row.atualizadoEm,
      done: items.filter((i) => i.done).length,
      total: items.length,
    };
  });
  return {
    drafts,
    total: page.total,
    page: page.page,
    pageCount: Math.max(1, Math.ceil(page.total / page.pageSize)),
  };
}
