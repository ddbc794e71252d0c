/** Rows the social screens and the insights job read: connected accounts, published posts, attempts. */
import type { Database } from "../../../db/client.ts";
import { postAttempts, postTargets, socialAccounts, socialConnections } from "../../../db/schema/index.ts";
import type { PostAttemptOutcome, PostStatus, SocialNetwork } from "../../../shared/enums.ts";
import type { Config } from "../../../worker/config/env.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { ACCOUNT_TOKEN_PURPOSE, sealFor } from "../../../worker/services/social/account-credentials.ts";
import type { Actor, ServiceContext } from "../../../worker/services/context.ts";

export interface AccountFixture {
  rede?: SocialNetwork;
  idExterno?: string;
  nome?: string;
  usuario?: string | null;
  token?: string | null;
  status?: "ativa" | "reconectar" | "desconectada";
}

/** A connected account (and its Facebook Login connection), its token sealed as the connect screens seal it. */
export async function insertAccount(db: Database, config: Config, orgId: string, fields: AccountFixture = {}): Promise<string> {
  const now = new Date();
  const connectionId = crypto.randomUUID();
  const id = crypto.randomUUID();
  const token = fields.token === undefined ? "token-de-teste" : fields.token;
  await db.batch([
    db.insert(socialConnections).values({
      id: connectionId,
      orgId,
      tipo: "facebook_login",
      usuarioMetaId: connectionId,
      nome: "Dona da Página",
      criadoEm: now,
      atualizadoEm: now,
    }),
    db.insert(socialAccounts).values({
      id,
      orgId,
      rede: fields.rede ?? "facebook",
      idExterno: fields.idExterno ?? `page-${id.slice(0, 8)}`,
      nome: fields.nome ?? "Imobiliária Teste",
      usuario: fields.usuario ?? null,
      status: fields.status ?? "ativa",
      conexaoId: connectionId,
      tokenSelado: token === null ? null : await sealFor(config, orgId, ACCOUNT_TOKEN_PURPOSE, token),
      criadoEm: now,
      atualizadoEm: now,
    }),
  ]);
  return id;
}

/** A post drafted by `actor` (through the registry: search keys and audit as in the app). */
export async function createPost(ctx: ServiceContext, actor: Actor, legenda: string): Promise<string> {
  return String((await createRecord(ctx, actor, "posts", { legenda } as never)).id);
}

export interface TargetFixture {
  postId: string;
  contaId: string;
  rede: SocialNetwork;
  status?: PostStatus;
  publicadoEm?: Date | null;
  midiaId?: string | null;
  postExternoId?: string | null;
  permalink?: string | null;
}

export async function insertTarget(db: Database, orgId: string, t: TargetFixture): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  await db.insert(postTargets).values({
    id,
    orgId,
    postId: t.postId,
    contaId: t.contaId,
    rede: t.rede,
    status: t.status ?? "publicado",
    publicadoEm: t.publicadoEm === undefined ? now : t.publicadoEm,
    midiaId: t.midiaId ?? null,
    postExternoId: t.postExternoId ?? null,
    permalink: t.permalink ?? null,
    criadoEm: now,
    atualizadoEm: now,
  });
  return id;
}

export interface AttemptFixture {
  postId: string;
  alvoId: string;
  rede: SocialNetwork;
  contaId: string;
  resultado: PostAttemptOutcome;
  iniciadoEm: Date;
  etapa?: string;
  mensagem?: string | null;
  erroCodigo?: string | null;
}

export async function insertAttempts(db: Database, orgId: string, rows: readonly AttemptFixture[]): Promise<string[]> {
  const values = rows.map((r) => ({
    id: crypto.randomUUID(),
    orgId,
    postId: r.postId,
    alvoId: r.alvoId,
    rede: r.rede,
    contaId: r.contaId,
    etapa: r.etapa ?? "publicar",
    resultado: r.resultado,
    mensagem: r.mensagem ?? null,
    erroCodigo: r.erroCodigo ?? null,
    execucaoId: "run-teste",
    iniciadoEm: r.iniciadoEm,
    concluidoEm: new Date(r.iniciadoEm.getTime() + 2000),
  }));
  for (let i = 0; i < values.length; i += 50) await db.insert(postAttempts).values(values.slice(i, i + 50));
  return values.map((v) => v.id);
}
