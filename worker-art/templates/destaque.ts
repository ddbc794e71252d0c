import { box, row } from "../node.ts";
import { contactLine, factsLine, inkOn, type Scene, withAlpha } from "../scene.ts";
import { brandMark, photoFill, tag } from "./parts.ts";

/** The primary colour as the page: the title big, the photo framed below it, the price on a secondary tag. */
export function destaque(scene: Scene) {
  const { width: W, height: H, brand, content } = scene;
  const P = 72;
  const inner = W - 2 * P;
  const ink = brand.corTextoSobrePrimaria;
  const soft = withAlpha(ink, 0.82);
  const story = scene.safeTop > 0;
  const titleBox = {
    width: inner,
    height: story ? 380 : 250,
    maxSize: story ? 104 : 84,
    minSize: 48,
    lineHeight: 1.08,
    maxLines: story ? 4 : 3,
  };
  const header = row(
    { justifyContent: "space-between", alignItems: "center", height: 72 },
    brandMark(scene, "marca", { height: 64, maxWidth: 420, color: ink }) ?? box({}),
    tag(scene, "selo", content.selo, 400, 28),
  );
  const title = scene.text("titulo", content.titulo, { ...titleBox, weight: 700, color: ink, hug: true });
  const facts = factsLine(content) || (content.linha ?? "");
  const priceInk = inkOn(brand.corSecundaria);
  const bottom = box(
    { gap: 12 },
    row(
      { justifyContent: "space-between", alignItems: "center", gap: 24 },
      content.preco
        ? row(
            {
              backgroundColor: brand.corSecundaria,
              borderRadius: 18,
              paddingLeft: 26,
              paddingRight: 26,
              paddingTop: 10,
              paddingBottom: 10,
            },
            scene.text("preco", content.preco, {
              width: inner - 52,
              height: 84,
              maxSize: 68,
              minSize: 40,
              lineHeight: 1.2,
              maxLines: 1,
              weight: 700,
              color: priceInk,
              hug: true,
              style: { width: "auto" },
            }),
          )
        : null,
    ),
    content.local
      ? scene.text("local", content.local, {
          width: inner,
          height: 44,
          maxSize: 34,
          minSize: 26,
          lineHeight: 1.25,
          maxLines: 1,
          weight: 700,
          color: ink,
          hug: true,
        })
      : null,
    facts
      ? scene.text("fatos", facts, {
          width: inner,
          height: 40,
          maxSize: 30,
          minSize: 22,
          lineHeight: 1.3,
          maxLines: 1,
          weight: 400,
          color: soft,
          hug: true,
        })
      : null,
    contactLine(content)
      ? scene.text("contato", contactLine(content), {
          width: inner,
          height: 34,
          maxSize: 26,
          minSize: 20,
          lineHeight: 1.25,
          maxLines: 1,
          weight: 400,
          color: soft,
          hug: true,
        })
      : null,
  );
  return box(
    {
      width: W,
      height: H,
      backgroundColor: brand.corPrimaria,
      paddingLeft: P,
      paddingRight: P,
      paddingTop: 56 + scene.safeTop,
      paddingBottom: 56 + scene.safeBottom,
      gap: 28,
    },
    header,
    title,
    // The photo takes what the texts leave (flex-grow), framed with rounded corners.
    box(
      { flexGrow: 1, flexShrink: 1, minHeight: 120, borderRadius: 28, overflow: "hidden", position: "relative" },
      photoFill(scene, inner, Math.round(H * 0.4)),
    ),
    bottom,
  );
}
