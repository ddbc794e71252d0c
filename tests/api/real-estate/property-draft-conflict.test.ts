import { beforeAll, describe, expect, it } from "vitest";
import { type ImovelRow, propertyShape } from "../../../shared/resources/imoveis.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { addMember, api } from "../records.ts";

/**
 * Draft autosave is no longer last-write-wins (issue 18): a save carries `versao`, the
 * atualizadoEm of the copy it started from; a newer server copy answers 409 in pt-BR with what
 * differs and nothing is written, and of two writes from one version exactly one wins.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let broker: Awaited<ReturnType<typeof addMember>>;

type Saved = { data: { atualizadoEm: string; errors: Record<string, string> } };
type Conflict = {
  error: { message: string; code: string; versao: string; por: string | null; campos: { campo: string; rotulo: string }[] };
};
type Answer = Partial<Saved> & Partial<Conflict>;

/** Every field the draft form sends, empty but the title and place. */
const EMPTY_FORM: Record<string, unknown> = {
  ...Object.fromEntries(Object.keys(propertyShape).map((k) => [k, ""])),
  status: undefined,
  titulo: "Casa com quintal no Butantã",
  bairro: "Butantã",
  cidade: "São Paulo",
  uf: "SP",
};

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Imobiliária Butantã");
  broker = await addMember(h, owner.orgId, "owner", "Corretora Ana");
});

let FORM: Record<string, unknown> = {};

/** A draft saved once from the form, and the form as it now shows (its generated código included). */
async function newDraft(): Promise<{ id: string; versao: string }> {
  const created = await api<{ data: { id: string } }>(h, owner.cookie, "POST", "/api/properties", { status: "rascunho" });
  const id = created.body.data.id;
  FORM = { ...EMPTY_FORM, codigo: (await read(id)).codigo };
  const first = await api<Saved>(h, owner.cookie, "PATCH", `/api/properties/${id}/rascunho`, FORM);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  return { id, versao: first.body.data.atualizadoEm };
}

async function read(id: string): Promise<ImovelRow> {
  return (await api<{ data: ImovelRow }>(h, owner.cookie, "GET", `/api/properties/${id}`)).body.data;
}

const save = (cookie: string, id: string, body: Record<string, unknown>) =>
  api<Answer>(h, cookie, "PATCH", `/api/properties/${id}/rascunho`, body);

describe("draft autosave with a version", () => {
  it("refuses a stale version with 409 in pt-BR, writes nothing, and keeps one's own only by sending the server's version", async () => {
    const { id, versao } = await newDraft();
    // A teammate saves from the same copy: a new price and title.
    const theirs = await save(broker.cookie, id, { ...FORM, titulo: "Casa térrea reformada", valorVendaCentavos: "900.000,00", versao });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    const newer = theirs.body.data?.atualizadoEm as string;
    expect(Date.parse(newer)).toBeGreaterThan(Date.parse(versao));

    // The tab that went offline comes back with its whole form, from the old copy.
    const stale = await save(owner.cookie, id, { ...FORM, titulo: "Casa com quintal e edícula", "caracteristicas.piscina": "on", versao });
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
    expect(stale.body.error).toMatchObject({ code: "conflict", versao: newer, por: "Corretora Ana" });
    expect(stale.body.error?.message).toMatch(/^O rascunho foi alterado em outra aba ou aparelho/);
    expect(stale.body.error?.campos).toEqual([
      { campo: "titulo", rotulo: "Título do anúncio" },
      { campo: "valorVendaCentavos", rotulo: "Valor de venda" },
      { campo: "caracteristicas.piscina", rotulo: "Piscina" },
    ]);
    let row = await read(id);
    expect(row).toMatchObject({ titulo: "Casa térrea reformada", valorVendaCentavos: 900_000_00, caracteristicas: [] });
    expect(row.atualizadoEm).toBe(newer);

    // "Manter a minha versão": the same form with the server's version as its base.
    const mine = await save(owner.cookie, id, { ...FORM, titulo: "Casa com quintal e edícula", versao: newer });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    row = await read(id);
    expect(row).toMatchObject({ titulo: "Casa com quintal e edícula", valorVendaCentavos: null });
  });

  it("lets exactly one of two concurrent writes from the same version win", async () => {
    const first = await newDraft();
    let versao = first.versao;
    for (let round = 0; round < 3; round++) {
      const [a, b] = await Promise.all([
        save(owner.cookie, first.id, { ...FORM, titulo: `Versão A ${round}`, versao }),
        save(broker.cookie, first.id, { ...FORM, titulo: `Versão B ${round}`, versao }),
      ]);
      expect([a.status, b.status].sort(), JSON.stringify([a.body, b.body])).toEqual([200, 409]);
      const [winner, loser] = a.status === 200 ? [a, b] : [b, a];
      const row = await read(first.id);
      expect(row.titulo).toBe(a.status === 200 ? `Versão A ${round}` : `Versão B ${round}`);
      expect(row.atualizadoEm).toBe(winner.body.data?.atualizadoEm);
      expect(loser.body.error?.versao).toBe(winner.body.data?.atualizadoEm);
      // The copy both started from stays stale; the next round starts from the winner's.
      expect((await save(owner.cookie, first.id, { ...FORM, titulo: "Outra", versao })).status).toBe(409);
      versao = winner.body.data?.atualizadoEm as string;
    }
  });

  it("moves the version forward on every write, even within one millisecond, and a repeat of the saved copy is no conflict", async () => {
    const { id, versao } = await newDraft();
    const one = await save(owner.cookie, id, { ...FORM, titulo: "Primeira", versao });
    const two = await save(owner.cookie, id, { ...FORM, titulo: "Segunda", versao: one.body.data?.atualizadoEm });
    expect(two.status).toBe(200);
    expect(Date.parse(two.body.data?.atualizadoEm as string)).toBeGreaterThan(Date.parse(one.body.data?.atualizadoEm as string));
    // The same values from the older copy (an autosave that raced its own publish): nothing to choose.
    const repeat = await save(owner.cookie, id, { ...FORM, titulo: "Segunda", versao: one.body.data?.atualizadoEm });
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
    expect(repeat.body.data?.atualizadoEm).toBe(two.body.data?.atualizadoEm);
  });

  it("answers 400 in pt-BR to a version that is not an instant, writing nothing", async () => {
    const { id } = await newDraft();
    const bad = await save(owner.cookie, id, { ...FORM, versao: "ontem" });
    expect(bad.status).toBe(400);
    expect((bad.body as { error?: { message: string } }).error?.message).toMatch(/^Versão do rascunho inválida/);
    expect((await read(id)).titulo).toBe(FORM.titulo);
  });
});
