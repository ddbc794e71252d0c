import { box, row } from "../node.ts";
import { inkOn, type Scene, withAlpha } from "../scene.ts";
import { brandMark, photoOrPanel } from "./parts.ts";

/** A carousel's further photo: the photo whole-bleed, the logo in a corner, the title on a thin band. */
export function fotoSlide(scene: Scene) {
  const { width: W, height: H, brand, content } = scene;
  const P = 56;
  const mark = brandMark(scene, "marca", { height: 64, maxWidth: 300, color: brand.corPrimaria });
  return box(
    { width: W, height: H, position: "relative", backgroundColor: brand.corPrimaria },
    box({ position: "absolute", left: 0, top: 0 }, photoOrPanel(scene, W, H)),
    mark
      ? row(
          {
            position: "absolute",
            right: P,
            top: 44 + scene.safeTop,
            backgroundColor: "rgba(255, 255, 255, 0.92)",
            borderRadius: 14,
            padding: 14,
          },
          mark,
        )
      : null,
    row(
      {
        position: "absolute",
        left: 0,
        bottom: scene.safeBottom,
        width: W,
        backgroundColor: withAlpha(brand.corPrimaria, 0.9),
        paddingLeft: P,
        paddingRight: P,
        paddingTop: 22,
        paddingBottom: 22,
      },
      scene.text("titulo", content.titulo, {
        width: W - 2 * P,
        height: 42,
        maxSize: 32,
        minSize: 24,
        lineHeight: 1.3,
        maxLines: 1,
        weight: 700,
        color: brand.corTextoSobrePrimaria,
        hug: true,
      }),
    ),
  );
}

/** A carousel's last slide: how to reach the business. */
export function contatoSlide(scene: Scene) {
  const { width: W, height: H, brand, content } = scene;
  const P = 80;
  const inner = W - 2 * P;
  const ink = brand.corTextoSobrePrimaria;
  const { whatsapp, link } = content.contato;
  const pillInk = inkOn(brand.corSecundaria);
  return box(
    {
      width: W,
      height: H,
      backgroundColor: brand.corPrimaria,
      paddingLeft: P,
      paddingRight: P,
      paddingTop: 80 + scene.safeTop,
      paddingBottom: 80 + scene.safeBottom,
      justifyContent: "space-between",
      alignItems: "center",
    },
    brandMark(scene, "marca", { height: 120, maxWidth: 560, color: ink }) ?? box({}),
    box(
      { alignItems: "center", gap: 28, width: inner },
      scene.text("chamada", "Gostou? Fale com a gente", {
        width: inner,
        height: 150,
        maxSize: 72,
        minSize: 44,
        lineHeight: 1.1,
        maxLines: 2,
        weight: 700,
        color: ink,
        align: "center",
        hug: true,
      }),
      whatsapp
        ? row(
            {
              backgroundColor: brand.corSecundaria,
              borderRadius: 999,
              paddingLeft: 40,
              paddingRight: 40,
              paddingTop: 16,
              paddingBottom: 16,
            },
            scene.text("whatsapp", `WhatsApp ${whatsapp}`, {
              width: inner - 80,
              height: 64,
              maxSize: 50,
              minSize: 32,
              lineHeight: 1.25,
              maxLines: 1,
              weight: 700,
              color: pillInk,
              align: "center",
              hug: true,
              style: { width: "auto" },
            }),
          )
        : null,
      link
        ? scene.text("link", link, {
            width: inner,
            height: 84,
            maxSize: 34,
            minSize: 24,
            lineHeight: 1.25,
            maxLines: 2,
            weight: 400,
            color: withAlpha(ink, 0.9),
            align: "center",
            hug: true,
          })
        : null,
    ),
    scene.text("titulo", content.titulo, {
      width: inner,
      height: 80,
      maxSize: 30,
      minSize: 22,
      lineHeight: 1.3,
      maxLines: 2,
      weight: 400,
      color: withAlpha(ink, 0.75),
      align: "center",
      hug: true,
    }),
  );
}
