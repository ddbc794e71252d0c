import { useEffect, useRef, useState } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { formatFileSize } from "../../../shared/document-files/file-size.ts";
import { formatNumber } from "../../../shared/format.ts";
import { isFinalReportStatus, REPORT_FILE_STATUS, REPORT_FORMAT, type ReportFileStatus } from "../../../shared/reports/files.ts";
import { useLiveEvents } from "../../lib/live/use-live-events.ts";
import { buttonClass } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";

/**
 * "Arquivos gerados" on /relatorios (ADR 086): the files the member may see, newest first, with
 * who asked and when, format, size and status; a file being built shows its bar moving live
 * (`report.progress`), and a final status reads the list again. "Baixar" asks the server for a
 * fresh 5-minute link; "Excluir" asks first.
 */

export interface ReportFileView {
  id: string;
  titulo: string;
  formato: "csv" | "xlsx" | "pdf";
  status: ReportFileStatus;
  progresso: number;
  linhas: number | null;
  bytes: number | null;
  erro: string | null;
  pedidoPor: string | null;
  pedidoEm: string;
  expiraEm: string;
}

export interface ReportFilesProps {
  items: ReportFileView[];
  next: string | null;
  first: string | null;
  confirming: string | null;
  highlight: string | null;
  notice: string | null;
}

const TONE: Record<ReportFileStatus, string> = {
  na_fila: "badge badge-neutral",
  gerando: "badge badge-blue",
  pronto: "badge badge-green",
  falhou: "badge badge-red",
};

export function ReportFiles({ items, next, first, confirming, highlight, notice }: ReportFilesProps) {
  const revalidator = useRevalidator();
  const [live, setLive] = useState<Record<string, { percent: number; status: ReportFileStatus }>>({});
  const reread = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(reread.current), []);
  // The bars move with the events; a final status (or a reconnect) reads the list again.
  useLiveEvents(
    (event) => event.type === "report.progress",
    (message) => {
      if (message.type === "report.progress") {
        setLive((current) => ({ ...current, [message.fileId]: { percent: message.percent, status: message.status } }));
        if (!isFinalReportStatus(message.status)) return;
      }
      window.clearTimeout(reread.current);
      reread.current = window.setTimeout(() => void revalidator.revalidate(), 300);
    },
    { replayMs: 10_000 },
  );
  // A safety net under the live events (a page that connected after the last one): while a file
  // is on its way, the list is read again every few seconds; nothing runs once all are final.
  const waiting = items.some((i) => !isFinalReportStatus(i.status));
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 4_000);
    return () => window.clearInterval(timer);
  }, [waiting, revalidator]);
  // A file the list has not seen yet (asked on another page): read the list again.
  const unknown = Object.keys(live).some((id) => !items.some((i) => i.id === id));
  useEffect(() => {
    if (unknown && !first) void revalidator.revalidate();
  }, [unknown, first, revalidator]);

  return (
    <Card title={<span id="arquivos">Arquivos gerados</span>}>
      {notice ? (
        <p role="status" className="mb-3 rounded-lg border border-line bg-muted px-3 py-2 text-sm">
          {notice}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="text-sm text-fg-soft">
          Nenhum arquivo ainda. Abra um relatório e use “Exportar PDF”, “Exportar XLSX” ou “Exportar CSV”: o arquivo é gerado aqui, com o
          andamento, e fica disponível por 30 dias.
        </p>
      ) : (
        <ul className="divide-y divide-line" data-testid="report-files">
          {items.map((item) => {
            const seen = live[item.id];
            // The row's own state wins once it is final (the list was read after the event).
            const state =
              seen && !isFinalReportStatus(item.status) && (seen.percent >= item.progresso || isFinalReportStatus(seen.status))
                ? seen
                : { percent: item.progresso, status: item.status };
            return (
              <li
                key={item.id}
                className={`flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between ${highlight === item.id ? "rounded-lg bg-muted px-2" : ""}`}
                data-testid="report-file"
                data-file-id={item.id}
                data-status={state.status}
              >
                <div className="min-w-0">
                  <p className="truncate font-medium" title={item.titulo}>
                    <span className="badge badge-neutral mr-2">{REPORT_FORMAT.label(item.formato)}</span>
                    {item.titulo}
                  </p>
                  <p className="text-xs text-fg-soft">
                    {item.pedidoPor ? `Pedido por ${item.pedidoPor}` : "Resumo automático"} em {item.pedidoEm}
                    {item.status === "pronto" && item.bytes !== null ? ` · ${formatFileSize(item.bytes)}` : ""}
                    {item.status === "pronto" && item.linhas !== null ? ` · ${formatNumber(item.linhas)} linhas` : ""}
                    {item.status === "pronto" ? ` · disponível até ${item.expiraEm}` : ""}
                  </p>
                  {state.status === "falhou" && item.erro ? <p className="text-xs text-danger">{item.erro}</p> : null}
                  {!isFinalReportStatus(state.status) ? (
                    <div className="mt-2 flex items-center gap-2">
                      <div
                        role="progressbar"
                        aria-label={`Andamento de ${item.titulo}`}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={state.percent}
                        className="h-2 w-40 overflow-hidden rounded-full bg-muted"
                      >
                        <div className="h-full bg-accent transition-all" style={{ width: `${state.percent}%` }} />
                      </div>
                      <span className="text-xs tabular-nums text-fg-soft">{state.percent}%</span>
                    </div>
                  ) : null}
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <span className={TONE[state.status]}>{REPORT_FILE_STATUS.label(state.status)}</span>
                  {state.status === "pronto" && item.status === "pronto" ? (
                    <a
                      href={`/relatorios/arquivos/${encodeURIComponent(item.id)}/baixar`}
                      className={buttonClass("secondary")}
                      rel="noreferrer"
                      data-testid="report-file-download"
                    >
                      Baixar
                    </a>
                  ) : null}
                  <Link to={`?excluir=${encodeURIComponent(item.id)}#arquivos`} className={buttonClass("ghost")} preventScrollReset>
                    Excluir
                  </Link>
                </div>
                {confirming === item.id ? (
                  <Form
                    method="post"
                    action="/relatorios/arquivos"
                    className="flex flex-wrap items-center gap-2 sm:basis-full"
                    role="alertdialog"
                    aria-label="Confirmar exclusão"
                  >
                    <input type="hidden" name="intent" value="excluir" />
                    <input type="hidden" name="id" value={item.id} />
                    <span className="text-sm">Excluir “{item.titulo}”? O arquivo não poderá ser baixado de novo.</span>
                    <button type="submit" className={buttonClass("danger")}>
                      Excluir arquivo
                    </button>
                    <Link to="/relatorios#arquivos" className={buttonClass("secondary")}>
                      Cancelar
                    </Link>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {next || first ? (
        <nav className="mt-3 flex gap-2" aria-label="Páginas de arquivos">
          {first ? (
            <Link to={first} className={buttonClass("secondary")}>
              Mais recentes
            </Link>
          ) : null}
          {next ? (
            <Link to={next} className={buttonClass("secondary")}>
              Mais antigos
            </Link>
          ) : null}
        </nav>
      ) : null}
    </Card>
  );
}
