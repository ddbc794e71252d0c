/**
 * Report files end to end in Chromium (issue 23, ADR 086), as an owner uses them:
 * /relatorio (Vendas, this month, with a sale made today) → "Exportar PDF" lands on /relatorios, where the new file is
 * built by the report job with its status moving live (no reload) to "Pronto"; "Baixar" goes
 * through a fresh member-bound link and downloads the PDF, whose pages are turned into images
 * and checked (title, business, period, page numbers, ink on every page); the same link opens
 * nothing for a visitor without the session; deleting asks first.
 */
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { organizations, reportFiles } from "../../../db/schema/index.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { reportLinkPath } from "../../../worker/services/reports/files/link.ts";
import { inkRatio, pdfPages } from "../../support/pdf-pages.ts";
import { e2eDb } from "../support/accounts.ts";
import { axeSeriousViolations, browserFixture } from "../support/browser.ts";
import { pageOverflow } from "../support/layout-checks.ts";
import { login } from "../support/pages.ts";
import { shopWithSale } from "../support/sale-fixtures.ts";

const f = browserFixture();
const SP = "America/Sao_Paulo";

describe("report files", () => {
  it("the owner exports this month's Vendas as PDF, watches it build on /relatorios and downloads it", { timeout: 180_000 }, async () => {
    // A shop with a sale made today through the sale transaction (this month's Vendas has it).
    const shop = await shopWithSale(f.baseURL, "Loja Arquivos");
    const { orgId } = shop;
    const ownerId = shop.owner.id;
    const db = e2eDb();
    const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId));
    const today = dayIn(new Date(), SP);
    const last = { from: `${today.slice(0, 8)}01`, to: today };
    const { page } = f;
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, shop.owner.email, shop.owner.password);
    // What the organização's live room sends this tab (ADR 043): the build's progress must arrive live.
    const liveFrames: string[] = [];
    page.on("websocket", (ws) => ws.on("framereceived", (frame) => void liveFrames.push(String(frame.payload))));
    await page.goto(`/relatorio?r=vendas&de=${last.from}&ate=${last.to}`);
    await page.getByRole("button", { name: "Exportar PDF" }).click();
    await page.waitForURL(/\/relatorios\?arquivo=/);
    const fileId = new URL(page.url()).searchParams.get("arquivo") as string;
    const [row] = await db
      .select()
      .from(reportFiles)
      .where(and(eq(reportFiles.orgId, orgId), eq(reportFiles.id, fileId)));
    expect(row).toMatchObject({ relatorio: "vendas", formato: "pdf", pedidoPor: ownerId, parametros: { de: last.from, ate: last.to } });

    // The page is never reloaded: a marker set now survives until the file is ready (the live event moved it).
    await page.evaluate(() => {
      (window as unknown as { semRecarregar: boolean }).semRecarregar = true;
    });
    const item = page
      .getByTestId("report-file")
      .filter({ hasText: row?.titulo as string })
      .first();
    await expect.poll(() => item.getAttribute("data-status"), { timeout: 60_000 }).toBe("pronto");
    expect(await page.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar)).toBe(true);
    const progress = liveFrames.filter((f) => f.includes('"report.progress"') && f.includes(fileId));
    expect(progress.length, `live frames: ${liveFrames.join(" | ").slice(0, 500)}`).toBeGreaterThan(0);
    expect(
      progress.some((f) => f.includes('"pronto"')),
      "the last event says the file is ready",
    ).toBe(true);
    expect(await item.textContent()).toContain("Pedido por");
    expect(await pageOverflow(page)).toBeUndefined();
    expect(await axeSeriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent("download"), item.getByTestId("report-file-download").click()]);
    expect(download.suggestedFilename()).toBe(`vendas-${last.from}-a-${last.to}.pdf`);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
    const bytes = new Uint8Array(Buffer.concat(chunks));
    const [done] = await db.select().from(reportFiles).where(eq(reportFiles.id, fileId));
    expect(done).toMatchObject({ status: "pronto", progresso: 100, bytes: bytes.byteLength });

    // The PDF as images: every page has ink, the first says what it is, the pages are numbered.
    const pdf = await pdfPages(bytes, { scale: 1 });
    expect(pdf.pageCount).toBeGreaterThanOrEqual(1);
    for (const p of pdf.pages) expect(inkRatio(p), `página ${p.number}`).toBeGreaterThan(0.01);
    const first = pdf.pages[0]?.text ?? "";
    expect(first).toContain("Vendas");
    expect(first).toContain(org?.name as string);
    const [y, m] = last.from.split("-");
    expect(first).toContain(`01/${m}/${y}`);
    expect(pdf.pages.at(-1)?.text ?? "").toContain(`Página ${pdf.pageCount} de ${pdf.pageCount}`);

    // The link is the member's: a visitor without the session gets nothing from it.
    const link = await reportLinkPath(inject("mediaSigningKey"), { orgId, userId: ownerId }, fileId, new Date());
    expect((await page.request.get(link)).status()).toBe(200);
    const stranger = await f.newPage();
    expect((await stranger.request.get(link)).status()).toBe(403);

    // Deleting asks first, then the file leaves the list.
    await item.getByRole("link", { name: "Excluir" }).click();
    await page.getByRole("button", { name: "Excluir arquivo" }).click();
    await page.waitForURL(/aviso=excluido/);
    await expect
      .poll(() =>
        page
          .getByTestId("report-file")
          .filter({ hasText: row?.titulo as string })
          .count(),
      )
      .toBe(0);
    const left = await db.select().from(reportFiles).where(eq(reportFiles.id, fileId)).orderBy(desc(reportFiles.pedidoEm));
    expect(left).toEqual([]);
  });
});
