import type { Page } from "playwright-core";
import { waitForPath } from "./browser.ts";

/** Fills the login form and submits; does not wait for where it lands. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

/** Signs in through /login and waits for the app to land on `expectPath` (default "/"). */
export async function login(page: Page, email: string, password: string, expectPath = "/"): Promise<void> {
  await page.goto("/login");
  await submitLogin(page, email, password);
  await waitForPath(page, expectPath);
}

/**
 * Opens the user menu ("Menu do usuário") and
 * clicks "Sair"; waits for /login.
 */
export async function logout(page: Page): Promise<void> {
  // The menu is a native <details>: its <summary> is named by visually hidden text.
  await page.locator("summary", { hasText: "Menu do usuário" }).click();
  await page
    .getByRole("menuitem", { name: "Sair" })
    .or(page.getByRole("button", { name: "Sair" }))
    .first()
    .click();
  await waitForPath(page, "/login");
}
