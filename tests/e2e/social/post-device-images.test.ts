/**
 * A post with images from the device, on a phone (390 × 844; ADR 044): the owner starts a post with
 * no imóvel, sends two JPEGs from the "device" (the browser makes the publishing JPEG and the
 * display sizes, and uploads them), writes each carousel image's alt text, saves the draft and sees
 * both images, described by their alt texts, on the post's page. The stored files are where the
 * publisher reads them (`<key>/publish.jpg`, cropped to the first image's ratio).
 */
import type { Page } from "playwright-core";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postMedia, socialAccounts } from "../../../db/schema/index.ts";
import { parsePostImageKey } from "../../../shared/social/post-image-key.ts";
import { e2eDb } from "../support/accounts.ts";
import { browserFixture } from "../support/browser.ts";
import { createTeam } from "../support/team.ts";

const f = browserFixture();
const PHONE = { width: 390, height: 844 };
const POST_PAGE = /\/posts\/([0-9a-f-]{36})$/;

/** Two JPEGs as a phone would hand them over: a 4:3 landscape and a 9:16 portrait, drawn by the page's canvas. */
async function deviceFiles(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const encoded = await page.evaluate(() =>
    [
      ["#c98b5a", 2000, 1500],
      ["#5a8bc9", 1080, 1920],
    ].map(([colour, width, height]) => {
      const canvas = document.createElement("canvas");
      canvas.width = width as number;
      canvas.height = height as number;
      const c = canvas.getContext("2d") as CanvasRenderingContext2D;
      c.fillStyle = colour as string;
      c.fillRect(0, 0, canvas.width, canvas.height);
      return canvas.toDataURL("image/jpeg", 0.9).split(",")[1] as string;
    }),
  );
  return encoded.map((b64, i) => ({ name: `IMG_000${i + 1}.jpg`, mimeType: "image/jpeg", buffer: Buffer.from(b64, "base64") }));
}

describe("um post com imagens do dispositivo", () => {
  it("uploads two JPEGs into a new post, gives each its alt text, saves, and shows them on the post's page", async () => {
    const { page } = f;
    const team = await createTeam("Dona Imagens", "post-imagens");
    const now = new Date();
    await e2eDb()
      .insert(socialAccounts)
      .values({
        orgId: team.orgId,
        rede: "instagram",
        idExterno: `instagram-${team.orgId.slice(0, 8)}`,
        nome: "Imobiliária Imagens IG",
        usuario: "imobimagens",
        criadoEm: now,
        atualizadoEm: now,
      });
    await page.setViewportSize(PHONE);
    await f.context.clearCookies();
    const [name, value] = team.cookies.owner.split(/=(.*)/s) as [string, string];
    await f.context.addCookies([{ name, value, url: f.baseURL }]);

    await page.goto("/posts/create");
    await page.getByRole("checkbox", { name: /Imobiliária Imagens IG/ }).check();
    await page.getByLabel("Legenda").fill("Lançamento no Centro: conheça os ambientes!");
    await page.getByLabel("Enviar imagens do dispositivo").setInputFiles(await deviceFiles(page));
    await page.getByText("2 imagens enviadas.").waitFor();
    const list = page.getByRole("list", { name: "Imagens do post, na ordem" });
    expect(await list.getByRole("listitem").count()).toBe(2);
    // A carousel: each image has its own alt text; the single-image field gives way.
    await page.getByLabel("Texto alternativo da imagem 1").fill("Sala ampla com piso de madeira");
    await page.getByLabel("Texto alternativo da imagem 2").fill("Quarto com janela para o jardim");
    expect(await page.getByLabel("Texto alternativo", { exact: true }).count()).toBe(0);
    // The preview draws the uploaded image, described by its alt text.
    await page.getByRole("figure", { name: "Prévia no Instagram" }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole("button", { name: "Salvar rascunho" }).click();
    await page.waitForURL((u) => POST_PAGE.test(u.pathname) && u.searchParams.get("feito") === "salvo");
    const postId = POST_PAGE.exec(new URL(page.url()).pathname)?.[1] as string;
    await page.getByText("2 imagens (carrossel)").waitFor();
    const first = page.getByRole("img", { name: "Sala ampla com piso de madeira" }).first();
    await first.waitFor();
    // The post's page draws the publishing JPEG itself, the bytes Meta gets (ADR 047 amendment), not a display size.
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1080);
    expect(await first.getAttribute("src")).toMatch(/\/publish\.jpg$/);

    const rows = await e2eDb()
      .select({ chave: postMedia.chave, alt: postMedia.textoAlternativo })
      .from(postMedia)
      .where(and(eq(postMedia.orgId, team.orgId), eq(postMedia.postId, postId)))
      .orderBy(postMedia.posicao);
    expect(rows.map((r) => r.alt)).toEqual(["Sala ampla com piso de madeira", "Quarto com janela para o jardim"]);
    // The first is 4:3 (kept whole, 1080 × 810); the portrait was cut to the carousel's 4:3 too.
    expect(rows.map((r) => parsePostImageKey(r.chave ?? ""))).toEqual([
      expect.objectContaining({ orgId: team.orgId, width: 1080, height: 810 }),
      expect.objectContaining({ orgId: team.orgId, width: 1080, height: 810 }),
    ]);
    // Members see the display size; a visitor does not.
    const key = rows[0]?.chave as string;
    expect((await page.request.get(`/media/${key}/320.jpg`)).status()).toBe(200);
    await f.context.clearCookies();
    expect((await page.request.get(`/media/${key}/320.jpg`)).status()).toBe(404);
  });
});
