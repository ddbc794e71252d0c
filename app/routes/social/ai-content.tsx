import { Link } from "react-router";
import type { Route } from "./+types/ai-content";
import type { Generation } from "../../../shared/ai/generation-api.ts";
import { formatDateTime } from "../../../shared/format.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { monthLabel } from "../../../shared/social/calendar.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { FreeGenerator } from "../../components/ai/free-generator.tsx";
import { MonthPlanner, type MonthOption } from "../../components/ai/month-planner.tsx";
import { RecentGenerations, type RecentGeneration } from "../../components/ai/recent-generations.tsx";
import { UsageMeter } from "../../components/ai/usage-meter.tsx";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { titleMeta } from "../../lib/title.ts";
import { orgTimeZone, requirePermission } from "../../server/guards.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { listGenerations } from "../../../worker/services/ai-generation/generations.ts";
import { draftedIdeas } from "../../../worker/services/ai-generation/plan-drafts.ts";
import { tokenUsage } from "../../../worker/services/ai-generation/usage.ts";

export const meta: Route.MetaFunction = () => titleMeta("Gerador de Conteúdo IA");

/** This month and the next two: what "Um mês de ideias" plans (the API refuses a past month). */
function monthOptions(today: string): MonthOption[] {
  const [y, m] = today.split("-").map(Number) as [number, number];
  return [0, 1, 2].map((n) => {
    const d = new Date(Date.UTC(y, m - 1 + n, 1));
    const value = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
    const label = monthLabel(`${value}-01`);
    return { value, label: label.charAt(0).toUpperCase() + label.slice(1) };
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, actor, org } = requirePermission(context, request, "posts", "create");
  const zone = orgTimeZone(context, request);
  const ctx = serviceContext(rc);
  const asked = new URL(request.url).searchParams.get("geracao");
  const [usage, recent, drafted] = await Promise.all([
    tokenUsage(ctx, actor.orgId, zone, ctx.now),
    listGenerations(ctx, actor),
    // The plan shown: the one asked for, else the latest (the same choice as `pick`).
    draftedIdeas(ctx, actor, asked),
  ]);
  const pick = (tipo: Generation["tipo"]): Generation | null =>
    recent.find((g) => g.id === asked && g.tipo === tipo) ?? recent.find((g) => g.tipo === tipo) ?? null;
  return {
    zone,
    usage,
    canSetLimit: can(org.role, "business-settings", "update"),
    months: monthOptions(dayIn(ctx.now, zone)),
    free: pick("livre"),
    plan: pick("mes"),
    drafted: Object.fromEntries(drafted.map((d) => [d.ideia, d.postId])) as Record<number, string>,
    recent: recent.map(
      (g): RecentGeneration => ({
        id: g.id,
        tipo: g.tipo,
        titulo: g.titulo,
        status: g.status,
        quando: formatDateTime(g.criadaEm, zone),
      }),
    ),
  };
}

export default function AiContent({ loaderData }: Route.ComponentProps) {
  const { usage, zone, canSetLimit, months, free, plan, drafted, recent } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Gerador de Conteúdo IA"
        description="Legendas, hashtags e ideias a partir de um tema, e um mês de posts planejado com os seus cadastros. Nenhum número é inventado: os textos usam só os dados do negócio."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link className={buttonClass("secondary")} to="/ai-content/referencias">
              Contas de Referência
            </Link>
            <Link className={buttonClass("secondary")} to="/cores">
              Estilização
            </Link>
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <FreeGenerator initial={free} />
          <MonthPlanner initial={plan} months={months} drafted={drafted} />
        </div>
        <aside className="min-w-0 space-y-6" aria-label="Uso e histórico">
          <Card title="Uso de IA no mês">
            <UsageMeter usage={usage} zone={zone} canSetLimit={canSetLimit} />
          </Card>
          <Card title="Suas gerações recentes">
            <RecentGenerations items={recent} current={[free?.id, plan?.id].filter((x): x is string => Boolean(x))} />
          </Card>
          <Card title="O estilo da marca">
            <p className="text-sm text-fg-soft">
              A voz da marca (em{" "}
              <Link className="text-accent underline" to="/config">
                Perfil do Negócio
              </Link>
              ) e as{" "}
              <Link className="text-accent underline" to="/ai-content/referencias">
                Contas de Referência
              </Link>{" "}
              guiam o estilo dos textos; as cores e a fonte das artes ficam em{" "}
              <Link className="text-accent underline" to="/cores">
                Estilização
              </Link>
              .
            </p>
          </Card>
        </aside>
      </div>
    </div>
  );
}

export const ErrorBoundary = ResourceErrorBoundary;
