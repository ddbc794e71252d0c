import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/diagnostics";
import { Button } from "../../components/ui/button.tsx";
import { PageHeader } from "../../components/ui/card.tsx";
import { formatDateTime } from "../../../shared/format.ts";
import { titleMeta } from "../../lib/title.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { CHECK_TIMEOUT_MS, type CheckStatus, runDiagnostics } from "../../../worker/services/system/diagnostics.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";

export const meta: Route.MetaFunction = () => titleMeta("Diagnóstico do Sistema");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, org } = requirePermission(context, request, "system", "read");
  const now = new Date();
  const checks = await runDiagnostics({ db: rc.db, config: rc.config, bucket: rc.env.FILES, orgId: org.id, now });
  return { checks, ranAt: formatDateTime(now, timeZoneOf(org.timeZone)), timeoutS: CHECK_TIMEOUT_MS / 1000 };
}

const BADGE: Record<CheckStatus, { label: string; className: string; icon: string }> = {
  ok: { label: "Aprovado", className: "bg-ok-soft text-ok", icon: "✓" },
  warn: { label: "Atenção", className: "bg-accent-soft text-accent", icon: "!" },
  fail: { label: "Falhou", className: "bg-danger-soft text-danger", icon: "✕" },
};

export default function Diagnostics({ loaderData }: Route.ComponentProps) {
  const { checks, ranAt, timeoutS } = loaderData;
  const navigation = useNavigation();
  const failed = checks.filter((c) => c.status === "fail").length;
  return (
    <>
      <PageHeader
        title="Diagnóstico do Sistema"
        description={`Verificado em ${ranAt}. Cada verificação tem até ${timeoutS} s para responder.`}
        actions={
          <Form method="get">
            <Button type="submit" variant="secondary" busy={navigation.state === "loading"}>
              Verificar de novo
            </Button>
          </Form>
        }
      />
      <p role="status" className={`mb-4 text-sm font-semibold ${failed ? "text-danger" : "text-ok"}`}>
        {failed === 0 ? "Nenhuma falha encontrada." : failed === 1 ? "1 verificação falhou." : `${failed} verificações falharam.`}
      </p>
      <ul className="grid gap-4 md:grid-cols-2">
        {checks.map((c) => (
          <li key={c.id} className="rounded-xl border border-line bg-surface p-5 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <h2 className="font-semibold">{c.label}</h2>
              <span
                className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[c.status].className}`}
              >
                <span aria-hidden="true">{BADGE[c.status].icon}</span>
                {BADGE[c.status].label}
              </span>
            </div>
            <p className="mt-2 text-sm">{c.summary}</p>
            {c.detail ? <p className={`mt-1 text-sm ${c.status === "fail" ? "text-danger" : "text-fg-soft"}`}>{c.detail}</p> : null}
            <p className="mt-3 text-xs text-fg-soft tabular-nums">{c.ms} ms</p>
          </li>
        ))}
      </ul>
    </>
  );
}
