import { type Context, Hono } from "hono";
import {
  DELETION_STATUS_PATH,
  META_DATA_DELETION_PATH,
  META_DEAUTHORIZE_PATH,
  META_WEBHOOK_PATH,
  ORG_DOOR_PARAM,
} from "../../shared/social/meta-doors.ts";
import { isId } from "../../shared/id.ts";
import { serviceContext } from "../context.ts";
import { limitStream, PayloadTooLargeError } from "../http/body-limit.ts";
import { apiError, toApiResponse } from "../http/errors.ts";
import { requestContextMiddleware } from "../http/middleware.ts";
import type { AppEnv } from "../http/types.ts";
import { sameSecret, verifyHubSignature, verifySignedRequest } from "../security/meta-signature.ts";
import { countKeyedFailure, enforceFailureLimit, enforceKeyedLimit } from "../security/rate-limit.ts";
import type { ServiceContext } from "../services/context.ts";
import { type MetaAppOwner, metaAppKey, metaDoorApp } from "../services/social/meta-app.ts";
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

/** A delivery carries up to 100 entries of 100 changes (meta-webhook-changes.ts), a few hundred bytes each. */
export const WEBHOOK_BODY_LIMIT = 512 * 1024;
/** A `signed_request` form: a few hundred bytes. */
export const CALLBACK_BODY_LIMIT = 8 * 1024;

const REFUSED = "Assinatura inválida.";

export const metaWebhooksApi = new Hono<AppEnv>();

/** The door's organização (its own app's door), or undefined for the platform's. */
const doorOrg = (c: Context<AppEnv>): string | undefined => c.req.query(ORG_DOOR_PARAM);

/** The failure counter of this door and IP: refusals at one organização's door never touch another door. */
function doorKeys(c: Context<AppEnv>): { door: string } {
  const org = doorOrg(c);
  const which = org === undefined ? "platform" : isId(org) ? `org:${org}` : "org:?";
  return { door: `${which}:${c.get("rc").ip}` };
}

/**
 * A refusal at Meta's doors, decided only after the signature (or verify token) was checked, so
 * a valid one always passes whatever the counters say: 429 while this door has refused this IP
 * too often (counting nothing more), else counted and answered 403, nothing changed.
 */
async function refuse(c: Context<AppEnv>, message = REFUSED): Promise<Response> {
  const rc = c.get("rc");
  await enforceFailureLimit(rc.db, "metaWebhookFailure", doorKeys(c));
  await countKeyedFailure(rc.db, "metaWebhookFailure", doorKeys(c));
  return apiError(c, 403, message, "forbidden");
}

/** Counts a signed request on its app's counter: the platform's app serves everyone, an organização's own app only itself. */
async function countSigned(c: Context<AppEnv>, owner: MetaAppOwner): Promise<void> {
  const action = owner.orgId ? "metaWebhookOrgApp" : "metaWebhook";
  await enforceKeyedLimit(c.get("rc").db, action, { app: metaAppKey(owner) });
}

/** The body's bytes exactly as sent (the signature is over them), refusing (413) past `limit` without reading further. */
async function readCappedBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new PayloadTooLargeError(limit);
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  return new Uint8Array(await new Response(limitStream(request.body, limit, () => {})).arrayBuffer());
}

async function subscriptionCheck(c: Context<AppEnv>): Promise<Response> {
  const rc = c.get("rc");
  try {
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
    const raw = await readCappedBytes(c.req.raw, WEBHOOK_BODY_LIMIT);
    const ctx = serviceContext(rc);
    const { secrets } = await metaDoorApp(ctx, doorOrg(c));
    const signedBy = await verifyHubSignature(raw, c.req.header("x-hub-signature-256"), secrets);
    if (!signedBy) return await refuse(c);
    // Counted per app only once Meta's signature is proven: a stranger cannot spend it.
    await countSigned(c, signedBy.owner);
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
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
  await countSigned(c, verified.signedBy.owner);
  return { metaUserId, owner: verified.signedBy.owner, signedRequest };
}

async function deauthorize(c: Context<AppEnv>): Promise<Response> {
  const rc = c.get("rc");
  try {
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
