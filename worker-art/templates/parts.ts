import type { ArtNode } from "../node.ts";
import { box, picture, row } from "../node.ts";
import { inkOn, type Scene } from "../scene.ts";

/** The logo scaled into `maxWidth` × `height`, or the business's name when there is no logo. */
export function brandMark(scene: Scene, name: string, opts: { height: number; maxWidth: number; color: string }): ArtNode | null {
  const { logo } = scene;
  if (logo) {
    const scale = Math.min(opts.height / logo.height, opts.maxWidth / logo.width);
    return picture(logo.src, Math.round(logo.width * scale), Math.round(logo.height * scale), { objectFit: "contain" });
  }
  const nome = scene.content.contato.nome;
  if (!nome) return null;
  return scene.text(name, nome, {
    width: opts.maxWidth,
    height: opts.height,
    maxSize: Math.round(opts.height * 0.62),
    minSize: Math.round(opts.height * 0.4),
    lineHeight: 1.25,
    maxLines: 1,
    weight: 700,
    color: opts.color,
    hug: true,
  });
}

/** The photo filling `width` × `height`, or the brand colour with the title's initial when the record has none. */
export function photoOrPanel(scene: Scene, width: number, height: number, style: Record<string, string | number> = {}): ArtNode {
  if (scene.photo) return picture(scene.photo, width, height, style);
  return panel(scene, width, height, style);
}

/** The photo covering the whole of a box whose size the layout decides (flex-grow). */
export function photoFill(scene: Scene, approxWidth: number, approxHeight: number): ArtNode {
  const style = { position: "absolute", left: 0, top: 0, width: "100%", height: "100%" };
  if (scene.photo) return picture(scene.photo, approxWidth, approxHeight, style);
  return panel(scene, approxWidth, approxHeight, style);
}

function panel(scene: Scene, width: number, height: number, style: Record<string, string | number>): ArtNode {
  return box(
    { width, height, backgroundColor: scene.brand.corPrimaria, alignItems: "center", justifyContent: "center", ...style },
    box(
      {
        fontFamily: scene.brand.fonte,
        fontWeight: 700,
        fontSize: Math.round(Math.min(width, height) * 0.5),
        color: scene.brand.corTextoSobrePrimaria,
        opacity: 0.35,
      },
      Array.from(scene.content.titulo)[0]?.toUpperCase() ?? "",
    ),
  );
}

/** A small tag ("À venda") in the secondary colour. */
export function tag(scene: Scene, name: string, value: string | null, maxWidth: number, size = 30): ArtNode | null {
  if (!value) return null;
  const ink = inkOn(scene.brand.corSecundaria);
  return row(
    { backgroundColor: scene.brand.corSecundaria, borderRadius: 10, paddingLeft: 20, paddingRight: 20, paddingTop: 8, paddingBottom: 8 },
    scene.text(name, value.toUpperCase(), {
      width: maxWidth - 40,
      height: Math.round(size * 1.3),
      maxSize: size,
      minSize: Math.round(size * 0.75),
      lineHeight: 1.3,
      maxLines: 1,
      weight: 700,
      color: ink,
      letterSpacing: 2,
      hug: true,
      style: { width: "auto", maxWidth: maxWidth - 40 },
    }),
  );
}
