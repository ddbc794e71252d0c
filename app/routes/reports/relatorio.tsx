import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/relatorio";
import { ExportButtons } from "../../components/reports/export-buttons.tsx";
import { buttonClass, Button } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { Field, SelectField } from "../../components/ui/form.tsx";
import { KpiCards, ReportSectionCard } from "../../components/reports/report-view.tsx";
import { titleMeta } from "../../lib/title.ts";
import { orgTimeZone, requirePermission } from "../../server/guards.server.ts";
import { PERIOD_PRESETS, periodInWords, presetOf, presetPeriod } from "../../../shared/reports/period.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { reportById, reportParams, reportQuery } from "../../../worker/services/reports/catalogue.ts";

/**
 * /relatorio "Relatório" (ADR 083): one report of the catalogue (`?r=vendas`), its period
 * (`de`, `ate`: the organização's days; presets or Personalizado) and filters in the URL, the
 * KPI cards against the previous period, each section's chart and table. One database round
 * trip (the report's build, with the filters' options). "Baixar CSV" streams what is on screen.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData ? `${loaderData.title} — Relatório` : "Relatório");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // No report named: the catalogue, where one is chosen.
  if (!url.searchParams.get("r")) throw redirect("/relatorios");
  const def = reportById(url.searchParams.get("r"));
  if (!def) throw data("Relatório não encontrado.", { status: 404 });
  const { rc, actor, auth } = requirePermission(context, request, def.area, "read");
  const zone = orgTimeZone(context, request);
  const now = new Date();
  const today = dayIn(now, zone);
  const params = reportParams(def, url.searchParams, today);
  let built: Awaited<ReturnType<typeof def.build>>;
  try {
    built = await def.build(rc.db, { actor, zone, now, generatedBy: auth.user.name }, { ...params, withOptions: true });
  } catch (error) {
    if (error instanceof DomainError && (error.status === 403 || error.status === 404)) throw data(error.message, { status: error.status });
    throw error;
  }
  const { filterOptions, ...doc } = built;
  const values = (params.filters ?? {}) as Record<string, string | undefined>;
  return {
    id: def.id,
    title: def.title,
    description: def.description,
    zone,
    doc,
    previous: params.previous,
    preset: presetOf(params.period, today),
    presets: PERIOD_PRESETS.map((p) => ({
      id: p.id,
      label: p.label,
      href: `/relatorio?${reportQuery(def, { period: presetPeriod(p.id, today), filters: params.filters })}`,
    })),
    filters: def.filters.fields.map((f) => ({
      key: f.key,
      label: f.label,
      value: values[f.key] ?? "",
      options: [...(f.options ?? []), ...(filterOptions?.[f.key] ?? [])],
    })),
    clearHref: `/relatorio?${reportQuery(def, { period: params.period, filters: {} })}`,
    csvHref: `/relatorio/csv?${reportQuery(def, params)}`,
    // "Exportar PDF/XLSX/CSV" (ADR 086): the report, period and filters the file is built from.
    exportQuery: reportQuery(def, params),
  };
}

const PRINT_CSS = `@media print {
  @page { margin: 12mm; }
  body * { visibility: hidden; }
  #relatorio, #relatorio * { visibility: visible; color: #000 !important; }
  #relatorio { position: absolute; inset: 0 auto auto 0; width: 100%; margin: 0; padding: 0; background: #fff; }
  @supports selector(:has(*)) {
    body *:not(:has(#relatorio)):not(#relatorio):not(#relatorio *) { display: none !important; }
    body, body *:has(#relatorio) { display: block !important; position: static !important; margin: 0 !important; padding: 0 !important; border: 0 !important; width: auto !important; max-width: none !important; min-height: 0 !important; height: auto !important; overflow: visible !important; background: none !important; box-shadow: none !important; }
    #relatorio { position: static; }
  }
}`;

export default function RelatorioPage({ loaderData }: Route.ComponentProps) {
  const { id, title, description, zone, doc, previous, preset, presets, filters, clearHref, csvHref, exportQuery } = loaderData;
  const empty =
    doc.kpis.every((k) => k.value === 0) &&
    doc.sections.every((s) => s.table.rows.every((r) => Object.values(r).every((v) => typeof v !== "number" || v === 0)));
  return (
    <div id="relatorio" className="min-w-0">
      <style>{PRINT_CSS}</style>
      <p className="mb-2 text-sm print:hidden">
        <Link to="/relatorios" className="font-medium text-accent">
          ← Relatórios
        </Link>
      </p>
      <PageHeader
        title={title}
        description={
          <>
            <span className="hidden print:inline">{doc.orgName} · </span>
            {description}
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <a href={csvHref} className={buttonClass("secondary")} download>
              Baixar CSV
            </a>
            <Button type="button" variant="secondary" onClick={() => window.print()}>
              Imprimir
            </Button>
            <ExportButtons reportId={id} query={exportQuery} />
          </div>
        }
      />
      <div className="space-y-5">
        <Card className="print:hidden">
          <nav aria-label="Períodos prontos">
            <ul className="flex flex-wrap gap-2 text-sm">
              {presets.map((p) => (
                <li key={p.id}>
                  <Link
                    to={p.href}
                    aria-current={preset === p.id ? "true" : undefined}
                    className={`inline-block rounded-full border px-3 py-1 ${preset === p.id ? "border-accent bg-accent-soft font-semibold" : "border-line"}`}
                  >
                    {p.label}
                  </Link>
                </li>
              ))}
              <li>
                <span
                  aria-current={preset === null ? "true" : undefined}
                  className={`inline-block rounded-full border px-3 py-1 ${preset === null ? "border-accent bg-accent-soft font-semibold" : "border-line text-fg-soft"}`}
                >
                  Personalizado
                </span>
              </li>
            </ul>
          </nav>
          <Form method="get" className="mt-4 grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap" aria-label="Período e filtros">
            <input type="hidden" name="r" value={id} />
            <Field label="De" name="de" type="date" defaultValue={doc.period.from} required key={`de-${doc.period.from}`} />
            <Field label="Até" name="ate" type="date" defaultValue={doc.period.to} required key={`ate-${doc.period.to}`} />
            {filters.map((f) => (
              <SelectField
                key={`${f.key}-${f.value}`}
                label={f.label}
                name={f.key}
                options={f.options}
                placeholder="Todos"
                defaultValue={f.value}
                className="col-span-2 sm:col-span-1 sm:min-w-44"
              />
            ))}
            <Button type="submit" variant="secondary" className="col-span-2 sm:col-span-1">
              Aplicar
            </Button>
          </Form>
        </Card>
        <div className="text-sm text-fg-soft" aria-live="polite">
          <p>
            Período: <strong className="text-fg">{periodInWords(doc.period)}</strong> · comparado com {periodInWords(previous)}
          </p>
          {doc.filters.length ? (
            <p className="mt-1">
              Filtros: {doc.filters.join(" · ")}{" "}
              <Link to={clearHref} className="text-accent underline print:hidden">
                Limpar filtros
              </Link>
            </p>
          ) : null}
        </div>
        {empty ? (
          <Card>
            <p className="text-sm">Nenhum dado neste período{doc.filters.length ? " com estes filtros" : ""}.</p>
            <p className="mt-1 text-sm text-fg-soft">Escolha outro período acima{doc.filters.length ? " ou limpe os filtros" : ""}.</p>
          </Card>
        ) : null}
        <KpiCards kpis={doc.kpis} zone={zone} />
        {doc.sections.map((s) => (
          <ReportSectionCard key={s.id} section={s} zone={zone} />
        ))}
      </div>
    </div>
  );
}
