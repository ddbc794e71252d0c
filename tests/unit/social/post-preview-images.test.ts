import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import PostPreview from "../../../app/components/social/post-preview.tsx";
import type { PostImage } from "../../../shared/social/post-screens.ts";

/**
 * The previews an approver approves from (the editor's and the post's page) draw each image from
 * its publishing JPEG — the bytes Meta is handed — never from a display size that may show
 * something else (ADR 047 amendment).
 */
const image = (n: number, chave: string): PostImage => ({ id: `m${n}`, chave, largura: 1080, altura: 810, legenda: `Imagem ${n}` });

function sources(images: PostImage[]): string[] {
  const html = renderToStaticMarkup(
    h(PostPreview, { legenda: "Legenda", link: "", images, instagram: { nome: "Conta", usuario: "@conta" }, facebook: { nome: "Página" } }),
  );
  return [...html.matchAll(/<img[^>]* src="([^"]+)"/g)].map((m) => m[1] as string);
}

describe("post previews", () => {
  it("show the publishing JPEG of an uploaded image and of a property photo, on both networks", () => {
    const upload = "orgs/o1/posts/jpeg-1080x810-7d4f0c51-2f5e-4a8e-9d3b-1c2b3a4d5e6f";
    const photo = "orgs/o1/properties/p1/ab12cd34";
    for (const images of [[image(1, upload)], [image(1, upload), image(2, photo)]]) {
      const srcs = sources(images);
      expect(srcs.length).toBeGreaterThanOrEqual(2);
      for (const src of srcs) expect(src).toMatch(/^\/media\/orgs\/o1\/.+\/publish\.jpg$/);
    }
  });
});
