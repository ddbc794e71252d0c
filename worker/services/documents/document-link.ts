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

const message = (c: DocumentLinkClaim, exp: number): string => ["document", c.orgId, c.userId, c.documentId, c.disposition, exp].join("\n");

/** The link's path and query, relative to the app's origin; `now` is the request's clock. */
export async function documentLinkPath(secret: string, claim: DocumentLinkClaim, now: Date): Promise<string> {
  if (![claim.orgId, claim.userId, claim.documentId].every((id) => ID.test(id))) throw new RangeError("invalid id in a document link");
  const exp = Math.floor(now.getTime() / 1000) + DOCUMENT_LINK_TTL;
  const sig = await hmacSign(secret, message(claim, exp));
  const query = new URLSearchParams({ d: claim.disposition, exp: String(exp), sig });
  return `${DOCUMENT_LINK_PREFIX}${claim.documentId}?${query}`;
}

/**
 * Whether the query's raw `d`, `exp` and `sig` sign this document for this member of this
 * organização and have not expired at `now`. An expiry further than the TTL ahead (plus a minute
 * of clock skew) is refused: no link this server made lives longer. Returns the disposition.
 */
export async function verifyDocumentLink(
  secret: string | undefined,
  who: { orgId: string; userId: string },
  documentId: string,
  query: { d: string | null; exp: string | null; sig: string | null },
  now: Date,
): Promise<Disposition | null> {
  const { d, exp, sig } = query;
  if (!secret || !exp || !sig || (d !== "inline" && d !== "attachment") || !/^\d{1,12}$/.test(exp) || !ID.test(documentId)) return null;
  const expires = Number(exp);
  const seconds = Math.floor(now.getTime() / 1000);
  if (expires < seconds || expires > seconds + DOCUMENT_LINK_TTL + 60) return null;
  const ok = await hmacVerify(secret, message({ ...who, documentId, disposition: d }, expires), sig);
  return ok ? d : null;
}
