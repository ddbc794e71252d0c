import { and, desc, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { documents, expenses, sales, users } from "../../db/schema/index.ts";
import { putDemoDocumentFiles } from "../../scripts/seed/demo-documents.ts";
import {
  seedDemo,
  seedMissingDemoDocumentsOf,
  seedMissingDemoExpenseDocumentsOf,
  seedMissingDemoSaleDocumentsOf,
} from "../../scripts/seed/demo.ts";
import { DEMO_LOGIN } from "../../shared/demo-accounts.ts";
import { checkDocumentFile } from "../../shared/document-files/check.ts";
import { expiryState } from "../../shared/documents/expiry.ts";
import { createSession } from "../../worker/auth/sessions.ts";
import { dashboardSummary } from "../../worker/services/reports/dashboard.ts";
import { fakeBucket } from "../support/memory-bucket.ts";
import { createHarness, type Harness } from "./harness.ts";

/**
 * The demo's documents as `npm start` seeds them (ADR 074): on clients and imóveis, some expiring
 * within 30 days and exactly one expired (the dashboard's list shows them), every file put into
 * R2 by the start step a whole file of its declared kind and size, served through the real link
 * route, and nothing put twice; the newest sales carry their nota fiscal; the rent and the
 * electricity bills their boleto and conta.
 */

const ZONE = "America/Sao_Paulo";
const NOW = new Date("2026-11-25T17:10:00Z");

let h: Harness;
let orgId: string;
let bucket: ReturnType<typeof fakeBucket>;

beforeAll(async () => {
  h = await createHarness();
  bucket = fakeBucket();
  h.env.FILES = bucket;
  orgId = (await seedDemo(h.fresh.db, NOW)).orgId;
}, 120_000);

describe("the demo's documents", () => {
  it("sits on clients and imóveis, with some expiring within 30 days and one expired", async () => {
    const rows = await h.fresh.db.select().from(documents).where(eq(documents.orgId, orgId));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.filter((r) => r.clienteId).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.imovelId).length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((r) => r.tipo))).toEqual(new Set(["contrato", "rg_cpf", "comprovante", "matricula", "laudo", "nota_fiscal"]));
    const today = "2026-11-25";
    const states = rows.map((r) => expiryState(r.vencimento, today));
    expect(states.filter((s) => s === "vencido")).toHaveLength(1);
    expect(states.filter((s) => s === "a_vencer").length).toBeGreaterThanOrEqual(2);
    for (const r of rows) expect(r.chave).toBe(`orgs/${orgId}/documents/${r.id}.${r.formato === "jpeg" ? "jpg" : r.formato}`);
    const [owner] = await h.fresh.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LOGIN.email));
    const summary = await dashboardSummary(h.fresh.db, orgId, owner?.id as string, "owner", NOW, false, ZONE);
    expect(summary.documents).toMatchObject({ expired: 1 });
    expect(summary.documents?.total).toBe(states.filter((s) => s === "vencido" || s === "a_vencer").length);
    expect((summary.documents?.items[0]?.vencimento ?? "") < today).toBe(true);
  });

  it("puts whole files of the declared kind and size into R2, once, and serves them through the member's link", async () => {
    const stored = await putDemoDocumentFiles(h.fresh.db, orgId, bucket as unknown as R2Bucket);
    const rows = await h.fresh.db.select().from(documents).where(eq(documents.orgId, orgId));
    expect(stored).toBe(rows.length);
    for (const r of rows) {
      const object = bucket.objects.get(r.chave);
      expect(object?.bytes.byteLength, r.titulo).toBe(r.tamanhoBytes);
      const check = checkDocumentFile(
        { name: r.nomeArquivo, type: object?.contentType ?? "", size: r.tamanhoBytes },
        object?.bytes as Uint8Array,
      );
      expect(check, r.titulo).toEqual({ ok: true, kind: r.formato });
    }
    expect(await putDemoDocumentFiles(h.fresh.db, orgId, bucket as unknown as R2Bucket)).toBe(0);
    const [owner] = await h.fresh.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LOGIN.email));
    const { token } = await createSession(h.fresh.db, owner?.id as string, {});
    const cookie = `alicerce_session=${token}`;
    const first = rows[0] as (typeof rows)[number];
    const link = (await (await h.request(`/api/documents/${first.id}/link`, { cookie })).json()) as {
      data: { url: string };
    };
    const res = await h.request(link.data.url, { cookie });
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer()).byteLength).toBe(first.tamanhoBytes);
  });

  it("is added to a demo seeded before Documentos existed, and only once", async () => {
    expect(await seedMissingDemoDocumentsOf(h.fresh.db, NOW)).toBe(false);
    await h.fresh.db.delete(documents).where(eq(documents.orgId, orgId));
    expect(await seedMissingDemoDocumentsOf(h.fresh.db, NOW)).toBe(true);
    expect((await h.fresh.db.select().from(documents).where(eq(documents.orgId, orgId))).length).toBeGreaterThanOrEqual(8);
    // The sales' notas fiscais come back with their own step (the sales are seeded after the documents).
    expect(await seedMissingDemoSaleDocumentsOf(h.fresh.db, NOW)).toBe(true);
    expect(await seedMissingDemoSaleDocumentsOf(h.fresh.db, NOW)).toBe(false);
    const onSales = await h.fresh.db
      .select()
      .from(documents)
      .where(and(eq(documents.orgId, orgId), isNotNull(documents.vendaId)));
    expect(onSales).toHaveLength(3);
  });

  it("gives the newest concluded sales their nota fiscal, sent after the sale", async () => {
    const onSales = await h.fresh.db
      .select({
        tipo: documents.tipo,
        titulo: documents.titulo,
        sent: documents.criadoEm,
        status: sales.status,
        numero: sales.numero,
        soldAt: sales.vendidaEm,
      })
      .from(documents)
      .innerJoin(sales, eq(sales.id, documents.vendaId))
      .where(eq(documents.orgId, orgId));
    expect(onSales).toHaveLength(3);
    const [newest] = await h.fresh.db
      .select({ numero: sales.numero })
      .from(sales)
      .where(and(eq(sales.orgId, orgId), eq(sales.status, "concluida")))
      .orderBy(desc(sales.numero))
      .limit(1);
    expect(onSales.map((d) => d.numero)).toContain(newest?.numero);
    for (const d of onSales) {
      expect(d).toMatchObject({ tipo: "nota_fiscal", status: "concluida", titulo: `Nota fiscal — Venda nº ${d.numero}` });
      expect(d.sent.getTime()).toBeGreaterThan(d.soldAt.getTime());
      expect(d.sent.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it("attaches the boleto and the conta de luz to the latest rent and electricity bills due by the seed's day, once", async () => {
    // The test above removed every document: the step brings the bills' back, and only once.
    await seedMissingDemoExpenseDocumentsOf(h.fresh.db, NOW);
    expect(await seedMissingDemoExpenseDocumentsOf(h.fresh.db, NOW)).toBe(false);
    const onBills = await h.fresh.db
      .select({
        titulo: documents.titulo,
        tipo: documents.tipo,
        sent: documents.criadoEm,
        descricao: expenses.descricao,
        due: expenses.vencimento,
      })
      .from(documents)
      .innerJoin(expenses, eq(expenses.id, documents.despesaId))
      .where(eq(documents.orgId, orgId))
      .orderBy(documents.titulo);
    expect(onBills.map((d) => [d.descricao, d.tipo])).toEqual([
      ["Aluguel da loja", "comprovante"],
      ["Energia elétrica", "comprovante"],
    ]);
    for (const d of onBills) {
      expect(d.due <= "2026-11-25").toBe(true);
      expect(d.titulo).toContain(`(vence ${d.due.slice(8, 10)}/${d.due.slice(5, 7)})`);
      expect(d.sent.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    // The latest occurrence due by then: November's rent (day 5) and electricity (day 12).
    expect(onBills.map((d) => d.due)).toEqual(["2026-11-05", "2026-11-12"]);
  });
});
