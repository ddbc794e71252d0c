import type { ArtSlideKind, ArtTemplateId } from "../../shared/art/art-content.ts";
import type { ArtNode } from "../node.ts";
import type { Scene } from "../scene.ts";
import { destaque } from "./destaque.ts";
import { elegante } from "./elegante.ts";
import { faixaPreco } from "./faixa-preco.ts";
import { ficha } from "./ficha.ts";
import { contatoSlide, fotoSlide } from "./slides.ts";

export type Template = (scene: Scene) => ArtNode;

const COVERS: Record<ArtTemplateId, Template> = {
  "faixa-preco": faixaPreco,
  destaque,
  elegante,
  ficha,
};

/** The template of a slide: the chosen cover, or the carousel's own photo, facts and contact slides. */
export function templateFor(template: ArtTemplateId, slide: ArtSlideKind): Template {
  if (slide === "foto") return fotoSlide;
  if (slide === "ficha") return ficha;
  if (slide === "contato") return contatoSlide;
  return COVERS[template];
}
