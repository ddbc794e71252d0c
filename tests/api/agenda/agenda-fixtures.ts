import { businessHours, businessSettings, professionalServices, professionals, services } from "../../../db/schema/index.ts";
import type { LocalInterval } from "../../../shared/agenda/local-times.ts";
import { sortKey } from "../../../shared/search.ts";
import type { Database } from "../../../db/client.ts";
import type { Harness } from "../harness.ts";
import { api } from "../records.ts";

/**
 * The agenda's test fixtures, written straight to the database (the screens that make them —
 * Horários, Profissionais, Serviços — are other parts of issue 21): an organização's hours and
 * settings, professionals with their week and services (any database: the api harness's or the
 * e2e one), and clients through the API.
 */

export type Week = LocalInterval[][];

/** The same intervals Monday to Saturday, closed on Sunday. */
export function weekdays(...intervals: [string, string][]): Week {
  const day = intervals.map(([start, end]) => ({ start, end }));
  return [[], day, day, day, day, day, day];
}

export async function setHours(db: Database, orgId: string, weekly: Week, closedOnNationalHolidays = true): Promise<void> {
  const semana = JSON.stringify(weekly);
  await db
    .insert(businessHours)
    .values({ orgId, semana, fechaFeriadosNacionais: closedOnNationalHolidays })
    .onConflictDoUpdate({ target: businessHours.orgId, set: { semana, fechaFeriadosNacionais: closedOnNationalHolidays } });
}

export async function setAgendaSettings(
  db: Database,
  orgId: string,
  settings: Partial<typeof businessSettings.$inferInsert>,
): Promise<void> {
  await db
    .insert(businessSettings)
    .values({ orgId, ...settings })
    .onConflictDoUpdate({ target: businessSettings.orgId, set: settings });
}

export async function addService(
  db: Database,
  orgId: string,
  nome: string,
  duracaoMin: number,
  precoCentavos = 10_000,
  extra: Partial<typeof services.$inferInsert> = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  await db
    .insert(services)
    .values({ id, orgId, nome, ordem: sortKey(nome), duracaoMin, precoCentavos, criadoEm: now, atualizadoEm: now, ...extra });
  return id;
}

export async function addProfessional(
  db: Database,
  orgId: string,
  nome: string,
  weekly: Week,
  serviceIds: readonly string[],
  extra: Partial<typeof professionals.$inferInsert> = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  await db.insert(professionals).values({
    id,
    orgId,
    nome,
    ordem: sortKey(nome),
    cor: "#3366cc",
    semana: JSON.stringify(weekly),
    criadoEm: now,
    atualizadoEm: now,
    ...extra,
  });
  if (serviceIds.length) {
    await db.insert(professionalServices).values(serviceIds.map((servicoId) => ({ orgId, profissionalId: id, servicoId })));
  }
  return id;
}

export async function addClient(h: Harness, cookie: string, nome: string): Promise<string> {
  const res = await api<{ data: { id: string } }>(h, cookie, "POST", "/api/clients", { tipo: "pf", nome });
  if (res.status !== 201) throw new Error(`client: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}
