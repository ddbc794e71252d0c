import type { ReactNode } from "react";
import { RecordHeader, ResourceDetail } from "../data/detail.tsx";
import type { DetailView, Permissions } from "../data/types.ts";
import { type ToastData, Toaster } from "../ui/toast.tsx";
import { SettlePanel, type SettleState, type SettleWords } from "./settle-panel.tsx";

/** What `settleablePage` (app/server/finance-settle.server.ts) gives a bill's or receivable's page. */
export interface SettleablePageData {
  view: DetailView;
  permissions: Permissions;
  confirm: "excluir" | null;
  settle: SettleState;
  selfHref: string;
  listHref: string;
  listLabel: string;
  /** Edit and delete are offered (open, and not a sale's installment). */
  editable: boolean;
  toast: ToastData | null;
}

/**
 * A despesa's or receita's page (/contas/:id, /receitas/:id): the header with edit and delete
 * while it may change, the settle panel (mark paid/received, undo), its fields, and what the page
 * adds below (the bill's documents).
 */
export function SettleablePage({
  data,
  actionData,
  words,
  deleteNote,
  children,
}: {
  data: SettleablePageData;
  actionData: unknown;
  words: SettleWords;
  deleteNote: string;
  children?: ReactNode;
}) {
  const { view, permissions, confirm, settle, selfHref } = data;
  const answer = (actionData ?? {}) as { error?: string; toast?: ToastData };
  const error = answer.error ?? null;
  const deleting = confirm === "excluir";
  return (
    <>
      <RecordHeader
        view={view}
        listHref={data.listHref}
        listLabel={data.listLabel}
        canWrite={permissions.canWrite}
        canEdit={permissions.canUpdate && data.editable}
        canDelete={permissions.canDelete && data.editable}
        confirmingDelete={deleting}
        error={deleting ? error : null}
        deleteNote={deleteNote}
      />
      <div className="mb-6">
        <SettlePanel state={{ ...settle, error: deleting ? null : error }} words={words} selfHref={selfHref} />
      </div>
      <ResourceDetail view={view} />
      {children}
      <Toaster toast={answer.toast ?? data.toast} />
    </>
  );
}
