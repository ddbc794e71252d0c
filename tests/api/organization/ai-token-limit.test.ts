import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as businessSettingsPage from "../../../app/routes/organization/business-settings.tsx";
import { businessSettings } from "../../../db/schema/index.ts";
import { AI_MONTHLY_TOKEN_LIMIT_DEFAULT } from "../../../shared/organization/ai-token-limit.ts";
import { getAiMonthlyTokenLimit } from "../../../worker/services/organization/business-settings.ts";
import { createPageHarness } from "../page-harness.ts";
import { createOwner, type Harness } from "../harness.ts";

/**
 * The monthly AI token limit of Configurações do Negócio through the real route module: the
 * default until set, typed as people write numbers ("2.000.000"), refused with the spec's
 * messages outside 0–50.000.000, and read by the generation job's service per organização.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  h = await createPageHarness({ "business-settings": businessSettingsPage });
  owner = await createOwner(h, "Tokens");
});

function save(limit: string | null, path = "/business-settings.data"): Promise<Response> {
  const fields: [string, string][] = [
    ["estoqueNegativo", "off"],
    ["fusoHorario", "America/Sao_Paulo"],
  ];
  if (limit !== null) fields.push(["limiteTokensIaMensal", limit]);
  return h.request(path, {
    method: "POST",
    cookie: owner.cookie,
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

async function stored(): Promise<number | undefined> {
  const [row] = await h.fresh.db.select().from(businessSettings).where(eq(businessSettings.orgId, owner.orgId));
  return row?.limiteTokensIaMensal;
}

describe("Configurações do Negócio: limite mensal de tokens de IA", () => {
  it("is the default (1.000.000) until the business sets one", async () => {
    expect(await getAiMonthlyTokenLimit({ db: h.fresh.db }, owner.orgId)).toBe(AI_MONTHLY_TOKEN_LIMIT_DEFAULT);
    expect(AI_MONTHLY_TOKEN_LIMIT_DEFAULT).toBe(1_000_000);
  });

  it("refuses what is not a whole number from 0 to 50.000.000, with the spec's messages, and saves nothing", async () => {
    for (const [typed, message] of [
      ["muitos", "O campo Limite mensal de tokens de IA deve conter apenas números"],
      ["-1", "O campo Limite mensal de tokens de IA precisa ser 0 ou maior"],
      ["2,5", "O campo Limite mensal de tokens de IA deve ser um número inteiro"],
      ["50.000.001", "O campo Limite mensal de tokens de IA precisa ser 50.000.000 ou menor"],
      ["", "O campo Limite mensal de tokens de IA é obrigatório"],
    ] as const) {
      const res = await save(typed);
      expect(res.status, typed).toBe(400);
      expect(await res.text(), typed).toContain(message);
    }
    expect(await stored()).toBeUndefined();
  });

  it("saves what was typed, and the job's service reads it; 0 turns the AI off", async () => {
    expect((await save("2.000.000", "/business-settings")).status).toBe(302);
    expect(await stored()).toBe(2_000_000);
    expect(await getAiMonthlyTokenLimit({ db: h.fresh.db }, owner.orgId)).toBe(2_000_000);
    expect((await save("0", "/business-settings")).status).toBe(302);
    expect(await getAiMonthlyTokenLimit({ db: h.fresh.db }, owner.orgId)).toBe(0);
    const other = await createOwner(h, "Outros Tokens");
    expect(await getAiMonthlyTokenLimit({ db: h.fresh.db }, other.orgId)).toBe(AI_MONTHLY_TOKEN_LIMIT_DEFAULT);
  });
});
