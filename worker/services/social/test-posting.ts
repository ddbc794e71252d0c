import { asc, desc, eq } from "drizzle-orm";
import { propertyPhotos, socialAccounts } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { SocialNetwork } from "../../../shared/enums/social.ts";
import { DEMO_PHOTO_PREFIX } from "../../../shared/real-estate/photo-url.ts";
import { TEST_POST_TEXT, type TestResult } from "../../../shared/social/diagnosis-views.ts";
import { explainContainerStatus, explainMetaError } from "../../../shared/social/meta-errors.ts";
import { authorize } from "../../auth/permissions.ts";
import { type GraphParams, graphRequest, MetaApiError, metaEndpoints } from "../../integrations/meta/graph.ts";
import { enforceKeyedLimit } from "../../security/rate-limit.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { publishMediaOf } from "../media/publish-media.ts";
import { type AccountCredentials, AccountNotReadyError, accountCredentials } from "./account-credentials.ts";

/**
 * "Teste de Publicação" (owner/admin): a dry run per account — Instagram: a media container made
 * from a real publishing JPEG and polled until FINISHED or ERROR, never `media_publish`ed (Meta
 * lets it expire in 24 h); a Facebook Page: an unpublished photo (`published=false`), which shows
 * nowhere — and a real text post to a chosen Page. Each action is rate-limited per organização
 * (`socialTest`), and every Meta error comes back in pt-BR with Meta's raw code.
 */

const DRY_RUN_CAPTION = "Teste do Alicerce (não publicado)";

export { TEST_POST_TEXT, type TestResult };

/** How long the dry run waits between reads of the container: Meta processes an image in seconds. */
export const POLL_DELAYS_MS: readonly number[] = [0, 1000, 2000, 3000, 3000, 3000];

/** A committed demo JPEG (public/media/demo/…), when the organização has no photo with a publishing JPEG. */
const FALLBACK_PHOTO = { chave: `${DEMO_PHOTO_PREFIX}fachada-1`, largura: 1600, altura: 1200 };

export interface TestAccount {
  id: string;
  rede: SocialNetwork;
  nome: string;
  demo: boolean;
  ativa: boolean;
}

export interface TestOptions {
  /** The pauses between container reads (tests pass short ones). */
  pollDelaysMs?: readonly number[];
}

export async function testAccounts(ctx: ServiceContext, actor: Actor): Promise<TestAccount[]> {
  authorize(actor, "social-settings", "read");
  const rows = await ctx.db
    .select({
      id: socialAccounts.id,
      rede: socialAccounts.rede,
      nome: socialAccounts.nome,
      demo: socialAccounts.demo,
      status: socialAccounts.status,
    })
    .from(socialAccounts)
    .where(orgScope(ctx.db, actor.orgId).where(socialAccounts))
    .orderBy(asc(socialAccounts.rede), asc(socialAccounts.nome));
  return rows.map((r) => ({ id: r.id, rede: r.rede, nome: r.nome, demo: r.demo, ativa: r.status === "ativa" }));
}

/** A Meta failure (or an account that must be reconnected) as the screen says it. */
function failure(error: unknown, network: SocialNetwork, write: boolean): TestResult {
  if (error instanceof AccountNotReadyError) return { ok: false, message: error.message };
  if (!(error instanceof MetaApiError)) throw error;
  const explained = explainMetaError(error.fields, { network, write });
  // The engine's words for these promise an automatic retry; a test is not retried.
  const message =
    explained.action === "retry"
      ? "A Meta está limitando ou instável no momento: espere alguns minutos e teste de novo."
      : explained.action === "check"
        ? "A Meta não confirmou a resposta: confira na rede se algo foi criado antes de testar de novo."
        : explained.message;
  return { ok: false, message, code: explained.rawCode };
}

/** The organização's newest photo with a publishing JPEG (signed URL), else the committed demo JPEG. */
async function testImageUrl(ctx: ServiceContext, orgId: string): Promise<string> {
  const signing = { config: ctx.config, origin: ctx.origin, now: new Date() };
  const photos = await ctx.db
    .select({ chave: propertyPhotos.chave, largura: propertyPhotos.largura, altura: propertyPhotos.altura })
    .from(propertyPhotos)
    .where(orgScope(ctx.db, orgId).where(propertyPhotos, eq(propertyPhotos.capa, true)))
    .orderBy(desc(propertyPhotos.criadoEm))
    .limit(5);
  for (const photo of photos) {
    const media = await publishMediaOf(signing, ctx.files, orgId, photo);
    if (media) return media.url;
  }
  return (await publishMediaOf(signing, ctx.files, orgId, FALLBACK_PHOTO))?.url ?? "";
}

/** Checks the role, the account (of this organização) and the per-org limit, in that order. */
async function prepare(ctx: ServiceContext, actor: Actor, accountId: string): Promise<AccountCredentials | TestResult> {
  authorize(actor, "social-settings", "update");
  const [row] = await ctx.db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(orgScope(ctx.db, actor.orgId).where(socialAccounts, eq(socialAccounts.id, accountId)));
  if (!row) throw new DomainError("Escolha uma conta conectada desta organização.", 422, "conta");
  await enforceKeyedLimit(ctx.db, "socialTest", { org: actor.orgId });
  try {
    return await accountCredentials(ctx.db, ctx.config, actor.orgId, accountId);
  } catch (error) {
    if (error instanceof AccountNotReadyError) return { ok: false, message: error.message };
    throw error;
  }
}

const isResult = (value: AccountCredentials | TestResult): value is TestResult => "message" in value;

function call<T>(ctx: ServiceContext, creds: AccountCredentials, path: string, params: GraphParams, method: "GET" | "POST" = "GET") {
  return graphRequest<T>(metaEndpoints(ctx.config), {
    host: creds.host,
    method,
    path,
    params,
    token: creds.accessToken,
    ...(ctx.config.META_TIMEOUT_MS ? { timeoutMs: ctx.config.META_TIMEOUT_MS } : {}),
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Instagram: a container, polled until Meta finishes or refuses it; never published. */
async function instagramDryRun(ctx: ServiceContext, creds: AccountCredentials, delays: readonly number[]): Promise<TestResult> {
  const imageUrl = await testImageUrl(ctx, creds.orgId);
  let containerId: string;
  try {
    containerId = (
      await call<{ id: string }>(ctx, creds, `/${creds.externalId}/media`, { image_url: imageUrl, caption: DRY_RUN_CAPTION }, "POST")
    ).id;
  } catch (error) {
    return failure(error, "instagram", true);
  }
  for (const delay of delays) {
    if (delay > 0) await sleep(delay);
    let read: { status_code?: string; status?: string };
    try {
      read = await call(ctx, creds, `/${containerId}`, { fields: "status_code,status" });
    } catch (error) {
      return { ...failure(error, "instagram", false), createdId: containerId };
    }
    if (read.status_code === "FINISHED") {
      return {
        ok: true,
        createdId: containerId,
        message:
          "O Instagram baixou a imagem e preparou o post (contêiner pronto). Nada foi publicado: o contêiner de teste expira sozinho em 24 horas.",
      };
    }
    if (read.status_code === "ERROR" || read.status_code === "EXPIRED") {
      const explained = explainContainerStatus(read.status_code, read.status);
      return { ok: false, createdId: containerId, message: explained.message, code: explained.rawCode };
    }
  }
  return {
    ok: false,
    createdId: containerId,
    message: "O Instagram ainda está processando a imagem de teste. Nada foi publicado: teste de novo em um minuto.",
  };
}

/** A Facebook Page: an unpublished photo, which shows nowhere on the Page. */
async function facebookDryRun(ctx: ServiceContext, creds: AccountCredentials): Promise<TestResult> {
  const url = await testImageUrl(ctx, creds.orgId);
  try {
    const { id } = await call<{ id: string }>(ctx, creds, `/${creds.externalId}/photos`, { url, published: false }, "POST");
    return {
      ok: true,
      createdId: id,
      message:
        "A Página aceitou uma foto de teste sem publicá-la (published=false): ela não aparece para ninguém. A Página está pronta para publicar.",
    };
  } catch (error) {
    return failure(error, "facebook", true);
  }
}

/** "Teste sem publicar": nothing becomes visible on the network. */
export async function dryRunTest(ctx: ServiceContext, actor: Actor, accountId: string, options: TestOptions = {}): Promise<TestResult> {
  const creds = await prepare(ctx, actor, accountId);
  if (isResult(creds)) return creds;
  return creds.network === "instagram" ? instagramDryRun(ctx, creds, options.pollDelaysMs ?? POLL_DELAYS_MS) : facebookDryRun(ctx, creds);
}

/** "Publicar post de teste": a real text post on a Facebook Page, with its link. */
export async function publishTestPost(ctx: ServiceContext, actor: Actor, accountId: string): Promise<TestResult> {
  const creds = await prepare(ctx, actor, accountId);
  if (isResult(creds)) return creds;
  if (creds.network !== "facebook") {
    throw new DomainError("O post de teste é publicado em uma Página do Facebook: escolha uma Página.", 422, "conta");
  }
  let postId: string;
  try {
    postId = (await call<{ id: string }>(ctx, creds, `/${creds.externalId}/feed`, { message: TEST_POST_TEXT }, "POST")).id;
  } catch (error) {
    return failure(error, "facebook", true);
  }
  // The post is live: a failed read of its link never makes the test a failure.
  const permalink = await call<{ permalink_url?: string }>(ctx, creds, `/${postId}`, { fields: "permalink_url" })
    .then((answer) => answer.permalink_url)
    .catch(() => undefined);
  return {
    ok: true,
    createdId: postId,
    message: "Post de teste publicado na Página. Apague-o quando quiser.",
    ...(permalink ? { permalink } : {}),
  };
}
