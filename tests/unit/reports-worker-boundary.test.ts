import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * pdf-lib and fontkit (≈ 700 kB gzip) live only in the reports Worker (worker-reports/, ADR 081):
 * the main Worker is over its bundle budget and the browser has its per-route one. Nothing the
 * main Worker, the jobs or the screens import may reach them, directly or through worker-reports/.
 * The built bundles are checked too (tests/e2e/build-output.test.ts); this fails first.
 */
const ROOTS = ["app", "worker", "jobs", "db", "shared"];
const FORBIDDEN =
  /from\s+["'](?:pdf-lib|@pdf-lib\/[^"']+|pdfjs-dist[^"']*|@napi-rs\/canvas|[^"']*worker-reports\/[^"']*)["']|import\(\s*["'](?:pdf-lib|@pdf-lib\/)/;

function files(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((d) => d.isFile() && /\.(?:ts|tsx|js|mjs)$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name));
}

describe("the reports Worker's boundary", () => {
  it("no module of the main Worker, the jobs, the screens or shared/ imports the PDF libraries", () => {
    const offenders = ROOTS.flatMap((root) => files(path.resolve(root)))
      .filter((file) => FORBIDDEN.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(process.cwd(), file));
    expect(offenders).toEqual([]);
  });

  it("the check sees an import when there is one", () => {
    expect(FORBIDDEN.test('import { PDFDocument } from "pdf-lib";')).toBe(true);
    expect(FORBIDDEN.test('import fontkit from "@pdf-lib/fontkit";')).toBe(true);
    expect(FORBIDDEN.test('import { renderReportPdf } from "../../worker-reports/pdf/render.ts";')).toBe(true);
    expect(FORBIDDEN.test('import { renderPdf } from "../services/reports/render-pdf.ts";')).toBe(false);
  });
});
