import { asc, eq } from "drizzle-orm";
import { socialAccounts, socialConnections } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { SocialConnectionKind, SocialNetwork } from "../../../shared/enums/social.ts";
import type { AccountDiagnosis, CheckStatus, SocialCheck } from "../../../shared/social/diagnosis-views.ts";
import { checkPermissions, missingPermissionMessages, pageProblems } from "../../../shared/social/meta-permissions.ts";
import { graphRequest, type MetaHost, metaEndpoints } from "../../integrations/meta/graph.ts";
import { metaDemoMode } from "../../integrations/meta/login.ts";
import type { Actor, ServiceContext } from "../context.ts";
import { AccountNotReadyError, accountCredentials, openFor, USER_TOKEN_PURPOSE } from "./account-credentials.ts";
import { explainConnectionError } from "./connection-errors.ts";

/**
 * The social diagnostics' checks (for owner and admin; the screens /test-facebook and
 * /test-social-integration show them, /test-posting acts with test-posting.ts): for each connected Page and Instagram account, whether
 * Meta accepts its token, the permissions granted against those needed, the Page's task and its
 * link to Instagram, and Instagram's publishing quota left — each a check with a pt-BR result.
 * Read-only: nothing is created at Meta.
 */

export type { AccountDiagnosis, CheckStatus, SocialCheck };

interface AccountRow {
  id: string;
  rede: SocialNetwork;
  idExterno: string;
  nome: string;
  tarefas: string[];
  vinculoExternoId: string | null;
  demo: boolean;
  tipo: SocialConnectionKind | null;
  escopos: string[] | null;
  tokenConexao: string | null;
}

const fail = (id: string, label: string, error: unknown): SocialCheck => {
  const explained = explainConnectionError(error);
  return { id, label, status: "fail", summary: explained.message, code: explained.code };
};

async function tokenCheck(
  ctx: ServiceContext,
  actor: Actor,
  row: AccountRow,
): Promise<{ check: SocialCheck; token?: string; host?: MetaHost }> {
  const label = "Acesso à conta (token)";
  let creds: Awaited<ReturnType<typeof accountCredentials>>;
  try {
    creds = await accountCredentials(ctx.db, ctx.config, actor.orgId, row.id);
  } catch (error) {
    if (error instanceof AccountNotReadyError) return { check: { id: "token", label, status: "fail", summary: error.message } };
    throw error;
  }
  try {
    await graphRequest(metaEndpoints(ctx.config), { host: creds.host, path: "/me", params: { fields: "id" }, token: creds.accessToken });
    return {
      check: { id: "token", label, status: "ok", summary: "A Meta aceita o acesso desta conta." },
      token: creds.accessToken,
      host: creds.host,
    };
  } catch (error) {
    return { check: fail("token", label, error) };
  }
}

async function permissionsCheck(ctx: ServiceContext, actor: Actor, row: AccountRow): Promise<SocialCheck> {
  const label = "Permissões concedidas";
  const kind = row.tipo ?? "facebook_login";
  let granted = row.escopos ?? [];
  // Facebook Login: what Meta says now (a person may have removed one since connecting).
  if (kind === "facebook_login" && row.tokenConexao) {
    try {
      const token = await openFor(ctx.config, actor.orgId, USER_TOKEN_PURPOSE, row.tokenConexao);
      const answer = await graphRequest<{ data: { permission: string; status: string }[] }>(metaEndpoints(ctx.config), {
        host: "facebook",
        path: "/me/permissions",
        token,
      });
      granted = answer.data.filter((p) => p.status === "granted").map((p) => p.permission);
    } catch (error) {
      return fail("permissoes", label, error);
    }
  }
  const checks = checkPermissions(kind, granted);
  const missing = missingPermissionMessages(kind, granted);
  const blocking = checks.some((p) => p.required && !p.granted);
  if (!missing.length)
    return { id: "permissoes", label, status: "ok", summary: `Todas as ${checks.length} permissões pedidas foram concedidas.` };
  return { id: "permissoes", label, status: blocking ? "fail" : "warn", summary: missing.join(" ") };
}

/** The Page's task to create content and its Instagram link, as Meta says now. */
async function pageChecks(ctx: ServiceContext, row: AccountRow, token: string | undefined): Promise<SocialCheck[]> {
  const pageId = row.rede === "facebook" ? row.idExterno : row.vinculoExternoId;
  if (!pageId) return [];
  let linked: string | null = row.rede === "facebook" ? row.vinculoExternoId : row.idExterno;
  if (token) {
    try {
      const page = await graphRequest<{ instagram_business_account?: { id: string; username?: string } }>(metaEndpoints(ctx.config), {
        host: "facebook",
        path: `/${pageId}`,
        params: { fields: "instagram_business_account" },
        token,
      });
      linked = page.instagram_business_account?.id ?? null;
    } catch (error) {
      return [fail("vinculo", "Página ↔ Instagram", error)];
    }
  }
  const checks: SocialCheck[] = [];
  const expected = row.rede === "facebook" ? row.vinculoExternoId : row.idExterno;
  const label = "Página ↔ Instagram";
  if (row.rede === "facebook") {
    const problems = pageProblems({ name: row.nome, tasks: row.tarefas, instagramId: linked });
    const task = problems.find((p) => p.kind === "sem_tarefa");
    const taskLabel = "Acesso para publicar na Página";
    checks.push(
      task
        ? { id: "tarefa", label: taskLabel, status: "fail", summary: task.message }
        : { id: "tarefa", label: taskLabel, status: "ok", summary: "Você pode criar conteúdo nesta Página." },
    );
    const unlinked = problems.find((p) => p.kind === "sem_instagram");
    // A Page without Instagram still publishes on Facebook: a warning, not a failure.
    if (unlinked) checks.push({ id: "vinculo", label, status: "warn", summary: unlinked.message });
  } else if (!linked) {
    checks.push({
      id: "vinculo",
      label,
      status: "fail",
      summary:
        "Esta conta do Instagram não está mais vinculada à Página pela qual foi conectada: vincule-a de novo nas configurações da Página e escolha-a em Páginas do Facebook.",
    });
  }
  if (linked && expected && linked !== expected) {
    checks.push({
      id: "vinculo",
      label,
      status: "fail",
      summary: "A Página está ligada a outra conta do Instagram do que a conectada aqui: abra Páginas do Facebook e escolha de novo.",
    });
  } else if (linked) {
    checks.push({ id: "vinculo", label, status: "ok", summary: "A Página e a conta do Instagram estão vinculadas na Meta." });
  }
  return checks;
}

async function quotaCheck(ctx: ServiceContext, row: AccountRow, token: string, host: MetaHost): Promise<SocialCheck> {
  const label = "Cota de publicações do Instagram";
  try {
    const answer = await graphRequest<{ data: { quota_usage?: number; config?: { quota_total?: number } }[] }>(metaEndpoints(ctx.config), {
      host,
      path: `/${row.idExterno}/content_publishing_limit`,
      params: { fields: "quota_usage,config" },
      token,
    });
    const used = answer.data[0]?.quota_usage ?? 0;
    const total = answer.data[0]?.config?.quota_total ?? 0;
    const left = Math.max(0, total - used);
    const summary = `${left} de ${total} publicações livres nas últimas 24 horas (${used} usadas).`;
    if (total > 0 && left === 0) {
      return { id: "cota", label, status: "fail", summary: `${summary} Os posts agendados esperam e saem quando a Meta liberar.` };
    }
    return { id: "cota", label, status: total > 0 && left / total < 0.2 ? "warn" : "ok", summary };
  } catch (error) {
    return fail("cota", label, error);
  }
}

/** Every connected account of the organização (optionally one network's), checked against Meta. */
export async function diagnoseAccounts(ctx: ServiceContext, actor: Actor, network?: SocialNetwork): Promise<AccountDiagnosis[]> {
  const scope = orgScope(ctx.db, actor.orgId);
  const rows = (await ctx.db
    .select({
      id: socialAccounts.id,
      rede: socialAccounts.rede,
      idExterno: socialAccounts.idExterno,
      nome: socialAccounts.nome,
      tarefas: socialAccounts.tarefas,
      vinculoExternoId: socialAccounts.vinculoExternoId,
      demo: socialAccounts.demo,
      tipo: socialConnections.tipo,
      escopos: socialConnections.escoposConcedidos,
      tokenConexao: socialConnections.tokenSelado,
    })
    .from(socialAccounts)
    .leftJoin(socialConnections, scope.where(socialConnections, eq(socialConnections.id, socialAccounts.conexaoId)))
    .where(scope.where(socialAccounts, network ? eq(socialAccounts.rede, network) : undefined))
    .orderBy(asc(socialAccounts.rede), asc(socialAccounts.nome))) as AccountRow[];
  return Promise.all(
    rows.map(async (row) => {
      const token = await tokenCheck(ctx, actor, row);
      const checks: SocialCheck[] = [token.check, await permissionsCheck(ctx, actor, row)];
      if (row.tipo !== "instagram_login") checks.push(...(await pageChecks(ctx, row, token.token)));
      if (row.rede === "instagram" && token.token && token.host) checks.push(await quotaCheck(ctx, row, token.token, token.host));
      return { id: row.id, rede: row.rede, nome: row.nome, demo: row.demo, checks };
    }),
  );
}

/** Whether Meta here is the local stand-in (the screens say so). */
export function diagnosticsMode(ctx: ServiceContext): "demo" | "meta" {
  return metaDemoMode(ctx.config) ? "demo" : "meta";
}
