import { box, row } from "../node.ts";
import { contactLine, inkOn, type Scene, withAlpha } from "../scene.ts";
import { brandMark, photoFill } from "./parts.ts";

/** A facts card: the title and price on the primary colour, the photo, the facts as a grid of big numbers. */
export function ficha(scene: Scene) {
  const { width: W, height: H, brand, content } = scene;
  const P = 64;
  const inner = W - 2 * P;
  const ink = brand.corTextoSobrePrimaria;
  const story = scene.safeTop > 0;
  const facts = content.fatos.slice(0, 6);
  const columns = facts.length <= 2 ? Math.max(1, facts.length) : facts.length === 4 ? 2 : 3;
  const cellWidth = Math.floor((inner - (columns - 1) * 20) / columns);
  const cell = (i: number) => {
    const f = facts[i];
    if (!f) return null;
    return box(
      {
        width: cellWidth,
        backgroundColor: "#ffffff",
        borderRadius: 20,
        paddingTop: 18,
        paddingBottom: 18,
        paddingLeft: 22,
        paddingRight: 22,
        gap: 4,
      },
      scene.text(`fato-valor-${i}`, f.valor, {
        width: cellWidth - 44,
        height: 64,
        maxSize: 54,
        minSize: 30,
        lineHeight: 1.15,
        maxLines: 1,
        weight: 700,
        color: brand.corPrimaria,
        hug: true,
      }),
      scene.text(`fato-rotulo-${i}`, f.rotulo, {
        width: cellWidth - 44,
        height: 34,
        maxSize: 26,
        minSize: 18,
        lineHeight: 1.3,
        maxLines: 1,
        weight: 400,
        color: "#4a4a4a",
        hug: true,
      }),
    );
  };
  const rows: number[][] = [];
  for (let i = 0; i < facts.length; i += columns) rows.push(Array.from({ length: Math.min(columns, facts.length - i) }, (_, k) => i + k));
  const contact = contactLine(content);
  const priceInk = inkOn(brand.corSecundaria);
  return box(
    { width: W, height: H, backgroundColor: "#eef1f0" },
    box(
      { backgroundColor: brand.corPrimaria, paddingLeft: P, paddingRight: P, paddingTop: 48 + scene.safeTop, paddingBottom: 40, gap: 16 },
      row(
        { justifyContent: "space-between", alignItems: "center", gap: 24 },
        scene.text("titulo", content.titulo, {
          width: inner - 340,
          height: story ? 200 : 132,
          maxSize: 54,
          minSize: 34,
          lineHeight: 1.2,
          maxLines: story ? 4 : 2,
          weight: 700,
          color: ink,
          hug: true,
        }),
        brandMark(scene, "marca", { height: 56, maxWidth: 300, color: ink }),
      ),
      content.local
        ? scene.text("local", content.local, {
            width: inner,
            height: 40,
            maxSize: 30,
            minSize: 22,
            lineHeight: 1.3,
            maxLines: 1,
            weight: 400,
            color: withAlpha(ink, 0.85),
            hug: true,
          })
        : null,
    ),
    box(
      { flexGrow: 1, flexShrink: 1, minHeight: 100, position: "relative", overflow: "hidden" },
      photoFill(scene, W, Math.round(H * 0.4)),
      content.preco
        ? row(
            {
              position: "absolute",
              left: P,
              bottom: 28,
              backgroundColor: brand.corSecundaria,
              borderRadius: 16,
              paddingLeft: 24,
              paddingRight: 24,
              paddingTop: 10,
              paddingBottom: 10,
            },
            scene.text("preco", content.preco, {
              width: inner - 48,
              height: 76,
              maxSize: 62,
              minSize: 38,
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
    box(
      { paddingLeft: P, paddingRight: P, paddingTop: 32, paddingBottom: 36 + scene.safeBottom, gap: 20 },
      ...rows.map((r) => row({ gap: 20 }, ...r.map(cell))),
      !facts.length && content.linha
        ? scene.text("linha", content.linha, {
            width: inner,
            height: 120,
            maxSize: 36,
            minSize: 24,
            lineHeight: 1.3,
            maxLines: 3,
            weight: 400,
            color: "#2a2a2a",
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
            weight: 700,
            color: brand.corPrimaria,
            hug: true,
          })
        : null,
    ),
  );
}
