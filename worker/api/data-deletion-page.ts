import { Hono } from "hono";
import { escapeHtml } from "../../shared/escape.ts";
import { formatDateTime } from "../../shared/format.ts";
import { serviceContext } from "../context.ts";
import { requestContextMiddleware } from "../http/middleware.ts";
import type { AppEnv } from "../http/types.ts";
import { countKeyedFailure, enforceFailureLimit } from "../security/rate-limit.ts";
import { type DeletionStatus, deletionStatus } from "../services/social/meta-callbacks.ts";
import { DELETION_STATUS_PATH } from "../../shared/social/meta-doors.ts";

/**
 * `/exclusao-de-dados/<code>`: the status of a data-deletion request Meta forwarded (ADR 046),
 * for the person who asked, without signing in. Plain HTML in pt-BR (no app layout, no script).
 * An unknown code answers a neutral page (404) that says nothing of other requests, and an IP
 * that tries many unknown codes waits.
 */
export const dataDeletionPage = new Hono<AppEnv>();

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;line-height:1.55;color:#1f2937;background:#f8fafc;margin:0}
main{max-width:36rem;margin:0 auto;padding:2.5rem 1.25rem}h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.25rem;margin:1.25rem 0}
dl{margin:0}dt{font-weight:600;margin-top:.75rem}dt:first-child{margin-top:0}dd{margin:0;overflow-wrap:anywhere}
code{font-size:1.05rem;letter-spacing:.05em}p.small{font-size:.9rem;color:#475569}
@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e2e8f0}.card{background:#111827;border-color:#334155}p.small{color:#94a3b8}}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | Alicerce</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString("pt-BR")} ${n === 1 ? one : many}`;
}

/** What the page says of a known request. */
export function statusPage(code: string, status: DeletionStatus): string {
  const done = status.concluidoEm !== null;
  const removed = [
    plural(status.conexoes, "conexão desfeita", "conexões desfeitas"),
    plural(status.comentarios, "comentário excluído", "comentários excluídos"),
  ];
  return page(
    "Exclusão de dados",
    `<h1>Pedido de exclusão de dados</h1>
<p>Recebemos pela Meta (Facebook/Instagram) o seu pedido para excluir os dados que o Alicerce guardava sobre a sua conta.</p>
<div class="card"><dl>
<dt>Código de confirmação</dt><dd><code>${escapeHtml(code)}</code></dd>
<dt>Situação</dt><dd>${done ? "Concluído" : "Em andamento"}</dd>
<dt>Pedido recebido em</dt><dd>${escapeHtml(formatDateTime(status.pedidoEm))} (horário de Brasília)</dd>
${done ? `<dt>Concluído em</dt><dd>${escapeHtml(formatDateTime(status.concluidoEm as Date))} (horário de Brasília)</dd>` : ""}
<dt>O que foi excluído</dt><dd>${escapeHtml(removed.join("; "))}.</dd>
</dl></div>
<p>O que este pedido remove: as conexões que você fez com o Alicerce pelo Facebook ou Instagram (os acessos que você concedeu e os dados do seu login) e os comentários que recebemos com a mesma identificação de conta que a Meta informou neste pedido.</p>
<p>Comentários feitos pelo Instagram chegam ao Alicerce com outra identificação, que o pedido da Meta não informa, e o mesmo pode acontecer com comentários no Facebook: esses não são localizados por este pedido. Para removê-los, apague-os na própria rede social ou peça à empresa, informando o código de confirmação. As publicações das empresas nas próprias páginas continuam sendo delas.</p>
<p class="small">Guarde o código de confirmação. Dúvidas sobre este pedido: fale com a empresa que usava o Alicerce com a sua conta, informando o código.</p>`,
  );
}

/** The same page for every code we do not know: nothing about other requests shows. */
export function unknownPage(): string {
  return page(
    "Exclusão de dados",
    `<h1>Pedido de exclusão de dados</h1>
<p>Não encontramos um pedido com este código de confirmação. Confira se o endereço foi copiado inteiro, como a Meta o mostrou.</p>
<p class="small">Os pedidos feitos pelo Facebook ou Instagram são atendidos assim que chegam, e cada um recebe um código próprio.</p>`,
  );
}

dataDeletionPage.get(`${DELETION_STATUS_PATH}/:code`, requestContextMiddleware, async (c) => {
  const rc = c.get("rc");
  const headers = { "cache-control": "no-store", "x-robots-tag": "noindex" };
  try {
    await enforceFailureLimit(rc.db, "deletionStatusMiss", { ip: rc.ip });
  } catch {
    return c.html(page("Muitas tentativas", `<h1>Muitas tentativas</h1><p>Aguarde alguns minutos e tente novamente.</p>`), 429, headers);
  }
  const code = c.req.param("code").toUpperCase();
  const status = await deletionStatus(serviceContext(rc), code);
  if (!status) {
    await countKeyedFailure(rc.db, "deletionStatusMiss", { ip: rc.ip });
    return c.html(unknownPage(), 404, headers);
  }
  return c.html(statusPage(code, status), 200, headers);
});
