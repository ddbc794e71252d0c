import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type MetaStandin, startMetaStandin } from "../../../tools/meta-standin/server.ts";
import { MetaApiError, metaEndpoints } from "../../../worker/integrations/meta/graph.ts";
import { checkAppCredentials } from "../../../worker/integrations/meta/login.ts";

/** "Testar" in Credenciais Sociais (checkAppCredentials) against the Meta stand-in: the app secret never travels in a URL. */

let standin: MetaStandin;
beforeAll(async () => {
  standin = await startMetaStandin();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await standin.close();
});

describe("checking an app id and secret with Meta", () => {
  it("asks for an app token by POST with the secret in the form body, and is refused for a wrong id or secret", async () => {
    const endpoints = metaEndpoints({
      META_GRAPH_URL: standin.env.META_GRAPH_URL,
      INSTAGRAM_GRAPH_URL: standin.env.INSTAGRAM_GRAPH_URL,
      META_GRAPH_VERSION: standin.env.META_GRAPH_VERSION,
    });
    const appId = standin.env.META_APP_ID;
    const appSecret = standin.env.META_APP_SECRET;
    const calls: { url: string; method: string; body: string }[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push({ url: String(input), method: init?.method ?? "GET", body: typeof init?.body === "string" ? init.body : "" });
      return realFetch(input, init);
    });

    await expect(checkAppCredentials(endpoints, { appId, appSecret })).resolves.toBeUndefined();
    await expect(checkAppCredentials(endpoints, { appId, appSecret: "chave-errada-123" })).rejects.toBeInstanceOf(MetaApiError);
    await expect(checkAppCredentials(endpoints, { appId: "999999999", appSecret })).rejects.toBeInstanceOf(MetaApiError);

    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect(call.method).toBe("POST");
      expect(call.url).not.toContain(appSecret);
      expect(call.url).not.toContain("chave-errada-123");
      expect(new URL(call.url).search).toBe("");
    }
    expect(new URLSearchParams(calls[0]?.body).get("client_secret")).toBe(appSecret);
    expect(new URLSearchParams(calls[0]?.body).get("grant_type")).toBe("client_credentials");
  });
});
