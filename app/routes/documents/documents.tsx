import { Link } from "react-router";
import type { Route } from "./+types/documents";
import { DocumentUploader } from "../../components/documents/document-uploader.tsx";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { ResourceListPage } from "../../components/data/list-page.tsx";
import { titleMeta } from "../../lib/title.ts";
import { guard, listAction, listLoader } from "../../server/resources.server.ts";
import { expiryFilter } from "../../../shared/documents/expiry.ts";
import { documentoDefinition } from "../../../shared/resources/documentos.ts";
import { dayIn, timeZoneOf } from "../../../shared/time-zone.ts";

/**
 * Documentos (/documents, ADR 074): the upload area (drop, pick, camera; progress per file) over
 * the shared list (search, filters by type, link and expiry, sort and pages in the URL). "A vencer"
 * and "Vencidos" are the expiry filter set to the organização's days.
 */
export const meta: Route.MetaFunction = () => titleMeta("Documentos");

export async function loader(args: Route.LoaderArgs) {
  const { org } = guard(args, documentoDefinition, "read");
  const today = dayIn(new Date(), timeZoneOf(org.timeZone));
  const list = await listLoader(args, documentoDefinition);
  return {
    ...list,
    description: documentoDefinition.screens?.listDescription ?? "",
    shortcuts: {
      aVencer: `/documents?f.vencimento=${encodeURIComponent(expiryFilter("a_vencer", today))}&sort=vencimento&dir=asc`,
      vencidos: `/documents?f.vencimento=${encodeURIComponent(expiryFilter("vencido", today))}&sort=vencimento&dir=desc`,
    },
  };
}

export async function action(args: Route.ActionArgs) {
  return listAction(args, documentoDefinition);
}

export default function Documents({ loaderData, actionData }: Route.ComponentProps) {
  const { permissions, shortcuts } = loaderData;
  return (
    <ResourceListPage
      {...loaderData}
      // "Enviar documentos" is the upload area itself, not a form page.
      permissions={{ ...permissions, canCreate: false }}
      error={actionData?.error}
      beforeList={
        <>
          {permissions.canCreate ? <DocumentUploader /> : null}
          <nav aria-label="Atalhos de vencimento" className="mb-3 flex flex-wrap gap-2 text-sm">
            <Link to={shortcuts.aVencer} className="badge badge-yellow hover:underline">
              A vencer (30 dias)
            </Link>
            <Link to={shortcuts.vencidos} className="badge badge-red hover:underline">
              Vencidos
            </Link>
          </nav>
        </>
      }
    />
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
