import { describe, expect, it, beforeAll } from "vitest";
import { RateLimitedError } from "../../worker/security/rate-limit.ts";
import { DomainError } from "../../worker/services/context.ts";
import { sendPropertyContact } from "../../worker/services/real-estate/public-property.ts";
import { landingContact, publishLanding, saveLandingDraft } from "../../worker/services/site/landing-page.ts";
import { createHarness, createOwner, type Harness, userId } from "./harness.ts";
import { insertProperty } from "./real-estate/property-photos-fixtures.ts";
import { actorFor } from "./records.ts";

/**
 * A business's daily lead quota is spent only by valid messages (issue 18, "one stranger can
 * switch off a business's leads"). Junk spread over many addresses passes every per-IP limit,
 * so only charging the quota after the honeypot and validation keeps the real buyer's message:
 * the single-address case (refused requests never charged) is in public-property and landing tests.
 */

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

/** A different address per junk post: no per-IP limit ever refuses them. */
const address = (i: number) => `10.${90 + Math.floor(i / 250)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;

/** Every other post fills the honeypot; the rest are invalid (no contact). */
function junkOf(i: number, honeypot: string): Record<string, string> {
  return i % 2 ? { nome: "Robô", email: `bot${i}@exemplo.com.br`, [honeypot]: "http://spam" } : { nome: "", email: "nao-e-email" };
}

describe("a business's lead quota", () => {
  it("property page: 200 invalid or honeypot posts from 200 addresses leave the quota whole; a real buyer is accepted", async () => {
    const business = await createOwner(h, "Cota Espalhada");
    const { slug } = await insertProperty(h, business.orgId);
    for (let i = 0; i < 200; i++) {
      const answer = await sendPropertyContact(h.ctx(address(i)), slug, junkOf(i, "website"));
      // The honeypot is answered as success and the invalid one with its errors: neither is a lead.
      expect(answer.ok).toBe(i % 2 === 1);
    }
    const buyer = await sendPropertyContact(h.ctx("10.99.0.1"), slug, { nome: "Comprador Real", email: "comprador@exemplo.com.br" });
    expect(buyer).toEqual({ ok: true, repetido: false });
  }, 60_000);

  it("landing page: 300 invalid or honeypot posts from 300 addresses leave the quota whole; a real buyer is accepted", async () => {
    const business = await createOwner(h, "Vitrine Espalhada");
    const actor = actorFor(business.orgId, (await userId(h, business.email)) as string);
    await saveLandingDraft(h.ctx(), actor, { slug: "vitrine-espalhada", titulo: "Imóveis da Vitrine", corPrimaria: "#0f766e" });
    await publishLanding(h.ctx(), actor);
    for (let i = 0; i < 300; i++) {
      await landingContact(h.ctx(address(i)), "vitrine-espalhada", junkOf(i, "site")).catch((e: unknown) => {
        // The invalid ones are a pt-BR 400; never a 429 (no limit was reached).
        if (!(e instanceof DomainError) || e instanceof RateLimitedError || e.status !== 400) throw e;
      });
    }
    const buyer = { nome: "Comprador Real", email: "comprador.real@exemplo.com.br", mensagem: "Quero comprar." };
    expect(await landingContact(h.ctx("10.99.0.2"), "vitrine-espalhada", buyer)).toEqual({ enviado: true });
  }, 60_000);
});
