import { beforeAll, describe, expect, it } from "vitest";
import type { ReferenciaRow } from "../../../shared/resources/referencias.ts";
import { referenceAccountsForPrompt } from "../../../worker/services/ai-content/reference-accounts.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { addMember, api, errorFields } from "../records.ts";

/**
 * Contas de Referência through the registry's API against the local database: handles stored
 * bare and lower-case, unique per organização among live rows, notes up to 500 characters,
 * search, edit, delete and restore; the professional role is refused; another organização sees
 * nothing; and the generator's service returns exactly the live ones, as { handle, notas }.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;

type Body<T> = { data: T; total?: number };

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Referências");
});

async function create(cookie: string, body: Record<string, unknown>) {
  return api<Body<{ id: string }>>(h, cookie, "POST", "/api/referencias", body);
}

describe("Contas de Referência", () => {
  let aptoId: string;

  it("creates from what people paste, stored without @ and lower-case", async () => {
    const a = await create(owner.cookie, { handle: "@Apto.Paulistano", notas: "Legendas curtas que abrem pelo bairro." });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    aptoId = a.body.data.id;
    const b = await create(owner.cookie, {
      handle: "https://www.instagram.com/morar.zonaoeste/?igsh=x1",
      notas: "Carrosséis como um passeio.",
    });
    expect(b.status).toBe(201);
    const row = (await api<Body<ReferenciaRow>>(h, owner.cookie, "GET", `/api/referencias/${aptoId}`)).body.data;
    expect(row).toMatchObject({ handle: "apto.paulistano", notas: "Legendas curtas que abrem pelo bairro." });
  });

  it("refuses an invalid handle, a repeated one (any case or form) and notes over 500 characters, in pt-BR; nothing saved", async () => {
    const before = (await api<Body<ReferenciaRow[]>>(h, owner.cookie, "GET", "/api/referencias")).body.total;
    const invalid = await create(owner.cookie, { handle: "casa bela imóveis" });
    expect(invalid.status).toBe(400);
    expect(errorFields(invalid.body).handle).toContain("deve ser um usuário do Instagram válido");
    const repeated = await create(owner.cookie, { handle: "APTO.PAULISTANO" });
    expect(repeated.status).toBe(409);
    expect(errorFields(repeated.body).handle).toBe("Este perfil já está nas suas contas de referência.");
    const long = await create(owner.cookie, { handle: "outro.perfil", notas: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(errorFields(long.body).notas).toBe("O campo O que você gosta neste perfil não deve ter mais que 500 caracteres");
    expect((await api<Body<ReferenciaRow[]>>(h, owner.cookie, "GET", "/api/referencias")).body.total).toBe(before);
  });

  it("finds by the handle's words and by the notes", async () => {
    const byHandle = await api<Body<ReferenciaRow[]>>(h, owner.cookie, "GET", "/api/referencias?q=paulistano");
    expect(byHandle.body.data.map((r) => r.handle)).toEqual(["apto.paulistano"]);
    const byNotes = await api<Body<ReferenciaRow[]>>(h, owner.cookie, "GET", "/api/referencias?q=carrosseis");
    expect(byNotes.body.data.map((r) => r.handle)).toEqual(["morar.zonaoeste"]);
  });

  it("edits, deletes (the handle is free again) and gives the generator the live ones", async () => {
    const edited = await api(h, owner.cookie, "PATCH", `/api/referencias/${aptoId}`, {
      handle: "apto.paulistano",
      notas: "Uma pergunta no fim, poucos emojis.",
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await referenceAccountsForPrompt({ db: h.fresh.db }, owner.orgId)).toEqual([
      { handle: "apto.paulistano", notas: "Uma pergunta no fim, poucos emojis." },
      { handle: "morar.zonaoeste", notas: "Carrosséis como um passeio." },
    ]);
    expect((await api(h, owner.cookie, "DELETE", `/api/referencias/${aptoId}`)).status).toBe(200);
    expect((await referenceAccountsForPrompt({ db: h.fresh.db }, owner.orgId)).map((r) => r.handle)).toEqual(["morar.zonaoeste"]);
    const again = await create(owner.cookie, { handle: "apto.paulistano" });
    expect(again.status).toBe(201);
    expect(await referenceAccountsForPrompt({ db: h.fresh.db }, owner.orgId)).toContainEqual({ handle: "apto.paulistano", notas: "" });
  });

  it("is the office's: staff writes, the professional role is refused, and another organização sees nothing", async () => {
    const staff = await addMember(h, owner.orgId, "staff");
    expect((await create(staff.cookie, { handle: "da.equipe" })).status).toBe(201);
    const professional = await addMember(h, owner.orgId, "professional");
    expect((await api(h, professional.cookie, "GET", "/api/referencias")).status).toBe(403);
    expect((await create(professional.cookie, { handle: "do.corretor" })).status).toBe(403);
    const other = await createOwner(h, "Outra");
    const theirs = await api<Body<ReferenciaRow[]>>(h, other.cookie, "GET", "/api/referencias");
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    expect((await api(h, other.cookie, "GET", `/api/referencias/${aptoId}`)).status).toBe(404);
    expect(await referenceAccountsForPrompt({ db: h.fresh.db }, other.orgId)).toEqual([]);
    // The same handle in another organização is its own.
    expect((await create(other.cookie, { handle: "morar.zonaoeste" })).status).toBe(201);
  });
});
