import { beforeAll, describe, expect, it } from "vitest";
import { type ImovelRow, propertyShape } from "../../../shared/resources/imoveis.ts";
import { sql } from "drizzle-orm";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { addMember, api, errorFields } from "../records.ts";

/**
 * Imóveis through the API: derived columns, the generated and unique código, a slug that never
 * changes once public, the status history with who and why, draft autosave that stores nothing
 * invalid, the publish checklist, and another organização's property never reachable.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;

type Body<T> = { data: T; error?: { message: string; code: string; missing?: { key: string; field: string }[] } };

const BASE = {
  finalidade: "venda",
  tipo: "apartamento",
  titulo: "Apartamento 2 quartos em Moema",
  valorVendaCentavos: 890_000_00,
  areaUtil: "68,5",
  quartos: 2,
  vagas: 1,
  bairro: "Moema",
  cidade: "São Paulo",
  uf: "SP",
  status: "disponivel",
};

/** Every field the draft form sends (the form always sends them all: one round trip). */
const FULL_DRAFT: Record<string, unknown> = {
  ...Object.fromEntries(Object.keys(propertyShape).map((k) => [k, ""])),
  ...BASE,
  status: undefined,
};

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Imobiliária Moema");
});

async function create(body: Record<string, unknown>, cookie = owner.cookie): Promise<string> {
  const res = await api<Body<{ id: string }>>(h, cookie, "POST", "/api/properties", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function read(id: string, cookie = owner.cookie): Promise<ImovelRow> {
  return (await api<Body<ImovelRow>>(h, cookie, "GET", `/api/properties/${id}`)).body.data;
}

async function history(id: string) {
  const res = await api<Body<{ history: { de: string | null; para: string; motivo: string | null; porNome: string | null }[] }>>(
    h,
    owner.cookie,
    "GET",
    `/api/properties/${id}/dados`,
  );
  return res.body.data.history;
}

describe("imóveis", () => {
  it("derives price, kind bit, feature mask, place keys and a code by kind", async () => {
    const id = await create({ ...BASE, bairro: "Vila Mariana", "caracteristicas.piscina": true, "caracteristicas.elevador": "on" });
    const row = await read(id);
    expect(row.codigo).toMatch(/^AP\d{4}$/);
    expect(row.precoCentavos).toBe(890_000_00);
    expect(row.areaUtil).toBe(68.5);
    expect(row.caracteristicas).toEqual(["piscina", "elevador"]);
    expect(row.slug).toMatch(new RegExp(`^apartamento-2-quartos-vila-mariana-${row.codigo.toLowerCase()}-[a-z0-9]{6}$`));
    expect(row.publicadoEm).not.toBeNull();
    const found = await api<Body<ImovelRow[]>>(h, owner.cookie, "GET", `/api/properties?q=${encodeURIComponent(row.codigo)}`);
    expect(found.body.data.map((r) => r.id)).toContain(id);
    const byPlace = await api<Body<ImovelRow[]>>(h, owner.cookie, "GET", "/api/properties?f.bairro=vila%20mariana&f.tipo=apartamento");
    expect(byPlace.body.data.map((r) => r.id)).toEqual([id]);
    const rent = await create({
      ...BASE,
      finalidade: "locacao",
      valorVendaCentavos: undefined,
      valorLocacaoCentavos: "3.500,00",
      tipo: "casa",
    });
    const rentRow = await read(rent);
    expect(rentRow.precoCentavos).toBe(3_500_00);
    expect(rentRow.codigo).toMatch(/^CA\d{4}$/);
  });

  it("numbers codes per kind, refuses a repeated one on the field and never changes a public slug", async () => {
    const a = await read(await create(BASE));
    const b = await read(await create(BASE));
    expect(Number(b.codigo.slice(2))).toBe(Number(a.codigo.slice(2)) + 1);
    const dup = await api(h, owner.cookie, "POST", "/api/properties", { ...BASE, codigo: a.codigo.toLowerCase() });
    expect(dup.status).toBe(409);
    expect(errorFields(dup.body).codigo).toBe("Já existe um imóvel com este código.");
    const put = await api(h, owner.cookie, "PATCH", `/api/properties/${a.id}`, {
      ...BASE,
      codigo: a.codigo,
      bairro: "Pinheiros",
      quartos: 3,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await read(a.id)).slug).toBe(a.slug);
  });

  it("refuses a listing without what it needs, in pt-BR on each field", async () => {
    const res = await api(h, owner.cookie, "POST", "/api/properties", { finalidade: "venda_locacao", tipo: "casa", status: "disponivel" });
    expect(res.status).toBe(400);
    const fields = errorFields(res.body);
    expect(fields.titulo).toBe("O campo Título é obrigatório");
    expect(fields.valorVendaCentavos).toBe("Informe o valor de venda");
    expect(fields.quartos).toBe("O campo Quartos é obrigatório");
    const bad = await api(h, owner.cookie, "POST", "/api/properties", { ...BASE, areaUtil: "70,555", corretorId: "x".repeat(10) });
    expect(errorFields(bad.body).areaUtil).toBe("O campo Área útil aceita no máximo duas casas decimais");
  });

  it("refuses a corretor from outside the team", async () => {
    const other = await createOwner(h, "Outra");
    const res = await api(h, owner.cookie, "POST", "/api/properties", { ...BASE, corretorId: await userId(h, other.email) });
    expect(res.status).toBe(422);
    expect(errorFields(res.body).corretorId).toBe("Escolha um corretor da sua equipe.");
  });

  it("records every status change with who, when and why", async () => {
    const id = await create(BASE);
    const res = await api(h, owner.cookie, "POST", `/api/properties/${id}/status`, { status: "reservado", motivo: "Proposta aceita" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const same = await api(h, owner.cookie, "POST", `/api/properties/${id}/status`, { status: "reservado" });
    expect(same.status).toBe(409);
    const list = await history(id);
    expect(list.map((x) => [x.de, x.para, x.motivo])).toEqual([
      ["disponivel", "reservado", "Proposta aceita"],
      [null, "disponivel", null],
    ]);
    expect(list[0]?.porNome).toBeTruthy();
  });

  it("autosaves a draft field by field, keeps invalid input out of the columns and publishes only when complete", async () => {
    const created = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/properties", { status: "rascunho" });
    const id = created.body.data.id;
    // A partial body (an API client's PATCH) reads the stored draft first: one round trip more than the form's.
    const res = await h.request(`/api/properties/${id}/rascunho`, {
      method: "PATCH",
      cookie: owner.cookie,
      json: { titulo: "Casa térrea com quintal", quartos: "três", valorVendaCentavos: "750.000,00" },
    });
    const save = (await res.json()) as Body<{ errors: Record<string, string> }>;
    expect(res.status, JSON.stringify(save)).toBe(200);
    expect(save.data.errors.quartos).toBe("O campo Quartos deve conter apenas números");
    let row = await read(id);
    expect(row).toMatchObject({ status: "rascunho", titulo: "Casa térrea com quintal", quartos: null, valorVendaCentavos: 750_000_00 });
    expect(JSON.parse(row.rascunhoEstado ?? "{}").values.quartos).toBe("três");
    const early = await api<Body<unknown>>(h, owner.cookie, "POST", `/api/properties/${id}/publicar`);
    expect(early.status).toBe(422);
    expect(early.body.error?.missing?.map((m) => m.key)).toEqual([
      "finalidade",
      "tipo",
      "preco",
      "local",
      "quartos",
      "area",
      "fotos",
      "invalidos",
    ]);
    await api(h, owner.cookie, "PATCH", `/api/properties/${id}/rascunho`, {
      ...FULL_DRAFT,
      titulo: "Casa térrea com quintal",
      tipo: "casa",
    });
    row = await read(id);
    expect(row.rascunhoEstado).toBeNull();
    const noPhoto = await api<Body<unknown>>(h, owner.cookie, "POST", `/api/properties/${id}/publicar`);
    expect(noPhoto.body.error?.missing?.map((m) => m.key)).toEqual(["fotos"]);
    await h.fresh.db.run(sql`update properties set photo_count = 1 where id = ${id}`);
    const ok = await api(h, owner.cookie, "POST", `/api/properties/${id}/publicar`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    row = await read(id);
    expect(row.status).toBe("disponivel");
    expect(row.publicadoEm).not.toBeNull();
    expect((await history(id)).map((x) => [x.de, x.para])).toEqual([
      ["rascunho", "disponivel"],
      [null, "rascunho"],
    ]);
    const late = await api(h, owner.cookie, "PATCH", `/api/properties/${id}/rascunho`, { ...FULL_DRAFT, titulo: "Outro" });
    expect(late.status).toBe(409);
  });

  it("never shows, changes or publishes another organização's property", async () => {
    const id = await create(BASE);
    const other = await createOwner(h, "Vizinha");
    expect((await api(h, other.cookie, "GET", `/api/properties/${id}`)).status).toBe(404);
    expect((await api(h, other.cookie, "GET", `/api/properties/${id}/dados`)).status).toBe(404);
    expect((await api(h, other.cookie, "POST", `/api/properties/${id}/status`, { status: "vendido" })).status).toBe(404);
    expect((await api(h, other.cookie, "PATCH", `/api/properties/${id}/rascunho`, { ...FULL_DRAFT, titulo: "x" })).status).toBe(404);
    expect((await api(h, other.cookie, "POST", `/api/properties/${id}/publicar`)).status).toBe(404);
    const team = await api<Body<{ value: string }[]>>(h, other.cookie, "GET", "/api/properties/equipe");
    expect(team.body.data.map((m) => m.value)).toEqual([await userId(h, other.email)]);
    const broker = await addMember(h, owner.orgId, "professional", "Corretora Ana");
    const mine = await api<Body<{ value: string; label: string }[]>>(h, broker.cookie, "GET", "/api/properties/equipe");
    expect(mine.body.data.map((m) => m.label)).toContain("Corretora Ana");
  });
});
