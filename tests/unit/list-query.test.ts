import { describe, expect, it } from "vitest";
import { clientDefinition, clientSchema } from "../../shared/resources/clients.ts";
import { companyDefinition } from "../../shared/resources/companies.ts";
import { defaultListQuery, listQueryToSearch, parseDateRange, parseListQuery } from "../../shared/resources/query.ts";
import { unflatten } from "../../shared/resources/schema-helpers.ts";
import { formErrors, formDataToObject } from "../../shared/validation.ts";

const url = (search: string) => new URL(`http://localhost/clients${search}`);

describe("list state in the URL", () => {
  it("reads search, sort, page, cursor, filters and columns", () => {
    const query = parseListQuery(
      url(
        "?q=%20jo%C3%A3o%20&sort=criadoEm&dir=desc&page=3&after=abc_-1&f.origem=instagram&f.origem=site,portal&f.tipo=pj&f.consentimento=sim&f.criadoEm=2026-01-01..&f.cidade=S%C3%A3o%20Paulo&cols=nome,email,naoexiste",
      ),
      clientDefinition,
    );
    expect(query).toEqual({
      q: "joão",
      sort: "criadoEm",
      dir: "desc",
      page: 3,
      after: "abc_-1",
      filters: {
        origem: ["instagram", "site", "portal"],
        tipo: ["pj"],
        consentimento: ["sim"],
        criadoEm: ["2026-01-01.."],
        cidade: ["São Paulo"],
      },
      columns: ["nome", "email"],
    });
  });

  it("falls back to defaults for anything invalid", () => {
    expect(
      parseListQuery(
        url("?sort=senha&dir=up&page=-2&after=%3Cscript%3E&f.origem=tiktok&f.tipo=pf&f.tipo=pj&f.consentimento=talvez&f.criadoEm=ontem"),
        clientDefinition,
      ),
    ).toEqual({
      q: "",
      sort: "nome",
      dir: "asc",
      page: 1,
      after: null,
      filters: { tipo: ["pf"] },
      columns: null,
    });
    expect(parseListQuery(url("?page=2.5"), clientDefinition).page).toBe(1);
    expect(parseListQuery(url(`?q=${"x".repeat(500)}`), clientDefinition).q).toHaveLength(100);
  });

  it("writes the state back, leaving defaults out", () => {
    expect(listQueryToSearch(defaultListQuery(clientDefinition), clientDefinition).toString()).toBe("");
    const query = parseListQuery(url("?q=ana&sort=nome&dir=desc&f.origem=site&page=2&cols=nome"), clientDefinition);
    const search = listQueryToSearch(query, clientDefinition);
    expect(search.toString()).toBe("q=ana&sort=nome&dir=desc&f.origem=site&cols=nome&page=2");
    expect(parseListQuery(url(`?${search}`), clientDefinition)).toEqual(query);
    // Without the definition the sort is always written.
    expect(listQueryToSearch(defaultListQuery(companyDefinition)).toString()).toBe("sort=nome&dir=asc");
  });

  it("parses date ranges", () => {
    expect(parseDateRange("2026-01-01..2026-01-31")).toEqual(["2026-01-01", "2026-01-31"]);
    expect(parseDateRange("..2026-01-31")).toEqual([null, "2026-01-31"]);
    expect(parseDateRange("..")).toBeNull();
    expect(parseDateRange("2026-02-30..")).toBeNull();
  });
});

describe("client form schema", () => {
  it("reads a browser form: dotted phone rows, checkboxes, blank rows dropped", () => {
    const form = new FormData();
    form.set("tipo", "pf");
    form.set("nome", "Ana Souza");
    form.set("telefones.0.numero", "(11) 91234-5678");
    form.set("telefones.0.whatsapp", "on");
    form.set("telefones.1.numero", "");
    form.set("tags", "vip, investidor");
    form.set("consentimentoLgpd", "on");
    const result = clientSchema.safeParse(formDataToObject(form));
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      telefones: [{ numero: "11912345678", whatsapp: true }],
      tags: ["vip", "investidor"],
      consentimentoLgpd: true,
    });
  });

  it("names the input of a bad phone row", () => {
    const result = clientSchema.safeParse({ tipo: "pf", nome: "Ana", "telefones.1.numero": "123", "telefones.0.numero": "11912345678" });
    expect(formErrors(result)).toEqual({ "telefones.1.numero": "O campo Telefone não é válido" });
  });

  it("unflattens dotted names without touching prototypes", () => {
    expect(unflatten({ "a.0.b": "x", c: 1 })).toEqual({ a: { 0: { b: "x" } }, c: 1 });
    expect(unflatten({ "__proto__.polluted": "sim", "a.constructor.x": 1, ok: 2 })).toEqual({ ok: 2 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
