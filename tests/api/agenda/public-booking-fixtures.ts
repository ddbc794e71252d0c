import { count, eq } from "drizzle-orm";
import { clients } from "../../../db/schema/index.ts";
import { ANY_PROFESSIONAL } from "../../../shared/agenda/public-booking.ts";
import type { ServiceContext } from "../../../worker/services/context.ts";
import { bookingPage } from "../../../worker/services/agenda/public-booking.ts";
import { publishLanding, saveLandingDraft } from "../../../worker/services/site/landing-page.ts";
import { createOwner, type Harness, userId } from "../harness.ts";
import { actorFor } from "../records.ts";
import { addProfessional, addService, setAgendaSettings, setHours } from "./agenda-fixtures.ts";

/**
 * A salon that books online (ADR 062): open every day 08:00–20:00 (holidays too, so the slots
 * never depend on the date the tests run), one service of 60 min done by Ana and Bia, its
 * landing page published at `slug`, online booking on.
 */
export interface Salon {
  owner: Awaited<ReturnType<typeof createOwner>>;
  slug: string;
  corte: string;
  ana: string;
  bia: string;
}

const EVERY_DAY = Array.from({ length: 7 }, () => [{ start: "08:00", end: "20:00" }]);

export async function createSalon(
  h: Harness,
  slug: string,
  options: { online?: boolean; status?: "pendente" | "confirmado" } = {},
): Promise<Salon> {
  const owner = await createOwner(h, `Salão ${slug}`);
  const actor = actorFor(owner.orgId, (await userId(h, owner.email)) as string);
  await setHours(h.fresh.db, owner.orgId, EVERY_DAY, false);
  await setAgendaSettings(h.fresh.db, owner.orgId, {
    agendamentoOnline: options.online ?? true,
    agendamentoOnlineStatus: options.status ?? "pendente",
    fusoHorario: "America/Sao_Paulo",
  });
  const corte = await addService(h.fresh.db, owner.orgId, "Corte feminino", 60, 8_000, { categoria: "Cabelo" });
  const ana = await addProfessional(h.fresh.db, owner.orgId, "Ana Souza", EVERY_DAY, [corte]);
  const bia = await addProfessional(h.fresh.db, owner.orgId, "Bia Lima", EVERY_DAY, [corte]);
  await saveLandingDraft(h.ctx(), actor, { slug, titulo: "Salão de teste", corPrimaria: "#7c3aed" });
  await publishLanding(h.ctx(), actor);
  return { owner, slug, corte, ana, bia };
}

/** The first free start the page offers for a professional (or anyone) from `desde` on. */
export async function freeStart(
  ctx: ServiceContext,
  salon: Salon,
  profissional: string = ANY_PROFESSIONAL,
  desde?: string,
): Promise<number> {
  const page = await bookingPage(ctx, salon.slug, { servico: salon.corte, profissional, desde: desde ?? null });
  const first = page?.dias?.flatMap((d) => d.horarios)[0];
  if (!first) throw new Error("no free slot offered");
  return first.inicio;
}

export async function clientCount(h: Harness, orgId: string): Promise<number> {
  return (await h.fresh.db.select({ n: count() }).from(clients).where(eq(clients.orgId, orgId)))[0]?.n ?? 0;
}

export const contact = (n: number, extra: Record<string, string> = {}) => ({
  nome: `Cliente ${n} Teste`,
  whatsapp: `(11) 9${String(80000000 + n).padStart(8, "0")}`,
  email: `cliente${n}@exemplo.com.br`,
  ...extra,
});
