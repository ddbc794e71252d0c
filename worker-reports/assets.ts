import type { ReportFonts } from "./pdf/render.ts";
import interBold from "./fonts/inter-latin-700-normal.ttf";
import interRegular from "./fonts/inter-latin-400-normal.ttf";

/**
 * Inter, regular and bold, Latin (every pt-BR letter, "R$", "–", "…", "·"), from Fontsource
 * 5.3.0 (the art Worker's woff unwrapped to TrueType: fontkit re-inflates a woff's glyph table
 * for every glyph it reads). SIL Open Font License (fonts/OFL-inter.txt).
 */
export const WORKER_FONTS: ReportFonts = { regular: interRegular, bold: interBold };
