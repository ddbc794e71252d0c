import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, inboundLeads, propertyInterests, propertyVisits } from "../../../db/schema/index.ts";
import type { Role } from "../../../shared/enums.ts";
import { reachFor } from "../../../worker/auth/permissions.ts";
import { receiveLead } from "../../../worker/services/real-estate/leads.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { addMember, api, errorMessage } from "../records.ts";
import { insertProperty } from "./property-photos-fixtures.ts";

/**
 * Answering a lead's possible match (`POST /api/clients/leads/:id/confirmar|recusar`): only a
 * POST changes anything; confirming moves the lead, its interest and its visits to the client on
 * file and removes the lead's own client; rejecting keeps them apart. Who may: the permission
 * table's clients × update over every client (a corretor edits only the clients they registered,
 * and a lead moves between any two); another organização's lead is a 404.
 */

let h: Harness;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let seq = 0;

beforeAll(async () => {
  h = await createHarness();
  a = await createOwner(h, "A");
  b = await createOwner(h, "B");
});

/** A client on file in A and a lead from outside that gives their e-mail. */
async function pendingLead(email = `pessoa${++seq}@exemplo.com.br`) {
  const res = await api<{ data: { id: string } }>(h, a.cookie, "POST", "/api/clients", { tipo: "pf", nome: "Marina Souza", email });
  expect(res.status).toBe(201);
  const clientId = res.body.data.id;
  const lead = await receiveLead(h.ctx(), a.orgId, {
    origem: "portal",
    chave: `portal:${crypto.randomUUID()}`,
    nome: "Marina S.",
    email,
    mensagem: "Tenho interesse no imóvel.",
  });
  expect(lead.correspondenteId).toBe(clientId);
  return { clientId, lead };
}

const leadRow = async (id: string) => (await h.fresh.db.select().from(inboundLeads).where(eq(inboundLeads.id, id)))[0];
const clientRow = async (id: string) => (await h.fresh.db.select().from(clients).where(eq(clients.id, id)))[0];

describe("a lead's possible match", () => {
  it("confirming moves the lead, its interest and its visits to the client on file and removes the lead's own client", async () => {
    const { clientId, lead } = await pendingLead();
    const property = await insertProperty(h, a.orgId, { titulo: "Cobertura" });
    const visit = await api(h, a.cookie, "POST", `/api/property_clients/${lead.interesseId}/visits`, {
      data: "2026-12-10",
      inicio: "15:00",
      fim: "16:00",
      imovelId: property.id,
    });
    expect(visit.status).toBe(201);
    const res = await api<{ data: { clienteId: string } }>(h, a.cookie, "POST", `/api/clients/leads/${lead.leadId}/confirmar`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.clienteId).toBe(clientId);
    expect(await leadRow(lead.leadId)).toMatchObject({ clienteId: clientId, correspondencia: "confirmada" });
    const [interest] = await h.fresh.db.select().from(propertyInterests).where(eq(propertyInterests.id, lead.interesseId));
    expect(interest).toMatchObject({ clienteId: clientId, ordem: "marina souza" });
    const visits = await h.fresh.db
      .select({ clienteId: propertyVisits.clienteId })
      .from(propertyVisits)
      .where(and(eq(propertyVisits.orgId, a.orgId), eq(propertyVisits.interesseId, lead.interesseId)));
    expect(visits).toEqual([{ clienteId: clientId }]);
    expect((await clientRow(lead.clienteId))?.excluidoEm).toBeInstanceOf(Date);
    expect((await clientRow(clientId))?.excluidoEm).toBeNull();
    // The timeline of the client on file now holds the lead as confirmed.
    const timeline = await api<{ data: { kind: string; badge?: { label: string } | null }[] }>(
      h,
      a.cookie,
      "GET",
      `/api/clients/${clientId}/timeline`,
    );
    expect(timeline.body.data.find((e) => e.kind === "lead")?.badge?.label).toBe("Confirmado");
    // Answered once: a second answer is a 404, nothing changes.
    expect((await api(h, a.cookie, "POST", `/api/clients/leads/${lead.leadId}/confirmar`)).status).toBe(404);
    expect((await api(h, a.cookie, "POST", `/api/clients/leads/${lead.leadId}/recusar`)).status).toBe(404);
    expect((await leadRow(lead.leadId))?.correspondencia).toBe("confirmada");
  });

  it("keeps the lead's own client when something else hangs off it", async () => {
    const { clientId, lead } = await pendingLead();
    await insertProperty(h, a.orgId, { titulo: "Casa do lead", proprietarioId: lead.clienteId });
    expect((await api(h, a.cookie, "POST", `/api/clients/leads/${lead.leadId}/confirmar`)).status).toBe(200);
    expect((await leadRow(lead.leadId))?.clienteId).toBe(clientId);
    expect((await clientRow(lead.clienteId))?.excluidoEm).toBeNull();
  });

  it("rejecting keeps the lead on its own client, as another person", async () => {
    const { clientId, lead } = await pendingLead();
    const res = await api<{ data: { clienteId: string } }>(h, a.cookie, "POST", `/api/clients/leads/${lead.leadId}/recusar`);
    expect(res.status).toBe(200);
    expect(res.body.data.clienteId).toBe(lead.clienteId);
    expect(await leadRow(lead.leadId)).toMatchObject({ clienteId: lead.clienteId, correspondencia: "recusada" });
    expect((await clientRow(lead.clienteId))?.excluidoEm).toBeNull();
    const onFile = await api<{ data: { kind: string }[] }>(h, a.cookie, "GET", `/api/clients/${clientId}/timeline`);
    expect(onFile.body.data.filter((e) => e.kind === "lead")).toEqual([]);
    expect((await api(h, a.cookie, "POST", `/api/clients/leads/${lead.leadId}/confirmar`)).status).toBe(404);
  });

  it("only a POST answers: a GET changes nothing", async () => {
    const { lead } = await pendingLead();
    const res = await h.request(`/api/clients/leads/${lead.leadId}/confirmar`, { cookie: a.cookie });
    expect(res.status).not.toBe(200);
    expect((await leadRow(lead.leadId))?.correspondencia).toBe("pendente");
  });

  it("answers each role as the permission table's clients × update (reach any) says, and changes nothing when refused", async () => {
    for (const role of ["admin", "staff", "professional"] as Role[]) {
      const member = await addMember(h, a.orgId, role);
      for (const decision of ["confirmar", "recusar"]) {
        const { lead } = await pendingLead();
        const res = await api(h, member.cookie, "POST", `/api/clients/leads/${lead.leadId}/${decision}`);
        if (reachFor({ role }, "clients", "update") === "any") {
          expect(res.status, `${role} ${decision}`).toBe(200);
        } else {
          expect(res.status, `${role} ${decision}`).toBe(403);
          expect(errorMessage(res.body)).toBe("Você não tem permissão para esta ação.");
          expect((await leadRow(lead.leadId))?.correspondencia).toBe("pendente");
        }
      }
    }
    // The table does refuse someone here (the professional role updates only the clients they registered).
    expect(reachFor({ role: "professional" }, "clients", "update")).toBe("own");
  });

  it("refuses another organização's lead with a 404 and changes nothing", async () => {
    const { lead } = await pendingLead();
    for (const decision of ["confirmar", "recusar"]) {
      const res = await api(h, b.cookie, "POST", `/api/clients/leads/${lead.leadId}/${decision}`);
      expect(res.status).toBe(404);
    }
    expect(await leadRow(lead.leadId)).toMatchObject({ clienteId: lead.clienteId, correspondencia: "pendente" });
    expect((await api(h, a.cookie, "POST", "/api/clients/leads/nao-e-um-id/confirmar")).status).toBe(404);
  });
});
