import { Link } from "react-router";
import type { Route } from "./+types/relatorios";
import { ReportFiles } from "../../components/reports/report-files.tsx";
import { PageHeader } from "../../components/ui/card.tsx";
import { reportFilesSection } from "../../server/reports/report-files.server.ts";
import { titleMeta } from "../../lib/title.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { catalogueFor } from "../../../worker/services/reports/catalogue.ts";

/**
 * /relatorios "Relatórios" (ADR 083): the catalogue, grouped, with only the reports the member's
 * role may open (the permission table, through each report's area), and "Arquivos gerados": the
 * files built by the report job with their live progress (ADR 086), one database read.
 */
export const meta: Route.MetaFunction = () => titleMeta("Relatórios");

export async function loader(args: Route.LoaderArgs) {
  const { org } = requirePermission(args.context, args.request, "relatorios", "read");
  // Arquivos gerados (ADR 086): the files the member may see, one read.
  return { groups: catalogueFor(org.role), files: await reportFilesSection(args) };
}

export default function RelatoriosPage({ loaderData }: Route.ComponentProps) {
  const { groups, files } = loaderData;
  return (
    <>
      <PageHeader
        title="Relatórios"
        description="Escolha um relatório: o período e os filtros ficam no endereço, para voltar ou compartilhar."
      />
      <div className="space-y-6">
        {groups.map((g) => (
          <section key={g.group} aria-labelledby={`grupo-${g.group}`}>
            <h2 id={`grupo-${g.group}`} className="mb-2 text-sm font-semibold text-fg-soft uppercase tracking-wide">
              {g.group}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {g.reports.map((r) => (
                <li key={r.id}>
                  <Link
                    to={`/relatorio?r=${r.id}`}
                    className="block h-full rounded-xl border border-line bg-surface p-4 shadow-sm hover:border-accent focus-visible:border-accent"
                  >
                    <span className="font-semibold">{r.title}</span>
                    <span className="mt-1 block text-sm text-fg-soft">{r.description}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <ReportFiles {...files} />
      </div>
    </>
  );
}
