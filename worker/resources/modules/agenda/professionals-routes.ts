import type { Context, Hono } from "hono";
import { MAX_INTERVALS_PER_DAY, TIME_OFF_DETAIL_MAX, TIME_OFF_KINDS } from "../../../../shared/agenda/availability.ts";
import { isId } from "../../../../shared/id.ts";
import { dataObject, dataOf, documented, json, type JsonSchema, type RouteDoc } from "../../../api/route-doc.ts";
import { apiError } from "../../../http/errors.ts";
import type { AppEnv } from "../../../http/types.ts";
import {
  AvailabilityError,
  addTimeOff,
  listTimeOff,
  removeTimeOff,
  saveAvailability,
  TimeOffError,
} from "../../../services/agenda/professional-schedule.ts";
import { DomainError } from "../../../services/context.ts";
import type { RouteHelpers } from "../../define.ts";

/**
 * `/api/profissionais/:id/…` beyond the generic routes (ADR 064): the weekly availability (inside
 * the business hours, refused with every pt-BR problem) and the time off (typed in the
 * organização's zone).
 */

async function body(c: { req: { json: () => Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DomainError("Envie um corpo JSON válido.", 400);
  }
}

const TIME: JsonSchema = { type: "string", pattern: "^([01][0-9]|2[0-4]):[0-5][0-9]$" };

const WEEK: JsonSchema = {
  type: "array",
  minItems: 7,
  maxItems: 7,
  description: "Sete listas, de domingo (0) a sábado (6), cada uma com os intervalos do dia (HH:mm, no fuso da organização).",
  items: {
    type: "array",
    maxItems: MAX_INTERVALS_PER_DAY,
    items: { type: "object", required: ["start", "end"], properties: { start: TIME, end: TIME } },
  },
};

const TIME_OFF: JsonSchema = {
  type: "object",
  required: ["id", "inicio", "fim", "motivo"],
  properties: {
    id: { type: "string" },
    inicio: { type: "string", format: "date-time" },
    fim: { type: "string", format: "date-time" },
    motivo: { type: ["string", "null"] },
  },
};

const AVAILABILITY_DOC: RouteDoc = {
  access: { action: "update" },
  summary: "Salvar a disponibilidade semanal do profissional",
  description:
    "Substitui a semana inteira. Cada intervalo deve caber no horário de funcionamento (Horários); enquanto houver algum problema nada é salvo e a resposta (422) lista todos em português. Um horário de funcionamento alterado no meio do caminho dá 409.",
  body: { type: "object", required: ["semana"], properties: { semana: WEEK } },
  bodyExample: {
    semana: [
      [],
      [
        { start: "09:00", end: "12:00" },
        { start: "13:00", end: "18:00" },
      ],
      [{ start: "09:00", end: "18:00" }],
      [{ start: "09:00", end: "18:00" }],
      [{ start: "09:00", end: "18:00" }],
      [{ start: "09:00", end: "18:00" }],
      [{ start: "09:00", end: "13:00" }],
    ],
  },
  errors: ["409", "422"],
  response: dataObject({ semana: WEEK }, "A semana salva, com os intervalos em ordem."),
};

const TIME_OFF_LIST_DOC: RouteDoc = {
  access: { action: "read" },
  summary: "Folgas do profissional",
  description: "As folgas, férias e ausências em curso, futuras e as que terminaram nos últimos 30 dias, da mais próxima à mais distante.",
  response: { description: "As folgas.", content: json(dataOf({ type: "array", items: TIME_OFF })) },
};

const TIME_OFF_CREATE_DOC: RouteDoc = {
  access: { action: "update" },
  summary: "Registrar uma folga",
  description:
    "Datas (aaaa-mm-dd) e horas (HH:mm) no fuso da organização; sem as horas, vale o dia inteiro (do início do primeiro dia à meia-noite depois do último). Agendamentos já marcados no período continuam na agenda.",
  status: "201",
  body: {
    type: "object",
    required: ["dataInicio", "dataFim", "tipo"],
    properties: {
      dataInicio: { type: "string", format: "date" },
      horaInicio: TIME,
      dataFim: { type: "string", format: "date" },
      horaFim: TIME,
      tipo: { type: "string", enum: [...TIME_OFF_KINDS] },
      detalhe: { type: "string", maxLength: TIME_OFF_DETAIL_MAX },
    },
  },
  bodyExample: { dataInicio: "2026-12-21", dataFim: "2027-01-04", tipo: "Férias", detalhe: "Viagem" },
  errors: ["400"],
  response: {
    description: "A folga registrada, com quantos agendamentos do profissional ainda caem no período (continuam na agenda).",
    content: json(
      dataOf({
        allOf: [
          TIME_OFF,
          { type: "object", required: ["agendamentosNoPeriodo"], properties: { agendamentosNoPeriodo: { type: "integer", minimum: 0 } } },
        ],
      }),
    ),
  },
};

const TIME_OFF_DELETE_DOC: RouteDoc = {
  access: { action: "update" },
  summary: "Remover uma folga",
  description: "Apaga a folga de vez (os horários voltam a ficar livres).",
  response: dataObject({ id: { type: "string" } }, "Removida."),
};

type Ctx = Context<AppEnv>;

/** The week's refusal lists every problem; the time off's names its fields. */
function refusal(c: Ctx, error: unknown): Response {
  if (error instanceof AvailabilityError) {
    return apiError(c, 422, error.problems.join(" "), "availability_outside_hours", { semana: error.problems.join(" ") });
  }
  if (error instanceof TimeOffError) return apiError(c, 400, error.message, "validation_error", error.errors);
  throw error;
}

export function professionalRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  app.put(
    "/:id/disponibilidade",
    documented(AVAILABILITY_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        const input = (await body(c)) as { semana?: unknown } | null;
        try {
          return c.json({ data: { semana: await saveAvailability(ctx, actor, id, input?.semana) } });
        } catch (error) {
          return refusal(c, error);
        }
      }),
    ),
  );
  app.get(
    "/:id/folgas",
    documented(TIME_OFF_LIST_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        return isId(id) ? c.json({ data: await listTimeOff(ctx, actor, id) }) : notFound(c);
      }),
    ),
  );
  app.post(
    "/:id/folgas",
    documented(TIME_OFF_CREATE_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        const input = await body(c);
        const fields = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
        try {
          return c.json(
            {
              data: await addTimeOff(ctx, actor, id, {
                dataInicio: fields.dataInicio,
                horaInicio: fields.horaInicio,
                dataFim: fields.dataFim,
                horaFim: fields.horaFim,
                tipo: fields.tipo,
                detalhe: fields.detalhe,
              }),
            },
            201,
          );
        } catch (error) {
          return refusal(c, error);
        }
      }),
    ),
  );
  app.delete(
    "/:id/folgas/:folgaId",
    documented(TIME_OFF_DELETE_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        const folgaId = c.req.param("folgaId");
        if (!isId(id) || !isId(folgaId)) return notFound(c);
        await removeTimeOff(ctx, actor, id, folgaId);
        return c.json({ data: { id: folgaId } });
      }),
    ),
  );
}
