import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_INSTAGRAM_ID, type MetaStandin, startMetaStandin } from "../../../tools/meta-standin/server.ts";
import { facebookLogin, graph } from "./client.ts";

let standin: MetaStandin;
let token: string;
beforeEach(async () => {
  standin = await startMetaStandin({ containerPolls: 2, publishQuota: 3 });
  token = (await facebookLogin(standin)).longToken;
});
afterEach(async () => {
  await standin.close();
});

const photo = () => `${standin.url}/_demo/photo.jpg`;
const container = (params: Record<string, string>) =>
  graph(standin, "POST", `/${DEMO_INSTAGRAM_ID}/media`, { access_token: token, ...params });
const status = async (id: string) => (await graph(standin, "GET", `/${id}`, { access_token: token, fields: "status_code,status" })).body;
const publish = (id: string) => graph(standin, "POST", `/${DEMO_INSTAGRAM_ID}/media_publish`, { access_token: token, creation_id: id });
const quota = async () =>
  (
    (await graph(standin, "GET", `/${DEMO_INSTAGRAM_ID}/content_publishing_limit`, { access_token: token, fields: "quota_usage,config" }))
      .body.data as unknown[]
  )[0];

describe("meta stand-in: Instagram content publishing", () => {
  it("publishes one image: container IN_PROGRESS → FINISHED after N polls, media_publish once, quota counted", async () => {
    expect(await quota()).toEqual({ quota_usage: 0, config: { quota_total: 3, quota_duration: 86_400 } });
    const created = await container({ image_url: photo(), caption: "Apartamento #demo", alt_text: "Sala" });
    const id = String(created.body.id);
    expect(id).toMatch(/^demo_container_/);
    // The stand-in fetched the image like Meta does.
    expect(standin.log.some((r) => r.path === "/_demo/photo.jpg")).toBe(true);
    const early = await publish(id);
    expect(early.body.error).toMatchObject({ code: 9007, error_subcode: 2207027 });
    expect((await status(id)).status_code).toBe("IN_PROGRESS");
    expect((await status(id)).status_code).toBe("IN_PROGRESS");
    expect((await status(id)).status_code).toBe("FINISHED");
    const published = await publish(id);
    expect(published.status).toBe(200);
    const mediaId = String(published.body.id);
    expect(mediaId).toMatch(/^demo_media_/);
    expect((await status(id)).status_code).toBe("PUBLISHED");
    expect((await quota()) as object).toMatchObject({ quota_usage: 1 });
    // Publishing the same container again never makes a second post.
    expect((await publish(id)).body.error?.message).toContain("already published");
    expect(standin.state.media.size).toBe(1);

    const media = await graph(standin, "GET", `/${mediaId}`, {
      access_token: token,
      fields: "id,caption,media_type,permalink,timestamp,like_count,comments_count",
    });
    expect(media.body).toMatchObject({ id: mediaId, caption: "Apartamento #demo", media_type: "IMAGE", comments_count: 0 });
    expect(String(media.body.permalink)).toBe(`${standin.url}/_demo/instagram/${mediaId}`);
    expect(String(media.body.timestamp)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);
    const list = await graph(standin, "GET", `/${DEMO_INSTAGRAM_ID}/media`, { access_token: token, fields: "id,caption" });
    expect(list.body.data).toEqual([{ id: mediaId, caption: "Apartamento #demo" }]);
    const insights = await graph(standin, "GET", `/${mediaId}/insights`, { access_token: token, metric: "reach,likes,comments" });
    const values = (insights.body.data as { name: string; values: { value: number }[] }[]).map((m) => [m.name, m.values[0]?.value]);
    expect(values).toEqual([
      ["reach", expect.any(Number)],
      ["likes", expect.any(Number)],
      ["comments", 0],
    ]);
  });

  it("publishes a carousel of children, and refuses one child or eleven", async () => {
    const children: string[] = [];
    for (let i = 0; i < 3; i++) children.push(String((await container({ image_url: photo(), is_carousel_item: "true" })).body.id));
    expect((await container({ media_type: "CAROUSEL", children: children[0] ?? "" })).body.error?.code).toBe(100);
    const carousel = String((await container({ media_type: "CAROUSEL", children: children.join(","), caption: "Três fotos" })).body.id);
    for (let i = 0; i < 3; i++) await status(carousel);
    // A child alone is not publishable.
    expect((await publish(children[0] ?? "")).body.error?.code).toBe(9007);
    const published = await publish(carousel);
    expect(standin.state.media.get(String(published.body.id))?.mediaType).toBe("CAROUSEL_ALBUM");
  });

  it("fails with 9004/2207052 when it cannot download the image, and ends a non-JPEG in ERROR", async () => {
    const missing = await container({ image_url: `${standin.url}/_demo/missing.jpg` });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 9004, error_subcode: 2207052, error_user_title: "Media download has failed" });
    const unreachable = await container({ image_url: "http://127.0.0.1:1/x.jpg" });
    expect(unreachable.body.error).toMatchObject({ code: 9004, error_subcode: 2207052 });
    expect(standin.state.containers.size).toBe(0);
    const webp = String((await container({ image_url: `${standin.url}/_demo/photo.webp` })).body.id);
    await status(webp);
    await status(webp);
    expect(await status(webp)).toEqual({ id: webp, status_code: "ERROR", status: "2207026" });
    expect((await publish(webp)).body.error?.code).toBe(9007);
  });

  it("expires a container not published within 24 h", async () => {
    const id = String((await container({ image_url: photo() })).body.id);
    standin.advanceClock(24 * 3_600_000 + 1000);
    expect((await status(id)).status_code).toBe("EXPIRED");
    expect((await publish(id)).body.error?.code).toBe(9007);
  });

  it("holds publishing when the 24 h quota is spent (2207042) and frees it a day later", async () => {
    standin.state.containers.clear();
    const ready = async () => {
      const id = String((await container({ image_url: photo() })).body.id);
      for (let i = 0; i < 3; i++) await status(id);
      return id;
    };
    for (let i = 0; i < 3; i++) expect((await publish(await ready())).status).toBe(200);
    const fourth = await ready();
    expect((await publish(fourth)).body.error).toMatchObject({ code: 9, error_subcode: 2207042 });
    expect(await quota()).toMatchObject({ quota_usage: 3 });
    standin.advanceClock(86_400_000 + 1);
    const fresh = await ready();
    expect((await publish(fresh)).status).toBe(200);
  });

  it("needs the publishing permission", async () => {
    const limited = (await facebookLogin(standin, ["instagram_content_publish"])).longToken;
    const refused = await graph(standin, "POST", `/${DEMO_INSTAGRAM_ID}/media`, { access_token: limited, image_url: photo() });
    expect(refused.body.error).toMatchObject({ code: 10 });
  });
});
