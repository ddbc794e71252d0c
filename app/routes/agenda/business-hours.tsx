import { useState } from "react";
import { data, Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/business-hours";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { FormError } from "../../components/ui/form.tsx";
import { ExceptionForm, HolidayForm, SpecialDayList } from "../../components/hours/special-days.tsx";
import { intervalsOf, rowsOf, WeekEditor, type WeekRows } from "../../components/hours/week-editor.tsx";
import { WeekPreview } from "../../components/hours/week-preview.tsx";
import { hoursText } from "../../components/hours/day-bar.tsx";
import { nationalHolidays } from "../../../shared/agenda/holidays.ts";
import { businessWeekSchema, hoursExceptionSchema, localHolidaySchema, removeSpecialDaySchema } from "../../../shared/agenda/hours-form.ts";
import { formatDay, WEEKDAY_NAMES } from "../../../shared/agenda/hours-fields.ts";
import { weekdayOf } from "../../../shared/agenda/local-times.ts";
import { formatDateTime } from "../../../shared/format.ts";
import { dayIn, formatTimeIn, timeZoneOf } from "../../../shared/time-zone.ts";
import { formDataToObject, UNKNOWN_INTENT, validateForm } from "../../../shared/validation.ts";
import { FORM_ERROR_KEY } from "../../components/ui/form-data.ts";
import { titleMeta } from "../../lib/title.ts";
import { UNREADABLE_FORM } from "../../server/forms.server.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { serviceContext } from "../../../worker/context.ts";
import {
  addHoursException,
  addLocalHoliday,
  getBusinessHours,
  removeSpecialDay,
  saveBusinessWeek,
} from "../../../worker/services/agenda/business-hours.ts";
import { DomainError } from "../../../worker/services/context.ts";

export const meta: Route.MetaFunction = () => titleMeta("Horários");

/** How many of the appointments outside the hours the warning names (the count says the rest). */
const OUTSIDE_SHOWN = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, actor, org } = requirePermission(context, request, "business-hours", "read");
  const ctx = serviceContext(rc);
  const view = await getBusinessHours(ctx, actor);
  const zone = timeZoneOf(actor.timeZone);
  const today = dayIn(ctx.now, zone);
  const year = Number(today.slice(0, 4));
  return {
    hours: view.hours,
    definido: view.definido,
    dias: view.dias,
    today,
    canEdit: can(org.role, "business-hours", "update"),
    holidays: [year, year + 1].map((y) => ({ year: y, days: nationalHolidays(y) })),
    outside: {
      total: view.foraDoHorario.length,
      shown: view.foraDoHorario.slice(0, OUTSIDE_SHOWN).map((a) => ({
        id: a.id,
        when: `${WEEKDAY_NAMES[weekdayOf(dayIn(a.inicio, zone))]?.slice(0, 3).toLowerCase()} ${formatDay(dayIn(a.inicio, zone))} ${formatTimeIn(a.inicio, zone)}–${formatTimeIn(a.fim, zone)}`,
        who: `${a.cliente} com ${a.profissional}`,
      })),
    },
    updated: view.atualizadoEm
      ? `Alterado em ${formatDateTime(view.atualizadoEm, zone)}${view.atualizadoPorNome ? ` por ${view.atualizadoPorNome}` : ""}.`
      : null,
  };
}

// The forms of the page. What each form says once saved: the page reads this, never the schemas (zod stays on the server, ADR 029).
const SAVED = {
  semana: "Horários salvos.",
  feriado: "Feriado adicionado.",
  excecao: "Horário especial adicionado.",
  "remover-dia": "Dia removido.",
} as const;

const INTENTS = {
  semana: { schema: businessWeekSchema },
  feriado: { schema: localHolidaySchema },
  excecao: { schema: hoursExceptionSchema },
  "remover-dia": { schema: removeSpecialDaySchema },
} as const satisfies Record<keyof typeof SAVED, unknown>;

type Intent = keyof typeof SAVED;

const isIntent = (value: unknown): value is Intent => typeof value === "string" && Object.hasOwn(SAVED, value);

interface Refusal {
  intent: Intent | null;
  errors: Record<string, string>;
  values?: Record<string, string>;
}

/** What was typed, to keep it in a form without JavaScript (the last value of a repeated field). */
function echo(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") out[key] = value;
  return out;
}

/**
 * One action, four intents (the week; a holiday; an exception; removing a day). Bad input answers
 * 400 with the pt-BR problem under its field and changes nothing; a second day on a date, 409.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { rc, actor } = requirePermission(context, request, "business-hours", "update");
  const form = await request.formData().catch(() => null);
  if (!form) return data<Refusal>({ intent: null, errors: { [FORM_ERROR_KEY]: UNREADABLE_FORM } }, { status: 400 });
  const intent = form.get("intent");
  if (!isIntent(intent)) return data<Refusal>({ intent: null, errors: { [FORM_ERROR_KEY]: UNKNOWN_INTENT } }, { status: 400 });
  const spec = INTENTS[intent];
  const checked = validateForm(spec.schema as never, form);
  if (!checked.ok) return data<Refusal>({ intent, errors: checked.errors, values: echo(form) }, { status: 400 });
  // Here, not in INTENTS: the services stay out of the browser's bundle (ADR 029).
  const run = { semana: saveBusinessWeek, feriado: addLocalHoliday, excecao: addHoursException, "remover-dia": removeSpecialDay }[intent];
  try {
    await run(serviceContext(rc), actor, formDataToObject(form));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data<Refusal>(
      { intent, errors: { [error.field ?? FORM_ERROR_KEY]: error.message }, values: echo(form) },
      { status: error.status },
    );
  }
  throw redirect(`/horarios?salvo=${intent}`);
}

export default function BusinessHoursPage({ loaderData }: Route.ComponentProps) {
  const { hours, canEdit, today } = loaderData;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state === "submitting";
  const savedIntent = params.get("salvo");
  const saved = navigation.state === "idle" && isIntent(savedIntent) ? SAVED[savedIntent] : null;
  const [rows, setRows] = useState<WeekRows>(() => rowsOf(hours.weekly));
  const [closedOnHolidays, setClosedOnHolidays] = useState(hours.closedOnNationalHolidays);
  const errorsOf = (intent: Intent) => (result?.intent === intent ? result.errors : undefined);
  const previewHours = canEdit ? { ...hours, weekly: intervalsOf(rows), closedOnNationalHolidays: closedOnHolidays } : hours;
  return (
    <>
      <PageHeader
        title="Horários"
        description="Quando o negócio atende. A agenda e o agendamento online só oferecem horários dentro destes."
      />
      <div className="space-y-6">
        {saved ? <Alert tone="success">{saved}</Alert> : null}
        {result && (result.intent === null || result.intent === "remover-dia") ? (
          <FormError errors={{ [FORM_ERROR_KEY]: Object.values(result.errors)[0] ?? "" }} />
        ) : null}
        {loaderData.outside.total > 0 ? (
          <div role="status" className="rounded-lg border border-danger/30 bg-danger-soft px-4 py-3 text-sm">
            <p className="font-semibold text-danger">
              {loaderData.outside.total === 1
                ? "1 agendamento futuro está fora do horário de funcionamento."
                : `${loaderData.outside.total} agendamentos futuros estão fora do horário de funcionamento.`}
            </p>
            <p className="mt-1">Eles continuam marcados (só novos agendamentos seguem os horários). Remarque-os se precisar:</p>
            <ul className="mt-2 list-disc space-y-0.5 pl-5">
              {loaderData.outside.shown.map((a) => (
                <li key={a.id} className="break-words">
                  <span className="tabular-nums">{a.when}</span> · {a.who}
                </li>
              ))}
            </ul>
            {loaderData.outside.total > loaderData.outside.shown.length ? (
              <p className="mt-1">E mais {loaderData.outside.total - loaderData.outside.shown.length}.</p>
            ) : null}
          </div>
        ) : null}
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Card title="Horário de funcionamento">
            {canEdit ? (
              <Form method="post" className="space-y-5">
                <input type="hidden" name="intent" value="semana" />
                <FormError errors={errorsOf("semana")} />
                {loaderData.definido ? null : (
                  <Alert>Os horários ainda não foram definidos: até salvar, a agenda não oferece nenhum horário.</Alert>
                )}
                <WeekEditor rows={rows} onChange={setRows} errors={errorsOf("semana")} />
                <input type="hidden" name="fechaFeriadosNacionais" value="off" />
                <label className="flex items-start gap-3 rounded-xl border border-line bg-surface p-4">
                  <input
                    type="checkbox"
                    name="fechaFeriadosNacionais"
                    value="on"
                    checked={closedOnHolidays}
                    onChange={(e) => setClosedOnHolidays(e.currentTarget.checked)}
                    aria-describedby="feriados-nacionais-ajuda"
                    className="mt-1"
                  />
                  <span>
                    <span className="block font-semibold">Fecha nos feriados nacionais</span>
                    <span id="feriados-nacionais-ajuda" className="mt-0.5 block text-sm text-fg-soft">
                      Nesses dias a agenda não oferece horários, a menos que um horário especial abra o dia. Carnaval e Corpus Christi são
                      pontos facultativos: se fechar, cadastre-os como feriado local.
                    </span>
                  </span>
                </label>
                {loaderData.updated ? <p className="text-sm text-fg-soft">{loaderData.updated}</p> : null}
                <Button type="submit" busy={busy}>
                  Salvar horários
                </Button>
              </Form>
            ) : (
              <ul className="space-y-1.5 text-sm">
                {WEEKDAY_NAMES.map((name, d) => (
                  <li key={name} className="flex justify-between gap-3">
                    <span className="font-medium">{name}</span>
                    <span className="text-right text-fg-soft">{hoursText(hours.weekly[d] ?? [])}</span>
                  </li>
                ))}
                <li className="pt-2 text-fg-soft">
                  {hours.closedOnNationalHolidays ? "Fecha nos feriados nacionais." : "Abre nos feriados nacionais."}
                </li>
              </ul>
            )}
          </Card>
          <Card title="Próximos 7 dias">
            <WeekPreview hours={previewHours} today={today} />
          </Card>
        </div>
        <Card title="Feriados locais e horários especiais">
          <div className="space-y-6">
            <SpecialDayList days={loaderData.dias} canEdit={canEdit} busy={busy} />
            {canEdit ? (
              <div className="grid gap-6 border-t border-line pt-5 lg:grid-cols-2">
                <section aria-labelledby="novo-feriado" className="space-y-3">
                  <h3 id="novo-feriado" className="font-semibold">
                    Adicionar feriado local
                  </h3>
                  <HolidayForm errors={errorsOf("feriado")} values={result?.intent === "feriado" ? result.values : undefined} busy={busy} />
                </section>
                <section aria-labelledby="novo-especial" className="space-y-3">
                  <h3 id="novo-especial" className="font-semibold">
                    Adicionar horário especial
                  </h3>
                  <ExceptionForm
                    errors={errorsOf("excecao")}
                    values={result?.intent === "excecao" ? result.values : undefined}
                    busy={busy}
                  />
                </section>
              </div>
            ) : null}
          </div>
        </Card>
        <Card title="Feriados nacionais">
          <div className="grid gap-6 sm:grid-cols-2">
            {loaderData.holidays.map(({ year, days }) => (
              <section key={year} aria-labelledby={`feriados-${year}`}>
                <h3 id={`feriados-${year}`} className="mb-2 font-semibold">
                  {year}
                </h3>
                <ul className="space-y-1 text-sm">
                  {days.map((h) => (
                    <li key={h.day} className={`flex gap-3 ${h.day < today ? "text-fg-soft" : ""}`}>
                      <span className="w-24 shrink-0 tabular-nums">
                        {WEEKDAY_NAMES[weekdayOf(h.day)]?.slice(0, 3).toLowerCase()} {formatDay(h.day).slice(0, 5)}
                      </span>
                      <span className="min-w-0 break-words">{h.nome}</span>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </Card>
      </div>
    </>
  );
}
