/**
 * Stored text rendered back is escaped: markup saved through the app (a person's name through
 * the /perfil form, a client's name and notes through /api/clients) comes back from the
 * server-rendered pages as text — `&lt;script&gt;` in the HTML, the literal characters on screen
 * — never as a live tag, and no script of it runs in the browser.
 */
import { describe, expect, inject, it } from "vitest";
import { createRegisteredUser, loginCookie } from "./support/accounts.ts";
import { browserFixture } from "./support/browser.ts";
import { login } from "./support/pages.ts";

const base = () => inject("baseURL");
const SCRIPT = "<script>alert(1)</script>";
const IMG = '"><img src=x onerror=alert(2)>';
const ESCAPED_SCRIPT = "&lt;script&gt;alert(1)&lt;/script&gt;";

async function page(path: string, cookie: string): Promise<string> {
  const res = await fetch(`${base()}${path}`, { headers: { cookie } });
  expect(res.status, path).toBe(200);
  return res.text();
}

/** The markup never appears as markup; its escaped form does (so the text really was rendered). */
function expectEscaped(html: string, where: string): void {
  expect(html.includes(SCRIPT), `${where}: live <script> from stored text`).toBe(false);
  expect(html.includes("<img src=x onerror"), `${where}: live <img onerror> from stored text`).toBe(false);
  expect(html.includes(ESCAPED_SCRIPT), `${where}: the stored text is not on the page`).toBe(true);
}

describe("stored text rendered back is escaped", () => {
  const f = browserFixture();

  it("a person's name saved through /perfil", async () => {
    const user = await createRegisteredUser({ name: "Nome Temporário" });
    const cookie = await loginCookie(user.email, user.password);
    const saved = await fetch(`${base()}/perfil`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: base(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "nome", nome: SCRIPT }),
    });
    expect(saved.status).toBeLessThan(400);
    await saved.arrayBuffer();
    for (const path of ["/perfil", "/", "/admin/users"]) expectEscaped(await page(path, cookie), path);
  });

  it("a client's name and notes saved through /api/clients, on the list and the detail page", async () => {
    const user = await createRegisteredUser();
    const cookie = await loginCookie(user.email, user.password);
    const token = await fetch(`${base()}/api/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: user.email, senha: user.password }),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const created = await fetch(`${base()}/api/clients`, {
      method: "POST",
      headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ tipo: "pf", nome: SCRIPT, observacoes: IMG, tags: [SCRIPT.slice(0, 30)], cidade: IMG }),
    });
    const body = (await created.json()) as { data?: { id: string }; error?: unknown };
    expect(created.status, JSON.stringify(body)).toBe(201);
    const id = body.data?.id as string;

    for (const path of ["/clients", "/clients?q=script", `/clients/${id}`, `/clients/${id}/edit`])
      expectEscaped(await page(path, cookie), path);

    // In a real browser: the name is shown as the literal text and nothing it carries runs.
    const dialogs: string[] = [];
    f.page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await login(f.page, user.email, user.password);
    await f.page.goto(`/clients/${id}`);
    await expect.poll(() => f.page.getByText(SCRIPT, { exact: true }).first().isVisible()).toBe(true);
    expect(await f.page.locator("img[src='x']").count()).toBe(0);
    expect(dialogs).toEqual([]);
  });
});
