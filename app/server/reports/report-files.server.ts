import { redirect, type RouterContextProvider } from "react-router";
import { isId } from "../../../shared/id.ts";
import { REPORT_FORMAT } from "../../../shared/reports/files.ts";
import type { Bindings } from "../../../worker/config/env.ts";
import { serviceContext } from "../../../worker/context.ts";
import { DomainError, type ServiceContext } from "../../../worker/services/context.ts";
import { reportLinkPath } from "../../../worker/services/reports/files/link.ts";
import { REPORT_GONE } from "../../../worker/services/reports/files/catalogue-port.ts";
import {
  deleteReportFile,
  listReportFiles,
  reportFileForServing,
  requestReportFile,
  TOO_MANY_PENDING,
} from "../../../worker/services/reports/files/requests.ts";
import { formOrNull, UNREADABLE_FORM } from "../forms.server.ts";
import { UNKNOWN_INTENT } from "../../../shared/validation.ts";
import { actorOf, requireOrg } from "../guards.server.ts";

/**
 * The report files on the screens (ADR 086): "Exportar PDF/XLSX/CSV" on /relatorio posts here and
 * lands on /relatorios, whose "Arquivos gerados" lists the files with their live bar; "Baixar"
 * goes through a fresh member-bound 5-minute link (a GET that changes nothing); "Excluir" asks
 * first (`?excluir=<id>`), then posts.
 */

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export const FILES_ANCHOR = "arquivos";

/** Fixed words for what a redirect reports (`?aviso=`): a URL never carries free text onto the page. */
export const FILE_NOTICES = {
  limite: "Muitos arquivos pedidos de uma vez. Aguarde alguns ficarem prontos e peça de novo.",
  fila: TOO_MANY_PENDING,
  invalido: "Este relatório ou formato não existe. Abra o relatório e peça o arquivo de novo.",
  ilegivel: UNREADABLE_FORM,
  acao: UNKNOWN_INTENT,
  proibido: "Você não tem permissão para exportar este relatório.",
  indisponivel: "Não foi possível pedir o arquivo agora. Tente de novo em instantes.",
  excluido: "Arquivo excluído.",
  sumiu: "Este arquivo não existe mais (expirou ou foi excluído).",
} as const;
export type FileNotice = keyof typeof FILE_NOTICES;

function member(args: Args) {
  const signed = requireOrg(args.context, args.request);
  return { ...signed, actor: actorOf(signed), ctx: serviceContext(signed.rc) as ServiceContext };
}

/** "Arquivos gerados": a page of the files the member may see, the one being confirmed and the one asked for. */
export async function reportFilesSection(args: Args) {
  const { actor, ctx } = member(args);
  const url = new URL(args.request.url);
  const before = url.searchParams.get("antes");
  const page = await listReportFiles(ctx, actor, before);
  const excluir = url.searchParams.get("excluir");
  const aviso = url.searchParams.get("aviso");
  return {
    items: page.items,
    next: page.next ? `?antes=${encodeURIComponent(page.next)}#${FILES_ANCHOR}` : null,
    first: before ? `/relatorios#${FILES_ANCHOR}` : null,
    confirming: excluir && page.items.some((i) => i.id === excluir) ? excluir : null,
    highlight: url.searchParams.get("arquivo"),
    notice: aviso && aviso in FILE_NOTICES ? FILE_NOTICES[aviso as FileNotice] : null,
  };
}

export type ReportFilesSection = Awaited<ReturnType<typeof reportFilesSection>>;

function back(notice: FileNotice, fileId?: string): Response {
  const q = new URLSearchParams({ aviso: notice, ...(fileId ? { arquivo: fileId } : {}) });
  return redirect(`/relatorios?${q}#${FILES_ANCHOR}`);
}

/** POST /relatorios/arquivos: `intent=exportar` (r, formato, consulta) or `intent=excluir` (id). */
export async function reportFilesAction(args: Args): Promise<Response> {
  const { actor, ctx, rc } = member(args);
  const form = await formOrNull(args.request);
  // No page of its own: every answer, a refusal too, lands on /relatorios with its notice.
  if (!form) return back("ilegivel");
  const intent = form.get("intent");
  try {
    if (intent === "exportar") {
      const format = String(form.get("formato") ?? "");
      const reportId = String(form.get("r") ?? "");
      if (!REPORT_FORMAT.has(format)) return back("invalido");
      const query = new URLSearchParams(String(form.get("consulta") ?? "").slice(0, 2000));
      const env = rc.env as Bindings;
      const id = await requestReportFile(
        ctx,
        actor,
        { reportId, format, query },
        { FILES: env.FILES, LIVE: env.LIVE, REPORTS: env.REPORTS as Fetcher | undefined },
      );
      return redirect(`/relatorios?arquivo=${encodeURIComponent(id)}#${FILES_ANCHOR}`);
    }
    if (intent === "excluir") {
      const id = String(form.get("id") ?? "");
      if (!isId(id)) return back("sumiu");
      await deleteReportFile(ctx, actor, id);
      return back("excluido");
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // A report the catalogue does not have (a tampered form, or one removed since the page loaded).
    if (error.message === REPORT_GONE) return back("invalido");
    if (error.message === TOO_MANY_PENDING) return back("fila");
    if (error.status === 429) return back("limite");
    if (error.status === 403) return back("proibido");
    if (error.status === 404) return back("sumiu");
    return back("indisponivel");
  }
  return back("acao");
}

/** GET /relatorios/arquivos/:id/baixar: a fresh 5-minute link for the member, or the list saying the file is gone. */
export async function reportFileDownload(args: Args & { params: { id?: string } }): Promise<Response> {
  const { actor, ctx } = member(args);
  const id = args.params.id ?? "";
  const secret = ctx.config.MEDIA_SIGNING_KEY;
  const found = isId(id) && secret ? await reportFileForServing(ctx, actor, id) : null;
  if (!found || !secret) return back("sumiu");
  const path = await reportLinkPath(secret, { orgId: actor.orgId, userId: actor.userId }, id, ctx.now);
  return redirect(path, { headers: { "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}
