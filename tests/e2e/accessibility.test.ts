import { describe, expect, it } from "vitest";
import { axeSeriousViolations, browserFixture } from "./support/browser.ts";

const f = browserFixture();

const PUBLIC_PAGES = ["/login", "/criar-conta", "/forgot-password", "/recover-password", "/email-confirmation?email=ana%40exemplo.com.br"];

describe("accessibility (axe-core)", () => {
  for (const path of PUBLIC_PAGES) {
    it(`has no serious or critical violations on ${path}`, async () => {
      const { page } = f;
      const response = await page.goto(path);
      expect(response?.status()).toBeLessThan(400);
      await page.waitForLoadState("networkidle");
      expect(await axeSeriousViolations(page)).toEqual([]);
    });
  }
});
