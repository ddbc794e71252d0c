import { z } from "zod";
import { instant, MAX_SERVICES_PER_APPOINTMENT } from "../../../shared/agenda/booking-input.ts";
import { findSlots, findSlotsForAnyone, nextFreeSlot as nextSlot } from "../../../shared/agenda/slots.ts";
import { ID_RE } from "../../../shared/id.ts";
import { messages } from "../../../shared/validation.ts";
import { DomainError, type ServiceContext } from "../context.ts";
import { type AgendaProfessional, type AgendaRules, loadAgendaRules, slotRulesOf } from "./agenda-rules.ts";
import { authorizeAppointments, type Booker, DAY, isMember, PROFESSIONAL_NOT_FOUND } from "./appointment-checks.ts";

/**
 * Free slots and "Próximo horário livre" for services with a professional or "qualquer um"
 * (ADR 058's search over the rules loaded in one round trip). The inside agenda and the public
 * page ask the same question; the public page only sees what is offered online, with the
 * business's notice, up to its horizon. A professional who reaches only their own agenda is
 * answered for themselves alone.
 */

/** "Qualquer um": any professional who performs every service asked. */
export const ANYONE = "qualquer";

/** At most this many days per question (a month view). */
export const MAX_WINDOW_DAYS = 42;

/** How far "Próximo horário livre" looks inside the app. */
const HORIZON_DAYS = 60;

const id = (field: string) => z.string().regex(ID_RE, messages.default(field));

const servicesField = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",").filter(Boolean) : v),
  z
    .array(id("Serviço"), { error: () => "Escolha ao menos um serviço" })
    .min(1, "Escolha ao menos um serviço")
    .max(MAX_SERVICES_PER_APPOINTMENT, `Escolha no máximo ${MAX_SERVICES_PER_APPOINTMENT} serviços`),
);

const professionalField = z.preprocess((v) => (v === undefined || v === "" ? ANYONE : v), z.union([z.literal(ANYONE), id("Profissional")]));

const numeric = (v: unknown) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v);

export const freeSlotsQuerySchema = z
  .object({
    servicoIds: servicesField,
    profissionalId: professionalField,
    de: z.preprocess(numeric, instant("De")),
    ate: z.preprocess(numeric, instant("Até")),
  })
  .refine((q) => q.ate > q.de, { path: ["ate"], message: "O fim do período deve ser depois do início" })
  .refine((q) => q.ate - q.de <= MAX_WINDOW_DAYS * DAY, { path: ["ate"], message: `Peça no máximo ${MAX_WINDOW_DAYS} dias por vez` });

export const nextSlotQuerySchema = z.object({ servicoIds: servicesField, profissionalId: professionalField });

export interface FreeSlot {
  inicio: number;
  fim: number;
  /** Who is free then, best choice first (one, when a professional was asked). */
  profissionalIds: string[];
}

export interface FreeSlots {
  zone: string;
  duracaoMin: number;
  slots: FreeSlot[];
}

/** The professionals a question is about, and the duration of the services asked. */
function subject(rules: AgendaRules, booker: Booker, professionalId: string, serviceIds: readonly string[]) {
  const services = serviceIds.map((sid, i) => {
    const service = rules.services.find((s) => s.id === sid);
    if (!service) throw new DomainError("Serviço não encontrado. Escolha um serviço ativo.", 422, `servicoIds.${i}`);
    return service;
  });
  const performsAll = (p: AgendaProfessional) => serviceIds.every((sid) => p.servicoIds.includes(sid));
  let professionals = rules.professionals;
  if (isMember(booker) && authorizeAppointments(booker, "read") === "own") {
    professionals = professionals.filter((p) => p.usuarioId === booker.userId);
  }
  if (professionalId !== ANYONE) {
    const professional = professionals.find((p) => p.id === professionalId);
    if (!professional) throw new DomainError(PROFESSIONAL_NOT_FOUND, 422, "profissionalId");
    const missing = services.find((s) => !professional.servicoIds.includes(s.id));
    if (missing) throw new DomainError(`${professional.nome} não realiza ${missing.nome}`, 422, "profissionalId");
    professionals = [professional];
  } else professionals = professionals.filter(performsAll);
  return { professionals, durationMin: services.reduce((sum, s) => sum + s.duracaoMin, 0) };
}

/** The window a booker may ask about: the public page from now to its horizon. */
function allowedWindow(booker: Booker, window: { start: number; end: number }, now: number, horizonDays: number) {
  if (isMember(booker)) return window;
  return { start: Math.max(window.start, now), end: Math.min(window.end, now + horizonDays * DAY) };
}

/** The free starts in [de, ate) for the services, with a professional or anyone. One round trip. */
export async function freeSlots(ctx: ServiceContext, booker: Booker, query: unknown): Promise<FreeSlots> {
  if (isMember(booker)) authorizeAppointments(booker, "read");
  const q = freeSlotsQuerySchema.parse(query);
  const rules = await loadAgendaRules(
    ctx,
    booker.orgId,
    { start: q.de, end: q.ate },
    {
      ...(q.profissionalId === ANYONE ? {} : { professionalIds: [q.profissionalId] }),
      serviceIds: q.servicoIds,
      onlineOnly: !isMember(booker),
    },
  );
  const { professionals, durationMin } = subject(rules, booker, q.profissionalId, q.servicoIds);
  const now = ctx.now.getTime();
  const slotRules = slotRulesOf(rules, durationMin, now, !isMember(booker));
  const window = allowedWindow(booker, { start: q.de, end: q.ate }, now, rules.settings.maxDaysAhead);
  const base = { zone: rules.hours.zone, duracaoMin: durationMin };
  if (window.end <= window.start || professionals.length === 0) return { ...base, slots: [] };
  if (q.profissionalId !== ANYONE) {
    const only = professionals[0] as AgendaProfessional;
    const slots = findSlots(slotRules, only, window).map((s) => ({ inicio: s.start, fim: s.end, profissionalIds: [only.id] }));
    return { ...base, slots };
  }
  const slots = findSlotsForAnyone(slotRules, professionals, window).map((s) => ({
    inicio: s.start,
    fim: s.end,
    profissionalIds: s.professionalIds,
  }));
  return { ...base, slots };
}

/** "Próximo horário livre": the earliest free start from now for the services. One round trip. */
export async function nextFreeSlot(
  ctx: ServiceContext,
  booker: Booker,
  query: unknown,
): Promise<{ zone: string; duracaoMin: number; slot: { inicio: number; fim: number; profissionalId: string } | null }> {
  if (isMember(booker)) authorizeAppointments(booker, "read");
  const q = nextSlotQuerySchema.parse(query);
  const now = ctx.now.getTime();
  // The public horizon is a setting read in the same batch: load the longest, cut below.
  const rules = await loadAgendaRules(
    ctx,
    booker.orgId,
    { start: now, end: now + HORIZON_DAYS * DAY },
    {
      ...(q.profissionalId === ANYONE ? {} : { professionalIds: [q.profissionalId] }),
      serviceIds: q.servicoIds,
      onlineOnly: !isMember(booker),
    },
  );
  const { professionals, durationMin } = subject(rules, booker, q.profissionalId, q.servicoIds);
  const horizon = isMember(booker) ? HORIZON_DAYS : Math.min(HORIZON_DAYS, rules.settings.maxDaysAhead);
  const found = nextSlot(slotRulesOf(rules, durationMin, now, !isMember(booker)), professionals, horizon);
  return {
    zone: rules.hours.zone,
    duracaoMin: durationMin,
    slot: found ? { inicio: found.start, fim: found.end, profissionalId: found.professionalId } : null,
  };
}
