import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as facebookPages from "../../../app/routes/social/facebook-pages.tsx";
import * as socialCredentials from "../../../app/routes/social/social-credentials.tsx";
import * as testFacebook from "../../../app/routes/social/test-facebook.tsx";
import * as testIntegration from "../../../app/routes/social/test-integration.tsx";
import { type MetaStandin, startMetaStandin } from "../../../tools/meta-standin/server.ts";
import { META_CHECK_LIMITED } from "../../../worker/services/social/meta-check-limit.ts";
import { createOwner, type Harness, ORIGIN } from "../harness.ts";
import { createPageHarness } from "../page-harness.ts";

/**
 * The screens that call Meta when viewed or clicked ("Testar" in Credenciais Sociais, the
 * diagnostics' loaders) share one per-organização limit: past it they show a pt-BR message
 * (status 200, never a 500) and call Meta no more; another organização is untouched.
 */

let h: Harness;
let meta: MetaStandin;

beforeAll(async () => {
  h = await createPageHarness({
    "admin/social-credentials": socialCredentials,
    "facebook-pages": facebookPages,
    "test-facebook": testFacebook,
    "test-social-integration": testIntegration,
  });
  meta = await startMetaStandin();
  Object.assign(h.env, meta.env);
});
afterAll(async () => {
  await meta.close();
});

const testar = (cookie: string) =>
  h.request("/admin/social-credentials.data", {
    method: "POST",
    body: new URLSearchParams({ intent: "testar" }),
    cookie,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
  });

describe("Meta checks from screens, per organização", () => {
  it("past 20 a minute, Testar and the diagnostics say to wait in pt-BR, without a 500; another organização still checks", async () => {
    const owner = await createOwner(h, "Limite Meta");
    const other = await createOwner(h, "Outra Limite Meta");
    const first = await testar(owner.cookie);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("A Meta aceitou");
    for (let i = 0; i < 9; i++) expect((await h.request("/test-facebook.data", { cookie: owner.cookie })).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await h.request("/test-social-integration.data", { cookie: owner.cookie })).status).toBe(200);
    for (const response of [
      await testar(owner.cookie),
      await h.request("/test-facebook.data", { cookie: owner.cookie }),
      await h.request("/test-social-integration.data", { cookie: owner.cookie }),
    ]) {
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(META_CHECK_LIMITED);
    }
    const elsewhere = await testar(other.cookie);
    expect(await elsewhere.text()).toContain("A Meta aceitou");
  });
});
