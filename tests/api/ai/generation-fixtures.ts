/**
 * Helpers for the AI generation API tests (ADR 055): a priced imóvel, its fact sheet as the job
 * reads it, polling a generation until it ends, and good or doctored answers for the fake OpenAI.
 */
import { expect } from "vitest";
import type { PostVariant } from "../../../shared/ai/contracts.ts";
import type { FactSheet } from "../../../shared/ai/facts.ts";
import { FINAL_GENERATION_STATUSES, type Generation } from "../../../shared/ai/generation-api.ts";
import { templatePost } from "../../../shared/ai/template-post.ts";
import { propertyFactSheet } from "../../../worker/services/ai/record-facts.ts";
import type { Harness } from "../harness.ts";
import { insertProperty } from "../real-estate/property-photos-fixtures.ts";
import { actorFor } from "../records.ts";

/** An apartamento in Pinheiros for R$ 850.000 with 3 quartos and 2 vagas. */
export async function pricedHouse(h: Harness, orgId: string): Promise<string> {
  return (
    await insertProperty(h, orgId, {
      titulo: null,
      tipo: "apartamento",
      finalidade: "venda",
      valorVendaCentavos: 85_000_000,
      precoCentavos: 85_000_000,
      areaUtil: 120,
      quartos: 3,
      vagas: 2,
      bairro: "Pinheiros",
      cidade: "São Paulo",
      uf: "SP",
      publicadoEm: new Date(),
    })
  ).id;
}

export async function sheetOf(h: Harness, orgId: string, userId: string, id: string): Promise<FactSheet> {
  const sheet = await propertyFactSheet(h.ctx(), actorFor(orgId, userId), id);
  if (!sheet) throw new Error("imóvel de teste não encontrado");
  return sheet;
}

/** Three variants that pass the checker (the template's, which a property test proves do). */
export function goodVariants(sheet: FactSheet, seed = "ia"): PostVariant[] {
  return templatePost(sheet, { objetivo: "vender", tom: "acolhedor", seed }).variantes;
}

/** A variant that says a price the record does not have. */
export function madeUpPrice(v: PostVariant): PostVariant {
  return { ...v, legenda: `${v.legenda}\n\nÚltima chance: de R$ 999.000 por menos!` };
}

/** Polls the generation until it ends (or `until` holds). */
export async function waitFor(
  h: Harness,
  cookie: string,
  id: string,
  until: (g: Generation) => boolean = (g) => FINAL_GENERATION_STATUSES.includes(g.status),
  timeoutMs = 15_000,
): Promise<Generation> {
  const deadline = Date.now() + timeoutMs;
  let last: Generation | undefined;
  while (Date.now() < deadline) {
    const res = await h.request(`/api/ai-generations/${id}`, { cookie });
    expect(res.status).toBe(200);
    last = ((await res.json()) as { data: Generation }).data;
    if (until(last)) return last;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`a geração não chegou ao estado esperado: ${JSON.stringify(last?.status)}`);
}

/** POST /api/ai-generations; the answer's status and body. */
export async function ask(
  h: Harness,
  cookie: string,
  body: unknown,
): Promise<{ status: number; body: { data?: Generation; error?: { message: string; code: string } }; headers: Headers }> {
  const res = await h.request("/api/ai-generations", { cookie, json: body });
  return {
    status: res.status,
    body: (await res.json()) as { data?: Generation; error?: { message: string; code: string } },
    headers: res.headers,
  };
}

export const postOf = (id: string) => ({
  tipo: "post",
  registro: { tipo: "imovel", id },
  redes: ["instagram"],
  objetivo: "vender",
  tom: "acolhedor",
});
