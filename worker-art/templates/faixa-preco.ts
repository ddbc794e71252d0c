import { box, row } from "../node.ts";
import { contactLine, factsLine, inkOn, type Scene, withAlpha } from "../scene.ts";
import { brandMark, photoOrPanel, tag } from "./parts.ts";

/** The photo full-bleed, the price on a tag in the secondary colour, the facts on a band of the primary. */
export function faixaPreco(scene: Scene) {
  const { width: W, height: H, brand, content } = scene;
  const P = 64;
  const inner = W - 2 * P;
  const onPrimary = brand.corTextoSobrePrimaria;
  const contact = contactLine(content);
  const facts = factsLine(content) || (content.linha ?? "");
  const band = box(
    {
      width: W,
      backgroundColor: brand.corPrimaria,
      paddingLeft: P,
      paddingRight: P,
      paddingTop: 40,
      paddingBottom: 44 + scene.safeBottom,
      gap: 14,
    },
    scene.text("titulo", content.titulo, {
      width: inner,
      height: 140,
      maxSize: 58,
      minSize: 40,
      lineHeight: 1.18,
      maxLines: 2,
      weight: 700,
      color: onPrimary,
      hug: true,
    }),
    content.local
      ? scene.text("local", content.local, {
          width: inner,
          height: 44,
          maxSize: 34,
          minSize: 26,
          lineHeight: 1.25,
          maxLines: 1,
          weight: 400,
          color: withAlpha(onPrimary, 0.85),
          hug: true,
        })
      : null,
    facts
      ? scene.text("fatos", facts, {
          width: inner,
          height: 46,
          maxSize: 34,
          minSize: 24,
          lineHeight: 1.3,
          maxLines: 1,
          weight: 700,
          color: onPrimary,
          hug: true,
        })
      : null,
    contact
      ? scene.text("contato", contact, {
          width: inner,
          height: 36,
          maxSize: 28,
          minSize: 20,
          lineHeight: 1.25,
          maxLines: 1,
          weight: 400,
          color: withAlpha(onPrimary, 0.85),
          hug: true,
        })
      : null,
  );
  const priceInk = inkOn(brand.corSecundaria);
  const price = content.preco
    ? row(
        {
          backgroundColor: brand.corSecundaria,
          paddingLeft: 28,
          paddingRight: 28,
          paddingTop: 12,
          paddingBottom: 12,
          borderTopRightRadius: 16,
          marginRight: "auto",
        },
        scene.text("preco", content.preco, {
          width: inner - 56,
          height: 92,
          maxSize: 76,
          minSize: 44,
          lineHeight: 1.2,
          maxLines: 1,
          weight: 700,
          color: priceInk,
          hug: true,
          style: { width: "auto" },
        }),
      )
    : null;
  const mark = brandMark(scene, "marca", { height: 84, maxWidth: 360, color: brand.corPrimaria });
  return box(
    { width: W, height: H, position: "relative", backgroundColor: brand.corPrimaria },
    box({ position: "absolute", left: 0, top: 0 }, photoOrPanel(scene, W, H)),
    box(
      { position: "absolute", left: 0, top: 0, width: W, height: H, justifyContent: "space-between" },
      row(
        { paddingLeft: P, paddingRight: P, paddingTop: 48 + scene.safeTop, justifyContent: "space-between", alignItems: "flex-start" },
        mark ? row({ backgroundColor: "rgba(255, 255, 255, 0.92)", borderRadius: 16, padding: 18 }, mark) : box({}),
        tag(scene, "selo", content.selo, 420),
      ),
      box({ width: W }, price, band),
    ),
  );
}
