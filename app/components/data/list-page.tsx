import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "../ui/alert.tsx";
import { buttonClass } from "../ui/button.tsx";
import { PageHeader } from "../ui/card.tsx";
import { intentPrefetch } from "../ui/prefetch.ts";
import { type ToastData, Toaster } from "../ui/toast.tsx";
import { useLiveRevalidation } from "../../lib/live/use-live-events.ts";
import { DataList } from "./data-list.tsx";
import type { ListView, Permissions, RowView } from "./types.ts";

/** A resource's list screen: title and actions, the shared list, and the toast after an action. */
export function ResourceListPage({
  view,
  permissions,
  toast,
  error,
  description,
  rowActions,
  beforeList,
}: {
  view: ListView;
  permissions: Permissions;
  toast: ToastData | null;
  error?: string | undefined;
  description?: string;
  /** A screen's own actions per row (DataList's last column). */
  rowActions?: ((row: RowView) => ReactNode) | undefined;
  /** A screen's own block between the title and the list (Documentos' upload area). */
  beforeList?: ReactNode;
}) {
  // Another page of the organização added, edited or deleted one of these: read the list again.
  useLiveRevalidation({ type: "record.changed", resource: view.name });
  return (
    <>
      <PageHeader
        title={view.labels.listTitle}
        description={description}
        actions={
          <div className="flex flex-wrap gap-2">
            {/* Each door only for whom the permission table opens it (bulk export: owner/admin). */}
            {permissions.canExport ? (
              <>
                <a href={view.exportHrefs.csv} download className={buttonClass("secondary", "px-3")}>
                  Exportar CSV
                </a>
                <a href={view.exportHrefs.xlsx} download className={buttonClass("secondary", "px-3")}>
                  Exportar XLSX
                </a>
              </>
            ) : null}
            {permissions.canImport ? (
              <Link to={`${view.basePath}/import`} prefetch={intentPrefetch()} className={buttonClass("secondary", "px-3")}>
                Importar CSV
              </Link>
            ) : null}
            {permissions.canCreate ? (
              <Link to={view.createPath} prefetch={intentPrefetch()} className={buttonClass("primary")}>
                {view.labels.newButton}
              </Link>
            ) : null}
          </div>
        }
      />
      {error ? (
        <div className="mb-4">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      {beforeList}
      <DataList view={view} permissions={permissions} rowActions={rowActions} />
      <Toaster toast={toast} />
    </>
  );
}
