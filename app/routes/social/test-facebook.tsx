import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/test-facebook";
import { DemoBanner } from "../../components/social/connection-parts.tsx";
import { DiagnosisCards, DiagnosisSummary } from "../../components/social/diagnosis-checks.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { PageHeader } from "../../components/ui/card.tsx";
import { formatDateTime } from "../../../shared/format.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { titleMeta } from "../../lib/title.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { diagnoseAccounts, diagnosticsMode } from "../../../worker/services/social/diagnostics.ts";
import { metaCheckLimited } from "../../../worker/services/social/meta-check-limit.ts";

/**
 * "Diagnóstico do Facebook" (owner/admin): each connected Page checked against Meta — the token,
 * the permissions granted against those needed, the task to create content, the linked Instagram
 * account — each ok or a problem with what to do. Read-only: the GET only reads from Meta.
 */

export const meta: Route.MetaFunction = () => titleMeta("Diagnóstico do Facebook");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, actor, org } = requirePermission(context, request, "social-settings", "read");
  const ctx = serviceContext(rc);
  // Each view asks Meta about every Page: counted per organização, and past the limit the screen says so.
  const limited = await metaCheckLimited(ctx, actor.orgId);
  const pages = limited ? [] : await diagnoseAccounts(ctx, actor, "facebook");
  return { pages, limited, demo: diagnosticsMode(ctx) === "demo", ranAt: formatDateTime(new Date(), timeZoneOf(org.timeZone)) };
}

export default function TestFacebook({ loaderData }: Route.ComponentProps) {
  const { pages, limited, demo, ranAt } = loaderData;
  const navigation = useNavigation();
  return (
    <>
      <PageHeader
        title="Diagnóstico do Facebook"
        description={`Cada Página conectada conferida na Meta em ${ranAt}: acesso, permissões, acesso para publicar e o Instagram vinculado.`}
        actions={
          <Form method="get">
            <Button type="submit" variant="secondary" busy={navigation.state === "loading"}>
              Verificar de novo
            </Button>
          </Form>
        }
      />
      <DemoBanner show={demo} />
      {limited ? (
        <Alert tone="error">{limited}</Alert>
      ) : pages.length === 0 ? (
        <Alert>
          Nenhuma Página do Facebook conectada.{" "}
          <Link to="/facebook-connection" className="font-semibold underline">
            Conecte o Facebook
          </Link>{" "}
          e escolha as Páginas em{" "}
          <Link to="/facebook-pages" className="font-semibold underline">
            Páginas do Facebook
          </Link>
          .
        </Alert>
      ) : (
        <>
          <DiagnosisSummary accounts={pages} />
          <DiagnosisCards accounts={pages} />
          <p className="mt-6 text-sm text-fg-soft">
            Para testar uma publicação sem publicar nada, use o{" "}
            <Link to="/test-posting" className="font-semibold underline">
              Teste de Publicação
            </Link>
            .
          </p>
        </>
      )}
    </>
  );
}
