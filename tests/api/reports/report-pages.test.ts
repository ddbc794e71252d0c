/**
 * /relatorios, /relatorio and /relatorio/csv through the real route modules (ADR 083): the page
 * reads in one round trip after the session; pages refuse from the same table as the builds
 * (money reports: staff and professional 403; comissões: the professional's own; the catalogue
 * lists only what the role may open); an unknown report is a 404; the CSV is what is on screen.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as relatorioCsv from "../../../app/routes/reports/relatorio.csv.ts";
import * as relatorioPage from "../../../app/routes/reports/relatorio.tsx";
import * as relatoriosPage from "../../../app/routes/reports/relatorios.tsx";
import { createPageHarness } from "../page-harness.ts";
import { createOwner, type Harness } from "../harness.ts";
import { addMember, api } from "../records.ts";

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let staff: Awaited<ReturnType<typeof addMember>>;
let professional: Awaited<ReturnType<typeof addMember>>;

beforeAll(async () => {
  h = await createPageHarness({ relatorios: relatoriosPage, relatorio: relatorioPage, "relatorio/csv": relatorioCsv });
  owner = await createOwner(h, "Páginas");
  staff = await addMember(h, owner.orgId, "staff", "Recepção");
  professional = await addMember(h, owner.orgId, "professional", "Carla");
});

type Loader = {
  doc: { title: string; kpis: { label: string }[]; sections: { id: string }[] };
  filters: { key: string }[];
  preset: string | null;
};

function loaderData<T>(body: unknown, id: string): T {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  expect(text, id).toContain(id);
  return body as T;
}

describe("report pages", () => {
  it("the owner opens Vendas for November in one round trip after the session; the period in words", async () => {
    const res = await api(h, owner.cookie, "GET", "/relatorio.data?r=vendas&de=2026-11-01&ate=2026-11-30");
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBeLessThanOrEqual(2);
    const text = String(res.body);
    expect(text).toContain("Faturamento");
    expect(text).toContain("2026-11-30");
    loaderData<Loader>(res.body, "por-forma");
  });

  it("every report of the catalogue opens for the owner", async () => {
    for (const id of ["vendas", "comissoes", "fluxo-de-caixa", "dre", "contas-a-receber", "contas-a-pagar"]) {
      const res = await api(h, owner.cookie, "GET", `/relatorio.data?r=${id}`);
      expect(res.status, id).toBe(200);
    }
  });

  it("an unknown report is a 404; staff and professional are refused the money reports", async () => {
    expect((await api(h, owner.cookie, "GET", "/relatorio.data?r=nao-existe")).status).toBe(404);
    const bare = await h.request("/relatorio", { cookie: owner.cookie });
    expect([bare.status, bare.headers.get("location")]).toEqual([302, "/relatorios"]);
    for (const cookie of [staff.cookie, professional.cookie]) {
      expect((await api(h, cookie, "GET", "/relatorio.data?r=vendas")).status).toBe(403);
      expect((await api(h, cookie, "GET", "/relatorio/csv?r=dre")).status).toBe(403);
    }
    expect((await api(h, staff.cookie, "GET", "/relatorio.data?r=comissoes")).status).toBe(403);
    expect((await api(h, professional.cookie, "GET", "/relatorio.data?r=comissoes")).status).toBe(200);
  });

  it("the catalogue lists only what the role may open; staff is refused it", async () => {
    const own = String((await api(h, owner.cookie, "GET", "/relatorios.data")).body);
    for (const id of ["vendas", "comissoes", "fluxo-de-caixa", "dre", "contas-a-receber", "contas-a-pagar"]) expect(own).toContain(id);
    const pro = await api(h, professional.cookie, "GET", "/relatorios.data");
    expect(pro.status).toBe(200);
    expect(String(pro.body)).toContain("comissoes");
    expect(String(pro.body)).not.toContain("fluxo-de-caixa");
    expect((await api(h, staff.cookie, "GET", "/relatorios.data")).status).toBe(403);
  });

  it("Baixar CSV: the report on screen, for Excel pt-BR", async () => {
    const res = await h.request("/relatorio/csv?r=vendas&de=2026-11-01&ate=2026-11-30", { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("vendas-2026-11-01-a-2026-11-30.csv");
    const text = new TextDecoder().decode(await res.arrayBuffer());
    expect(text).toContain("Faturamento");
    expect(text).toContain(";");
  });
});
