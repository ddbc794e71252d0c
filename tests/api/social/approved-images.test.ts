/**
 * What Meta publishes is what the approver saw (ADR 047 amendment), against the Meta stand-in:
 * the approval's preview shows the very publishing JPEG Meta downloads (not a display size a
 * drafter may have sent apart from it); a photo's publishing JPEG is written once; and bytes that
 * change after the approval hold the post for a new approval instead of going out.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { posts } from "../../../db/schema/index.ts";
import { PHOTO_WIDTHS, publishImageUrl, publishObjectKey } from "../../../shared/real-estate/photo-url.ts";
import { allowConsoleError } from "../../support/console-guard.ts";
import { jpegFile } from "../../support/jpeg.ts";
import { insertProperty, photoFile } from "../real-estate/property-photos-fixtures.ts";
import { addMember } from "../records.ts";
import {
  attemptsOf,
  createApproved,
  createDriver,
  createWorld,
  drain,
  liveCopies,
  ownerRequest,
  type TargetRow,
  targetsOf,
  type World,
} from "./publishing-fixtures.ts";

let w: World;
let drafter: Awaited<ReturnType<typeof addMember>>;

beforeAll(async () => {
  w = await createWorld();
  drafter = await addMember(w.h, w.owner.orgId, "professional", "Corretora Rascunho");
});

beforeEach(() => allowConsoleError(/\[job\]|\[publicação\]/));

afterAll(async () => {
  await w?.close();
});

const jpeg = (bytes: Uint8Array, name: string) => new File([bytes as BlobPart], name, { type: "image/jpeg" });
const pair = () => w.pairs[0] as World["pairs"][number];

async function request(cookie: string, method: string, path: string, body?: FormData | Record<string, unknown>) {
  const res = await w.h.request(path, body instanceof FormData ? { method, cookie, body } : { method, cookie, json: body });
  return { status: res.status, body: (await res.json()) as { data?: Record<string, unknown>; error?: { message: string } } };
}

/** The bytes at a URL (Meta's signed one, or a member's preview path with their cookie). */
async function bytesAt(url: string, cookie?: string): Promise<{ status: number; bytes: Uint8Array }> {
  const res = cookie ? await w.h.request(url, { cookie }) : await fetch(url);
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const only = async (postId: string, rede: "facebook" | "instagram") =>
  (await targetsOf(w, [postId])).find((t) => t.rede === rede) as TargetRow;

/** The image URLs Meta was handed for this publication (Instagram containers, Facebook photos). */
function urlsHandedToMeta(): string[] {
  return [
    ...[...w.meta.state.containers.values()].map((c) => c.imageUrl).filter((u): u is string => Boolean(u)),
    ...[...w.meta.state.photos.values()].map((p) => p.url),
  ];
}

/** A property photo uploaded the way the photo manager does, with or without its publishing JPEG. */
async function uploadPhoto(propertyId: string, publish?: Uint8Array): Promise<{ id: string; chave: string }> {
  const form = new FormData();
  for (const width of PHOTO_WIDTHS)
    form.set(`w${width}`, new File([photoFile(width) as BlobPart], `${width}.webp`, { type: "image/webp" }));
  form.set("largura", "1600");
  form.set("altura", "1200");
  if (publish) form.set("publicacao", jpeg(publish, "publish.jpg"));
  const res = await request(w.owner.cookie, "POST", `/api/property-photos/${propertyId}`, form);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; chave: string };
}

function putRendition(cookie: string, propertyId: string, photoId: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set("publicacao", jpeg(bytes, "publish.jpg"));
  return request(cookie, "PUT", `/api/property-photos/${propertyId}/${photoId}/publicacao`, form);
}

describe("the approver sees the bytes Meta gets", () => {
  it("a drafter's upload whose display sizes show another image: the approval's preview shows the publishing JPEG, the one Meta downloads", async () => {
    const meant = jpegFile("baseline", 1080, 810, 900); // what goes to Meta
    const decoy = (width: number) => jpegFile("progressive", width, Math.round((810 * width) / 1080), 300 + width); // what the drafter wants seen
    const form = new FormData();
    form.set("publicacao", jpeg(meant, "publicacao.jpg"));
    form.set("w320", jpeg(decoy(320), "w320.jpg"));
    form.set("w640", jpeg(decoy(640), "w640.jpg"));
    const uploaded = await request(drafter.cookie, "POST", "/api/post-images", form);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const chave = uploaded.body.data?.chave as string;
    const created = await request(drafter.cookie, "POST", "/api/posts", {
      legenda: "Lançamento no centro",
      contas: [pair().instagram],
      midias: [chave],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data?.id as string;
    expect((await request(drafter.cookie, "POST", `/api/posts/${id}/enviar`)).status).toBe(200);
    // A drafter cannot approve their own post.
    expect((await request(drafter.cookie, "POST", `/api/posts/${id}/aprovar`)).status).toBe(403);

    // What the owner's preview loads before approving: the publishing JPEG itself, to members only.
    const seen = await bytesAt(publishImageUrl(chave), w.owner.cookie);
    expect(seen.status).toBe(200);
    expect(seen.bytes).toEqual(meant);
    expect((await w.h.request(publishImageUrl(chave))).status).toBe(404);

    const before = new Set(urlsHandedToMeta());
    expect((await ownerRequest(w, "POST", `/api/posts/${id}/aprovar`)).status).toBe(200);
    await drain(w.h.pending);
    await createDriver(w).settle([id]);
    const target = await only(id, "instagram");
    expect(target.status).toBe("publicado");
    const handed = urlsHandedToMeta().filter((u) => !before.has(u));
    expect(handed).toHaveLength(1);
    const downloaded = await bytesAt(handed[0] as string);
    expect(downloaded.status).toBe(200);
    expect(downloaded.bytes).toEqual(seen.bytes);
  });
});

describe("bytes that change after the approval never go out", () => {
  it("a photo's publishing JPEG is written once: overwriting it after the post was approved is refused, and Meta gets the approved bytes", async () => {
    const { id: propertyId } = await insertProperty(w.h, w.owner.orgId);
    const approvedBytes = jpegFile("baseline", 1080, 810, 700);
    const photo = await uploadPhoto(propertyId, approvedBytes);
    const later = new Date(Date.now() + 20 * 60_000).toISOString();
    const id = await createApproved(w, { legenda: "Casa com quintal", contas: [pair().facebook], midias: [photo.id], agendadoPara: later });
    await drain(w.h.pending);

    const swap = jpegFile("progressive", 1080, 810, 1500);
    const put = await putRendition(w.owner.cookie, propertyId, photo.id, swap);
    expect(put.status, JSON.stringify(put.body)).toBe(409);
    expect(put.body.error?.message).toMatch(/já tem a versão para publicação/);
    expect(w.bucket.objects.get(publishObjectKey(photo.chave))?.bytes).toEqual(approvedBytes);

    const before = new Set(urlsHandedToMeta());
    const driver = createDriver(w);
    await driver.settle([id], 40);
    const target = await only(id, "facebook");
    expect(target.status).toBe("publicado");
    const handed = urlsHandedToMeta().filter((u) => !before.has(u));
    expect(handed).toHaveLength(1);
    expect((await bytesAt(handed[0] as string)).bytes).toEqual(approvedBytes);
  });

  it("bytes changed after approval hold the post for a new approval on every network, with the reason; approved again, it goes once", async () => {
    const { id: propertyId } = await insertProperty(w.h, w.owner.orgId);
    const original = jpegFile("baseline", 1080, 810, 650);
    const photo = await uploadPhoto(propertyId, original);
    const later = new Date(Date.now() + 20 * 60_000).toISOString();
    const id = await createApproved(w, {
      legenda: "Apartamento com vista #vista",
      contas: [pair().facebook, pair().instagram],
      midias: [photo.id],
      agendadoPara: later,
    });
    await drain(w.h.pending);
    const [approved] = await w.h.fresh.db.select().from(posts).where(eq(posts.id, id));
    expect(approved?.aprovadoEm).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 5));

    // The file changes behind the approval (a direct write: no route of ours replaces it any more).
    const changed = jpegFile("progressive", 1080, 810, 1300);
    await w.bucket.put(publishObjectKey(photo.chave), changed, {
      httpMetadata: { contentType: "image/jpeg" },
      customMetadata: { width: "1080", height: "810" },
    });
    const before = new Set(urlsHandedToMeta());
    const driver = createDriver(w);
    for (let minute = 0; minute < 25; minute++) await driver.minute();

    expect(urlsHandedToMeta().filter((u) => !before.has(u))).toEqual([]);
    const [post] = await w.h.fresh.db.select().from(posts).where(eq(posts.id, id));
    expect(post).toMatchObject({ aprovacao: "aguardando_aprovacao", aprovadoPor: null });
    for (const rede of ["facebook", "instagram"] as const) {
      const target = await only(id, rede);
      expect(target).toMatchObject({
        status: "aguardando_aprovacao",
        erroCodigo: "imagem_alterada",
        containerId: null,
        postExternoId: null,
      });
      expect(target.erroMensagem).toMatch(/A imagem 1 mudou depois da aprovação: o post voltou para aprovação/);
      expect(await liveCopies(w, target)).toBe(0);
    }
    // The history says why, at most once per network (a run that claimed before the other's hold finds it itself), with the raw code.
    const histories = await Promise.all((await targetsOf(w, [id])).map((t) => attemptsOf(w, t.id)));
    expect(histories.flat().length).toBeGreaterThan(0);
    for (const history of histories) {
      expect(history.length).toBeLessThanOrEqual(1);
      for (const row of history) expect(row).toMatchObject({ resultado: "retido", erroCodigo: "imagem_alterada" });
    }

    // The way out: approved again (the owner sees the new image), the new bytes are pinned and go out once.
    expect((await ownerRequest(w, "POST", `/api/posts/${id}/aprovar`)).status).toBe(200);
    await drain(w.h.pending);
    await driver.settle([id], 40);
    for (const rede of ["facebook", "instagram"] as const) {
      const target = await only(id, rede);
      expect(target).toMatchObject({ status: "publicado", erroMensagem: null });
      expect(await liveCopies(w, target)).toBe(1);
    }
    for (const url of urlsHandedToMeta().filter((u) => !before.has(u))) expect((await bytesAt(url)).bytes).toEqual(changed);
  });

  it("a publishing JPEG made after the approval of a photo that had none holds the post; the second one is refused", async () => {
    const { id: propertyId } = await insertProperty(w.h, w.owner.orgId);
    const photo = await uploadPhoto(propertyId);
    const later = new Date(Date.now() + 20 * 60_000).toISOString();
    const id = await createApproved(w, { legenda: "Terreno plano", contas: [pair().facebook], midias: [photo.id], agendadoPara: later });
    await drain(w.h.pending);
    const made = await putRendition(w.owner.cookie, propertyId, photo.id, jpegFile("baseline", 1080, 810, 600));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((await putRendition(w.owner.cookie, propertyId, photo.id, jpegFile("baseline", 1080, 810, 900))).status).toBe(409);

    const before = new Set(urlsHandedToMeta());
    const driver = createDriver(w);
    for (let minute = 0; minute < 25; minute++) await driver.minute();
    expect(urlsHandedToMeta().filter((u) => !before.has(u))).toEqual([]);
    expect(await only(id, "facebook")).toMatchObject({ status: "aguardando_aprovacao", erroCodigo: "imagem_alterada" });
  });

  it("an approver saving an approved post with a new image pins it: it goes out without a new approval", async () => {
    const { id: propertyId } = await insertProperty(w.h, w.owner.orgId);
    const first = await uploadPhoto(propertyId, jpegFile("baseline", 1080, 810, 610));
    const second = await uploadPhoto(propertyId, jpegFile("baseline", 1080, 810, 620));
    const later = new Date(Date.now() + 20 * 60_000).toISOString();
    const spec = { legenda: "Sala comercial", contas: [pair().facebook], midias: [first.id], agendadoPara: later };
    const id = await createApproved(w, spec);
    await drain(w.h.pending);
    const saved = await ownerRequest(w, "PATCH", `/api/posts/${id}`, { ...spec, midias: [second.id] });
    expect(saved.status, await saved.clone().text()).toBe(200);
    await drain(w.h.pending);
    await createDriver(w).settle([id], 40);
    expect(await only(id, "facebook")).toMatchObject({ status: "publicado" });
  });
});
