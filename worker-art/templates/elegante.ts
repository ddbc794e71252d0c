import { box, row } from "../node.ts";
import { contactLine, factsLine, type Scene } from "../scene.ts";
import { brandMark, photoOrPanel } from "./parts.ts";

const PAPER = "#f7f4ee";
const INK = "#1d1b18";
const MUTED = "#6b655c";

/** Alto padrão: the photo above, paper below, thin rules, spaced capitals, the price in the primary colour. */
export function elegante(scene: Scene) {
  const { width: W, height: H, brand, content } = scene;
  const P = 84;
  const inner = W - 2 * P;
  const story = scene.safeTop > 0;
  const photoHeight = Math.round(story ? H * 0.5 : H * (H > W ? 0.56 : 0.5));
  const facts = factsLine(content) || (content.linha ?? "");
  const contact = contactLine(content);
  const rule = box({ width: 96, height: 3, backgroundColor: brand.corPrimaria });
  return box(
    { width: W, height: H, backgroundColor: PAPER },
    box(
      { width: W, height: photoHeight + scene.safeTop, position: "relative" },
      photoOrPanel(scene, W, photoHeight + scene.safeTop),
      content.selo
        ? row(
            {
              position: "absolute",
              left: P,
              top: 48 + scene.safeTop,
              backgroundColor: "rgba(247, 244, 238, 0.92)",
              paddingLeft: 22,
              paddingRight: 22,
              paddingTop: 10,
              paddingBottom: 10,
            },
            scene.text("selo", content.selo.toUpperCase(), {
              width: 480,
              height: 34,
              maxSize: 24,
              minSize: 18,
              lineHeight: 1.3,
              maxLines: 1,
              weight: 700,
              color: brand.corPrimaria,
              letterSpacing: 4,
              hug: true,
              style: { width: "auto" },
            }),
          )
        : null,
    ),
    box(
      {
        flexGrow: 1,
        paddingLeft: P,
        paddingRight: P,
        paddingTop: 48,
        paddingBottom: 48 + scene.safeBottom,
        justifyContent: "space-between",
      },
      box(
        { gap: 18 },
        content.local
          ? scene.text("local", content.local.toUpperCase(), {
              width: inner,
              height: 34,
              maxSize: 24,
              minSize: 18,
              lineHeight: 1.3,
              maxLines: 1,
              weight: 400,
              color: MUTED,
              letterSpacing: 4,
              hug: true,
            })
          : null,
        scene.text("titulo", content.titulo, {
          width: inner,
          height: story ? 240 : H > W ? 180 : 124,
          maxSize: 60,
          minSize: 36,
          lineHeight: 1.18,
          maxLines: story ? 4 : 3,
          weight: 400,
          color: INK,
          hug: true,
        }),
        rule,
        content.preco
          ? scene.text("preco", content.preco, {
              width: inner,
              height: 66,
              maxSize: 52,
              minSize: 34,
              lineHeight: 1.2,
              maxLines: 1,
              weight: 700,
              color: brand.corPrimaria,
              hug: true,
            })
          : null,
        facts
          ? scene.text("fatos", facts, {
              width: inner,
              height: 36,
              maxSize: 28,
              minSize: 20,
              lineHeight: 1.25,
              maxLines: 1,
              weight: 400,
              color: MUTED,
              hug: true,
            })
          : null,
      ),
      row(
        { justifyContent: "space-between", alignItems: "flex-end", gap: 24 },
        contact
          ? scene.text("contato", contact, {
              width: inner - 300,
              height: 64,
              maxSize: 24,
              minSize: 18,
              lineHeight: 1.3,
              maxLines: 2,
              weight: 400,
              color: MUTED,
              hug: true,
            })
          : box({}),
        brandMark(scene, "marca", { height: 60, maxWidth: 280, color: brand.corPrimaria }),
      ),
    ),
  );
}
