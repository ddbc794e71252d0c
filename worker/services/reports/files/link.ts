import { type Disposition, fileLinkPath, verifyFileLink } from "../../documents/document-link.ts";

/**
 * A report file's download link (ADR 086): the documents' member-bound expiring link (ADR 070)
 * for the kind "report" — `/reports/file/<fileId>?d=&exp=&sig=`, 5 minutes, only for the member
 * it was signed for and in their session. A document's link never opens a report, nor the reverse.
 */
export const REPORT_LINK_PREFIX = "/reports/file/";
const KIND = "report";

export function reportLinkPath(secret: string, who: { orgId: string; userId: string }, fileId: string, now: Date): Promise<string> {
  return fileLinkPath(secret, KIND, REPORT_LINK_PREFIX, { ...who, fileId, disposition: "attachment" }, now);
}

export function verifyReportLink(
  secret: string | undefined,
  who: { orgId: string; userId: string },
  fileId: string,
  query: { d: string | null; exp: string | null; sig: string | null },
  now: Date,
): Promise<Disposition | null> {
  return verifyFileLink(secret, KIND, who, fileId, query, now);
}
