import { type Context, Hono } from "hono";
import {
  DELETION_STATUS_PATH,
  META_DATA_DELETION_PATH,
  META_DEAUTHORIZE_PATH,
  META_WEBHOOK_PATH,
  ORG_DOOR_PARAM,
} from "../../shared/social/meta-doors.ts";
import { serviceContext } from "../context.ts";
import { apiError, toApiResponse } from "../http/errors.ts";
import { requestContextMiddleware } from "../http/middleware.ts";
import type { AppEnv } from "../http/types.ts";
import { sameSecret, verifyHubSignature, verifySignedRequest } from "../security/meta-signature.ts";
import { countKeyedFailure, enforceFailureLimit, enforceKeyedLimit } from "../security/rate-limit.ts";
import type { ServiceContext } from "../services/context.ts";
import { metaAppKey, metaDoorApp } from "../services/social/meta-app.ts";
import { deauthorizeMetaUser, deleteMetaUserData, isFresh, metaUserOf } from "../services/social/meta-callbacks.ts";
import { receiveMetaWebhook } from "../services/social/meta-webhooks.ts";
import { readCappedText } from "./portal.ts";

/**
 * Meta's doors (ADR 046), open to the internet and authenticated by Meta's signatures, not by a
 * session: mounted before the session and Origin checks (Meta's servers send neither), each
 * route opening the request context itself. Nothing here logs a body, a token or a Meta id.
 *
 * - `GET  /api/webhooks/meta`: the subscription check (`hub.challenge` for the right verify token);
 * - `POST /api/webhooks/meta`: deliveries signed with `X-Hub-Signature-256`;
 * - `POST /api/webhooks/meta/desautorizacao`: the deauthorize callback (`signed_request`);
 * - `POST /api/webhooks/meta/exclusao-de-dados`: the data-deletion callback (`signed_request`),
 *   answering `{ url, confirmation_code }`; the status page is `/exclusao-de-dados/<code>`.
 * With `?org=<orgId>` the same four are an organização's own app's doors (its secret and verify
 * token from Credenciais Sociais; what they change stays in that organização).
 */

/** A delivery carries up to 1,000 changes of a few hundred bytes each. */
export const WEBHOOK_BODY_LIMIT = 512 * 1024;
/** A `signed_request` form: a few hundred bytes. */
export const CALLBACK_BODY_LIMIT = 8 * 1024;

const REFUSED = "Assinatura inválida.";

export const metaWebhooksApi = new Hono<AppEnv>();

/** A refusal at Meta's doors: counted per IP (failures only), answered 403, nothing changed. */
async function refuse(c: Context<AppEnv>, message = REFUSED): Promise<Response> {
  const rc = c.get("rc");
  await countKeyedFailure(rc.db, "metaWebhookFailure", { ip: rc.ip });
  return apiError(c, 403, message, "forbidden");
}

/** The door's organização (its own app's door), or undefined for the platform's. */
const doorOrg = (c: Context<AppEnv>): string | undefined => c.req.query(ORG_DOOR_PARAM);

async function subscriptionCheck(c: Context<AppEnv>): Promise<Response> {
  const rc = c.get("rc");
  try {
    await enforceFailureLimit(rc.db, "metaWebhookFailure", { ip: rc.ip });
    const app = await metaDoorApp(serviceContext(rc), doorOrg(c));
    const given = c.req.query("hub.verify_token") ?? "";
    const challenge = c.req.query("hub.challenge") ?? "";
    const verified = await sameSecret(given, app.verifyToken ?? "");
    if (c.req.query("hub.mode") !== "subscribe" || !verified || !challenge || challenge.length > 200) {
      return await refuse(c, "Token de verificação inválido.");
    }
    return c.text(challenge, 200, { "cache-control": "no-store" });
  } catch (error) {
    return toApiResponse(c, error);
  }
}

async function delivery(c: Context<AppEnv>): Promise<Response> {
  const rc = c.get("rc");
  try {
    await enforceFailureLimit(rc.db, "metaWebhookFailure", { ip: rc.ip });
    const raw = await readCappedText(c.req.raw, WEBHOOK_BODY_LIMIT);
    const ctx = serviceContext(rc);
    const { secrets } = await metaDoorApp(ctx, doorOrg(c));
    const signedBy = await verifyHubSignature(raw, c.req.header("x-hub-signature-256"), secrets);
    if (!signedBy) return await refuse(c);
    // Counted per app only once Meta's signature is proven: a stranger cannot spend it.
    await enforceKeyedLimit(rc.db, "metaWebhook", { app: metaAppKey(signedBy.owner) });
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return apiError(c, 400, "O corpo deve ser um JSON válido.", "invalid_json");
    }
    // Anything not a delivery, or fields we do not act on, is acknowledged: Meta would only retry it.
    const outcome = await receiveMetaWebhook(ctx, body, signedBy.owner);
    return c.json({ ok: true, ...(outcome ?? { applied: 0, repeated: 0, ignored: 0 }) });
  } catch (error) {
    return toApiResponse(c, error);
  }
}

/** A verified, recent `signed_request` from the form Meta posts, with the person it names; a Response when refused. */
async function signedPerson(c: Context<AppEnv>, ctx: ServiceContext) {
  const raw = await readCappedText(c.req.raw, CALLBACK_BODY_LIMIT);
  const signedRequest = new URLSearchParams(raw).get("signed_request") ?? "";
  const verified = await verifySignedRequest(signedRequest, (await metaDoorApp(ctx, doorOrg(c))).secrets);
  if ("problem" in verified) return refuse(c);
  const metaUserId = metaUserOf(verified.payload);
  if (!metaUserId || !isFresh(verified.payload, ctx.now)) return refuse(c);
  await enforceKeyedLimit(ctx.db, "metaWebhook", { app: metaAppKey(verified.signedBy.owner) });
  return { metaUserId, owner: verified.signedBy.owner, signedRequest };
}

async function deauthorize(c: Context<AppEnv>): Promise<Response> {
  const rc = c.get("rc");
  try {
    await enforceFailureLimit(rc.db, "metaWebhookFailure", { ip: rc.ip });
    const ctx = serviceContext(rc);
    const person = await signedPerson(c, ctx);
    if (person instanceof Response) return person;
    await deauthorizeMetaUser(ctx, person.metaUserId, person.owner);
    return c.json({ ok: true });
  } catch (error) {
    return toApiResponse(c, error);
  }
}

async function dataDeletion(c: Context<AppEnv>): Promise<Response> {
  const rc = c.get("rc");
  try {
    await enforceFailureLimit(rc.db, "metaWebhookFailure", { ip: rc.ip });
    const ctx = serviceContext(rc);
    const person = await signedPerson(c, ctx);
    if (person instanceof Response) return person;
    const { code } = await deleteMetaUserData(ctx, person.metaUserId, person.owner, person.signedRequest);
    // Meta shows the person this link and code; the page needs no sign-in.
    return c.json({ url: `${ctx.origin}${DELETION_STATUS_PATH}/${code}`, confirmation_code: code });
  } catch (error) {
    return toApiResponse(c, error);
  }
}

metaWebhooksApi.get(META_WEBHOOK_PATH, requestContextMiddleware, subscriptionCheck);
metaWebhooksApi.post(META_WEBHOOK_PATH, requestContextMiddleware, delivery);
metaWebhooksApi.post(META_DEAUTHORIZE_PATH, requestContextMiddleware, deauthorize);
metaWebhooksApi.post(META_DATA_DELETION_PATH, requestContextMiddleware, dataDeletion);
