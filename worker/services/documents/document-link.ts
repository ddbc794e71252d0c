import { ID_CHARS } from "../../../shared/id.ts";
import { hmacSign, hmacVerify } from "../media/hmac.ts";

/**
 * Download and preview links for a document (ADR 070): `/documents/file/<documentId>?d=&exp=&sig=`,
 * valid for DOCUMENT_LINK_TTL and only for the member it was made for (the route also requires
 * that member's session). The signed message starts with `document` and holds the organização,
 * the member, the document, the disposition and the expiry, one per line — never equal to a
 * media signature (ADR 042), whose message starts with an `orgs/` key.
 */

export const DOCUMENT_LINK_PREFIX = "/documents/file/";
/** Long enough to open a preview or start a download; a copied link dies in minutes. */
export const DOCUMENT_LINK_TTL = 5 * 60;

export type Disposition = "inline" | "attachment";

export interface DocumentLinkClaim {
  orgId: string;
  userId: string;
  documentId: string;
  disposition: Disposition;
}

const ID = new RegExp(`^${ID_CHARS}$`);

/**
 * A stored file's member-bound expiring link, for any kind of file the app keeps in R2: the signed
 * message starts with the kind ("document", "report"…), so a link made for one kind never opens
 * another, nor equals a media signature (whose message starts with an `orgs/` key).
 */
export interface FileLinkClaim {
  orgId: string;
  userId: string;
  fileId: string;
  disposition: Disposition;
}

const message = (kind: string, c: FileLinkClaim, exp: number): string => [kind, c.orgId, c.userId, c.fileId, c.disposition, exp].join("\n");

/** `<prefix><fileId>?d=&exp=&sig=`, valid for DOCUMENT_LINK_TTL from `now` (the request's clock). */
export async function fileLinkPath(secret: string, kind: string, prefix: string, claim: FileLinkClaim, now: Date): Promise<string> {
  if (![claim.orgId, claim.userId, claim.fileId].every((id) => ID.test(id))) throw new RangeError(`invalid id in a ${kind} link`);
  const exp = Math.floor(now.getTime() / 1000) + DOCUMENT_LINK_TTL;
  const sig = await hmacSign(secret, message(kind, claim, exp));
  const query = new URLSearchParams({ d: claim.disposition, exp: String(exp), sig });
  return `${prefix}${claim.fileId}?${query}`;
}

/**
 * Whether the query's raw `d`, `exp` and `sig` sign this file of `kind` for this member of this
 * organização and have not expired at `now`. An expiry further than the TTL ahead (plus a minute
 * of clock skew) is refused: no link this server made lives longer. Returns the disposition.
 */
export async function verifyFileLink(
  secret: string | undefined,
  kind: string,
  who: { orgId: string; userId: string },
  fileId: string,
  query: { d: string | null; exp: string | null; sig: string | null },
  now: Date,
): Promise<Disposition | null> {
  const { d, exp, sig } = query;
  if (!secret || !exp || !sig || (d !== "inline" && d !== "attachment") || !/^\d{1,12}$/.test(exp) || !ID.test(fileId)) return null;
  const expires = Number(exp);
  const seconds = Math.floor(now.getTime() / 1000);
  if (expires < seconds || expires > seconds + DOCUMENT_LINK_TTL + 60) return null;
  const ok = await hmacVerify(secret, message(kind, { ...who, fileId, disposition: d }, expires), sig);
  return ok ? d : null;
}

/** A document's link path and query, relative to the app's origin; `now` is the request's clock. */
export function documentLinkPath(secret: string, claim: DocumentLinkClaim, now: Date): Promise<string> {
  const { documentId, ...rest } = claim;
  return fileLinkPath(secret, "document", DOCUMENT_LINK_PREFIX, { ...rest, fileId: documentId }, now);
}

/** `verifyFileLink` for a document. */
export function verifyDocumentLink(
  secret: string | undefined,
  who: { orgId: string; userId: string },
  documentId: string,
  query: { d: string | null; exp: string | null; sig: string | null },
  now: Date,
): Promise<Disposition | null> {
  return verifyFileLink(secret, "document", who, documentId, query, now);
}
