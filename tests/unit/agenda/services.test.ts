import { describe, expect, it } from "vitest";
import {
  basisPointsToPercent,
  commissionDue,
  commissionRule,
  effectiveCommission,
  formatCommission,
  percentToBasisPoints,
} from "../../../shared/agenda/commission.ts";
import { DURATION_OPTIONS, formatDuration, isValidDuration, parseDuration } from "../../../shared/agenda/duration.ts";
import { serviceProductList } from "../../../shared/agenda/service-products.ts";
import {
  commissionValueOf,
  productsCost,
  serviceCommissionText,
  serviceMargin,
  servicoSchema,
} from "../../../shared/resources/servicos.ts";

const ID = "0b6c2d8e-1f2a-4c3b-9d4e-5f6a7b8c9d0e";

describe("a service's duration", () => {
  it("reads as a salon writes it", () => {
    expect([5, 30, 45, 60, 90, 125, 720].map(formatDuration)).toEqual(["5 min", "30 min", "45 min", "1h", "1h30", "2h05", "12h"]);
    expect(formatDuration(0)).toBe("");
  });

  it("parses what people type, and nothing else", () => {
    const typed: [string, number | null][] = [
      ["90", 90],
      ["90 min", 90],
      ["90 minutos", 90],
      ["1h30", 90],
      ["1h 30min", 90],
      ["1:30", 90],
      ["2h", 120],
      ["1,5h", 90],
      ["1,5 horas", 90],
      ["1:75", null],
      ["abc", null],
      ["", null],
      ["-30", null],
      ["1h30h", null],
    ];
    for (const [text, minutes] of typed) expect(parseDuration(text), text).toBe(minutes);
  });

  it("is valid from 5 min to 12h on 5-minute steps; the form offers exactly those", () => {
    expect([5, 60, 720].every(isValidDuration)).toBe(true);
    expect([0, 4, 62, 725, 7.5, Number.NaN].some(isValidDuration)).toBe(false);
    expect(DURATION_OPTIONS).toHaveLength(144);
    expect(DURATION_OPTIONS[0]).toEqual({ value: "5", label: "5 min" });
    expect(DURATION_OPTIONS.find((o) => o.value === "90")?.label).toBe("1h30");
    expect(DURATION_OPTIONS.at(-1)).toEqual({ value: "720", label: "12h" });
  });
});

describe("commissions", () => {
  it("stores a percentage in basis points and a fixed one in centavos, and reads them back", () => {
    expect(percentToBasisPoints(10.25)).toBe(1025);
    expect(basisPointsToPercent(1025)).toBe(10.25);
    expect(formatCommission({ kind: "percentual", value: 1050 })).toBe("10,5%");
    expect(formatCommission({ kind: "percentual", value: 4000 })).toBe("40%");
    expect(formatCommission({ kind: "fixo", value: 1500 })).toBe("R$ 15,00");
    expect(formatCommission(null)).toBe("");
  });

  it("the service's rule wins, then the professional's, then the business default", () => {
    const service = commissionRule(null, null);
    const pro = commissionRule("fixo", 2000);
    const business = commissionRule("percentual", 3000);
    expect(effectiveCommission(service, pro, business)).toEqual({ kind: "fixo", value: 2000 });
    expect(effectiveCommission(commissionRule("percentual", 1000), pro, business)).toEqual({ kind: "percentual", value: 1000 });
    expect(effectiveCommission(null, null, business)).toEqual(business);
    expect(effectiveCommission(null, null, null)).toBeNull();
  });

  it("pays a percentage of the price rounded to the centavo, a fixed amount as it is", () => {
    expect(commissionDue(12_345, { kind: "percentual", value: 1000 })).toBe(1235);
    expect(commissionDue(12_000, { kind: "fixo", value: 2500 })).toBe(2500);
    expect(commissionDue(12_000, null)).toBe(0);
  });
});

describe("the service schema", () => {
  const base = { nome: "Corte masculino", duracaoMin: "30" };

  it("takes the form's strings, the API's numbers and a spreadsheet's words", () => {
    const form = servicoSchema.parse({ ...base, precoCentavos: "45,00", comissaoTipo: "percentual", comissaoPercentual: "12,5" });
    expect(form).toMatchObject({ duracaoMin: 30, precoCentavos: 4500, comissaoTipo: "percentual", comissaoPercentual: 12.5 });
    expect(commissionValueOf(form)).toBe(1250);
    const api = servicoSchema.parse({
      nome: "Barba",
      duracaoMin: 20,
      comissaoTipo: "fixo",
      comissaoFixoCentavos: 800,
      profissionalIds: [ID, ID],
    });
    expect([api.duracaoMin, commissionValueOf(api), api.profissionalIds]).toEqual([20, 800, [ID]]);
    const csv = servicoSchema.parse({
      nome: "Progressiva",
      duracaoMin: "2h30",
      comissaoTipo: "Valor fixo (R$)",
      comissaoFixoCentavos: "R$ 30",
    });
    expect([csv.duracaoMin, csv.comissaoTipo, csv.comissaoFixoCentavos, csv.agendaOnline, csv.ativo]).toEqual([
      150,
      "fixo",
      3000,
      true,
      true,
    ]);
  });

  it("keeps no commission value without a kind (the professional's applies)", () => {
    const none = servicoSchema.parse({ ...base, comissaoPercentual: "30" });
    expect(commissionValueOf(none)).toBeNull();
  });

  it("refuses what does not fit, naming the field in pt-BR", () => {
    const errors = (input: Record<string, unknown>) =>
      servicoSchema.safeParse(input).error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`) ?? [];
    expect(errors({ nome: "Corte" })).toEqual(["duracaoMin: O campo Duração é obrigatório"]);
    expect(errors({ ...base, duracaoMin: "62" })[0]).toMatch(/^duracaoMin: O campo Duração deve ficar entre 5 min e 12h/);
    expect(errors({ ...base, comissaoTipo: "percentual" })).toEqual(["comissaoPercentual: Informe o percentual da comissão."]);
    expect(errors({ ...base, comissaoTipo: "fixo" })).toEqual(["comissaoFixoCentavos: Informe o valor da comissão."]);
    expect(errors({ ...base, comissaoTipo: "percentual", comissaoPercentual: "100,5" })[0]).toMatch(/^comissaoPercentual/);
    expect(errors({ ...base, comissaoTipo: "percentual", comissaoPercentual: "10,125" })[0]).toMatch(/2 casas decimais/);
    expect(errors({ ...base, comissaoTipo: "bonus" })[0]).toMatch(/^comissaoTipo/);
    expect(errors({ ...base, profissionalIds: ["não é id"] })[0]).toMatch(/^profissionalIds/);
    expect(errors({ ...base, precoCentavos: "-1" })[0]).toMatch(/^precoCentavos/);
  });
});

describe("cost, margin and the products list", () => {
  it("sums quantity × unit cost and shows the margin over the price", () => {
    const cost = productsCost([
      { quantidade: 1, custoCentavos: 3200 },
      { quantidade: 0.06, custoCentavos: 4000 },
    ]);
    expect(cost).toBe(3440);
    expect(serviceMargin({ precoCentavos: 15_000, custoProdutosCentavos: cost })).toBe("77,1%");
    expect(serviceMargin({ precoCentavos: 0, custoProdutosCentavos: cost })).toBe("");
    expect(serviceCommissionText({ comissaoTipo: null, comissaoValor: null })).toBe("Padrão do profissional");
  });

  it("takes each product once, with a positive quantity of up to three decimals", () => {
    expect(serviceProductList.parse({ produtos: [{ produtoId: ID, quantidade: "0,005" }] }).produtos[0]?.quantidade).toBe(0.005);
    for (const produtos of [
      [{ produtoId: ID, quantidade: 0 }],
      [{ produtoId: ID, quantidade: "0,0001" }],
      [{ produtoId: "../x", quantidade: 1 }],
      [
        { produtoId: ID, quantidade: 1 },
        { produtoId: ID, quantidade: 2 },
      ],
    ]) {
      expect(serviceProductList.safeParse({ produtos }).success, JSON.stringify(produtos)).toBe(false);
    }
  });
});
