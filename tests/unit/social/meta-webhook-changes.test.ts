import { describe, expect, it } from "vitest";
import { exceedsDeliveryCaps, readDelivery as readWith, STALE_AFTER_MS } from "../../../worker/services/social/meta-webhook-changes.ts";

/** What a Meta delivery means to Alicerce (ADR 046): the few changes it acts on, each with a digest stable across Meta's retries. */

const now = new Date("2026-11-26T12:00:00Z");
const t = Math.floor(now.getTime() / 1000);
/** Read as the platform's app signed it. */
const readDelivery = (body: unknown, at: Date) => readWith(body, at, "platform");

describe("reading a delivery", () => {
  it("reads an Instagram comment, a Page comment's verbs and a mention", async () => {
    const read = await readDelivery(
      {
        object: "instagram",
        entry: [
          {
            id: "17841400000000001",
            time: t,
            changes: [
              {
                field: "comments",
                value: { id: "c1", text: "  Qual o valor?  ", from: { id: "u1", username: "ana" }, media: { id: "m1" } },
              },
              { field: "mentions", value: { media_id: "m1", comment_id: "c2" } },
            ],
          },
        ],
      },
      now,
    );
    expect(read?.map((r) => r.change)).toEqual([
      expect.objectContaining({
        kind: "comment",
        network: "instagram",
        objectId: "m1",
        commentId: "c1",
        text: "Qual o valor?",
        authorUsername: "ana",
        tipo: "comentario",
      }),
      expect.objectContaining({ kind: "comment", objectId: "m1", commentId: "c2", tipo: "mencao", text: null, authorId: null }),
    ]);
    const page = (verb: string) => ({
      object: "page",
      entry: [
        {
          id: "p1",
          time: t,
          changes: [
            {
              field: "feed",
              value: {
                item: "comment",
                verb,
                comment_id: "p1_2_3",
                post_id: "p1_2",
                message: "Oi",
                from: { id: "u2", name: "João" },
                created_time: t - 60,
              },
            },
          ],
        },
      ],
    });
    expect((await readDelivery(page("add"), now))?.[0]?.change).toMatchObject({
      kind: "comment",
      network: "facebook",
      authorName: "João",
      at: new Date((t - 60) * 1000),
    });
    expect((await readDelivery(page("edited"), now))?.[0]?.change).toMatchObject({ kind: "comment-edited", text: "Oi" });
    expect((await readDelivery(page("remove"), now))?.[0]?.change).toMatchObject({ kind: "comment-removed", commentId: "p1_2_3" });
    expect((await readDelivery(page("hide"), now))?.[0]?.change).toBeNull();
  });

  it("acts on a revoked permission Alicerce needs, not on grants nor other permissions", async () => {
    const perm = (field: string, verb: string) =>
      readDelivery(
        { object: "permissions", entry: [{ id: "person", time: t, changes: [{ field, value: { verb, target_ids: ["p1"] } }] }] },
        now,
      );
    expect((await perm("pages_manage_posts", "revoked"))?.[0]?.change).toEqual({
      kind: "revoked",
      metaUserId: "person",
      permission: "pages_manage_posts",
      targetIds: ["p1"],
    });
    expect((await perm("pages_manage_posts", "granted"))?.[0]?.change).toBeNull();
    expect((await perm("email", "revoked"))?.[0]?.change).toBeNull();
  });

  it("digests what Meta repeats identically; a later change or another entry time is another digest; stale entries are ignored", async () => {
    const body = (time: number, text = "Oi") => ({
      object: "instagram",
      entry: [{ id: "a", time, changes: [{ field: "comments", value: { id: "c", text, media: { id: "m" } } }] }],
    });
    const [first] = (await readDelivery(body(t), now)) ?? [];
    const [again] = (await readDelivery(JSON.parse(JSON.stringify(body(t))), now)) ?? [];
    const [later] = (await readDelivery(body(t + 1), now)) ?? [];
    const [edited] = (await readDelivery(body(t, "Olá"), now)) ?? [];
    expect(first?.digest).toMatch(/^platform:[0-9a-f]{64}$/);
    expect(again?.digest).toBe(first?.digest);
    expect(new Set([first?.digest, later?.digest, edited?.digest]).size).toBe(3);
    const stale = await readDelivery(body(Math.floor((now.getTime() - STALE_AFTER_MS) / 1000) - 60), now);
    expect(stale?.[0]?.change).toBeNull();
  });

  it("an entry without a time is stale, never taken as now (a replay cannot pass for new by dropping it)", async () => {
    const body = {
      object: "instagram",
      entry: [{ id: "a", changes: [{ field: "comments", value: { id: "c", text: "Oi", media: { id: "m" } } }] }],
    };
    const read = await readDelivery(body, now);
    expect(read).toHaveLength(1);
    expect(read?.[0]?.change).toBeNull();
  });

  it("prefixes each digest with the app that signed: the same change from two apps is two digests", async () => {
    const body = {
      object: "instagram",
      entry: [{ id: "a", time: t, changes: [{ field: "comments", value: { id: "c", media: { id: "m" } } }] }],
    };
    const [platform] = (await readWith(body, now, "platform")) ?? [];
    const [own] = (await readWith(body, now, "org:0b6b6c1e-0000-4000-8000-000000000001")) ?? [];
    expect(own?.digest).toMatch(/^org:0b6b6c1e-0000-4000-8000-000000000001:[0-9a-f]{64}$/);
    expect(own?.digest).not.toBe(platform?.digest);
    expect(own?.digest.slice(-64)).toBe(platform?.digest.slice(-64));
  });

  it("caps a delivery at 100 entries of 100 changes", async () => {
    const change = { field: "comments", value: {} };
    const entries = (n: number, changes: number) => ({
      object: "instagram",
      entry: Array.from({ length: n }, (_, i) => ({ id: `e${i}`, time: t, changes: Array.from({ length: changes }, () => change) })),
    });
    expect(exceedsDeliveryCaps(entries(100, 100))).toBe(false);
    expect(exceedsDeliveryCaps(entries(101, 1))).toBe(true);
    expect(exceedsDeliveryCaps(entries(1, 101))).toBe(true);
    expect(await readDelivery(entries(1, 101), now)).toBeNull();
    for (const junk of [null, "x", { entry: "x" }, { entry: [null, 1] }]) expect(exceedsDeliveryCaps(junk)).toBe(false);
  });

  it("returns null for what is not a delivery at all", async () => {
    for (const body of [null, [], "x", { object: "page" }, { object: "page", entry: [{ time: 1 }] }])
      expect(await readDelivery(body, now)).toBeNull();
  });
});
