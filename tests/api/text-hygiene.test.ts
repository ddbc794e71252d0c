/**
 * Issue 11, §2: text fields accept what people type and nothing else. Control characters
 * (newline and tab only in multi-line fields) and unpaired surrogates are refused with a pt-BR
 * message naming the field, and text is stored in NFC — through the whole API stack.
 */
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, companies, products } from "../../db/schema/index.ts";
import { createHarness, createOwner, type Harness } from "./harness.ts";
import type { ImportPreview } from "../../worker/resources/import.ts";
import { api, errorFields, errorMessage } from "./records.ts";

let h: Harness;
let a: Awaited<ReturnType<typeof createOwner>>;

type Created = { data: { id: string } };

async function clientCount(): Promise<number> {
  const [row] = await h.fresh.db.select({ n: count() }).from(clients);
  return row?.n ?? 0;
}

beforeAll(async () => {
  h = await createHarness();
  a = await createOwner(h, "Higiene");
});

describe("POST /api/clients: text hygiene", () => {
  it("refuses a name made of a NUL and a lone surrogate with a pt-BR message naming the field; nothing is saved", async () => {
    const before = await clientCount();
    const res = await api(h, a.cookie, "POST", "/api/clients", { tipo: "pf", nome: "\u0000\ud800" });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(errorFields(res.body).nome).toBe("O campo Nome contém caracteres inválidos");
    expect(errorMessage(res.body)).toBe("Dados inválidos. Confira os campos destacados.");
    expect(await clientCount()).toBe(before);
  });

  it("refuses control characters in single-line fields, newlines included, and in tags and phone labels", async () => {
    const before = await clientCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nome: "Ana\u0007Luz" }, "nome", "O campo Nome contém caracteres inválidos"],
      [{ nome: "Ana\nLuz" }, "nome", "O campo Nome contém caracteres inválidos"],
      [{ nome: "Ana Luz", bairro: "Centro\u0085" }, "bairro", "O campo Bairro contém caracteres inválidos"],
      [{ nome: "Ana Luz", observacoes: "ok\u0000" }, "observacoes", "O campo Observações contém caracteres inválidos"],
      [{ nome: "Ana Luz", tags: ["vip\u007f"] }, "tags.0", "O campo Tags contém caracteres inválidos"],
      [
        { nome: "Ana Luz", telefones: [{ numero: "(11) 91234-5678", whatsapp: false, rotulo: "Cel\udc00" }] },
        "telefones.0.rotulo",
        "O campo Rótulo contém caracteres inválidos",
      ],
    ];
    for (const [input, field, message] of cases) {
      const res = await api(h, a.cookie, "POST", "/api/clients", { tipo: "pf", ...input });
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(errorFields(res.body)[field], JSON.stringify(res.body)).toBe(message);
    }
    expect(await clientCount()).toBe(before);
  });

  it("accepts newlines (CRLF → LF) and tabs in observações, and an emoji in the name", async () => {
    const res = await api<Created>(h, a.cookie, "POST", "/api/clients", {
      tipo: "pf",
      nome: "Lia 🌻 Prado",
      observacoes: "Primeira linha\r\nSegunda linha\n\tcom recuo",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await h.fresh.db.select().from(clients).where(eq(clients.id, res.body.data.id));
    expect(row?.nome).toBe("Lia 🌻 Prado");
    expect(row?.observacoes).toBe("Primeira linha\nSegunda linha\n\tcom recuo");
  });

  it("stores a decomposed name composed (NFC)", async () => {
    const res = await api<Created>(h, a.cookie, "POST", "/api/clients", {
      tipo: "pf",
      nome: "Jose\u0301 Conceic\u0327a\u0303o",
      tags: ["indicac\u0327a\u0303o"],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await h.fresh.db.select().from(clients).where(eq(clients.id, res.body.data.id));
    expect(row?.nome).toBe("José Conceição");
    expect(row?.nome).toBe("Jos\u00e9 Concei\u00e7\u00e3o");
    const read = await api<{ data: { nome: string; tags: string[] } }>(h, a.cookie, "GET", `/api/clients/${res.body.data.id}`);
    expect(read.body.data.nome).toBe("José Conceição");
    expect(read.body.data.tags).toEqual(["indicação"]);
  });
});

describe("the other definitions share the rule", () => {
  it("companies: razão social refused, observações multi-line", async () => {
    const bad = await api(h, a.cookie, "POST", "/api/companies", { tipo: "fornecedor", razaoSocial: "Acme\u0000 Ltda" });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(errorFields(bad.body).razaoSocial).toBe("O campo Razão social contém caracteres inválidos");
    const good = await api<Created>(h, a.cookie, "POST", "/api/companies", {
      tipo: "fornecedor",
      razaoSocial: "Acme Ltda",
      observacoes: "linha 1\nlinha 2",
    });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    const [row] = await h.fresh.db.select().from(companies).where(eq(companies.id, good.body.data.id));
    expect(row?.observacoes).toBe("linha 1\nlinha 2");
  });

  it("produtos: nome refused, descrição multi-line and NFC", async () => {
    const bad = await api(h, a.cookie, "POST", "/api/produtos", { sku: "HIG-1", nome: "Cabo\ud800", unidade: "un" });
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(errorFields(bad.body).nome).toBe("O campo Nome contém caracteres inválidos");
    const good = await api<Created>(h, a.cookie, "POST", "/api/produtos", {
      sku: "HIG-2",
      nome: "Cabo",
      unidade: "un",
      descricao: "Cobre\nPai\u0301s",
    });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    const [row] = await h.fresh.db.select().from(products).where(eq(products.id, good.body.data.id));
    expect(row?.descricao).toBe("Cobre\nPaís");
  });
});

describe("CSV import shares the rule", () => {
  it("marks a row with a control character invalid, naming the field, and imports the rest composed", async () => {
    const org = await createOwner(h, "Planilha");
    const csv = ["Nome;Observações", "Ana\u0000Luz;ok", '"Jose\u0301 Lima";"linha 1\r\nlinha 2"'].join("\r\n");
    const preview = await api<{ data: ImportPreview }>(h, org.cookie, "POST", "/api/clients/import", { csv, mode: "preview" });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.rows.map((r) => r.status)).toEqual(["invalid", "valid"]);
    expect(preview.body.data.rows[0]?.errors).toEqual({ nome: "O campo Nome contém caracteres inválidos" });
    const res = await h.request("/api/clients/import", { method: "POST", cookie: org.cookie, json: { csv, mode: "valid-only" } });
    expect(res.status, await res.clone().text()).toBe(201);
    const rows = await h.fresh.db.select().from(clients).where(eq(clients.orgId, org.orgId));
    expect(rows.map((r) => [r.nome, r.observacoes])).toEqual([["José Lima", "linha 1\nlinha 2"]]);
  });
});
