import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { photoFormatOfKey, photoUrl, publishObjectKey } from "../../../shared/real-estate/photo-url.ts";
import { parsePostImageKey, postImageKey } from "../../../shared/social/post-image-key.ts";
import { uploadedImages } from "../../../shared/social/post-screens.ts";
import { signableKey } from "../../../worker/services/media/signed-media.ts";
import { parsePostImagePath } from "../../../worker/services/social/post-images.ts";

/** An uploaded post image's key (ADR 044): the organização, JPEG and the size, read back without a lookup. */
const ORG = "0b6f4b7e-8a6a-4d0c-9a7e-2f6a1b3c4d5e";
const ID = "7c1e2d3f-0000-4000-8000-000000000002";

describe("post image keys", () => {
  it("round-trip any size, are JPEG for photoUrl, and their publishing JPEG is signable for their organização only", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999 }),
        fc.integer({ min: 1, max: 99_999 }),
        fc.uuid({ version: 4 }),
        (width, height, id) => {
          const key = postImageKey(ORG, { width, height }, id);
          expect(parsePostImageKey(key)).toEqual({ orgId: ORG, width, height, id });
          expect(photoFormatOfKey(key)).toBe("jpeg");
          expect(signableKey(publishObjectKey(key))).toEqual({ orgId: ORG, contentType: "image/jpeg" });
        },
      ),
    );
    const key = postImageKey(ORG, { width: 1080, height: 1350 }, ID);
    expect(photoUrl(key, 320)).toBe(`/media/${key}/320.jpg`);
    expect(parsePostImagePath(`${key}/640.jpg`)).toEqual({ chave: key, orgId: ORG });
  });

  it("refuses anything else: a photo's key, another folder, a zero size, tampered parts, other files", () => {
    for (const text of [
      `orgs/${ORG}/properties/${ID}/jpeg-${ID}`,
      `orgs/${ORG}/posts/jpeg-0x810-${ID}`,
      `orgs/${ORG}/posts/jpeg-1080x810-${ID}/publish.jpg`,
      `orgs/${ORG}/posts/1080x810-${ID}`,
      `orgs/${ORG}/posts/jpeg-1080x810-${ID.toUpperCase()}`,
      `orgs/${ORG}/posts/jpeg-1080x810-${ID}x`,
      `orgs/../posts/jpeg-1080x810-${ID}`,
      `orgs/${ORG}/uploads/jpeg-1080x810-${ID}`,
      "",
    ])
      expect(parsePostImageKey(text), text).toBeNull();
    const key = postImageKey(ORG, { width: 1080, height: 810 }, ID);
    for (const file of ["1024.jpg", "320.webp", "share.jpg", "publish.png", "../publish.jpg"])
      expect(parsePostImagePath(`${key}/${file}`)).toBeNull();
    // Members see exactly what Meta will download (the approval shows it, ADR 047 amendment).
    for (const file of ["publish.jpg", "320.jpg", "640.jpg"])
      expect(parsePostImagePath(`${key}/${file}`)).toEqual({ chave: key, orgId: ORG });
  });

  it("lists the uploads among a post's images, only the organização's", () => {
    const mine = postImageKey(ORG, { width: 1080, height: 1350 }, ID);
    const theirs = postImageKey("1b6f4b7e-8a6a-4d0c-9a7e-2f6a1b3c4d5e", { width: 1080, height: 810 }, ID);
    expect(uploadedImages([ID, mine, theirs], ORG)).toEqual([{ id: mine, chave: mine, largura: 1080, altura: 1350, legenda: null }]);
  });
});
