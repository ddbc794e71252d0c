import type { Context, Hono } from "hono";
import { APPOINTMENT_STATUSES } from "../../../../shared/enums.ts";
import { ID_PATTERN } from "../../../../shared/id.ts";
import { dataObject, documented, type JsonSchema, type Parameter, type RouteDoc } from "../../../api/route-doc.ts";
import type { AppEnv } from "../../../http/types.ts";
import { moveAppointment, setAppointmentStatus } from "../../../services/agenda/appointments.ts";
import { ANYONE, freeSlots, MAX_WINDOW_DAYS, nextFreeSlot } from "../../../services/agenda/free-slots.ts";
import { DomainError } from "../../../services/context.ts";
import type { RouteHelpers } from "../../define.ts";

/**
 * `/api/agendamentos/…` beyond the generic CRUD: move/resize, status, free slots and "próximo
 * horário livre". The same services as the calendar's drag and buttons (the rules, then one
 * guarded statement), so the API refuses exactly what the screen refuses, in the same words.
 */

const INSTANT: JsonSchema = {
  anyOf: [
    { type: "string", format: "date-time", description: "ISO 8601 com o fuso (2031-03-04T14:00:00-03:00)." },
    { type: "integer", minimum: 0, description: "Milissegundos desde 1970 (UTC)." },
  ],
};
const MS: JsonSchema = { type: "integer", minimum: 0, description: "Instante em milissegundos desde 1970 (UTC)." };
const ID: JsonSchema = { type: "string", pattern: ID_PATTERN };

const PLACED = dataObject(
  { id: ID, inicio: MS, fim: MS, profissionalId: ID },
  "Onde o agendamento ficou: início e fim (UTC, ms) e o profissional.",
);

const MOVE_DOC: RouteDoc = {
  access: { action: "update" },
  summary: "Mover, redimensionar ou passar para outro profissional",
  description:
    "As mesmas regras do agendamento (horário de funcionamento, disponibilidade e folgas do profissional, grade, outros agendamentos e visitas com o intervalo entre atendimentos) e as mesmas recusas em português, com o conflito nomeado (409: “Conflita com o agendamento de Ana às 14:30”). Sem `fim`, mantém a duração; com `fim`, redimensiona. Concluídos, cancelados e faltas não se movem.",
  body: {
    type: "object",
    required: ["inicio"],
    properties: {
      inicio: { ...INSTANT, title: "Início" },
      fim: { ...INSTANT, title: "Fim", description: "Para redimensionar; em branco, a mesma duração." },
      profissionalId: { ...ID, title: "Profissional", description: "Para passar a outro profissional (que realize todos os serviços)." },
    },
    additionalProperties: false,
  },
  bodyExample: { inicio: "2031-03-04T15:00:00-03:00" },
  response: PLACED,
  errors: ["400", "409", "422"],
};

const STATUS_DOC: RouteDoc = {
  access: { action: "update" },
  summary: "Mudar o status",
  description:
    "Pendente → confirmado → em atendimento → concluído, ou cancelado / faltou (que liberam o horário). Um passo atrás desfaz um engano. Reabrir um cancelado ou falta volta a ocupar o horário: é conferido de novo (409 com o conflito).",
  body: {
    type: "object",
    required: ["status"],
    properties: { status: { type: "string", enum: [...APPOINTMENT_STATUSES], title: "Status" } },
    additionalProperties: false,
  },
  bodyExample: { status: "confirmado" },
  response: dataObject({ id: ID, status: { type: "string", enum: [...APPOINTMENT_STATUSES] } }, "O novo status."),
  errors: ["400", "409"],
};

const QUERY_SERVICES: Parameter = {
  name: "servicoIds",
  in: "query",
  required: true,
  description: "Os serviços (ids separados por vírgula); a duração é a soma.",
  schema: { type: "string" },
  example: "id-servico",
};
const QUERY_PROFESSIONAL: Parameter = {
  name: "profissionalId",
  in: "query",
  description: `Um profissional, ou “${ANYONE}” (o padrão): qualquer um que realize todos os serviços.`,
  schema: { type: "string" },
  example: ANYONE,
};

const SLOTS_DOC: RouteDoc = {
  access: { action: "read" },
  summary: "Horários livres",
  description: `Os inícios livres em [de, até) para os serviços, com um profissional ou qualquer um (cada horário diz quem está livre, o menos ocupado no dia primeiro). Até ${MAX_WINDOW_DAYS} dias por pedido. Calculado do horário de funcionamento, da disponibilidade, das folgas, dos agendamentos e das visitas do corretor vinculado.`,
  query: [
    QUERY_SERVICES,
    QUERY_PROFESSIONAL,
    { name: "de", in: "query", required: true, description: "Início do período (ISO 8601 com fuso, ou ms).", schema: { type: "string" } },
    { name: "ate", in: "query", required: true, description: "Fim do período, exclusivo.", schema: { type: "string" } },
  ],
  response: dataObject(
    {
      zone: { type: "string", description: "O fuso da organização (para mostrar os horários)." },
      duracaoMin: { type: "integer", minimum: 0 },
      slots: {
        type: "array",
        items: {
          type: "object",
          required: ["inicio", "fim", "profissionalIds"],
          properties: { inicio: MS, fim: MS, profissionalIds: { type: "array", items: ID } },
        },
      },
    },
    "Os horários livres, em ordem.",
  ),
  errors: ["400", "422"],
};

const NEXT_DOC: RouteDoc = {
  access: { action: "read" },
  summary: "Próximo horário livre",
  description:
    "O primeiro início livre a partir de agora (até 60 dias) para os serviços, com um profissional ou qualquer um; `slot` nulo quando não há.",
  query: [QUERY_SERVICES, QUERY_PROFESSIONAL],
  response: dataObject(
    {
      zone: { type: "string" },
      duracaoMin: { type: "integer", minimum: 0 },
      slot: {
        type: ["object", "null"],
        properties: { inicio: MS, fim: MS, profissionalId: ID },
      },
    },
    "O próximo horário livre, se houver.",
  ),
  errors: ["400", "422"],
};

async function body(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DomainError("Corpo da requisição deve ser JSON.", 400);
  }
}

/** The query as the services read it (`servicoIds=a,b`, or repeated). */
function query(c: Context<AppEnv>): Record<string, unknown> {
  const all = c.req.queries();
  const one = (k: string) => all[k]?.[0];
  return { servicoIds: (all.servicoIds ?? []).join(","), profissionalId: one("profissionalId"), de: one("de"), ate: one("ate") };
}

export function appointmentRoutes(app: Hono<AppEnv>, { run }: RouteHelpers): void {
  app.get(
    "/horarios-livres",
    documented(SLOTS_DOC, (c) => run(c, async (ctx, actor) => c.json({ data: await freeSlots(ctx, actor, query(c)) }))),
  );
  app.get(
    "/proximo-horario-livre",
    documented(NEXT_DOC, (c) => run(c, async (ctx, actor) => c.json({ data: await nextFreeSlot(ctx, actor, query(c)) }))),
  );
  app.post(
    "/:id/mover",
    documented(MOVE_DOC, (c) =>
      run(c, async (ctx, actor) => c.json({ data: await moveAppointment(ctx, actor, c.req.param("id") ?? "", await body(c)) })),
    ),
  );
  app.post(
    "/:id/status",
    documented(STATUS_DOC, (c) =>
      run(c, async (ctx, actor) => c.json({ data: await setAppointmentStatus(ctx, actor, c.req.param("id") ?? "", await body(c)) })),
    ),
  );
}
