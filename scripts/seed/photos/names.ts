/**
 * The demo photos shipped as static assets (`public/media/demo/<name>/<width>.webp`, rendered by
 * generate.ts from `scenes/<name>.pov`, which gets `seed` for its random placements: plants,
 * clouds, trees): each one's storage key is `demo/<name>`. Facades first: they make good covers.
 */
export interface DemoPhoto {
  name: string;
  kind: "fachada" | "casa" | "piscina" | "sala" | "quarto" | "cozinha" | "banheiro" | "varanda";
  seed: number;
  legenda: string;
}

export const DEMO_PHOTOS: readonly DemoPhoto[] = [
  { name: "fachada-1", kind: "fachada", seed: 11, legenda: "Fachada do edifício" },
  { name: "fachada-2", kind: "fachada", seed: 23, legenda: "Fachada" },
  { name: "casa-1", kind: "casa", seed: 37, legenda: "Frente da casa" },
  { name: "casa-2", kind: "casa", seed: 41, legenda: "Frente da casa com jardim" },
  { name: "sala-1", kind: "sala", seed: 53, legenda: "Sala de estar" },
  { name: "sala-2", kind: "sala", seed: 67, legenda: "Sala com janela ampla" },
  { name: "quarto-1", kind: "quarto", seed: 71, legenda: "Quarto" },
  { name: "quarto-2", kind: "quarto", seed: 83, legenda: "Suíte" },
  { name: "cozinha-1", kind: "cozinha", seed: 97, legenda: "Cozinha planejada" },
  { name: "banheiro-1", kind: "banheiro", seed: 101, legenda: "Banheiro" },
  { name: "varanda-1", kind: "varanda", seed: 113, legenda: "Varanda com vista" },
  { name: "piscina-1", kind: "piscina", seed: 127, legenda: "Área de lazer com piscina" },
];

/** Key prefix of the demo photos (static assets, not R2); shared with the Worker, which publishes them. */
export { DEMO_PHOTO_PREFIX } from "../../../shared/real-estate/photo-url.ts";
