import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_INSTAGRAM_ID, DEMO_PAGE_ID, FAULTS, type MetaStandin, startMetaStandin } from "../../../tools/meta-standin/server.ts";
import { facebookLogin, graph, pageTokens } from "./client.ts";

let standin: MetaStandin;
let token: string;
beforeEach(async () => {
  standin = await startMetaStandin({ containerPolls: 0 });
  token = (await facebookLogin(standin)).longToken;
});
afterEach(async () => {
  await standin.close();
});

const photo = () => `${standin.url}/_demo/photo.jpg`;
const createContainer = (signal?: AbortSignal) =>
  graph(standin, "POST", `/${DEMO_INSTAGRAM_ID}/media`, { access_token: token, image_url: photo() }, "facebook", signal);

describe("meta stand-in: injected faults", () => {
  it("answers 5xx and 429 once, then works", async () => {
    standin.faults.add(FAULTS.serverError({ path: "/media" }, 503));
    standin.faults.add(FAULTS.tooManyRequests({ path: "/media" }));
    const first = await createContainer();
    expect(first.status).toBe(503);
    expect(first.body.error).toMatchObject({ code: 2, is_transient: true });
    const second = await createContainer();
    expect(second.status).toBe(429);
    expect(second.body.error?.code).toBe(4);
    expect((await createContainer()).status).toBe(200);
    // An error answered before the work leaves nothing behind.
    expect(standin.state.containers.size).toBe(1);
  });

  it.each([4, 17, 32, 613] as const)("answers the rate-limit code %i", async (code) => {
    standin.faults.add(FAULTS.rateLimit(code, { method: "POST" }));
    const answer = await createContainer();
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code, is_transient: true, type: "OAuthException" });
  });

  it("hangs until the caller gives up, without doing the work", async () => {
    standin.faults.add(FAULTS.hang({ path: "/media" }));
    await expect(createContainer(AbortSignal.timeout(200))).rejects.toThrow();
    expect(standin.state.containers.size).toBe(0);
    expect(standin.log.at(-1)).toMatchObject({ area: "facebook", fault: "hang", status: null });
  });

  it("loses the answer after the work was done: the container exists, and publishing twice is caught", async () => {
    const id = String((await createContainer()).body.id);
    await graph(standin, "GET", `/${id}`, { access_token: token, fields: "status_code" });
    standin.faults.add(FAULTS.answerLost({ path: "/media_publish" }));
    await expect(graph(standin, "POST", `/${DEMO_INSTAGRAM_ID}/media_publish`, { access_token: token, creation_id: id })).rejects.toThrow();
    expect(standin.state.media.size).toBe(1);
    // What a careful engine does next: read the container before publishing again.
    expect((await graph(standin, "GET", `/${id}`, { access_token: token, fields: "status_code" })).body.status_code).toBe("PUBLISHED");
  });

  it("answers the ambiguous 4/2207051 after doing the work (by default) or before", async () => {
    standin.faults.add(FAULTS.ambiguous({ path: "/media" }));
    const done = await createContainer();
    expect(done.body.error).toMatchObject({ code: 4, error_subcode: 2207051 });
    expect(standin.state.containers.size).toBe(1);
    standin.faults.add(FAULTS.ambiguous({ path: "/media", afterWork: false }));
    await createContainer();
    expect(standin.state.containers.size).toBe(1);
  });

  it("ends the next container in ERROR with the chosen subcode", async () => {
    standin.faults.add(FAULTS.containerError(2207020));
    const id = String((await createContainer()).body.id);
    const read = await graph(standin, "GET", `/${id}`, { access_token: token, fields: "status_code,status" });
    expect(read.body).toMatchObject({ status_code: "ERROR", status: "2207020" });
    const next = String((await createContainer()).body.id);
    expect((await graph(standin, "GET", `/${next}`, { access_token: token, fields: "status_code" })).body.status_code).toBe("FINISHED");
  });

  it("a revoked token gets code 190 at once, Page tokens too", async () => {
    const pages = await pageTokens(standin, token);
    expect(standin.revokeTokens()).toBeGreaterThan(0);
    for (const t of [token, pages[DEMO_PAGE_ID] ?? ""]) {
      const answer = await graph(standin, "GET", "/me", { access_token: t });
      expect(answer.body.error).toMatchObject({ code: 190, error_subcode: 460, type: "OAuthException" });
    }
    const debug = await graph(standin, "GET", "/debug_token", {
      input_token: token,
      access_token: `${standin.env.META_APP_ID}|${standin.env.META_APP_SECRET}`,
    });
    expect(debug.body.data).toMatchObject({ is_valid: false });
  });

  it("an expired token gets 190/463", async () => {
    const { userToken } = await facebookLogin(standin);
    standin.advanceClock(2 * 3_600_000);
    expect((await graph(standin, "GET", "/me", { access_token: userToken })).body.error).toMatchObject({ code: 190, error_subcode: 463 });
  });

  it("is driven over HTTP too (another process: the e2e Worker, npm start), and logs without secrets", async () => {
    const control = (path: string, init?: RequestInit) => fetch(`${standin.url}/_control${path}`, init).then((r) => r.json());
    const added = (await control("/faults", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...FAULTS.serverError(), times: 2 }),
    })) as { id: string };
    expect(added.id).toMatch(/^fault_/);
    expect((await createContainer()).status).toBe(500);
    expect((await createContainer()).status).toBe(500);
    expect((await createContainer()).status).toBe(200);
    await control("/faults", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "error", status: 502, times: -1 }),
    });
    expect((await createContainer()).status).toBe(502);
    await control("/faults", { method: "DELETE" });
    expect((await createContainer()).status).toBe(200);
    expect(await control("/tokens/revoke", { method: "POST", body: "{}" })).toMatchObject({ revoked: expect.any(Number) });
    const log = (await control("/log")) as { params: Record<string, string>; path: string }[];
    const serialized = JSON.stringify(log);
    expect(serialized).not.toContain(token);
    expect(serialized).not.toContain(standin.env.META_APP_SECRET);
    expect(log.find((r) => r.path.endsWith("/oauth/access_token"))?.params.client_secret).toBe("***");
    const state = (await control("/state")) as { containers: unknown[] };
    expect(state.containers).toHaveLength(2);
  });
});
