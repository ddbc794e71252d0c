import { Form, useNavigation } from "react-router";
import { buttonClass } from "../ui/button.tsx";

/**
 * "Exportar PDF / XLSX / CSV" for the report on screen (ADR 086): posts the report, its period and
 * filters (the page's query) to /relatorios/arquivos, which queues the file and lands on
 * /relatorios, where it is built with a live bar. One way for every size of report.
 */
export function ExportButtons({ reportId, query }: { reportId: string; query: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/relatorios/arquivos";
  return (
    <Form method="post" action="/relatorios/arquivos" className="flex flex-wrap gap-2" data-testid="report-export">
      <input type="hidden" name="intent" value="exportar" />
      <input type="hidden" name="r" value={reportId} />
      <input type="hidden" name="consulta" value={query} />
      {(["pdf", "xlsx", "csv"] as const).map((format) => (
        <button key={format} type="submit" name="formato" value={format} className={buttonClass("secondary")} disabled={busy}>
          Exportar {format.toUpperCase()}
        </button>
      ))}
    </Form>
  );
}
