import { Form, useNavigation } from "react-router";
import { TIME_OFF_DETAIL_MAX, TIME_OFF_KINDS } from "../../../shared/agenda/availability.ts";
import { Button } from "../ui/button.tsx";
import { Field, SelectField } from "../ui/form.tsx";

/** A time off as the page shows it (texts already in the organização's zone). */
export interface TimeOffView {
  id: string;
  when: string;
  motivo: string;
  status: "em curso" | "programada" | "encerrada";
}

const STATUS_TONE: Record<TimeOffView["status"], string> = {
  "em curso": "badge badge-yellow",
  programada: "badge badge-blue",
  encerrada: "badge badge-neutral",
};

/**
 * Férias, folgas e consultas (ADR 064): the list (current, coming and recent ones) with a button
 * to remove each, and the form to add one — dates and hours in the organização's zone, blank
 * hours meaning whole days.
 */
export function TimeOffCard({
  items,
  canEdit,
  errors,
  values,
  zoneLabel,
}: {
  items: readonly TimeOffView[];
  canEdit: boolean;
  errors: Record<string, string> | null;
  values: Record<string, string> | null;
  /** "horário de Manaus": where the times are read. */
  zoneLabel: string;
}) {
  const navigation = useNavigation();
  const adding = navigation.state !== "idle" && navigation.formData?.get("intent") === "folga";
  const v = (name: string) => values?.[name] ?? "";
  return (
    <div className="space-y-4">
      {items.length ? (
        <ul className="divide-y divide-line" aria-label="Folgas registradas">
          {items.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium tabular-nums">{t.when}</p>
                <p className="text-sm text-fg-soft">
                  {t.motivo} <span className={STATUS_TONE[t.status]}>{t.status}</span>
                </p>
              </div>
              {canEdit ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="remover-folga" />
                  <input type="hidden" name="folgaId" value={t.id} />
                  <Button type="submit" variant="ghost" aria-label={`Remover a folga de ${t.when} (${t.motivo})`}>
                    Remover
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-fg-soft">Nenhuma folga ou férias registrada.</p>
      )}
      {canEdit ? (
        <Form method="post" className="space-y-3 rounded-lg border border-line p-3" noValidate>
          <input type="hidden" name="intent" value="folga" />
          <h3 className="text-sm font-semibold">Registrar folga, férias ou consulta</h3>
          <p className="text-xs text-fg-soft">
            No {zoneLabel}. Deixe as horas em branco para o dia inteiro. Agendamentos já marcados no período continuam na agenda.
          </p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <SelectField
              label="Tipo"
              name="tipo"
              required
              options={TIME_OFF_KINDS.map((k) => ({ value: k, label: k }))}
              defaultValue={v("tipo") || "Folga"}
              error={errors?.tipo}
            />
            <Field label="Detalhe" name="detalhe" maxLength={TIME_OFF_DETAIL_MAX} defaultValue={v("detalhe")} error={errors?.detalhe} />
            <Field label="De (data)" name="dataInicio" type="date" required defaultValue={v("dataInicio")} error={errors?.dataInicio} />
            <Field label="Hora de início" name="horaInicio" type="time" defaultValue={v("horaInicio")} error={errors?.horaInicio} />
            <Field label="Até (data)" name="dataFim" type="date" required defaultValue={v("dataFim")} error={errors?.dataFim} />
            <Field label="Hora de fim" name="horaFim" type="time" defaultValue={v("horaFim")} error={errors?.horaFim} />
          </div>
          <Button type="submit" busy={adding}>
            Registrar
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
