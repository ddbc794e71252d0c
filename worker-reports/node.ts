import { readFileSync } from "node:fs";
import path from "node:path";
import type { ReportFonts } from "./pdf/render.ts";

/** The reports Worker's fonts read from disk, for Node (tests, the measuring script). */
export function nodeReportFonts(): ReportFonts {
  const dir = path.join(path.dirname(new URL(import.meta.url).pathname), "fonts");
  return {
    regular: readFileSync(path.join(dir, "inter-latin-400-normal.ttf")),
    bold: readFileSync(path.join(dir, "inter-latin-700-normal.ttf")),
  };
}
