/**
 * The Imóveis list's filters at 390 px: each Tipo checkbox sits beside its label (never on its
 * text), and the Bairro filter picks among the organização's bairros (accents and case ignored
 * while searching), kept in the URL like the other filters.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberships } from "../../../db/schema/index.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { createRegisteredUser, e2eDb, e2eServiceContext } from "../support/accounts.ts";
import { browserFixture } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();

describe("Imóveis filters", () => {
  it("Tipo checkboxes beside their labels at 390 px; Bairro picked from the organização's bairros, in the URL", async () => {
    const { page } = f;
    const owner = await createRegisteredUser({ name: "Bruna Filtros" });
    const [m] = await e2eDb().select().from(memberships).where(eq(memberships.userId, owner.id));
    if (!m) throw new Error("no membership");
    const actor = { orgId: m.orgId, userId: owner.id, role: "owner" as const };
    const ctx = e2eServiceContext(f.baseURL);
    const base = {
      finalidade: "venda",
      tipo: "apartamento",
      descricao: "Apartamento bem localizado, perto do metrô e de comércio, com portaria 24 horas.",
      areaUtil: 70,
      quartos: 2,
      cidade: "São Paulo",
      uf: "SP",
      status: "disponivel",
      valorVendaCentavos: 70_000_000,
    };
    await createRecord(ctx, actor, "imoveis", { ...base, titulo: "Apartamento na Vila Olímpia", bairro: "Vila Olímpia" });
    await createRecord(ctx, actor, "imoveis", { ...base, titulo: "Apartamento em Moema", bairro: "Moema" });

    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, owner.email, owner.password);
    await page.goto("/properties?view=table");
    await page.locator("summary", { hasText: "Filtros" }).click();

    // Every Tipo box is left of its own text and on no other label.
    const tipo = page.getByRole("group", { name: "Tipo" });
    const boxes = await tipo.locator("label").evaluateAll((labels) =>
      labels.map((label) => {
        const box = (label.querySelector("input") as HTMLInputElement).getBoundingClientRect();
        const text = (label.querySelector("span") as HTMLElement).getBoundingClientRect();
        return {
          name: label.textContent,
          boxRight: box.right,
          textLeft: text.left,
          textRight: text.right,
          labelRight: label.getBoundingClientRect().right,
        };
      }),
    );
    expect(boxes.length).toBeGreaterThan(10);
    for (const b of boxes) {
      expect(b.boxRight, `${b.name}: box before its text`).toBeLessThanOrEqual(b.textLeft);
      expect(b.textRight, `${b.name}: text within its label`).toBeLessThanOrEqual(b.labelRight + 0.5);
    }

    // Bairro: the organização's bairros, found without the accent.
    const bairro = page.getByRole("combobox", { name: "Bairro" });
    await bairro.fill("olimp");
    const listbox = page.getByRole("listbox", { name: "Bairro" });
    await expect.poll(() => listbox.getByRole("option").allTextContents()).toEqual(["Vila Olímpia"]);
    await listbox.getByRole("option", { name: "Vila Olímpia" }).click();
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await page.waitForURL((url) => url.searchParams.getAll("f.bairro").join() === "Vila Olímpia");
    await page.getByText("Apartamento na Vila Olímpia").first().waitFor();
    expect(await page.getByText("Apartamento em Moema").count()).toBe(0);
    // The chosen bairro is an active filter chip, and the picker shows it chosen when reopened.
    await page.getByRole("list", { name: "Filtros ativos" }).getByText("Vila Olímpia").waitFor();
  });
});
