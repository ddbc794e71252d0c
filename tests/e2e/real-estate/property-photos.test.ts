/**
 * Property photos and the public property page end to end in Chromium: a broker on a phone
 * sends photos (resized to WebP in the browser, with progress), reorders them by keyboard,
 * picks the cover (the share image follows); a visitor opens /imovel/{slug}, sees the gallery
 * and Open Graph tags, sends the contact form, and the lead (client + interest origem site)
 * is there. Gone and unknown properties answer 410 and 404 pages in pt-BR.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import {
  clients,
  inboundLeads,
  memberships,
  organizations,
  properties,
  propertyInterests,
  propertyPhotos,
} from "../../../db/schema/index.ts";
import { shareFingerprint } from "../../../app/lib/image-resize.ts";
import { formatBRL } from "../../../shared/format.ts";
import { createRegisteredUser, e2eDb, type TestUser } from "../support/accounts.ts";
import { axeSeriousViolations, browserFixture } from "../support/browser.ts";
import { login } from "../support/pages.ts";
import { publishObjectKey } from "../../../shared/real-estate/photo-url.ts";
import { readJpegHeader } from "../../../shared/image-header.ts";
import { signMedia } from "../../../worker/services/media/signed-media.ts";

const f = browserFixture();

async function ownerWithProperty(
  values: Partial<typeof properties.$inferInsert> = {},
): Promise<{ owner: TestUser; orgId: string; id: string; slug: string }> {
  const owner = await createRegisteredUser({ name: "Renata Corretora" });
  const db = e2eDb();
  const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
  if (!m) throw new Error("no membership");
  const id = crypto.randomUUID();
  const slug = `apartamento-vila-madalena-${id.slice(0, 8)}`;
  const now = new Date();
  // The broker's contact on the public page is the organização's WhatsApp.
  await db.update(organizations).set({ whatsapp: "11987654321" }).where(eq(organizations.id, m.orgId));
  await db.insert(properties).values({
    id,
    orgId: m.orgId,
    codigo: `AP${id.slice(0, 4).toUpperCase()}`,
    slug,
    ordem: "apartamento na vila madalena",
    titulo: "Apartamento na Vila Madalena",
    tipo: "apartamento",
    finalidade: "venda",
    valorVendaCentavos: 85_000_000,
    precoCentavos: 85_000_000,
    quartos: 3,
    vagas: 2,
    rua: "Rua Harmonia",
    numero: "4242",
    bairro: "Vila Madalena",
    cidade: "São Paulo",
    uf: "SP",
    enderecoPublico: "rua",
    chaves: "Com o zelador Sr. Osvaldo",
    status: "disponivel",
    criadoEm: now,
    atualizadoEm: now,
    ...values,
  });
  return { owner, orgId: m.orgId, id, slug };
}

/** Three distinct photos as JPEG files, drawn by the page's own canvas. */
async function samplePhotos(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const encoded = await page.evaluate(async () => {
    const out: string[] = [];
    for (const [i, colour] of ["#c98b5a", "#5a8bc9", "#7bbf6a"].entries()) {
      const canvas = document.createElement("canvas");
      canvas.width = 2000;
      canvas.height = 1500;
      const c = canvas.getContext("2d") as CanvasRenderingContext2D;
      c.fillStyle = colour;
      c.fillRect(0, 0, 2000, 1500);
      c.fillStyle = "#fff";
      c.font = "bold 300px sans-serif";
      c.fillText(String(i + 1), 800, 900);
      out.push(canvas.toDataURL("image/jpeg", 0.9).split(",")[1] as string);
    }
    return out;
  });
  return encoded.map((b64, i) => ({ name: `foto-${i + 1}.jpg`, mimeType: "image/jpeg", buffer: Buffer.from(b64, "base64") }));
}

async function photoRows(propertyId: string) {
  return e2eDb().select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, propertyId)).orderBy(asc(propertyPhotos.posicao));
}

/**
 * A photo's publishing JPEG (ADR 042) as Meta would download it: from a URL signed as the
 * publisher signs it, with no session. Its size from its header, and the colour at its centre
 * decoded by the page (the sample photos are flat colours): the photo itself, not a blank.
 */
async function publishJpegOf(page: Page, chave: string) {
  const key = publishObjectKey(chave);
  const exp = Math.floor(Date.now() / 1000) + 600;
  const url = `/media/signed/${key}?exp=${exp}&sig=${await signMedia(inject("mediaSigningKey"), key, exp)}`;
  const res = await page.request.get(url, { headers: { cookie: "" } });
  const header = res.ok() ? readJpegHeader(new Uint8Array(await res.body())) : null;
  const centre = res.ok()
    ? await page.evaluate(async (href) => {
        const bitmap = await createImageBitmap(await (await fetch(href, { credentials: "omit" })).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const c = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
        c.drawImage(bitmap, 0, 0);
        return Array.from(c.getImageData(40, 40, 1, 1).data.slice(0, 3));
      }, url)
    : null;
  return { status: res.status(), type: res.headers()["content-type"], header, centre };
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeout = 15_000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("property photos on a phone", () => {
  it("uploads several photos with progress, reorders by keyboard and sets the cover; the share image follows", async () => {
    const { owner, orgId, id } = await ownerWithProperty();
    const page = f.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, owner.email, owner.password);
    await page.goto(`/properties/${id}/fotos`);
    await page.getByRole("heading", { name: /Fotos \(0 de 40\)/ }).waitFor();
    // A slow mobile uplink, so each upload's progress is seen.
    const cdp = await f.context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 40,
      downloadThroughput: 4_000_000,
      uploadThroughput: 150_000,
    });
    await page.getByLabel("Escolher fotos").setInputFiles(await samplePhotos(page));
    await page.getByRole("progressbar").first().waitFor();
    await page.getByRole("heading", { name: /Fotos \(3 de 40\)/ }).waitFor({ timeout: 60_000 });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const uploaded = await photoRows(id);
    expect(uploaded.map((p) => p.capa)).toEqual([true, false, false]);
    expect(uploaded[0]?.chave).toMatch(new RegExp(`^orgs/[0-9a-f-]+/properties/${id}/`));
    // Resized in the browser: 2000 px wide originals stored at 1600 at most.
    expect(uploaded.every((p) => p.largura === 1600 && p.altura === 1200 && p.tipoConteudo === "image/webp")).toBe(true);
    // Each has its publishing JPEG beside the widths (1080 × 810 from a 4 : 3 photo), served signed.
    const publish = await publishJpegOf(page, uploaded[0]?.chave as string);
    expect(publish).toMatchObject({ status: 200, type: "image/jpeg", header: { format: "jpeg", width: 1080, height: 810 } });
    // The samples are flat #c98b5a, #5a8bc9 and #7bbf6a (sent two at a time, in any order): the JPEG shows one of them.
    const colours = [
      [0xc9, 0x8b, 0x5a],
      [0x5a, 0x8b, 0xc9],
      [0x7b, 0xbf, 0x6a],
    ];
    expect(colours.some((rgb) => publish.centre?.every((v, i) => Math.abs(v - (rgb[i] as number)) <= 6))).toBe(true);
    expect((await publishJpegOf(page, uploaded[2]?.chave as string)).header).toMatchObject({ width: 1080, height: 810 });
    const first = uploaded[0]?.id as string;

    // Keyboard only: move the first photo down.
    await page.getByRole("button", { name: "Mover para baixo a foto 1" }).focus();
    await page.keyboard.press("Enter");
    await page.getByText("Foto movida para a posição 2 de 3.").waitFor({ state: "attached" });
    const reordered = await until(
      () => photoRows(id),
      (rows) => rows[1]?.id === first,
    );
    expect(reordered[1]?.id).toBe(first);

    // The third photo becomes the cover: exactly one, and the property's capaChave with it.
    await page.getByRole("button", { name: "Usar como capa (foto 3)" }).click();
    await page.getByRole("button", { name: "É a capa (foto 3)" }).waitFor();
    const third = reordered[2];
    const withCover = await until(
      () => photoRows(id),
      (rows) => rows.find((p) => p.capa)?.id === third?.id,
    );
    expect(withCover.filter((p) => p.capa).map((p) => p.id)).toEqual([third?.id]);
    // The share image follows the new cover (a new key, served as a JPEG): its key carries the
    // fingerprint of what it shows (cover, price, title, place, business).
    const [org] = await e2eDb().select().from(organizations).where(eq(organizations.id, orgId));
    const text = { titulo: "Apartamento na Vila Madalena", local: "Vila Madalena, São Paulo", empresa: org?.name as string };
    const showing = async (centavos: number) => shareFingerprint(third?.chave as string, { ...text, preco: formatBRL(centavos) });
    const before = await showing(85_000_000);
    const shareOf = async () => {
      const [row] = await e2eDb().select().from(properties).where(eq(properties.id, id));
      const key = row?.imagemCompartilhamentoChave;
      const res = key ? await page.request.get(`/media/${key}/share.jpg`) : null;
      return { row, status: res?.status(), type: res?.headers()["content-type"] };
    };
    const shared = await until(shareOf, (v) => v.row?.imagemCompartilhamentoChave?.endsWith(before) === true && v.status === 200, 30_000);
    expect(shared.row?.fotos).toBe(3);
    expect(shared.row?.imagemCompartilhamentoChave).toMatch(new RegExp(`/share-${before}$`));
    expect(shared.status).toBe(200);
    expect(shared.type).toBe("image/jpeg");

    // A price drop on the edit page: the share image is redrawn with the new price, without
    // visiting the Fotos tab.
    await page.goto(`/properties/${id}/edit`);
    await page.getByLabel("Valor de venda").fill("790.000,00");
    await page.getByLabel("Área útil/privativa (m²)").fill("92");
    await page.getByRole("button", { name: "Salvar imóvel" }).click();
    await page.waitForURL(new RegExp(`/properties/${id}$`));
    const expected = await showing(79_000_000);
    const repriced = await until(shareOf, (v) => v.row?.imagemCompartilhamentoChave?.endsWith(expected) === true && v.status === 200);
    expect(repriced.row?.valorVendaCentavos).toBe(79_000_000);
    expect(repriced.row?.imagemCompartilhamentoChave).toMatch(new RegExp(`/share-${expected}$`));
    expect(repriced.status).toBe(200);
    expect(repriced.type).toBe("image/jpeg");
  });

  it("says in pt-BR, before sending anything, that a photo taller than 4096 px at its stored width is refused", async () => {
    const { owner, id } = await ownerWithProperty();
    const page = f.page;
    await login(page, owner.email, owner.password);
    await page.goto(`/properties/${id}/fotos`);
    await page.getByRole("heading", { name: /Fotos \(0 de 40\)/ }).waitFor();
    // 1000 × 4200: stored at its own width, 4200 px tall (the server's limit is 1600 × 4096).
    const tall = await page.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = 1000;
      canvas.height = 4200;
      const c = canvas.getContext("2d") as CanvasRenderingContext2D;
      c.fillStyle = "#7bbf6a";
      c.fillRect(0, 0, 1000, 4200);
      return canvas.toDataURL("image/jpeg", 0.8).split(",")[1] as string;
    });
    await page
      .getByLabel("Escolher fotos")
      .setInputFiles({ name: "alta.jpg", mimeType: "image/jpeg", buffer: Buffer.from(tall, "base64") });
    await page
      .getByText("A foto é alta e estreita demais (máximo de 4096 px de altura na largura de 1000 px).", { exact: false })
      .waitFor();
    expect(await photoRows(id)).toEqual([]);
  });
});

/**
 * Safari's canvas (so every iOS browser's) cannot encode WebP: asked for image/webp, toBlob,
 * toDataURL and OffscreenCanvas.convertToBlob silently answer PNG. Made so here, before any
 * script of the page runs.
 */
function withoutWebpEncoder(): void {
  const toBlob = HTMLCanvasElement.prototype.toBlob;
  HTMLCanvasElement.prototype.toBlob = function (callback: BlobCallback, type?: string, quality?: number) {
    return toBlob.call(this, callback, type === "image/webp" ? "image/png" : type, quality);
  };
  const toDataURL = HTMLCanvasElement.prototype.toDataURL;
  HTMLCanvasElement.prototype.toDataURL = function (type?: string, quality?: number) {
    return toDataURL.call(this, type === "image/webp" ? "image/png" : type, quality);
  };
  if (typeof OffscreenCanvas !== "undefined") {
    const convert = OffscreenCanvas.prototype.convertToBlob;
    OffscreenCanvas.prototype.convertToBlob = function (options?: ImageEncodeOptions) {
      return convert.call(this, options?.type === "image/webp" ? { ...options, type: "image/png" } : options);
    };
  }
}

describe("property photos where the browser cannot encode WebP (Safari, every iOS browser)", () => {
  it("sends JPEG instead, stores and shows it in the Fotos tab and on the public page", async () => {
    const { owner, id, slug } = await ownerWithProperty();
    const page = f.page;
    await f.context.addInitScript(withoutWebpEncoder);
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, owner.email, owner.password);
    // The stand-in behaves as Safari does.
    const webp = await page.evaluate(async () => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 4;
      return new Promise<string | undefined>((resolve) => canvas.toBlob((b) => resolve(b?.type), "image/webp"));
    });
    expect(webp).toBe("image/png");

    await page.goto(`/properties/${id}/fotos`);
    await page.getByRole("heading", { name: /Fotos \(0 de 40\)/ }).waitFor();
    await page.getByLabel("Escolher fotos").setInputFiles((await samplePhotos(page)).slice(0, 2));
    await page.getByRole("heading", { name: /Fotos \(2 de 40\)/ }).waitFor({ timeout: 30_000 });
    expect(await page.getByText(/não gera imagens WebP|não conseguiu gerar/).count()).toBe(0);
    const rows = await photoRows(id);
    expect(rows.map((p) => [p.tipoConteudo, p.largura, p.altura])).toEqual([
      ["image/jpeg", 1600, 1200],
      ["image/jpeg", 1600, 1200],
    ]);
    expect(rows.every((p) => new RegExp(`/properties/${id}/jpeg-[0-9a-f-]+$`).test(p.chave))).toBe(true);
    // The publishing JPEG is made here too (Safari encodes JPEG).
    expect(await publishJpegOf(page, rows[1]?.chave as string)).toMatchObject({
      status: 200,
      type: "image/jpeg",
      header: { width: 1080, height: 810 },
    });
    // The Fotos tab shows them, from their .jpg URLs.
    const shown = page.getByRole("list", { name: "Fotos na ordem do anúncio" }).getByRole("img", { name: "Foto 1" });
    await shown.scrollIntoViewIfNeeded();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await shown.getAttribute("src")).toMatch(/\/jpeg-[0-9a-f-]+\/640\.jpg$/);
    const served = await page.request.get((await shown.getAttribute("src")) as string);
    expect(served.headers()["content-type"]).toBe("image/jpeg");
    // The share image is composed from the JPEG cover (Safari's canvas makes JPEG natively).
    const shared = await until(
      async () => (await e2eDb().select().from(properties).where(eq(properties.id, id)))[0]?.imagemCompartilhamentoChave,
      (key) => Boolean(key),
      30_000,
    );
    expect((await page.request.get(`/media/${shared}/share.jpg`)).headers()["content-type"]).toBe("image/jpeg");

    // A visitor's public page: the gallery's srcset names .jpg files, and the photo displays.
    const visitor = await f.newPage();
    await visitor.setViewportSize({ width: 390, height: 844 });
    expect((await visitor.goto(`/imovel/${slug}`))?.status()).toBe(200);
    const first = visitor.getByRole("img", { name: /foto 1 de 2/ });
    expect(await first.getAttribute("srcset")).toMatch(/\/320\.jpg 320w/);
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
});

describe("a HEIC photo on a computer", () => {
  it("says in pt-BR that this browser cannot open it, and sends nothing", async () => {
    const { owner, id } = await ownerWithProperty();
    const page = f.page;
    await login(page, owner.email, owner.password);
    await page.goto(`/properties/${id}/fotos`);
    await page.getByRole("heading", { name: /Fotos \(0 de 40\)/ }).waitFor();
    // The start of an HEIF file (ftyp heic): Chromium on a computer cannot decode it.
    const heic = Buffer.from([0, 0, 0, 24, ...Buffer.from("ftypheic"), 0, 0, 0, 0, ...Buffer.from("mif1heic")]);
    await page.getByLabel("Escolher fotos").setInputFiles({ name: "IMG_0001.HEIC", mimeType: "image/heic", buffer: heic });
    await page.getByText("Este navegador não abre fotos HEIC do iPhone.", { exact: false }).waitFor();
    expect(await photoRows(id)).toEqual([]);
  });
});

describe("the public property page", () => {
  it("shows the property to a visitor without private data, with Open Graph, and the contact form creates the lead", async () => {
    const { id, slug, orgId, owner } = await ownerWithProperty();
    // Photos through the broker's screen, so the page has a real gallery.
    const broker = f.page;
    await login(broker, owner.email, owner.password);
    await broker.goto(`/properties/${id}/fotos`);
    await broker.getByLabel("Escolher fotos").setInputFiles((await samplePhotos(broker)).slice(0, 2));
    await broker.getByRole("heading", { name: /Fotos \(2 de 40\)/ }).waitFor({ timeout: 30_000 });

    const visitor = await f.newPage();
    await visitor.setViewportSize({ width: 390, height: 844 });
    const response = await visitor.goto(`/imovel/${slug}`);
    expect(response?.status()).toBe(200);
    await visitor.getByRole("heading", { level: 1, name: "Apartamento na Vila Madalena" }).waitFor();
    const html = await visitor.content();
    expect(html).toContain("Rua Harmonia");
    expect(html).not.toContain("4242");
    expect(html).not.toContain("Osvaldo");
    expect(await visitor.locator('meta[property="og:title"]').getAttribute("content")).toBe("Apartamento na Vila Madalena");
    expect(await visitor.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/\/media\/orgs\/.+\.(jpg|webp)$/);
    const firstPhoto = visitor.getByRole("img", { name: /foto 1 de 2/ });
    await expect.poll(() => firstPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The page ships no JavaScript bundle (ADR 022): no module script, no hydration data.
    expect(html).not.toMatch(/<script[^>]*type="module"|\/assets\/[^"]+\.js|__reactRouterContext/);
    // The gallery's inline script shows the arrows and the counter; ← → on the focused row too.
    await visitor.getByText("Foto 1 de 2", { exact: true }).waitFor();
    await visitor.getByRole("button", { name: "Próxima foto" }).click();
    await visitor.getByText("Foto 2 de 2", { exact: true }).waitFor();
    expect(await visitor.getByRole("button", { name: "Próxima foto" }).isDisabled()).toBe(true);
    await visitor.getByRole("list", { name: /Fotos/ }).press("ArrowLeft");
    await visitor.getByText("Foto 1 de 2", { exact: true }).waitFor();
    expect(await visitor.getByRole("button", { name: "Foto anterior" }).isDisabled()).toBe(true);
    const whatsapp = (await visitor.getByRole("link", { name: /WhatsApp/ }).getAttribute("href")) ?? "";
    expect(whatsapp.startsWith("https://wa.me/5511987654321?text=")).toBe(true);
    expect(decodeURIComponent(whatsapp)).toContain(`/imovel/${slug}`);

    expect(await axeSeriousViolations(visitor)).toEqual([]);
    // A plain post (no JavaScript on this page): a refusal comes back as the page, in pt-BR, and
    // keeps nothing (Chromium logs the 400 document as a failed resource).
    f.allowBrowserError(/status of 400 \(Bad Request\)/);
    await visitor.getByLabel("Nome").fill("Marcos Teixeira");
    await visitor.getByRole("button", { name: "Enviar mensagem" }).click();
    await visitor.getByText("Informe um e-mail ou um telefone para o corretor responder.").waitFor();
    await visitor.getByLabel("Nome").fill("Marcos Teixeira");
    await visitor.getByLabel("E-mail").fill("marcos.teixeira@exemplo.com.br");
    await visitor.getByLabel("Telefone").fill("11987651234");
    await visitor.getByRole("button", { name: "Enviar mensagem" }).click();
    await visitor.getByRole("status").filter({ hasText: "Mensagem enviada!" }).waitFor();

    const db = e2eDb();
    const leads = await db
      .select()
      .from(inboundLeads)
      .where(and(eq(inboundLeads.orgId, orgId), eq(inboundLeads.imovelId, id)));
    expect(leads).toHaveLength(1); // the refused post kept nothing
    const [lead] = leads;
    expect(lead?.origem).toBe("site");
    const [interest] = await db
      .select()
      .from(propertyInterests)
      .where(eq(propertyInterests.id, lead?.interesseId as string));
    expect(interest).toMatchObject({ origem: "site", etapa: "novo", imovelId: id });
    const [client] = await db
      .select()
      .from(clients)
      .where(eq(clients.id, interest?.clienteId as string));
    expect(client).toMatchObject({ nome: "Marcos Teixeira", email: "marcos.teixeira@exemplo.com.br", orgId });
  });

  it("answers a sold property with 410 and similar ones, and an unknown slug or a draft with the pt-BR 404", async () => {
    // Chromium logs every non-2xx document load as a console error: these are the answers under test.
    f.allowBrowserError(/status of 410 \(Gone\)/, /status of 404 \(Not Found\)/);
    const sold = await ownerWithProperty({ status: "vendido", titulo: "Casa vendida" });
    const page = f.page;
    const gone = await page.goto(`/imovel/${sold.slug}`);
    expect(gone?.status()).toBe(410);
    await page.getByRole("heading", { name: "Este imóvel não está mais disponível" }).waitFor();
    const draft = await ownerWithProperty({ status: "rascunho" });
    for (const slug of [draft.slug, "nao-existe-mesmo"]) {
      const res = await page.goto(`/imovel/${slug}`);
      expect(res?.status()).toBe(404);
      await page.getByRole("heading", { name: "Página não encontrada" }).waitFor();
    }
  });
});
