/**
 * CEP autofill in Chromium, against the fake ViaCEP the e2e Worker is pointed at
 * (VIACEP_BASE_URL, started in support/global-setup.ts): a known CEP fills Rua, Bairro, Cidade
 * and UF; an unknown CEP, ViaCEP answering 500 and ViaCEP too slow (past the app's 2 s timeout)
 * fill nothing and say so in a short note by the field (never an error) — the form stays usable,
 * the address is typed by hand and saved. Once more on the companies form. (The browser fixture also fails a test on any
 * console error, so "silent" really means silent.)
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { VIACEP_FIXTURES } from "../fakes/viacep-server.ts";
import { createRegisteredUser } from "./support/accounts.ts";
import { browserFixture, waitForPath } from "./support/browser.ts";
import { login } from "./support/pages.ts";
import { E2E_CEPS } from "./support/viacep.ts";

const f = browserFixture();

const PAULISTA = VIACEP_FIXTURES["01310100"];
const PINHEIROS = VIACEP_FIXTURES["05422030"];
const FILLED = "Endereço preenchido pelo CEP. Confira e complete o número.";
const SEARCHING = "Buscando endereço…";
const UNKNOWN = "Não encontramos este CEP. Preencha o endereço à mão.";
const UNAVAILABLE = "Não foi possível consultar o CEP agora.";

async function openForm(page: Page, path: string, owner: string): Promise<void> {
  const user = await createRegisteredUser({ name: owner });
  await login(page, user.email, user.password);
  await page.goto(path);
  await waitForPath(page, path);
  // Hydrated: the autofill is a React handler.
  await page.waitForLoadState("networkidle");
}

/** What the address fields show, as the person sees them. */
async function address(page: Page) {
  return {
    rua: await page.getByLabel("Rua", { exact: true }).inputValue(),
    bairro: await page.getByLabel("Bairro", { exact: true }).inputValue(),
    cidade: await page.getByLabel("Cidade", { exact: true }).inputValue(),
    uf: await page.getByLabel("UF", { exact: true }).inputValue(),
  };
}

const EMPTY = { rua: "", bairro: "", cidade: "", uf: "" };

/** Types a CEP digit by digit (as a person does, through the mask) and waits for the lookup's answer. */
async function typeCep(page: Page, digits: string): Promise<void> {
  const field = page.getByLabel("CEP", { exact: true });
  await field.fill("");
  const answered = page.waitForResponse((r) => r.url().endsWith("/functions/v1/consultar-cep"), { timeout: 10_000 });
  await field.pressSequentially(digits);
  expect(await field.inputValue()).toBe(`${digits.slice(0, 5)}-${digits.slice(5)}`);
  const res = await answered;
  expect(res.status(), "the lookup itself never fails").toBe(200);
}

/** The value shown under a label on the record's page. */
async function shown(page: Page, label: string): Promise<string> {
  const item = page.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) });
  return ((await item.locator("dd").textContent()) ?? "").trim();
}

/** After a lookup that found nothing: the note saying why, and nothing alarming. */
async function expectQuiet(page: Page, note: string): Promise<void> {
  await page.getByText(SEARCHING).waitFor({ state: "hidden" });
  await page.getByText(note, { exact: true }).waitFor();
  expect(await page.getByText(FILLED).count()).toBe(0);
  expect(await page.getByRole("alert").count()).toBe(0);
  expect(await page.getByLabel("CEP", { exact: true }).getAttribute("aria-invalid")).toBeNull();
}

async function typeAddressByHand(page: Page): Promise<void> {
  await page.getByLabel("Rua", { exact: true }).fill("Rua Digitada à Mão");
  await page.getByLabel("Número", { exact: true }).fill("42");
  await page.getByLabel("Bairro", { exact: true }).fill("Centro Histórico");
  await page.getByLabel("Cidade", { exact: true }).fill("Ouro Preto");
  await page.getByLabel("UF", { exact: true }).selectOption("MG");
}

async function saveClient(page: Page, name: string): Promise<void> {
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Salvar cliente" }).click();
  await page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
  await page.getByRole("heading", { level: 1, name }).waitFor();
}

async function expectSavedByHand(page: Page, cep: string): Promise<void> {
  expect(await shown(page, "CEP")).toBe(`${cep.slice(0, 5)}-${cep.slice(5)}`);
  expect(await shown(page, "Rua")).toBe("Rua Digitada à Mão");
  expect(await shown(page, "Bairro")).toBe("Centro Histórico");
  expect(await shown(page, "Cidade")).toBe("Ouro Preto");
  expect(await shown(page, "UF")).toBe("MG");
}

describe("CEP autofill", () => {
  it("fills Rua, Bairro, Cidade and UF from a known CEP on /clients/create, and saves them", async () => {
    const { page } = f;
    await openForm(page, "/clients/create", "Lívia Autofill");
    if (!PAULISTA || !PINHEIROS) throw new Error("fixtures missing");

    await typeCep(page, "01310100");
    await page.getByText(FILLED).waitFor();
    expect(await address(page)).toEqual({
      rua: PAULISTA.logradouro,
      bairro: PAULISTA.bairro,
      cidade: PAULISTA.localidade,
      uf: PAULISTA.uf,
    });
    // The number is the person's to type.
    expect(await page.getByLabel("Número", { exact: true }).inputValue()).toBe("");

    // A corrected CEP replaces what the first one filled in, but never what the person typed.
    await page.getByLabel("Bairro", { exact: true }).fill("Jardim Paulista");
    await typeCep(page, "05422030");
    await expect
      .poll(() => address(page))
      .toEqual({ rua: PINHEIROS.logradouro, bairro: "Jardim Paulista", cidade: PINHEIROS.localidade, uf: PINHEIROS.uf });

    await page.getByLabel("Número", { exact: true }).fill("1500");
    await saveClient(page, "Lívia Autofill Souza");
    expect(await shown(page, "CEP")).toBe("05422-030");
    expect(await shown(page, "Rua")).toBe(PINHEIROS.logradouro);
    expect(await shown(page, "Número")).toBe("1500");
    expect(await shown(page, "Bairro")).toBe("Jardim Paulista");
    expect(await shown(page, "Cidade")).toBe(PINHEIROS.localidade);
    expect(await shown(page, "UF")).toBe(PINHEIROS.uf);
  });

  it("an unknown CEP fills nothing, says so by the field, and the address typed by hand saves", async () => {
    const { page } = f;
    await openForm(page, "/clients/create", "Caio Desconhecido");
    await typeCep(page, E2E_CEPS.unknown);
    await expectQuiet(page, UNKNOWN);
    expect(await address(page)).toEqual(EMPTY);
    await typeAddressByHand(page);
    await saveClient(page, "Caio CEP Desconhecido");
    await expectSavedByHand(page, E2E_CEPS.unknown);
  });

  it("ViaCEP down (500): says the lookup failed, the form stays usable and the address typed by hand saves", async () => {
    const { page } = f;
    await openForm(page, "/clients/create", "Nara Fora do Ar");
    await typeCep(page, E2E_CEPS.failing);
    await expectQuiet(page, UNAVAILABLE);
    expect(await address(page)).toEqual(EMPTY);
    await typeAddressByHand(page);
    await saveClient(page, "Nara ViaCEP Fora");
    await expectSavedByHand(page, E2E_CEPS.failing);
  });

  it("ViaCEP too slow: the person keeps typing while it looks up, nothing is overwritten, and it saves", async () => {
    const { page } = f;
    await openForm(page, "/clients/create", "Téo Lento");
    const field = page.getByLabel("CEP", { exact: true });
    const answered = page.waitForResponse((r) => r.url().endsWith("/functions/v1/consultar-cep"), { timeout: 45_000 });
    const started = Date.now();
    await field.pressSequentially(E2E_CEPS.slow);
    // The lookup is under way (the fake answers after a minute; the app gives up at 2 s)…
    await page.getByText(SEARCHING).waitFor();
    // …and the form does not wait for it.
    await typeAddressByHand(page);
    const res = await answered;
    expect(res.status()).toBe(200);
    expect(Date.now() - started, "the app gives up on ViaCEP long before it answers").toBeLessThan(30_000);
    await expectQuiet(page, UNAVAILABLE);
    expect(await address(page)).toEqual({ rua: "Rua Digitada à Mão", bairro: "Centro Histórico", cidade: "Ouro Preto", uf: "MG" });
    await saveClient(page, "Téo ViaCEP Lento");
    await expectSavedByHand(page, E2E_CEPS.slow);
  });

  it("fills the address from a known CEP on /companies/create, and saves it", async () => {
    const { page } = f;
    await openForm(page, "/companies/create", "Rui Empresas");
    const fixture = VIACEP_FIXTURES["20040002"];
    if (!fixture) throw new Error("fixture missing");
    await page.getByLabel("Tipo", { exact: true }).selectOption("fornecedor");
    await page.getByLabel("Razão social", { exact: true }).fill("Fornecedora Assembleia Ltda");
    await typeCep(page, "20040002");
    await page.getByText(FILLED).waitFor();
    expect(await address(page)).toEqual({ rua: fixture.logradouro, bairro: fixture.bairro, cidade: fixture.localidade, uf: fixture.uf });
    await page.getByLabel("Número", { exact: true }).fill("10");
    await page.getByRole("button", { name: "Salvar empresa" }).click();
    await page.waitForURL(/\/companies\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: "Fornecedora Assembleia Ltda" }).waitFor();
    expect(await shown(page, "CEP")).toBe("20040-002");
    expect(await shown(page, "Rua")).toBe(fixture.logradouro);
    expect(await shown(page, "Bairro")).toBe(fixture.bairro);
    expect(await shown(page, "Cidade")).toBe(fixture.localidade);
    expect(await shown(page, "UF")).toBe(fixture.uf);
  });
});
