import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "../ui/alert.tsx";
import { Button, buttonClass } from "../ui/button.tsx";
import { Card, PageHeader } from "../ui/card.tsx";
import { dangerOutlineClass } from "./styles.ts";
import type { NoteText } from "../../../shared/resources/types.ts";
import type { DetailValue, DetailView, TimelineEntry } from "./types.ts";
import { BreakableAddress, isAddress, KeepWhole } from "./whole-values.tsx";

function Value({ value }: { value: DetailValue }) {
  switch (value.kind) {
    case "empty":
      return <span className="text-fg-soft">Não informado</span>;
    case "text":
      return (
        // Words wrap between them; an address at its punctuation; documents, phones, dates and
        // amounts stay whole; only what still does not fit breaks anywhere.
        <span className={`${value.multiline ? "whitespace-pre-line" : ""} ${value.numeric ? "tabular-nums" : ""} [overflow-wrap:anywhere]`}>
          {isAddress(value.text) ? <BreakableAddress text={value.text} /> : <KeepWhole text={value.text} />}
        </span>
      );
    case "link":
      return (
        <a
          href={value.href}
          className="text-accent underline-offset-2 [overflow-wrap:anywhere] hover:underline"
          {...(value.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        >
          <BreakableAddress text={value.text} />
        </a>
      );
    case "tags":
      return (
        <ul className="flex flex-wrap gap-1.5">
          {value.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-accent-soft px-2.5 py-0.5 text-sm">
              {tag}
            </li>
          ))}
        </ul>
      );
    case "phones":
      return (
        <ul className="space-y-1.5">
          {value.phones.map((p) => (
            <li key={p.telHref} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <a href={p.telHref} className="tabular-nums text-fg underline-offset-2 hover:underline">
                {p.display}
              </a>
              {p.whatsappHref ? (
                <a
                  href={p.whatsappHref}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 rounded-full bg-ok-soft px-2.5 py-0.5 text-xs font-semibold text-ok hover:opacity-90"
                >
                  WhatsApp<span className="sr-only"> {p.display} (abre em nova aba)</span>
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      );
  }
}

/** The record's fields by section, as a description list per card. */
export function ResourceDetail({ view }: { view: DetailView }) {
  return (
    <div className="space-y-6">
      {view.sections.map((section) => {
        // Only what is filled in: a calm page, not a list of blanks.
        const items = section.items.filter((item) => item.value.kind !== "empty");
        return (
          <Card key={section.title} title={section.title}>
            {items.length === 0 ? <p className="text-sm text-fg-soft">Nada informado.</p> : null}
            <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
              {items.map((item) => (
                <div key={item.name} className={item.wide ? "sm:col-span-2" : ""}>
                  <dt className="text-xs font-semibold tracking-wide text-fg-soft uppercase">{item.label}</dt>
                  <dd className="mt-1 text-sm">
                    <Value value={item.value} />
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
        );
      })}
      {view.audit.length ? (
        <p className="text-xs text-fg-soft">
          {view.audit.map((line, i) => (
            <span key={i} className="block sm:inline">
              {i > 0 ? <span className="hidden sm:inline"> · </span> : null}
              {line}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

/** A line above a record's fields (what it is worth, how it is corrected), its figures in bold. */
export function RecordNote({ note }: { note: NoteText }) {
  return (
    <p className="mb-4 text-sm text-fg-soft">
      {note.map((part, i) =>
        typeof part === "string" ? (
          part
        ) : (
          <strong key={i} className="tabular-nums text-fg">
            {part.figure}
          </strong>
        ),
      )}
    </p>
  );
}

export function Timeline({ entries, empty }: { entries: readonly TimelineEntry[]; empty: string }) {
  if (!entries.length) return <p className="text-sm text-fg-soft">{empty}</p>;
  return (
    <ol className="relative space-y-4 border-l border-line pl-5">
      {entries.map((e) => (
        <li key={e.id} className="relative">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full border-2 border-surface bg-accent" />
          <p className="text-xs text-fg-soft tabular-nums">{e.when}</p>
          <p className="text-sm font-semibold">
            {e.href ? (
              <Link to={e.href} className="hover:text-accent hover:underline">
                {e.title}
              </Link>
            ) : (
              e.title
            )}
          </p>
          {e.description ? <p className="text-sm text-fg-soft">{e.description}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * A confirmation step reached by a link (`?excluir=1`), so it works without JavaScript; the
 * panel takes focus when it opens.
 */
export function ConfirmPanel({
  title,
  children,
  cancelHref,
  intent,
  confirmLabel,
  action,
  fields,
  tone = "danger",
}: {
  title: string;
  children: ReactNode;
  cancelHref: string;
  intent: string;
  confirmLabel: string;
  action?: string;
  fields?: ReactNode;
  /** `primary`: a confirmation that destroys nothing (a bulk "Marcar como pago"). */
  tone?: "danger" | "primary";
}) {
  const ref = useRef<HTMLDivElement>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const titleId = `confirmar-${intent}`;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alertdialog"
      aria-labelledby={titleId}
      className={`mb-6 space-y-3 rounded-xl border p-4 focus:outline-none ${tone === "danger" ? "border-danger/30 bg-danger-soft" : "border-accent/40 bg-accent-soft"}`}
    >
      <h2 id={titleId} className="font-semibold">
        {title}
      </h2>
      <div className="space-y-2 text-sm">{children}</div>
      <Form method="post" action={action} className="space-y-3" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        {fields}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant={tone} busy={busy}>
            {confirmLabel}
          </Button>
          <Link to={cancelHref} preventScrollReset className={buttonClass("ghost")}>
            Cancelar
          </Link>
        </div>
      </Form>
    </div>
  );
}

/**
 * The top of a record's page: the way back to its list, the title with Editar/Excluir for
 * those who may write, and the delete confirmation when `?excluir=1` asked for it.
 */
export function RecordHeader({
  view,
  listHref,
  listLabel,
  canWrite,
  canEdit = canWrite,
  canDelete = canWrite,
  confirmingDelete,
  deleteNote,
  error,
  extraActions,
}: {
  /** The record's own actions before Editar/Excluir ("Registrar entrada"): at the top, where a phone shows them first. */
  extraActions?: ReactNode;
  /** A refusal of the last action (deleting what the ledger still needs), shown above the record. */
  error?: string | null | undefined;
  view: DetailView;
  listHref: string;
  listLabel: string;
  canWrite: boolean;
  /** Separately when a record may be deleted but never edited (a ledger entry). */
  canEdit?: boolean;
  canDelete?: boolean;
  confirmingDelete: boolean;
  /** What deleting does, in the record's own words (gender, what stays). */
  deleteNote: string;
}) {
  const base = `${listHref}/${view.id}`;
  return (
    <>
      {error ? (
        <div className="mb-4">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      <p className="mb-2 text-sm">
        <Link to={listHref} className="text-fg-soft hover:text-accent hover:underline">
          ← {listLabel}
        </Link>
      </p>
      <PageHeader
        title={view.title}
        description={view.subtitle || undefined}
        actions={
          extraActions || canEdit || canDelete ? (
            <div className="flex flex-wrap gap-2">
              {extraActions}
              {canEdit ? (
                <Link to={`${base}/edit`} className={buttonClass("primary")}>
                  Editar
                </Link>
              ) : null}
              {canDelete ? (
                <Link to={`${base}?excluir=1`} preventScrollReset className={dangerOutlineClass}>
                  Excluir
                </Link>
              ) : null}
            </div>
          ) : undefined
        }
      />
      {confirmingDelete ? (
        <ConfirmPanel title={`Excluir ${view.title}?`} cancelHref={base} intent="excluir" confirmLabel="Confirmar exclusão">
          <p>{deleteNote}</p>
        </ConfirmPanel>
      ) : null}
    </>
  );
}
