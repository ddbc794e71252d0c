import { Form } from "react-router";
import { VISIT_OUTCOME } from "../../../shared/enums/real-estate.ts";
import { formatDate, formatTime } from "../../../shared/format.ts";
import { useTimeZone } from "../../lib/time-zone.ts";
import { buttonClass } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";
import { Field, SelectField } from "../ui/form.tsx";

/** A visit as the loader sends it (instants as ISO text). */
interface VisitRow {
  id: string;
  inicio: string;
  fim: string;
  resultado: string;
  observacoes: string | null;
  imovelTitulo: string | null;
  clienteNome: string | null;
  corretorNome: string | null;
}

const label = (value: string) => VISIT_OUTCOME.label(value);

interface Failure {
  visitErrors: Record<string, string>;
  values: Record<string, string>;
}

/**
 * Visits (São Paulo date and times) and the form to record one: on an interest the form picks
 * the property (`pick` imovelId), on a property it picks the client's interest (`pick` interesseId).
 */
export function VisitPanel({
  visits,
  team,
  pick,
  canWrite,
  failure,
  action,
  show,
}: {
  visits: VisitRow[];
  team: { value: string; label: string }[];
  pick: { name: "imovelId" | "interesseId"; label: string; options: { value: string; label: string }[] };
  canWrite: boolean;
  failure: Failure | null;
  /** Where the form posts (the page's own route). */
  action: string;
  /** What each listed visit names besides the time: the property (on an interest) or the client (on a property). */
  show: "imovel" | "cliente";
}) {
  const zone = useTimeZone();
  const errors = failure?.visitErrors ?? {};
  const v = failure?.values ?? {};
  return (
    <Card title={`Visitas (${visits.length})`}>
      {visits.length ? (
        <ul className="mb-4 divide-y divide-line text-sm" aria-label="Visitas">
          {visits.map((visit) => (
            <li key={visit.id} className="py-2">
              <p className="font-semibold tabular-nums">
                {formatDate(visit.inicio, zone)}, {formatTime(visit.inicio, zone)}–{formatTime(visit.fim, zone)}
              </p>
              <p>{show === "imovel" ? (visit.imovelTitulo ?? "Imóvel") : (visit.clienteNome ?? "Cliente")}</p>
              <p className="text-xs text-fg-soft">
                {label(visit.resultado)}
                {visit.corretorNome ? ` · ${visit.corretorNome}` : ""}
                {visit.observacoes ? ` · ${visit.observacoes}` : ""}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-sm text-fg-soft">Nenhuma visita registrada.</p>
      )}
      {canWrite ? (
        <Form method="post" className="space-y-3" aria-label="Registrar visita" action={action}>
          <input type="hidden" name="intent" value="visita" />
          <h3 className="text-sm font-semibold">Registrar visita</h3>
          {errors._form ? (
            <p role="alert" className="text-sm text-danger">
              {errors._form}
            </p>
          ) : null}
          <SelectField
            label={pick.label}
            name={pick.name}
            required
            options={pick.options}
            placeholder="Selecione"
            defaultValue={v[pick.name] ?? ""}
            error={errors[pick.name]}
          />
          <Field label="Data" name="data" type="date" required defaultValue={v.data ?? ""} error={errors.data} />
          <div className="grid grid-cols-2 gap-3">
            <Field label="Início" name="inicio" type="time" required defaultValue={v.inicio ?? ""} error={errors.inicio} />
            <Field label="Fim" name="fim" type="time" required defaultValue={v.fim ?? ""} error={errors.fim} />
          </div>
          <SelectField
            label="Corretor"
            name="corretorId"
            options={team}
            placeholder="O do interesse"
            defaultValue={v.corretorId ?? ""}
            error={errors.corretorId}
          />
          <SelectField
            label="Resultado"
            name="resultado"
            options={VISIT_OUTCOME.options}
            defaultValue={v.resultado ?? "agendada"}
            error={errors.resultado}
          />
          <Field label="Observações" name="observacoes" defaultValue={v.observacoes ?? ""} error={errors.observacoes} />
          <p className="text-xs text-fg-soft">
            Horário de Brasília (São Paulo). Uma visita agendada leva o interesse para “Visita agendada”.
          </p>
          <button type="submit" className={buttonClass("primary")}>
            Salvar visita
          </button>
        </Form>
      ) : null}
    </Card>
  );
}
