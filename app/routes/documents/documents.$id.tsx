import { Link } from "react-router";
import type { Route } from "./+types/documents.$id";
import { DownloadLink } from "../../components/documents/document-actions.tsx";
import { RecordHeader } from "../../components/data/detail.tsx";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Toaster } from "../../components/ui/toast.tsx";
import { titleMeta } from "../../lib/title.ts";
import { documentLinks } from "../../server/document-links.server.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { deleteOne, guard, screenPermissions, takeFlash, toastFor } from "../../server/resources.server.ts";
import { FILE_KIND } from "../../../shared/document-files/file-kinds.ts";
import { expiryState, expiryText } from "../../../shared/documents/expiry.ts";
import { DOCUMENT_TYPE } from "../../../shared/enums/documents.ts";
import { formatDateTime } from "../../../shared/format.ts";
import { isId } from "../../../shared/id.ts";
import { formatFileSize } from "../../../shared/document-files/file-size.ts";
import { type DocumentoRow, documentoDefinition } from "../../../shared/resources/documentos.ts";
import { dayIn, timeZoneOf } from "../../../shared/time-zone.ts";
import { getRecord } from "../../../worker/resources/records.ts";

/**
 * A document's page (ADR 074): the preview in the page (an image, or a PDF in an iframe with
 * "Baixar" beside it for browsers that do not show PDFs inline), its data, expiry badge, "Baixar"
 * through the member-bound expiring link, Editar and Excluir (with confirmation; undo on the list).
 */
export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.doc.titulo ?? "Documento");

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor, org } = guard(args, documentoDefinition, "read");
  const row = isId(args.params.id) ? ((await getRecord(ctx, actor, "documentos", args.params.id)) as DocumentoRow | null) : null;
  if (!row) throw new Response("Documento não encontrado.", { status: 404 });
  const zone = timeZoneOf(org.timeZone);
  const today = dayIn(ctx.now, zone);
  const permissions = screenPermissions(args, documentoDefinition);
  return {
    doc: row,
    // Computed here: the definition (and zod) stays out of the page's browser bundle.
    subtitle: documentoDefinition.subtitle(row, zone),
    links: await documentLinks(ctx, actor, row),
    expiry: row.vencimento ? { state: expiryState(row.vencimento, today), text: expiryText(row.vencimento, today) } : null,
    sentAt: formatDateTime(row.criadoEm, zone),
    permissions,
    confirm: permissions.canDelete && new URL(args.request.url).searchParams.has("excluir"),
    toast: toastFor(documentoDefinition, takeFlash(args)),
  };
}

export async function action(args: Route.ActionArgs) {
  guard(args, documentoDefinition, "delete");
  const form = await readForm(args.request);
  if (form.get("intent") === "excluir") return deleteOne(args, documentoDefinition, args.params.id);
  return unknownIntent();
}

function Day({ day }: { day: string }) {
  const [y, m, d] = day.split("-");
  return (
    <>
      {d}/{m}/{y}
    </>
  );
}

export default function DocumentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { doc, subtitle, links, expiry, sentAt, permissions, confirm, toast } = loaderData;
  const view = { id: doc.id, title: doc.titulo, subtitle };
  const badge =
    expiry?.state === "vencido" ? "badge badge-red" : expiry?.state === "a_vencer" ? "badge badge-yellow" : "badge badge-neutral";
  return (
    <>
      <RecordHeader
        view={view as never}
        listHref="/documents"
        listLabel="Documentos"
        canWrite={permissions.canWrite}
        canEdit={permissions.canUpdate}
        canDelete={permissions.canDelete}
        confirmingDelete={confirm}
        error={actionData && "error" in actionData ? (actionData.error as string) : null}
        deleteNote="O documento sai da lista agora e pode ser restaurado logo em seguida. Depois de um dia, o arquivo é apagado de vez."
        extraActions={links.download ? <DownloadLink id={doc.id} href={links.download} label="Baixar" className={undefined} /> : null}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card title="Visualização">
          {links.preview && links.previewKind === "image" ? (
            <img
              src={links.preview}
              alt={`Imagem do documento ${doc.titulo}`}
              className="mx-auto max-h-[70vh] max-w-full"
              data-testid="document-preview"
            />
          ) : null}
          {links.preview && links.previewKind === "pdf" ? (
            <>
              <iframe
                src={links.preview}
                title={`PDF do documento ${doc.titulo}`}
                className="h-[70vh] w-full rounded border border-line"
                data-testid="document-preview"
              />
              <p className="mt-2 text-sm text-fg-soft">
                O PDF não apareceu?{" "}
                {links.download ? (
                  <DownloadLink id={doc.id} href={links.download} label="Baixar o PDF" className="font-semibold text-accent underline" />
                ) : null}
              </p>
            </>
          ) : null}
          {!links.preview ? (
            <p className="text-sm text-fg-soft">
              {!links.available
                ? "O arquivo deste documento não está disponível no armazenamento. Envie o documento de novo."
                : links.previewKind === "none"
                  ? `Arquivos ${FILE_KIND[doc.formato].label} não são mostrados na página. Use “Baixar” para abrir.`
                  : "Os documentos não podem ser abertos agora (armazenamento não configurado)."}
            </p>
          ) : null}
        </Card>
        <Card title="Dados" className="order-first lg:order-none">
          <dl className="grid gap-3 text-sm">
            <div>
              <dt className="text-xs font-semibold text-fg-soft uppercase">Tipo</dt>
              <dd>
                <span className={`badge badge-${DOCUMENT_TYPE.tone(doc.tipo)}`}>{DOCUMENT_TYPE.label(doc.tipo)}</span>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold text-fg-soft uppercase">Vencimento</dt>
              <dd>
                {doc.vencimento && expiry ? (
                  <>
                    <Day day={doc.vencimento} />{" "}
                    <span className={badge} data-testid="document-expiry">
                      {expiry.state === "vencido" ? "Vencido" : expiry.state === "a_vencer" ? "A vencer" : "Em dia"}
                    </span>{" "}
                    <span className="text-fg-soft">{expiry.text}</span>
                  </>
                ) : (
                  "Não vence"
                )}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold text-fg-soft uppercase">Vinculado a</dt>
              <dd>
                {doc.vinculoTitulo ? (
                  doc.vinculoHref ? (
                    <Link to={doc.vinculoHref} className="text-accent hover:underline">
                      {doc.vinculoTitulo}
                    </Link>
                  ) : (
                    doc.vinculoTitulo
                  )
                ) : (
                  "Nada"
                )}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold text-fg-soft uppercase">Arquivo</dt>
              <dd className="break-all">
                {doc.nomeArquivo}{" "}
                <span className="text-fg-soft">
                  ({FILE_KIND[doc.formato].label}, {formatFileSize(doc.tamanhoBytes)})
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold text-fg-soft uppercase">Enviado</dt>
              <dd>
                {sentAt}
                {doc.criadoPorNome ? ` por ${doc.criadoPorNome}` : ""}
              </dd>
            </div>
            {doc.observacoes ? (
              <div>
                <dt className="text-xs font-semibold text-fg-soft uppercase">Observações</dt>
                <dd className="whitespace-pre-line">{doc.observacoes}</dd>
              </div>
            ) : null}
          </dl>
        </Card>
      </div>
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
