import { asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { socialAccounts, socialConnections, users } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { SocialNetwork } from "../../../shared/enums.ts";
import {
  canPublishWith,
  checkPermissions,
  missingPermissionMessages,
  type PageProblem,
  pageProblems,
  PAGE_PUBLISH_TASK,
} from "../../../shared/social/meta-permissions.ts";
import { tokenHealth } from "../../../shared/social/meta-tokens.ts";
import type { AccountView, ConnectionView, SocialOverview } from "../../../shared/social/connection-views.ts";
import { authorize } from "../../auth/permissions.ts";
import { MetaApiError, metaEndpoints } from "../../integrations/meta/graph.ts";
import { type MetaPage, metaDemoMode, readPages, revokeLogin } from "../../integrations/meta/login.ts";
import { metaCheckLimited } from "./meta-check-limit.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { ACCOUNT_TOKEN_PURPOSE, openFor, sealFor, USER_TOKEN_PURPOSE } from "./account-credentials.ts";
import { metaAppCredentials } from "./app-credentials.ts";
import { explainConnectionError } from "./connection-errors.ts";
import { releaseAccountHolds } from "./publishing/outcomes.ts";

/**
 * What the connection screens show and do: each Meta login with its permissions (granted vs
 * needed, what is missing in pt-BR) and token health; the accounts Alicerce manages; choosing the
 * Pages (and their Instagram accounts) among what a Facebook login reaches; disconnecting. No
 * token ever leaves this module: views carry names, ids, dates and statuses only.
 */

/** Every connection and account of the organização (status only: what the office may see too). */
export async function socialOverview(ctx: ServiceContext, actor: Actor): Promise<SocialOverview> {
  authorize(actor, "social-connections", "read");
  const scope = orgScope(ctx.db, actor.orgId);
  const [connections, accounts, app] = await Promise.all([
    ctx.db
      .select({
        id: socialConnections.id,
        tipo: socialConnections.tipo,
        nome: socialConnections.nome,
        status: socialConnections.status,
        motivo: socialConnections.motivoStatus,
        demo: socialConnections.demo,
        hasToken: sql<number>`${socialConnections.tokenSelado} is not null`,
        expiraEm: socialConnections.tokenExpiraEm,
        granted: socialConnections.escoposConcedidos,
        conectadoPorNome: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${socialConnections.conectadoPor})`,
        atualizadoEm: socialConnections.atualizadoEm,
      })
      .from(socialConnections)
      .where(scope.where(socialConnections))
      .orderBy(asc(socialConnections.tipo), asc(socialConnections.criadoEm)),
    ctx.db
      .select({
        id: socialAccounts.id,
        rede: socialAccounts.rede,
        nome: socialAccounts.nome,
        usuario: socialAccounts.usuario,
        status: socialAccounts.status,
        motivo: socialAccounts.motivoStatus,
        demo: socialAccounts.demo,
        hasToken: sql<number>`${socialAccounts.tokenSelado} is not null`,
        expiraEm: socialAccounts.tokenExpiraEm,
        conexaoId: socialAccounts.conexaoId,
        conexaoTipo: socialConnections.tipo,
        vinculo: socialAccounts.vinculoExternoId,
        tarefas: socialAccounts.tarefas,
      })
      .from(socialAccounts)
      .leftJoin(socialConnections, scope.where(socialConnections, eq(socialConnections.id, socialAccounts.conexaoId)))
      .where(scope.where(socialAccounts))
      .orderBy(asc(socialAccounts.rede), asc(socialAccounts.nome)),
    metaAppCredentials(ctx.db, ctx.config, actor.orgId).catch(() => null),
  ]);
  const health = (hasToken: number, expiresAt: Date | null) => (hasToken ? tokenHealth(expiresAt, ctx.now) : ("sem_token" as const));
  return {
    demoMode: metaDemoMode(ctx.config),
    appReady: app !== null,
    connections: connections.map((c) => ({
      id: c.id,
      tipo: c.tipo,
      nome: c.nome,
      status: c.status,
      motivo: c.motivo,
      demo: c.demo,
      expiraEm: c.expiraEm?.toISOString() ?? null,
      saude: health(c.hasToken, c.expiraEm),
      permissoes: checkPermissions(c.tipo, c.granted),
      faltando: c.status === "desconectada" ? [] : missingPermissionMessages(c.tipo, c.granted),
      podePublicar: c.status === "ativa" && Boolean(c.hasToken) && canPublishWith(c.tipo, c.granted),
      conectadoPorNome: c.conectadoPorNome,
      atualizadoEm: c.atualizadoEm.toISOString(),
    })),
    accounts: accounts.map((a) => ({
      id: a.id,
      rede: a.rede,
      nome: a.nome,
      usuario: a.usuario,
      status: a.status,
      motivo: a.motivo,
      demo: a.demo,
      expiraEm: a.expiraEm?.toISOString() ?? null,
      saude: health(a.hasToken, a.expiraEm),
      conexaoId: a.conexaoId,
      conexaoTipo: a.conexaoTipo,
      vinculo: a.vinculo,
      tarefas: a.tarefas,
    })),
  };
}

export type { AccountView, ConnectionView, SocialOverview };

export interface PageChoice {
  id: string;
  nome: string;
  tarefas: string[];
  podePublicar: boolean;
  instagram: { id: string; usuario: string | null } | null;
  problemas: PageProblem[];
  /** Alicerce manages it now (the Page / its Instagram account). */
  escolhida: boolean;
  instagramEscolhido: boolean;
}

export type PagesAnswer =
  | { ok: true; connectionId: string; connectionName: string; pages: PageChoice[] }
  | { ok: false; message: string; reconnect: boolean };

async function activeFacebookConnection(ctx: ServiceContext, actor: Actor) {
  const [row] = await ctx.db
    .select({
      id: socialConnections.id,
      nome: socialConnections.nome,
      token: socialConnections.tokenSelado,
      status: socialConnections.status,
    })
    .from(socialConnections)
    .where(
      orgScope(ctx.db, actor.orgId).where(
        socialConnections,
        eq(socialConnections.tipo, "facebook_login"),
        eq(socialConnections.status, "ativa"),
      ),
    )
    .orderBy(sql`${socialConnections.atualizadoEm} desc`)
    .limit(1);
  return row?.token ? { ...row, token: row.token } : null;
}

async function fetchPages(
  ctx: ServiceContext,
  actor: Actor,
): Promise<{ ok: true; connection: { id: string; nome: string }; pages: MetaPage[] } | { ok: false; message: string; reconnect: boolean }> {
  const connection = await activeFacebookConnection(ctx, actor);
  if (!connection) return { ok: false, reconnect: true, message: "Conecte o Facebook primeiro: as Páginas vêm do seu login do Facebook." };
  const limited = await metaCheckLimited(ctx, actor.orgId);
  if (limited) return { ok: false, reconnect: false, message: limited };
  try {
    const token = await openFor(ctx.config, actor.orgId, USER_TOKEN_PURPOSE, connection.token);
    return { ok: true, connection, pages: await readPages(metaEndpoints(ctx.config), token) };
  } catch (error) {
    const explained = explainConnectionError(error);
    if (explained.kind === "token") await markConnectionReconnect(ctx, actor.orgId, connection.id, explained.message);
    return { ok: false, reconnect: explained.kind === "token", message: explained.message };
  }
}

/** The Pages the Facebook login reaches, each with its Instagram account, problems, and whether Alicerce manages it. */
export async function pageChoices(ctx: ServiceContext, actor: Actor): Promise<PagesAnswer> {
  authorize(actor, "social-settings", "read");
  const fetched = await fetchPages(ctx, actor);
  if (!fetched.ok) return fetched;
  const managed = await ctx.db
    .select({ rede: socialAccounts.rede, idExterno: socialAccounts.idExterno })
    .from(socialAccounts)
    .where(orgScope(ctx.db, actor.orgId).where(socialAccounts, eq(socialAccounts.status, "ativa")));
  const has = (rede: SocialNetwork, id: string) => managed.some((m) => m.rede === rede && m.idExterno === id);
  return {
    ok: true,
    connectionId: fetched.connection.id,
    connectionName: fetched.connection.nome,
    pages: fetched.pages.map((p) => ({
      id: p.id,
      nome: p.name,
      tarefas: p.tasks,
      podePublicar: p.tasks.includes(PAGE_PUBLISH_TASK),
      instagram: p.instagram ? { id: p.instagram.id, usuario: p.instagram.username } : null,
      problemas: pageProblems({ name: p.name, tasks: p.tasks, instagramId: p.instagram?.id ?? null }),
      escolhida: has("facebook", p.id),
      instagramEscolhido: p.instagram ? has("instagram", p.instagram.id) : false,
    })),
  };
}

export interface PagesSelection {
  pages: string[];
  instagram: string[];
}

export interface PagesSaved {
  active: { rede: SocialNetwork; nome: string }[];
  /** Chosen but not activated, with why (a Page without the task to create content…). */
  refused: { nome: string; message: string }[];
  removed: number;
}

/**
 * Saves which Pages and Instagram accounts Alicerce manages. A Page granted without the task to
 * create content is refused with the explanation; an Instagram account only through its Page.
 * Accounts no longer chosen lose their token and show "Desconectada" (their posts and history stay).
 */
export async function choosePages(ctx: ServiceContext, actor: Actor, selection: PagesSelection): Promise<PagesSaved> {
  authorize(actor, "social-settings", "update");
  const fetched = await fetchPages(ctx, actor);
  if (!fetched.ok) throw new DomainError(fetched.message, 409);
  const scope = orgScope(ctx.db, actor.orgId);
  const demo = await connectionDemo(ctx, actor.orgId, fetched.connection.id);
  const result: PagesSaved = { active: [], refused: [], removed: 0 };
  const keep: { rede: SocialNetwork; id: string }[] = [];
  for (const id of new Set(selection.pages)) {
    const page = fetched.pages.find((p) => p.id === id);
    if (!page) {
      result.refused.push({
        nome: id,
        message: "Esta Página não está mais entre as que o seu login do Facebook alcança: reconecte e marque-a.",
      });
      continue;
    }
    const problem = pageProblems({ name: page.name, tasks: page.tasks, instagramId: page.instagram?.id ?? null }).find(
      (p) => p.kind === "sem_tarefa",
    );
    if (problem || !page.accessToken) {
      result.refused.push({ nome: page.name, message: problem?.message ?? "A Meta não entregou o token desta Página: reconecte." });
      continue;
    }
    await upsertAccount(ctx, actor, {
      rede: "facebook",
      idExterno: page.id,
      nome: page.name,
      usuario: null,
      token: page.accessToken,
      vinculo: page.instagram?.id ?? null,
      tarefas: page.tasks,
      conexaoId: fetched.connection.id,
      demo,
    });
    keep.push({ rede: "facebook", id: page.id });
    result.active.push({ rede: "facebook", nome: page.name });
  }
  for (const id of new Set(selection.instagram)) {
    const page = fetched.pages.find((p) => p.instagram?.id === id);
    if (!page?.instagram) {
      result.refused.push({
        nome: id,
        message: "Esta conta do Instagram não está vinculada a nenhuma das suas Páginas: vincule-a à Página e atualize.",
      });
      continue;
    }
    if (!page.tasks.includes(PAGE_PUBLISH_TASK) || !page.accessToken) {
      const problem = pageProblems({ name: page.name, tasks: page.tasks, instagramId: page.instagram.id }).find(
        (p) => p.kind === "sem_tarefa",
      );
      result.refused.push({
        nome: `@${page.instagram.username ?? id}`,
        message: problem?.message ?? "A Meta não entregou o token da Página desta conta: reconecte.",
      });
      continue;
    }
    const name = page.instagram.username ? `@${page.instagram.username}` : page.name;
    // Reached through its Page: the Page's token (it does not expire) publishes to the linked account.
    await upsertAccount(ctx, actor, {
      rede: "instagram",
      idExterno: page.instagram.id,
      nome: name,
      usuario: page.instagram.username,
      token: page.accessToken,
      vinculo: page.id,
      tarefas: page.tasks,
      conexaoId: fetched.connection.id,
      demo,
    });
    keep.push({ rede: "instagram", id: page.instagram.id });
    result.active.push({ rede: "instagram", nome: name });
  }
  // Accounts of this login that were not chosen now: token removed, history kept.
  for (const rede of ["facebook", "instagram"] as const) {
    const kept = keep.filter((k) => k.rede === rede).map((k) => k.id);
    const removed = await ctx.db
      .update(socialAccounts)
      .set({
        status: "desconectada",
        motivoStatus: "Não está mais entre as contas escolhidas em Páginas do Facebook.",
        tokenSelado: null,
        atualizadoEm: ctx.now,
      })
      .where(
        scope.where(
          socialAccounts,
          eq(socialAccounts.conexaoId, fetched.connection.id),
          eq(socialAccounts.rede, rede),
          eq(socialAccounts.status, "ativa"),
          kept.length ? notInArray(socialAccounts.idExterno, kept) : undefined,
        ),
      )
      .returning({ id: socialAccounts.id });
    result.removed += removed.length;
  }
  return result;
}

async function connectionDemo(ctx: ServiceContext, orgId: string, connectionId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ demo: socialConnections.demo })
    .from(socialConnections)
    .where(orgScope(ctx.db, orgId).where(socialConnections, eq(socialConnections.id, connectionId)));
  return row?.demo ?? false;
}

interface AccountInput {
  rede: SocialNetwork;
  idExterno: string;
  nome: string;
  usuario: string | null;
  token: string;
  vinculo: string | null;
  tarefas: string[];
  conexaoId: string;
  demo: boolean;
}

/** One row per Meta account in the organização: reconnecting updates it (its id, posts and history stay). */
async function upsertAccount(ctx: ServiceContext, actor: Actor, input: AccountInput): Promise<void> {
  const set = {
    nome: input.nome,
    usuario: input.usuario,
    status: "ativa" as const,
    motivoStatus: null,
    conexaoId: input.conexaoId,
    tokenSelado: await sealFor(ctx.config, actor.orgId, ACCOUNT_TOKEN_PURPOSE, input.token),
    // A Page token read with a long-lived user token does not expire.
    tokenExpiraEm: null,
    vinculoExternoId: input.vinculo,
    tarefas: input.tarefas,
    demo: input.demo,
    verificadoEm: ctx.now,
    atualizadoEm: ctx.now,
  };
  const [row] = await ctx.db
    .insert(socialAccounts)
    .values(orgScope(ctx.db, actor.orgId).values({ rede: input.rede, idExterno: input.idExterno, criadoEm: ctx.now, ...set }))
    .onConflictDoUpdate({ target: [socialAccounts.orgId, socialAccounts.rede, socialAccounts.idExterno], set })
    .returning({ id: socialAccounts.id });
  // Its publications held for the reconnection lose the "reconecte" reason; the sweep sends the due ones (ADR 047).
  if (row) await releaseAccountHolds(ctx, actor.orgId, row.id);
}

/** A token Meta refused (190): the connection and its accounts wait for a reconnection, with the reason. */
export async function markConnectionReconnect(
  ctx: Pick<ServiceContext, "db" | "now">,
  orgId: string,
  connectionId: string,
  reason: string,
): Promise<void> {
  const scope = orgScope(ctx.db, orgId);
  await ctx.db.batch([
    ctx.db
      .update(socialConnections)
      .set({ status: "reconectar", motivoStatus: reason, atualizadoEm: ctx.now })
      .where(scope.where(socialConnections, eq(socialConnections.id, connectionId), eq(socialConnections.status, "ativa"))),
    ctx.db
      .update(socialAccounts)
      .set({ status: "reconectar", motivoStatus: reason, atualizadoEm: ctx.now })
      .where(scope.where(socialAccounts, eq(socialAccounts.conexaoId, connectionId), eq(socialAccounts.status, "ativa"))),
  ]);
}

export interface Disconnected {
  /** Meta was told (DELETE /me/permissions); false when it could not be reached (the tokens are gone here anyway). */
  metaTold: boolean;
  accounts: number;
}

/**
 * Disconnects a login: tells Meta (DELETE /me/permissions), removes its token and its accounts'
 * tokens here; the accounts, posts and history stay (shown "Desconectada").
 */
export async function disconnectConnection(ctx: ServiceContext, actor: Actor, connectionId: string): Promise<Disconnected> {
  authorize(actor, "social-settings", "delete");
  const scope = orgScope(ctx.db, actor.orgId);
  const [row] = await ctx.db
    .select({ tipo: socialConnections.tipo, token: socialConnections.tokenSelado })
    .from(socialConnections)
    .where(scope.where(socialConnections, eq(socialConnections.id, connectionId)));
  if (!row) throw new DomainError("Conexão não encontrada.", 404);
  let metaTold = false;
  if (row.token) {
    try {
      const token = await openFor(ctx.config, actor.orgId, USER_TOKEN_PURPOSE, row.token);
      await revokeLogin(metaEndpoints(ctx.config), row.tipo === "instagram_login" ? "instagram" : "facebook", token);
      metaTold = true;
    } catch (error) {
      // Already revoked (190) counts as told: Meta no longer honours it.
      metaTold = error instanceof MetaApiError && error.fields.code === 190;
    }
  }
  const reason = "Desconectada em Alicerce. Conecte de novo para voltar a publicar.";
  const [, accounts] = await ctx.db.batch([
    ctx.db
      .update(socialConnections)
      .set({ status: "desconectada", motivoStatus: reason, tokenSelado: null, tokenExpiraEm: null, atualizadoEm: ctx.now })
      .where(scope.where(socialConnections, eq(socialConnections.id, connectionId))),
    ctx.db
      .update(socialAccounts)
      .set({ status: "desconectada", motivoStatus: reason, tokenSelado: null, atualizadoEm: ctx.now })
      .where(
        scope.where(socialAccounts, eq(socialAccounts.conexaoId, connectionId), inArray(socialAccounts.status, ["ativa", "reconectar"])),
      )
      .returning({ id: socialAccounts.id }),
  ]);
  return { metaTold, accounts: accounts.length };
}
