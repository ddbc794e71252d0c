import { asc, count, eq, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client.ts";
import {
  appointmentServices,
  appointments,
  businessHourDays,
  businessHours,
  businessSettings,
  clients,
  memberships,
  organizations,
  products,
  professionalServices,
  professionals,
  professionalTimeOff,
  serviceProducts,
  services,
  stockMovements,
  users,
} from "../../db/schema/index.ts";
import { type OrgScope, orgScope } from "../../db/tenant.ts";
import { DEMO_LOGIN, DEMO_PEOPLE, DEMO_PROFESSIONAL } from "../../shared/demo-accounts.ts";
import type { CommissionKind } from "../../shared/enums.ts";
import { categoryKey, searchKeys, sortKey } from "../../shared/search.ts";
import { hashPassword } from "../../worker/auth/password.ts";
import type { ResourceModule } from "../../worker/resources/define.ts";
import { insertValues } from "../../worker/resources/records.ts";
import { moduleOf } from "../../worker/resources/registry.ts";
import { type Commission, commissionCents } from "../../worker/services/agenda/agenda-rules.ts";
import { hashAppointmentLinkToken, newAppointmentLinkToken } from "../../worker/services/agenda/appointment-link.ts";
import {
  DEMO_AGENDA_SETTINGS,
  DEMO_PROFESSIONALS,
  DEMO_SERVICES,
  DEMO_WEEKLY_HOURS,
  type DemoProfessional,
  type DemoService,
} from "./demo-agenda-data.ts";
import { type DemoAgendaPlan, demoAgendaPlan, demoService } from "./demo-agenda-plan.ts";
import { demoRestocks } from "./demo-agenda-stock.ts";

/**
 * Writes the demo's agenda (ADR 066) in one batch: the professional's login, Horários, the
 * agenda settings, the services and professionals (through their registry modules' own values:
 * sort names and search keys as the app computes them), who performs what, the products each
 * service consumes, the time off, the appointments with their services, and the "consumo em
 * serviço" exits of the concluded ones in the stock ledger (the ledger's triggers keep the stock).
 */

const COMMISSION_DEFAULT: Commission = { tipo: DEMO_AGENDA_SETTINGS.comissaoPadraoTipo, valor: DEMO_AGENDA_SETTINGS.comissaoPadraoValor };

function chunked<T>(list: readonly T[], size = 100): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** A registry row as the app writes it (schema parsed, derived columns, search keys), dated `at`. */
function row(mod: ResourceModule, scope: OrgScope, input: unknown, by: string | null, at: Date): Record<string, unknown> {
  const parsed = mod.definition.schema.parse(input) as Record<string, unknown>;
  return insertValues(mod, scope, parsed, by, at);
}

function commissionInput(kind: CommissionKind | undefined, value: number | undefined, fixedField: string): Record<string, unknown> {
  if (!kind || value === undefined) return {};
  return kind === "percentual" ? { comissaoTipo: kind, comissaoPercentual: value / 100 } : { comissaoTipo: kind, [fixedField]: value };
}

/**
 * A service's row as Serviços' registry module writes it (its values(): sort name from the
 * name, search keys of the name plus the category's filter key, the commission's stored value).
 * Written directly until that module is on main; then through it, like the professionals.
 */
function serviceRow(scope: OrgScope, s: DemoService, by: string | null, at: Date): Record<string, unknown> {
  const keys = [...searchKeys({ names: [s.nome] }), categoryKey(s.categoria)];
  return scope.values({
    id: crypto.randomUUID(),
    nome: s.nome,
    ordem: sortKey(s.nome),
    categoria: s.categoria,
    duracaoMin: s.duracaoMin,
    precoCentavos: s.precoCentavos,
    comissaoTipo: s.comissaoTipo ?? null,
    comissaoValor: s.comissaoValor ?? null,
    agendaOnline: s.agendaOnline,
    ativo: true,
    descricao: s.descricao,
    chavesBusca: JSON.stringify(keys),
    criadoEm: at,
    atualizadoEm: at,
    criadoPor: by,
    atualizadoPor: by,
  });
}

function professionalInput(p: DemoProfessional, userId: string | null): Record<string, unknown> {
  return {
    nome: p.nome,
    cor: p.cor,
    telefone: p.telefone,
    email: p.email,
    usuarioId: userId ?? undefined,
    ...commissionInput(p.comissaoTipo, p.comissaoValor, "comissaoFixa"),
    servicoIds: [],
    agendaOnline: p.agendaOnline,
    ativo: true,
    observacoes: p.observacoes,
  };
}

/** A commission as the agenda's rules read it (none: the next rule applies). */
function commissionOf(kind: CommissionKind | undefined, valor: number | undefined): Commission | null {
  return kind && valor !== undefined ? { tipo: kind, valor } : null;
}

/** The commission of one service line (centavos), as core's bookAppointment snapshots it. */
export function lineCommission(service: DemoService, professional: DemoProfessional): number {
  return commissionCents(
    service.precoCentavos,
    commissionOf(service.comissaoTipo, service.comissaoValor),
    commissionOf(professional.comissaoTipo, professional.comissaoValor),
    COMMISSION_DEFAULT,
  );
}

interface ClientRef {
  id: string;
  nome: string;
  email: string | null;
  telefones: string[];
}

export interface DemoAgendaResult {
  professionalIds: Map<string, string>;
  serviceIds: Map<string, string>;
  appointmentIds: string[];
  loginUserId: string;
  plan: DemoAgendaPlan;
}

/**
 * Seeds the agenda of the demo organização `orgId` (its clients, products and team already
 * there). `passwordHash`: the demo password's hash, when the caller already has it.
 */
export async function seedDemoAgenda(db: Database, orgId: string, now: Date, passwordHash?: string): Promise<DemoAgendaResult> {
  const scope = orgScope(db, orgId);
  const [clientRows, productRows, team] = await db.batch([
    db
      .select({ id: clients.id, nome: clients.nome, email: clients.email, telefones: clients.telefones })
      .from(clients)
      .where(scope.where(clients, isNull(clients.excluidoEm)))
      .orderBy(asc(clients.criadoEm), asc(clients.id)),
    db
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(scope.where(products, isNull(products.excluidoEm))),
    db
      .select({ id: users.id, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(scope.where(memberships)),
  ]);
  const people: ClientRef[] = clientRows.map((c) => ({
    id: c.id,
    nome: c.nome,
    email: c.email,
    telefones: c.telefones.map((p) => p.numero),
  }));
  const productId = new Map(productRows.map((p) => [p.sku, p.id]));
  const member = new Map(team.map((m) => [m.email, m.id]));
  const ownerId = member.get(DEMO_LOGIN.email) ?? team[0]?.id ?? null;
  const staffId = member.get(DEMO_PEOPLE.find((p) => p.role === "staff")?.email ?? "") ?? ownerId;
  const adminId = member.get(DEMO_PEOPLE.find((p) => p.role === "admin")?.email ?? "") ?? ownerId;
  const plan = demoAgendaPlan(now, people.length);
  const at = (ms: number) => new Date(ms);
  const setupAt = new Date(now.getTime() - (35 + 3) * 86_400_000);
  const statements: BatchItem<"sqlite">[] = [];

  // The professional who signs in: a member with the professional role, linked below.
  const loginUserId = crypto.randomUUID();
  statements.push(
    db.insert(users).values({
      id: loginUserId,
      name: DEMO_PROFESSIONAL.name,
      email: DEMO_PROFESSIONAL.email,
      passwordHash: passwordHash ?? hashPassword(DEMO_LOGIN.password),
      emailVerifiedAt: setupAt,
      termsAcceptedAt: setupAt,
      createdAt: setupAt,
      updatedAt: setupAt,
    }),
    db.insert(memberships).values({ orgId, userId: loginUserId, role: DEMO_PROFESSIONAL.role, createdAt: setupAt, updatedAt: setupAt }),
  );

  // Horários and the agenda settings.
  statements.push(
    db.insert(businessHours).values({
      orgId,
      semana: JSON.stringify(DEMO_WEEKLY_HOURS),
      fechaFeriadosNacionais: true,
      atualizadoEm: setupAt,
      atualizadoPor: ownerId,
    }),
    db.insert(businessHourDays).values(
      plan.specialDays.map((d) => ({
        id: crypto.randomUUID(),
        orgId,
        dia: d.dia,
        tipo: d.tipo,
        intervalos: JSON.stringify(d.intervalos),
        motivo: d.motivo,
        criadoEm: setupAt,
        criadoPor: ownerId,
      })),
    ),
    db
      .insert(businessSettings)
      .values({ orgId, ...DEMO_AGENDA_SETTINGS, atualizadoEm: setupAt, atualizadoPor: ownerId })
      .onConflictDoUpdate({
        target: businessSettings.orgId,
        set: { ...DEMO_AGENDA_SETTINGS, atualizadoEm: setupAt, atualizadoPor: ownerId },
      }),
  );

  // Services, then professionals (the login linked), then who performs what and what each consumes.
  const serviceRows = DEMO_SERVICES.map((s, i) => serviceRow(scope, s, ownerId, new Date(setupAt.getTime() + i * 60_000)));
  const serviceIds = new Map(DEMO_SERVICES.map((s, i) => [s.key, serviceRows[i]?.id as string]));
  const proMod = moduleOf("profissionais");
  const proRows: Record<string, unknown>[] = DEMO_PROFESSIONALS.map((p, i) => ({
    ...row(proMod, scope, professionalInput(p, p.login ? loginUserId : null), ownerId, new Date(setupAt.getTime() + (30 + i) * 60_000)),
    semana: JSON.stringify(p.semana),
  }));
  const professionalIds = new Map(DEMO_PROFESSIONALS.map((p, i) => [p.key, proRows[i]?.id as string]));
  statements.push(
    db.insert(services).values(serviceRows as never),
    db.insert(proMod.table).values(proRows as never),
    db
      .insert(professionalServices)
      .values(
        DEMO_PROFESSIONALS.flatMap((p) =>
          p.servicos.map((k) => ({ orgId, profissionalId: professionalIds.get(p.key) as string, servicoId: serviceIds.get(k) as string })),
        ),
      ),
    db.insert(serviceProducts).values(
      DEMO_SERVICES.flatMap((s) =>
        s.produtos.map((p) => {
          const id = productId.get(p.sku);
          if (!id) throw new Error(`seedDemoAgenda: produto ${p.sku} não está na demonstração`);
          return { orgId, servicoId: serviceIds.get(s.key) as string, produtoId: id, quantidade: p.quantidade };
        }),
      ),
    ),
    db.insert(professionalTimeOff).values(
      plan.timeOff.map((t) => ({
        id: crypto.randomUUID(),
        orgId,
        profissionalId: professionalIds.get(t.profissionalKey) as string,
        inicio: at(t.inicio),
        fim: at(t.fim),
        motivo: t.motivo,
        criadoEm: setupAt,
        criadoPor: ownerId,
      })),
    ),
  );

  // Appointments, as the agenda books them (sort name and search keys of core's bookAppointment).
  const proByKey = new Map(DEMO_PROFESSIONALS.map((p) => [p.key, p]));
  const appointmentIds = plan.appointments.map(() => crypto.randomUUID());
  const bookers = [staffId, ownerId, adminId];
  const appointmentRows = await Promise.all(
    plan.appointments.map(async (a, i) => {
      const client = people[a.clienteIndex] as ClientRef;
      const pro = proByKey.get(a.profissionalKey) as DemoProfessional;
      const chosen = a.servicoKeys.map(demoService);
      const by = a.origem === "online" ? null : (bookers[i % bookers.length] ?? null);
      const desk = pro.login ? loginUserId : staffId;
      const keys = searchKeys({
        names: [client.nome, pro.nome, ...chosen.map((s) => s.nome)],
        email: client.email,
        phones: client.telefones,
      });
      return {
        id: appointmentIds[i] as string,
        orgId,
        clienteId: client.id,
        profissionalId: professionalIds.get(a.profissionalKey) as string,
        inicio: at(a.inicio),
        fim: at(a.fim),
        status: a.status,
        origem: a.origem,
        totalCentavos: chosen.reduce((sum, s) => sum + s.precoCentavos, 0),
        observacoes: a.observacoes ?? null,
        ordem: sortKey(client.nome) || client.nome,
        chavesBusca: JSON.stringify(keys),
        chegadaEm: a.chegadaEm === undefined ? null : at(a.chegadaEm),
        iniciadoEm: a.iniciadoEm === undefined ? null : at(a.iniciadoEm),
        concluidoEm: a.concluidoEm === undefined ? null : at(a.concluidoEm),
        // Online bookings and reminders carry the client's links (only hashes are kept; nobody holds these tokens).
        linkHash: a.origem === "online" ? await hashAppointmentLinkToken(newAppointmentLinkToken()) : null,
        lembreteLinkHash: a.lembreteEm !== undefined ? await hashAppointmentLinkToken(newAppointmentLinkToken()) : null,
        lembreteEm: a.lembreteEm === undefined ? null : at(a.lembreteEm),
        criadoEm: at(a.criadoEm),
        atualizadoEm: at(a.atualizadoEm),
        criadoPor: by,
        atualizadoPor: a.chegadaEm !== undefined || a.status === "faltou" ? desk : by,
      };
    }),
  );
  const lines = plan.appointments.flatMap((a, i) =>
    a.servicoKeys.map((k, posicao) => {
      const s = demoService(k);
      return {
        id: crypto.randomUUID(),
        orgId,
        agendamentoId: appointmentIds[i] as string,
        servicoId: serviceIds.get(k) as string,
        nome: s.nome,
        duracaoMin: s.duracaoMin,
        precoCentavos: s.precoCentavos,
        comissaoCentavos: lineCommission(s, proByKey.get(a.profissionalKey) as DemoProfessional),
        posicao,
      };
    }),
  );
  statements.push(
    ...chunked(appointmentRows).map((rows) => db.insert(appointments).values(rows)),
    ...chunked(lines).map((rows) => db.insert(appointmentServices).values(rows)),
  );

  // The stock: a restock before the month where the services would run a product short, then each
  // concluded appointment's consumption, one exit per product as the desk writes it, in time order.
  const ledger = moduleOf("movimentacoes-produtos");
  for (const restock of demoRestocks(plan, now)) {
    const values = row(ledger, scope, { ...restock.input, produtoId: productId.get(restock.sku) }, adminId, at(restock.at));
    statements.push(db.insert(ledger.table).values(values as never));
  }
  const byAppointment = new Map<number, Map<string, number>>();
  for (const c of plan.consumption) {
    const lines = byAppointment.get(c.agendamento) ?? new Map<string, number>();
    lines.set(c.sku, (lines.get(c.sku) ?? 0) + c.quantidade);
    byAppointment.set(c.agendamento, lines);
  }
  for (const [i, perSku] of byAppointment) {
    const a = plan.appointments[i];
    const appointment = appointmentRows[i];
    if (!a || !appointment || a.concluidoEm === undefined) continue;
    const client = people[a.clienteIndex] as ClientRef;
    const motivo = `Consumo em serviço: ${a.servicoKeys.map((k) => demoService(k).nome).join(", ")} — ${client.nome}`.slice(0, 300);
    for (const [sku, quantidade] of perSku) {
      const values = insertValues(
        ledger,
        scope,
        {
          produtoId: productId.get(sku),
          tipo: "consumo",
          quantidade,
          custoUnitarioCentavos: null,
          motivo,
          ocorridoEm: at(a.concluidoEm).toISOString(),
        },
        appointment.atualizadoPor,
        at(a.concluidoEm),
      );
      statements.push(db.insert(stockMovements).values({ ...values, agendamentoId: appointment.id } as never));
    }
  }

  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { professionalIds, serviceIds, appointmentIds, loginUserId, plan };
}

/**
 * A demo database seeded before the agenda existed gets it on the next `npm start` (the demo
 * organização, found by its CNPJ, without professionals), around that start's now. False: nothing added.
 */
export async function seedMissingDemoAgenda(db: Database, document: string, now = new Date()): Promise<boolean> {
  // tenant-exempt: the seed finds the demo organização by its CNPJ (no request, no session).
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.document, document)).limit(1);
  if (!org) return false;
  const [[pros], [taken]] = await db.batch([
    db.select({ n: count() }).from(professionals).where(eq(professionals.orgId, org.id)),
    // tenant-exempt: e-mails are unique across organizações; the login may exist elsewhere.
    db.select({ n: count() }).from(users).where(eq(users.email, DEMO_PROFESSIONAL.email)),
  ]);
  if ((pros?.n ?? 0) > 0 || (taken?.n ?? 0) > 0) return false;
  await seedDemoAgenda(db, org.id, now);
  return true;
}
