import { and, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { emailOutbox, memberships, users } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { type Config, usesInngest } from "../../config/env.ts";
import { orgPrefix } from "../organization/organization.ts";

/** /supabase-test: what the running Worker can reach, each check bounded in time. */

export const CHECK_TIMEOUT_MS = 3000;

export class TimeoutError extends Error {
  override name = "TimeoutError";
  readonly ms: number;
  constructor(ms: number) {
    super(`Sem resposta em ${ms / 1000} s.`);
    this.ms = ms;
  }
}

/** Rejects after `ms` (the work itself can't be cancelled, but nobody waits for it any longer). */
export async function withTimeout<T>(work: Promise<T>, ms: number = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A technical error as one short pt-BR line (the page is for owners and admins; no secrets in it). */
export function describeError(error: unknown): string {
  if (error instanceof TimeoutError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  if (/fetch failed|ECONNREFUSED|ENOTFOUND|network/i.test(message)) return `Não foi possível conectar (${message.slice(0, 160)}).`;
  return message.slice(0, 240) || "Erro desconhecido.";
}

export type CheckStatus = "ok" | "warn" | "fail";

export interface CheckResult {
  id: "database" | "storage" | "jobs" | "email" | "ai" | "meta";
  label: string;
  status: CheckStatus;
  /** Milliseconds the check took (0 for configuration-only checks). */
  ms: number;
  /** What was found, in pt-BR ("Inngest", "Caixa de saída local"…). */
  summary: string;
  /** Why it failed or what to look at, in pt-BR. */
  detail?: string | undefined;
}

type Outcome = Pick<CheckResult, "status" | "summary" | "detail">;

async function runCheck(id: CheckResult["id"], label: string, failSummary: string, fn: () => Promise<Outcome>): Promise<CheckResult> {
  const started = performance.now();
  try {
    const outcome = await withTimeout(fn());
    return { id, label, ms: Math.round(performance.now() - started), ...outcome };
  } catch (error) {
    return { id, label, status: "fail", ms: Math.round(performance.now() - started), summary: failSummary, detail: describeError(error) };
  }
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.run(sql`select 1`);
}

async function checkStorage(bucket: R2Bucket | undefined, orgId: string, now: Date): Promise<Outcome> {
  if (!bucket)
    return {
      status: "fail",
      summary: "Não configurado",
      detail: "O bucket R2 (binding FILES) não existe neste ambiente; confira o wrangler.toml.",
    };
  const key = `${orgPrefix(orgId)}diagnostics/${crypto.randomUUID()}.txt`;
  const body = `diagnóstico do Alicerce ${now.toISOString()}`;
  let step = "gravar";
  let written = false;
  try {
    await bucket.put(key, body, { httpMetadata: { contentType: "text/plain; charset=utf-8" } });
    written = true;
    step = "ler";
    const object = await bucket.get(key);
    if (!object) throw new Error("o arquivo gravado não foi encontrado");
    if ((await object.text()) !== body) throw new Error("o conteúdo lido difere do gravado");
    step = "apagar";
    await bucket.delete(key);
    written = false;
    return { status: "ok", summary: "Gravou, leu e apagou um arquivo de teste" };
  } catch (error) {
    throw new Error(`Falha ao ${step} o arquivo de teste: ${describeError(error)}`);
  } finally {
    if (written) await bucket.delete(key).catch(() => {});
  }
}

function checkJobs(config: Config): Outcome {
  if (!usesInngest(config))
    return {
      status: "ok",
      summary: "Execução local (sem Inngest)",
      detail: "As tarefas rodam no próprio Worker e a varredura de cada minuto recupera as atrasadas.",
    };
  if (config.INNGEST_DEV) return { status: "ok", summary: "Inngest", detail: "Servidor de desenvolvimento do Inngest." };
  if (!config.INNGEST_SIGNING_KEY)
    return {
      status: "fail",
      summary: "Inngest",
      detail: "INNGEST_SIGNING_KEY não está definida: o Inngest não conseguirá chamar /api/inngest.",
    };
  return { status: "ok", summary: "Inngest", detail: "Inngest Cloud." };
}

/**
 * The outbox is not org-scoped: only messages addressed to this organization's members count.
 * One round trip for the counts and the latest failure.
 */
async function checkEmail(db: Database, config: Config, orgId: string, now: Date): Promise<Outcome> {
  const since = new Date(now.getTime() - 24 * 3600_000);
  const staleBefore = new Date(now.getTime() - 15 * 60_000);
  const members = db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(orgScope(db, orgId).where(memberships));
  const scope = and(gte(emailOutbox.createdAt, since), inArray(emailOutbox.to, members));
  const [[totals], [lastFailure]] = await db.batch([
    db
      .select({
        total: count(),
        failed: sql<number>`coalesce(sum(case when ${emailOutbox.status} = 'failed' then 1 else 0 end), 0)`,
        stale: sql<number>`coalesce(sum(case when ${emailOutbox.status} = 'queued' and ${emailOutbox.createdAt} < ${staleBefore.getTime()} then 1 else 0 end), 0)`,
      })
      .from(emailOutbox)
      .where(scope),
    db
      .select({ error: emailOutbox.error })
      .from(emailOutbox)
      .where(and(scope, eq(emailOutbox.status, "failed")))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1),
  ]);
  const provider = config.EMAIL_API_URL ? "API HTTP" : "Caixa de saída local";
  const total = Number(totals?.total ?? 0);
  const failed = Number(totals?.failed ?? 0);
  const stale = Number(totals?.stale ?? 0);
  const counts = `${total} ${total === 1 ? "e-mail" : "e-mails"} para a sua equipe nas últimas 24 h, ${failed} com falha.`;
  if (failed > 0)
    return {
      status: "fail",
      summary: provider,
      detail: `${counts}${lastFailure?.error ? ` Último erro: ${lastFailure.error.slice(0, 200)}` : ""}`,
    };
  if (stale > 0) return { status: "warn", summary: provider, detail: `${counts} ${stale} ainda na fila há mais de 15 minutos.` };
  if (!config.EMAIL_API_URL && config.APP_ENV === "production") {
    return {
      status: "fail",
      summary: provider,
      detail: `Em produção, sem EMAIL_API_URL ninguém recebe os e-mails (confirmação, convites, nova senha). ${counts}`,
    };
  }
  return {
    status: "ok",
    summary: provider,
    detail: config.EMAIL_API_URL ? counts : `Os e-mails ficam registrados no banco e no log do servidor. ${counts}`,
  };
}

function checkAi(config: Config): Outcome {
  if (config.OPENAI_API_KEY)
    return {
      status: "ok",
      summary: "OpenAI",
      detail: `Modelo ${config.OPENAI_MODEL} em ${safeHost(config.OPENAI_BASE_URL)}.`,
    };
  return {
    status: "warn",
    summary: "Modelos de texto locais (sem OpenAI)",
    detail: "OPENAI_API_KEY não está definida: os textos são gerados a partir de modelos prontos em português.",
  };
}

function checkMeta(config: Config): Outcome {
  if (!config.META_APP_ID)
    return {
      status: "warn",
      summary: "Não configurado",
      detail: "META_APP_ID não está definido: conectar Facebook e Instagram fica indisponível.",
    };
  if (!config.META_APP_SECRET)
    return { status: "fail", summary: "Incompleto", detail: "META_APP_ID está definido, mas META_APP_SECRET não." };
  return {
    status: "ok",
    summary: "App da Meta configurado",
    detail: `App ${config.META_APP_ID}, Graph API ${config.META_GRAPH_VERSION}.`,
  };
}

/** Only the host of a configured URL: never its path, query or credentials. */
function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "endereço inválido";
  }
}

export interface DiagnosticsDeps {
  db: Database;
  config: Config;
  bucket: R2Bucket | undefined;
  orgId: string;
  now?: Date;
}

/** Every check at once; each is bounded by CHECK_TIMEOUT_MS, so one hanging service can't hang the page. */
export async function runDiagnostics({ db, config, bucket, orgId, now = new Date() }: DiagnosticsDeps): Promise<CheckResult[]> {
  return Promise.all([
    runCheck("database", "Banco de dados", "Inacessível", async () => {
      await pingDatabase(db);
      return { status: "ok", summary: "Respondeu ao select 1" };
    }),
    runCheck("storage", "Armazenamento de arquivos (R2)", "Falhou", () => checkStorage(bucket, orgId, now)),
    runCheck("jobs", "Tarefas em segundo plano", "Falhou", async () => checkJobs(config)),
    runCheck("email", "E-mail", "Falhou", () => checkEmail(db, config, orgId, now)),
    runCheck("ai", "Inteligência artificial", "Falhou", async () => checkAi(config)),
    runCheck("meta", "Meta (Facebook e Instagram)", "Falhou", async () => checkMeta(config)),
  ]);
}
