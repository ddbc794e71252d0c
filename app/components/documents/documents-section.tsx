import { Link } from "react-router";
import { DOCUMENT_TYPE, type DocumentType } from "../../../shared/enums/documents.ts";
import { Card } from "../ui/card.tsx";
import { DocumentUploader, type PresetLink } from "./document-uploader.tsx";

/** The newest documents linked to the record, as the loader read them (worker/services/documents/linked-documents.ts). */
export interface SectionDocuments {
  items: readonly { id: string; titulo: string; tipo: DocumentType; nomeArquivo: string }[];
  total: number;
}

/**
 * A record's "Documentos" card (a client's, empresa's, imóvel's, sale's or expense's page): the
 * newest documents linked to it when the page read them, the upload area with the link
 * preselected to this record, and "Ver todos" (the Documentos list filtered by it, with search,
 * sort and pages). Shown only to roles that read documents; the upload only to those who may send
 * them. Never printed (a receipt's paper is the receipt only).
 */
export function DocumentsSection({
  preset,
  listHref,
  canCreate,
  documents,
}: {
  preset: PresetLink;
  listHref: string;
  canCreate: boolean;
  documents?: SectionDocuments | undefined;
}) {
  return (
    <Card
      className="print:hidden"
      title="Documentos"
      actions={
        <Link to={listHref} className="shrink-0 text-sm font-semibold text-accent hover:underline">
          Ver todos<span className="sr-only"> os documentos</span>
          {documents?.total ? ` (${documents.total})` : ""}
        </Link>
      }
    >
      {documents ? <LinkedList documents={documents} listHref={listHref} /> : null}
      {canCreate ? (
        <DocumentUploader preset={preset} title="Enviar documentos" />
      ) : documents ? null : (
        <p className="text-sm text-fg-soft">Os documentos vinculados estão na lista de Documentos.</p>
      )}
    </Card>
  );
}

function LinkedList({ documents, listHref }: { documents: SectionDocuments; listHref: string }) {
  if (!documents.items.length) return <p className="mb-3 text-sm text-fg-soft">Nenhum documento vinculado ainda.</p>;
  const more = documents.total - documents.items.length;
  return (
    <div className="mb-4">
      <ul aria-label="Documentos vinculados" className="divide-y divide-line">
        {documents.items.map((d) => (
          <li key={d.id} className="flex min-w-0 items-center justify-between gap-2 py-2 text-sm">
            <span className="min-w-0">
              <Link to={`/documents/${d.id}`} title={d.titulo} className="block truncate font-medium text-accent hover:underline">
                {d.titulo}
              </Link>
              <span title={d.nomeArquivo} className="block truncate text-xs text-fg-soft">
                {d.nomeArquivo}
              </span>
            </span>
            <span className={`badge badge-${DOCUMENT_TYPE.tone(d.tipo)} shrink-0`}>{DOCUMENT_TYPE.label(d.tipo)}</span>
          </li>
        ))}
      </ul>
      {more > 0 ? (
        <Link to={listHref} className="mt-1 inline-block text-sm text-accent hover:underline">
          e mais {more} {more === 1 ? "documento" : "documentos"}
        </Link>
      ) : null}
    </div>
  );
}

/** The record kinds the Documentos list filters by (`f.cliente=<id>`…; the chip names the record). */
export type DocumentsFilter = "cliente" | "empresa" | "imovel" | "venda" | "despesa";

/** The Documentos list filtered by one record. */
export function documentsOf(filter: DocumentsFilter, id: string): string {
  return `/documents?f.${filter}=${encodeURIComponent(id)}`;
}
