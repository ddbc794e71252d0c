import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client.ts";
import { appointmentServices, appointments, businessHours, professionalServices, professionals, services } from "../../db/schema/index.ts";
import type { AppointmentStatus } from "../../shared/enums/agenda.ts";
import { addDays, weekStart } from "../../shared/social/calendar.ts";
import { DEFAULT_TIME_ZONE, dayIn, instantIn } from "../../shared/time-zone.ts";
import { sortKey } from "../../shared/search.ts";
import { createRng, hashSeed } from "../seed/demo-random.ts";

/**
 * Issue 21's agenda size: 5 professionals (the demo's, else 5 new ones) with `count` more
 * appointments this week (São Paulo),
 * spread evenly over the seven days and the five columns from 08:00, each of one to three
 * services, every status, for the given clients. Deterministic. Written straight into the tables
 * (the booking service checks each one: 2,000 guarded writes would take the bench minutes); the
 * rows are what a booking writes. Used by scripts/bench.ts for /agenda?vista=semana.
 */
export async function seedAgenda(db: Database, orgId: string, clientIds: readonly string[], count: number, now = new Date()) {
  const rng = createRng(hashSeed(`agenda-${count}`));
  const zone = DEFAULT_TIME_ZONE;
  const created = new Date(now.getTime() - 30 * 86_400_000);
  const trail = { criadoEm: created, atualizadoEm: created };
  const open = [{ start: "08:00", end: "20:00" }];
  const semana = JSON.stringify([open, open, open, open, open, open, open]);
  await db
    .insert(businessHours)
    .values({ orgId, semana, atualizadoEm: created })
    .onConflictDoUpdate({ target: businessHours.orgId, set: { semana } });
  const names = ["Ana Souza", "Bruno Lima", "Carla Dias", "Diego Rocha", "Elisa Prado"];
  const colors = ["#2563eb", "#db2777", "#16a34a", "#ea580c", "#7c3aed"];
  const pros = names.map((nome, i) => ({
    id: crypto.randomUUID() as string,
    orgId,
    nome,
    ordem: sortKey(nome),
    cor: colors[i] as string,
    semana: JSON.stringify([open, open, open, open, open, open, open]),
    ...trail,
  }));
  const catalog = [
    ["Corte", "Cabelo", 10, 6000],
    ["Escova", "Cabelo", 10, 4500],
    ["Barba", "Barbearia", 10, 3500],
    ["Manicure", "Unhas", 10, 3000],
    ["Sobrancelha", "Estética", 10, 2500],
  ] as const;
  const svc = catalog.map(([nome, categoria, duracaoMin, precoCentavos]) => ({
    id: crypto.randomUUID(),
    orgId,
    nome,
    ordem: sortKey(nome),
    categoria,
    duracaoMin,
    precoCentavos,
    ...trail,
  }));
  // The demo business already has its 5 professionals (ADR 066): the week is theirs, on top of their own appointments.
  const existing = await db.all<{ id: string }>(
    sql`select id from professionals where org_id = ${orgId} and deleted_at is null and active = 1 order by sort_name, id limit 5`,
  );
  await db.insert(services).values(svc);
  if (existing.length === 5) pros.splice(0, 5, ...existing.map((e, i) => ({ ...(pros[i] as (typeof pros)[number]), id: e.id })));
  else await db.insert(professionals).values(pros);
  // Everyone performs every service: the slot search ("qualquer um") weighs all five columns.
  await db
    .insert(professionalServices)
    .values(pros.flatMap((p) => svc.map((s) => ({ orgId, profissionalId: p.id, servicoId: s.id }))))
    .onConflictDoNothing();

  const first = weekStart(dayIn(now, zone));
  // The week is the bench's alone: the demo's own bookings of it step aside (deleted, as the
  // overlap guard would refuse the bench's rows on top of them), so it holds exactly `count`.
  const weekFrom = instantIn(first, "00:00", zone).getTime();
  const weekTo = instantIn(addDays(first, 7), "00:00", zone).getTime();
  await db.run(
    sql`update appointments set deleted_at = ${created.getTime()} where org_id = ${orgId} and starts_at >= ${weekFrom} and starts_at < ${weekTo} and deleted_at is null`,
  );
  const statuses: AppointmentStatus[] = ["confirmado", "confirmado", "pendente", "concluido", "em_atendimento", "cancelado", "faltou"];
  const perColumn = Math.ceil(count / (7 * pros.length));
  const rows: (typeof appointments.$inferInsert)[] = [];
  const lines: (typeof appointmentServices.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const column = Math.floor(i / perColumn);
    const day = addDays(first, column % 7);
    const pro = pros[Math.floor(column / 7) % pros.length] as (typeof pros)[number];
    const slot = i % perColumn;
    const minutes = 8 * 60 + slot * 10;
    const start = instantIn(day, `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`, zone);
    const chosen = svc.slice(0, 1 + rng.int(0, 2));
    const id = crypto.randomUUID();
    const clienteId = rng.pick(clientIds as string[]);
    rows.push({
      id,
      orgId,
      clienteId,
      profissionalId: pro.id,
      inicio: start,
      fim: new Date(start.getTime() + 10 * 60_000),
      status: rng.pick(statuses),
      totalCentavos: chosen.reduce((s, x) => s + x.precoCentavos, 0),
      ordem: `cliente ${i}`,
      ...trail,
    });
    for (const [posicao, s] of chosen.entries())
      lines.push({
        id: crypto.randomUUID(),
        orgId,
        agendamentoId: id,
        servicoId: s.id,
        nome: s.nome,
        duracaoMin: s.duracaoMin,
        precoCentavos: s.precoCentavos,
        posicao,
      });
  }
  const chunks = <T>(list: T[], size: number) =>
    Array.from({ length: Math.ceil(list.length / size) }, (_, k) => list.slice(k * size, k * size + size));
  for (const part of chunks(chunks(rows, 200), 10))
    await db.batch(part.map((r) => db.insert(appointments).values(r)) as unknown as [BatchItem<"sqlite">]);
  for (const part of chunks(chunks(lines, 300), 10))
    await db.batch(part.map((r) => db.insert(appointmentServices).values(r)) as unknown as [BatchItem<"sqlite">]);
  return { professionals: pros.map((p) => p.id), week: first, serviceId: (svc[0] as (typeof svc)[number]).id };
}
