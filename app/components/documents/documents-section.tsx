import { Link } from "react-router";
import { Card } from "../ui/card.tsx";
import { DocumentUploader, type PresetLink } from "./document-uploader.tsx";

/**
 * A record's "Documentos" card (a client's, empresa's, imóvel's, sale's or expense's page): the
 * upload area with the link preselected to this record, and the way to its documents (the
 * Documentos list filtered by it, with search, sort and pages). Shown only to roles that read
 * documents; the upload only to those who may send them.
 */
export function DocumentsSection({ preset, listHref, canCreate }: { preset: PresetLink; listHref: string; canCreate: boolean }) {
  return (
    <Card
      title="Documentos"
      actions={
        <Link to={listHref} className="text-sm font-semibold text-accent hover:underline">
          Ver documentos
        </Link>
      }
    >
      {canCreate ? (
        <DocumentUploader preset={preset} title="Enviar documentos" />
      ) : (
        <p className="text-sm text-fg-soft">Os documentos vinculados estão na lista de Documentos.</p>
      )}
    </Card>
  );
}

/** The Documentos list filtered by one record (`f.cliente=<id>`…). */
export function documentsOf(filter: "cliente" | "empresa" | "imovel", id: string): string {
  return `/documents?f.${filter}=${encodeURIComponent(id)}`;
}
