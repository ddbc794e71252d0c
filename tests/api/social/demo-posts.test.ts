import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { socialAccounts } from "../../../db/schema/index.ts";
import { seedDemoPhotos } from "../../../scripts/seed/demo-photos.ts";
import { seedDemoPosts } from "../../../scripts/seed/demo-posts.ts";
import { seedDemoProperties } from "../../../scripts/seed/demo-properties.ts";
import type { Role } from "../../../shared/enums.ts";
import type { PostRow } from "../../../shared/resources/posts.ts";
import { captionProblems } from "../../../shared/social/caption-rules.ts";
import { getRecord } from "../../../worker/resources/records.ts";
import { movePost } from "../../../worker/services/social/posts.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { actorFor, addMember } from "../records.ts";

/**
 * The demo's posts in the works (Rascunhos alive at once): over a fresh database with the demo's
 * imóveis and photos, with and without connected accounts; every post valid as the editor would
 * save it, the ones from imóveis carrying their photos (cover first) and public link, two waiting
 * for approval — and, with accounts, approvable by the owner.
 */

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

async function demoOrg(name: string, withAccounts: boolean, origin?: string) {
  const owner = await createOwner(h, name);
  const ownerId = (await userId(h, owner.email)) as string;
  const people: { id: string; email: string; role: Role }[] = [{ id: ownerId, email: owner.email, role: "owner" }];
  for (const role of ["admin", "staff", "professional"] as const) {
    people.push({ id: (await addMember(h, owner.orgId, role)).userId, email: `${role}@x`, role });
  }
  const now = new Date("2026-03-10T12:00:00Z");
  const { propertyIds } = await seedDemoProperties(h.fresh.db, owner.orgId, people, { clientIds: [], companyIds: [] }, now);
  await seedDemoPhotos(h.fresh.db, null, owner.orgId, propertyIds);
  if (withAccounts) {
    await h.fresh.db.insert(socialAccounts).values(
      (["facebook", "instagram"] as const).map((rede) => ({
        orgId: owner.orgId,
        rede,
        idExterno: `${rede}-${owner.orgId.slice(0, 8)}`,
        nome: "Imobiliária Horizonte",
        usuario: "imobiliariahorizonte",
        criadoEm: now,
        atualizadoEm: now,
      })),
    );
  }
  // The moves check times against the clock: the demo is seeded "now".
  const { postIds } = await seedDemoPosts(h.fresh.db, owner.orgId, people, propertyIds, new Date(), origin);
  const actor = actorFor(owner.orgId, ownerId);
  const rows = (await Promise.all(postIds.map((id) => getRecord(h.ctx(), actor, "posts", id)))) as unknown as PostRow[];
  return { orgId: owner.orgId, ownerId, rows, actor };
}

describe("seedDemoPosts", () => {
  it("writes drafts and posts waiting for approval, valid, from imóveis with their photos and public link", async () => {
    const { rows } = await demoOrg("Posts Demo", false, "https://demo.alicerce.app");
    expect(rows).toHaveLength(5);
    expect(rows.filter((r) => r.aprovacao === "aguardando_aprovacao")).toHaveLength(2);
    expect(rows.filter((r) => r.aprovacao === "rascunho")).toHaveLength(3);
    for (const row of rows) expect(captionProblems(row.legenda)).toEqual([]);
    const fromProperties = rows.filter((r) => r.origem === "imovel");
    expect(fromProperties).toHaveLength(3);
    for (const row of fromProperties) {
      expect(row.imovelNome).toBeTruthy();
      expect(row.midias.length).toBeGreaterThan(0);
      expect(row.capaChave).toMatch(/^demo\//);
      expect(row.link).toMatch(/^https:\/\/demo\.alicerce\.app\/imovel\//);
      expect(row.legenda).toContain(row.imovelNome?.slice(0, 20));
      expect(row.legenda).toMatch(/R\$/);
    }
    // No account yet: nothing to publish to, said on the post's page.
    expect(rows.every((r) => r.redes.length === 0)).toBe(true);
  });

  it("uses the demo's connected accounts: waiting posts per network, and the owner can approve them", async () => {
    // As `npm start` seeds it: on localhost, whose address no one outside can open (no link).
    const { rows, actor } = await demoOrg("Posts Demo Contas", true);
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.link === null)).toBe(true);
    const waiting = rows.filter((r) => r.aprovacao === "aguardando_aprovacao");
    expect(waiting).toHaveLength(2);
    for (const row of waiting) {
      expect(row.redes.map((t) => [t.rede, t.status])).toEqual([
        ["facebook", "aguardando_aprovacao"],
        ["instagram", "aguardando_aprovacao"],
      ]);
    }
    const approved = await movePost(h.ctx(), actor, waiting[0]?.id as string, "aprovar");
    expect(approved.redes.map((t) => t.status)).toEqual(["agendado", "agendado"]);
    const accounts = await h.fresh.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, actor.orgId));
    expect(accounts).toHaveLength(2);
  });
});
