import { describe, expect, it } from "vitest";
import { DOCUMENT_LINK_TTL, documentLinkPath, verifyDocumentLink } from "../../../worker/services/documents/document-link.ts";
import { signMedia } from "../../../worker/services/media/signed-media.ts";

/** Document download links (ADR 070): bound to a member, an organização, a document and a disposition; 5 minutes. */

const SECRET = "k".repeat(40);
const NOW = new Date("2026-11-27T12:00:00Z");
const CLAIM = { orgId: "org1", userId: "user1", documentId: "doc1", disposition: "inline" as const };
const WHO = { orgId: "org1", userId: "user1" };

async function linkQuery(claim = CLAIM, now = NOW) {
  const path = await documentLinkPath(SECRET, claim, now);
  const url = new URL(path, "https://app.test");
  return {
    path: url.pathname,
    query: { d: url.searchParams.get("d"), exp: url.searchParams.get("exp"), sig: url.searchParams.get("sig") },
  };
}

const at = (seconds: number): Date => new Date(NOW.getTime() + seconds * 1000);

describe("document links", () => {
  it("opens for its member within 5 minutes, not after", async () => {
    const { path, query } = await linkQuery();
    expect(path).toBe("/documents/file/doc1");
    expect(await verifyDocumentLink(SECRET, WHO, "doc1", query, NOW)).toBe("inline");
    expect(await verifyDocumentLink(SECRET, WHO, "doc1", query, at(DOCUMENT_LINK_TTL))).toBe("inline");
    expect(await verifyDocumentLink(SECRET, WHO, "doc1", query, at(DOCUMENT_LINK_TTL + 1))).toBeNull();
  });

  it("another member, another organização, another document or another secret: refused", async () => {
    const { query } = await linkQuery();
    expect(await verifyDocumentLink(SECRET, { orgId: "org1", userId: "user2" }, "doc1", query, NOW)).toBeNull();
    expect(await verifyDocumentLink(SECRET, { orgId: "org2", userId: "user1" }, "doc1", query, NOW)).toBeNull();
    expect(await verifyDocumentLink(SECRET, WHO, "doc2", query, NOW)).toBeNull();
    expect(await verifyDocumentLink("x".repeat(40), WHO, "doc1", query, NOW)).toBeNull();
    expect(await verifyDocumentLink(undefined, WHO, "doc1", query, NOW)).toBeNull();
  });

  it("a preview link cannot be turned into a download, nor its expiry stretched", async () => {
    const { query } = await linkQuery();
    expect(await verifyDocumentLink(SECRET, WHO, "doc1", { ...query, d: "attachment" }, NOW)).toBeNull();
    expect(await verifyDocumentLink(SECRET, WHO, "doc1", { ...query, exp: String(Number(query.exp) + 1) }, NOW)).toBeNull();
  });

  it("an expiry further ahead than any link this server makes is refused even when signed", async () => {
    const { query } = await linkQuery(CLAIM, at(DOCUMENT_LINK_TTL + 120));
    expect(await verifyDocumentLink(SECRET, WHO, "doc1", query, NOW)).toBeNull();
  });

  it("malformed or missing parts are refused; a signature has one spelling", async () => {
    const { query } = await linkQuery();
    const sig = query.sig as string;
    const last = sig.at(-1) as string;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // Same bytes, another spelling: flip the last character's two unused bits.
    const twin = sig.slice(0, -1) + alphabet[alphabet.indexOf(last) ^ 1];
    expect(await verifyDocumentLink(SECRET, WHO, "doc1", { ...query, sig: twin }, NOW)).toBeNull();
    for (const bad of [{ sig: null }, { exp: null }, { d: null }, { d: "download" }, { exp: "1e9" }, { sig: `${sig}=` }])
      expect(await verifyDocumentLink(SECRET, WHO, "doc1", { ...query, ...bad }, NOW), JSON.stringify(bad)).toBeNull();
    expect(await verifyDocumentLink(SECRET, WHO, "../doc1", query, NOW)).toBeNull();
  });

  it("a media signature (ADR 042) is never a document signature", async () => {
    const { query } = await linkQuery();
    const exp = Number(query.exp);
    const media = await signMedia(SECRET, "orgs/org1/documents/doc1.pdf", exp);
    expect(await verifyDocumentLink(SECRET, WHO, "doc1", { ...query, sig: media }, NOW)).toBeNull();
  });

  it("refuses to sign ids that are not ids", async () => {
    await expect(documentLinkPath(SECRET, { ...CLAIM, documentId: "a/b" }, NOW)).rejects.toThrow(RangeError);
  });
});
