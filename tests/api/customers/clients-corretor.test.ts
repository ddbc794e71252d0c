import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients } from "../../../db/schema/index.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { addMember, api, errorMessage } from "../records.ts";

/**
 * The corretor (professional role) and clients: registers a buyer met at a plantão (201),
 * edits the clients they registered (200) and no one else's (403 in pt-BR, nothing changed),
 * reads every client, and neither deletes nor erases.
 */

const FORBIDDEN = "Você não tem permissão para esta ação.";

let h: Harness;
let office: Awaited<ReturnType<typeof createOwner>>;
let corretor: Awaited<ReturnType<typeof addMember>>;
let colega: Awaited<ReturnType<typeof addMember>>;

const row = async (id: string) => (await h.fresh.db.select().from(clients).where(eq(clients.id, id)))[0];

async function created(cookie: string, nome: string): Promise<string> {
  const res = await api<{ data: { id: string } }>(h, cookie, "POST", "/api/clients", {
    tipo: "pf",
    nome,
    telefones: [{ numero: "11987654321", whatsapp: true, rotulo: null }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

beforeAll(async () => {
  h = await createHarness();
  office = await createOwner(h, "Imobiliária");
  corretor = await addMember(h, office.orgId, "professional", "Corretora Rita");
  colega = await addMember(h, office.orgId, "professional", "Corretor Paulo");
});

describe("a corretor's clients", () => {
  it("registers a new client, who is theirs (the creator)", async () => {
    const id = await created(corretor.cookie, "Comprador do Plantão");
    expect((await row(id))?.criadoPor).toBe(corretor.userId);
    const read = await api<{ data: { nome: string } }>(h, corretor.cookie, "GET", `/api/clients/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.nome).toBe("Comprador do Plantão");
  });

  it("updates a client they registered", async () => {
    const id = await created(corretor.cookie, "Ana Compradora");
    const res = await api(h, corretor.cookie, "PATCH", `/api/clients/${id}`, { tipo: "pf", nome: "Ana Compradora Silva" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await row(id))?.nome).toBe("Ana Compradora Silva");
  });

  it("reads but may not update a client the office or a colleague registered: 403, nothing changed", async () => {
    for (const by of [office.cookie, colega.cookie]) {
      const id = await created(by, "Cliente de Outro");
      const before = await row(id);
      expect((await api(h, corretor.cookie, "GET", `/api/clients/${id}`)).status).toBe(200);
      const res = await api(h, corretor.cookie, "PATCH", `/api/clients/${id}`, { tipo: "pf", nome: "Nome Trocado" });
      expect(res.status).toBe(403);
      expect(errorMessage(res.body)).toBe(FORBIDDEN);
      expect(await row(id)).toEqual(before);
    }
  });

  it("an unknown or deleted client stays a 404 (a 403 only for a client they can see)", async () => {
    const id = await created(office.cookie, "Cliente Excluído");
    expect((await api(h, office.cookie, "DELETE", `/api/clients/${id}`)).status).toBeLessThan(300);
    const res = await api(h, corretor.cookie, "PATCH", `/api/clients/${id}`, { tipo: "pf", nome: "Outro" });
    expect(res.status).toBe(404);
    const missing = await api(h, corretor.cookie, "PATCH", `/api/clients/${crypto.randomUUID()}`, { tipo: "pf", nome: "Outro" });
    expect(missing.status).toBe(404);
  });

  it("may not delete, even a client they registered: 403, nothing changed", async () => {
    const id = await created(corretor.cookie, "Cliente Para Ficar");
    const one = await api(h, corretor.cookie, "DELETE", `/api/clients/${id}`);
    expect(one.status).toBe(403);
    expect(errorMessage(one.body)).toBe(FORBIDDEN);
    const bulk = await api(h, corretor.cookie, "POST", "/api/clients/delete", { ids: [id] });
    expect(bulk.status).toBe(403);
    expect((await row(id))?.excluidoEm).toBeNull();
  });

  it("the office still edits every client, the corretor's included", async () => {
    const id = await created(corretor.cookie, "Cliente da Corretora");
    const res = await api(h, office.cookie, "PATCH", `/api/clients/${id}`, { tipo: "pf", nome: "Cliente da Corretora Editado" });
    expect(res.status).toBe(200);
    // The row stays the corretor's: editing does not change who registered it.
    expect((await row(id))?.criadoPor).toBe(corretor.userId);
  });
});
