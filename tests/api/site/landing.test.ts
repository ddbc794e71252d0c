import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inboundLeads } from "../../../db/schema/index.ts";
import { DomainError } from "../../../worker/services/context.ts";
import {
  landingContact,
  publicLanding,
  publishLanding,
  saveLandingDraft,
  previewLanding,
} from "../../../worker/services/site/landing-page.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { insertProperties, readyRow } from "../real-estate/portal-fixtures.ts";
import { actorFor } from "../records.ts";

/** Landing Page: draft, preview, publish, slug rules, and the public contact form. */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let actor: ReturnType<typeof actorFor>;
let otherActor: ReturnType<typeof actorFor>;

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Horizonte");
  const other = await createOwner(h, "Outra");
  actor = actorFor(owner.orgId, (await userId(h, owner.email)) as string);
  otherActor = actorFor(other.orgId, (await userId(h, other.email)) as string);
});

const page = (over: Record<string, unknown> = {}) => ({
  slug: "horizonte-imoveis",
  titulo: "Seu próximo lar está aqui",
  corPrimaria: "#0f766e",
  ...over,
});

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const leadsOf = async () =>
  (await h.fresh.db.select({ n: count() }).from(inboundLeads).where(eq(inboundLeads.orgId, owner.orgId)))[0]?.n ?? 0;

describe("landing page", () => {
  it("refuses bad and reserved slugs in pt-BR", async () => {
    for (const slug of ["ab", "Com Espaço", "-inicio", "fim-", "dois--hifens", "admin", "imovel", "a".repeat(61)]) {
      const e = await refusal(saveLandingDraft(h.ctx(), actor, page({ slug })));
      expect(e.status, slug).toBe(400);
      expect(e.field).toBe("slug");
    }
    expect((await refusal(saveLandingDraft(h.ctx(), actor, page({ corPrimaria: "vermelho" })))).field).toBe("corPrimaria");
  });

  it("a draft is not public until published; publishing shows the featured properties", async () => {
    const [featured, hidden, reserved] = [
      readyRow(owner.orgId, { destaque: true }),
      readyRow(owner.orgId),
      readyRow(owner.orgId, { destaque: true, status: "reservado" }),
    ];
    await insertProperties(h.fresh.db, [featured, hidden, reserved]);
    await saveLandingDraft(h.ctx(), actor, page({ sobre: "Somos corretores desde 1998." }));
    expect(await publicLanding(h.ctx(), "horizonte-imoveis")).toBeNull();
    const preview = await previewLanding(h.ctx(), actor);
    expect(preview?.page.sobre).toBe("Somos corretores desde 1998.");
    expect(preview?.cards.map((c) => c.slug)).toEqual([featured.slug]);
    await publishLanding(h.ctx(), actor);
    const view = await publicLanding(h.ctx(), "horizonte-imoveis");
    expect(view?.negocio).toBe("Negócio Horizonte");
    expect(view?.cards.map((c) => c.slug)).toEqual([featured.slug]);
    // A later draft changes nothing live until published again.
    await saveLandingDraft(h.ctx(), actor, page({ titulo: "Chamada nova do rascunho", destaques: [hidden.id] }));
    expect((await publicLanding(h.ctx(), "horizonte-imoveis"))?.page.titulo).toBe("Seu próximo lar está aqui");
    await publishLanding(h.ctx(), actor);
    const again = await publicLanding(h.ctx(), "horizonte-imoveis");
    expect(again?.page.titulo).toBe("Chamada nova do rascunho");
    expect(again?.cards.map((c) => c.slug)).toEqual([hidden.slug]);
  });

  it("a slug another business has is refused; a cover must be one of our photos", async () => {
    const e = await refusal(saveLandingDraft(h.ctx(), otherActor, page()));
    expect(e.status).toBe(409);
    expect(e.message).toBe("Este endereço já está em uso por outro negócio. Escolha outro.");
    const cover = await refusal(saveLandingDraft(h.ctx(), otherActor, page({ slug: "outra-pagina", capaChave: `org/${owner.orgId}/x` })));
    expect(cover.field).toBe("capaChave");
  });

  it("the contact form: honeypot, malformed input, duplicates folded, rate limited", async () => {
    const ctx = () => h.ctx("10.77.0.1");
    const before = await leadsOf();
    expect(await landingContact(ctx(), "horizonte-imoveis", { nome: "Robô", email: "bot@exemplo.com.br", site: "http://spam" })).toEqual({
      enviado: true,
    });
    expect(await leadsOf()).toBe(before);
    expect((await refusal(landingContact(ctx(), "horizonte-imoveis", { nome: "Sem contato" }))).status).toBe(400);
    expect((await refusal(landingContact(ctx(), "horizonte-imoveis", { nome: "X", email: "nao-e-email" }))).status).toBe(400);
    expect(await leadsOf()).toBe(before);
    const lead = { nome: "Paula Souza", email: "paula@exemplo.com.br", mensagem: "Quero vender meu apartamento." };
    await landingContact(ctx(), "horizonte-imoveis", lead);
    await landingContact(ctx(), "horizonte-imoveis", { ...lead, mensagem: "De novo" });
    expect(await leadsOf()).toBe(before + 1);
    expect((await refusal(landingContact(ctx(), "nao-existe", lead))).status).toBe(404);
    // 10 per IP per hour: this IP spent 5 above (the 404 counts nothing).
    for (let i = 0; i < 5; i++) await landingContact(ctx(), "horizonte-imoveis", lead);
    expect((await refusal(landingContact(ctx(), "horizonte-imoveis", lead))).status).toBe(429);
  });

  it("junk from one address never spends the business's daily quota (300): a real buyer elsewhere is accepted", async () => {
    for (let i = 0; i < 300; i++) {
      const junk = i % 2 ? { nome: "Robô", email: `bot${i}@exemplo.com.br`, site: "http://spam" } : { nome: "Sem contato" };
      await landingContact(h.ctx("10.78.0.1"), "horizonte-imoveis", junk).catch((e) => {
        if (!(e instanceof DomainError) || (e.status !== 429 && e.status !== 400)) throw e;
      });
    }
    const before = await leadsOf();
    const buyer = { nome: "Comprador Real", email: "comprador.real@exemplo.com.br", mensagem: "Quero comprar." };
    expect(await landingContact(h.ctx("10.78.0.2"), "horizonte-imoveis", buyer)).toEqual({ enviado: true });
    expect(await leadsOf()).toBe(before + 1);
  });
});
