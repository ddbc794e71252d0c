/**
 * Documentos end to end in Chromium on a phone (390 px): the keyboard opens the file chooser,
 * several files go up at once with per-file progress and a pt-BR refusal for the file whose bytes
 * are not what its name says; the PDF is previewed in the page and downloaded through the
 * member-bound link, which stops working once it expires (signed five minutes in the past with the
 * Worker's own key: the real serving path); the client's page offers the upload with the client
 * preselected, and the document appears on its timeline.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { clients, documents, memberships } from "../../../db/schema/index.ts";
import { documentLinkPath } from "../../../worker/services/documents/document-link.ts";
import { createRegisteredUser, e2eDb } from "../support/accounts.ts";
import { axeSeriousViolations, browserFixture } from "../support/browser.ts";
import { pageOverflow } from "../support/layout-checks.ts";
import { login } from "../support/pages.ts";
import { pngBytes } from "../../unit/document-files/samples.ts";

const f = browserFixture();

/** A whole PDF padded with a comment to ~300 kB, so its upload's progress is seen on a slow uplink. */
function paddedPdf(): Buffer {
  const head = `%PDF-1.7\n%${"x".repeat(300_000)}\n`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
  ];
  let body = head;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) body += `${String(at).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeout = 15_000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("Documentos on a phone", () => {
  it("uploads several files with progress, previews the PDF, downloads it through an expiring link that then stops working", async () => {
    const owner = await createRegisteredUser({ name: "Marta Imobiliária" });
    const db = e2eDb();
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
    if (!m) throw new Error("no membership");
    const orgId = m.orgId;
    const page = f.page;
    // The refused file's answer (422, on purpose) is logged by the browser.
    f.allowBrowserError(/status of 422/);
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, owner.email, owner.password);
    await page.goto("/documents");
    await page.getByRole("heading", { name: "Documentos", level: 1 }).waitFor();
    expect(await pageOverflow(page)).toBeUndefined();
    expect(await axeSeriousViolations(page)).toEqual([]);

    // Keyboard: the "Escolher arquivos" button opens the file chooser.
    const pdf = paddedPdf();
    await page.getByRole("button", { name: "Escolher arquivos" }).focus();
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Enter")]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([
      { name: "Contrato Locação.pdf", mimeType: "application/pdf", buffer: pdf },
      { name: "rg.png", mimeType: "image/png", buffer: Buffer.from(pngBytes()) },
      { name: "foto.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") },
    ]);
    const rows = page.getByTestId("document-file");
    await expect.poll(() => rows.count()).toBe(3);
    await rows.nth(0).getByLabel("Tipo").selectOption("contrato");
    await rows.nth(0).getByLabel("Vencimento (opcional)").fill("2030-05-31");
    expect(await pageOverflow(page)).toBeUndefined();

    // A slow uplink, so the PDF's progress bar is seen.
    const cdp = await f.context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 40,
      downloadThroughput: 4_000_000,
      uploadThroughput: 100_000,
    });
    await page.getByRole("button", { name: "Enviar 3 arquivos" }).click();
    await page.getByRole("progressbar", { name: "Enviando Contrato Locação.pdf" }).waitFor();
    await rows.nth(0).getByText("Enviado.").waitFor({ timeout: 60_000 });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await rows.nth(1).getByText("Enviado.").waitFor();
    await rows.nth(2).getByText("O conteúdo do arquivo foto.jpg não corresponde ao tipo JPEG").waitFor();

    const stored = await until(
      () => db.select().from(documents).where(eq(documents.orgId, orgId)),
      (r) => r.length === 2,
    );
    expect(stored.map((d) => d.nomeArquivo).sort()).toEqual(["Contrato Locação.pdf", "rg.png"]);
    const contract = stored.find((d) => d.formato === "pdf");
    expect(contract).toMatchObject({ tipo: "contrato", vencimento: "2030-05-31", titulo: "Contrato Locação" });
    expect(contract?.chave).toBe(`orgs/${orgId}/documents/${contract?.id}.pdf`);

    // The list shows them (revalidated); the PDF's page previews it in the page.
    await page.getByRole("link", { name: "Contrato Locação" }).click();
    await page.waitForURL(`**/documents/${contract?.id}`);
    const frame = page.getByTestId("document-preview");
    const src = (await frame.getAttribute("src")) as string;
    expect(src).toMatch(new RegExp(`^/documents/file/${contract?.id}\\?d=inline&exp=\\d+&sig=`));
    const inline = await page.request.get(src);
    expect(inline.status()).toBe(200);
    expect(inline.headers()["content-type"]).toBe("application/pdf");
    expect(inline.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    expect(Buffer.from(await inline.body()).equals(pdf)).toBe(true);
    // The iframe really loaded the PDF (no frame refusal): Chromium's viewer or the bytes.
    await expect.poll(() => page.frames().some((fr) => fr.url().includes(`/documents/file/${contract?.id}`))).toBe(true);
    expect(await pageOverflow(page)).toBeUndefined();
    expect(await axeSeriousViolations(page)).toEqual([]);

    // "Baixar": a fresh member-bound link, the person's file name, the same bytes.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("document-download").first().click()]);
    expect(download.suggestedFilename()).toBe("Contrato Locação.pdf");
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);

    // The same link, signed with the Worker's key five minutes ago, is dead; a fresh one works; another visitor gets nothing.
    const key = inject("mediaSigningKey");
    const claim = { orgId, userId: owner.id, documentId: contract?.id as string, disposition: "attachment" as const };
    const fresh = await documentLinkPath(key, claim, new Date());
    expect((await page.request.get(fresh)).status()).toBe(200);
    const expired = await documentLinkPath(key, claim, new Date(Date.now() - 5 * 60_000 - 5_000));
    const dead = await page.request.get(expired);
    expect(dead.status()).toBe(403);
    expect(await dead.text()).toContain("Link de documento inválido ou expirado");
    const stranger = await f.newPage();
    expect((await stranger.request.get(fresh)).status()).toBe(403);
  });

  it("uploads from a client's page with the client preselected, and shows it on the timeline", async () => {
    const owner = await createRegisteredUser({ name: "Otávio Corretor" });
    const db = e2eDb();
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
    if (!m) throw new Error("no membership");
    const clientId = crypto.randomUUID();
    const now = new Date();
    await db.insert(clients).values({
      id: clientId,
      orgId: m.orgId,
      nome: "Beatriz Lima",
      ordem: "beatriz lima",
      tipo: "pf",
      criadoEm: now,
      atualizadoEm: now,
    } as never);
    const page = f.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, owner.email, owner.password);
    await page.goto(`/clients/${clientId}`);
    await page.getByText("Vinculados a Cliente: Beatriz Lima.").waitFor();
    await page
      .getByTestId("document-input")
      .setInputFiles([{ name: "rg-beatriz.png", mimeType: "image/png", buffer: Buffer.from(pngBytes()) }]);
    await page.getByRole("button", { name: "Enviar 1 arquivo" }).click();
    await page.getByTestId("document-file").getByText("Enviado.").waitFor();
    const [doc] = await until(
      () =>
        db
          .select()
          .from(documents)
          .where(and(eq(documents.orgId, m.orgId), eq(documents.clienteId, clientId))),
      (r) => r.length === 1,
    );
    expect(doc?.nomeArquivo).toBe("rg-beatriz.png");
    await page.getByRole("link", { name: "Documento: rg-beatriz" }).waitFor();
    expect(await pageOverflow(page)).toBeUndefined();
  });
});
