import { Fragment } from "react";
import { Form, Link } from "react-router";
import type { Tone } from "../../../shared/define-enum.ts";
import { TONE_CLASS } from "../data/rows.tsx";
import { buttonClass } from "../ui/button.tsx";

/**
 * A client's timeline: what the page's loader read from every timeline source, newest first,
 * with the summary ("3 interesses · 1 visita · 2 imóveis") on top. A lead that may be this client
 * (or whose client may be someone on file) says so and, for who may decide, asks.
 */

export interface TimelineEntryView {
  id: string;
  /** ISO instant, for `<time>`. */
  at: string;
  /** The same, as the organização reads it (dd/mm/aaaa hh:mm). */
  when: string;
  title: string;
  description: string | null;
  href: string | null;
  badge: { label: string; tone: Tone } | null;
  match: {
    leadId: string;
    leadClientId: string;
    leadClientName: string;
    matchedClientId: string;
    matchedClientName: string;
  } | null;
}

export interface TimelineCountView {
  key: string;
  total: number;
  text: string;
}

export function TimelineSummary({ counts }: { counts: readonly TimelineCountView[] }) {
  if (!counts.length) return null;
  if (counts.every((c) => c.total === 0))
    return (
      <p className="text-sm text-fg-soft" data-testid="timeline-summary">
        Ainda nada além do cadastro: {counts.map((c) => c.text.replace(/^0 /, "")).join(", ")} aparecem aqui assim que existirem.
      </p>
    );
  return (
    <p className="text-sm text-fg-soft" data-testid="timeline-summary">
      {/* The separators sit between the unbreakable counts, so a phone wraps the line there. */}
      {counts.map((c, i) => (
        <Fragment key={c.key}>
          {i ? <span aria-hidden="true"> · </span> : null}
          <span className={`whitespace-nowrap${c.total ? " font-semibold text-fg" : ""}`}>{c.text}</span>
        </Fragment>
      ))}
    </p>
  );
}

/** "É a mesma pessoa?" for a pending lead, on either client's page. */
function MatchQuestion({
  match,
  clientId,
  canDecide,
}: {
  match: NonNullable<TimelineEntryView["match"]>;
  clientId: string;
  canDecide: boolean;
}) {
  const onMatched = match.matchedClientId === clientId;
  const other = onMatched
    ? { id: match.leadClientId, name: match.leadClientName }
    : { id: match.matchedClientId, name: match.matchedClientName };
  return (
    <div className="mt-2 rounded-lg border border-line bg-muted p-3 text-sm">
      <p>
        {onMatched
          ? "Quem enviou deu o e-mail ou telefone deste cliente, mas ninguém confirmou que é ele. Até lá, o lead fica em "
          : "Possível correspondência com "}
        <Link to={`/clients/${other.id}`} className="font-semibold text-accent underline">
          {other.name}
        </Link>
        {onMatched ? "." : ", já cadastrado com o mesmo e-mail ou telefone."}
      </p>
      {canDecide ? (
        <Form method="post" className="mt-2 flex flex-wrap gap-2" preventScrollReset>
          <input type="hidden" name="lead" value={match.leadId} />
          <button type="submit" name="intent" value="confirmar-lead" className={buttonClass("secondary")}>
            Confirmar que é o mesmo cliente
          </button>
          <button type="submit" name="intent" value="recusar-lead" className={buttonClass("ghost")}>
            É outra pessoa
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export function ClientTimeline({
  entries,
  clientId,
  canDecide,
}: {
  entries: readonly TimelineEntryView[];
  clientId: string;
  canDecide: boolean;
}) {
  if (!entries.length) return <p className="text-sm text-fg-soft">Nada registrado ainda.</p>;
  return (
    <ol className="relative space-y-4 border-l border-line pl-5" data-testid="client-timeline">
      {entries.map((e) => (
        <li key={e.id} className="relative min-w-0">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full border-2 border-surface bg-accent" />
          <p className="text-xs text-fg-soft tabular-nums">
            <time dateTime={e.at}>{e.when}</time>
          </p>
          <p className="text-sm font-semibold break-words">
            {e.href ? (
              <Link to={e.href} className="hover:text-accent hover:underline">
                {e.title}
              </Link>
            ) : (
              e.title
            )}
            {e.badge ? (
              <span className={`ml-2 align-middle ${TONE_CLASS[e.badge.tone] ?? TONE_CLASS.neutral}`}>{e.badge.label}</span>
            ) : null}
          </p>
          {e.description ? <p className="text-sm text-fg-soft break-words">{e.description}</p> : null}
          {e.match ? <MatchQuestion match={e.match} clientId={clientId} canDecide={canDecide} /> : null}
        </li>
      ))}
    </ol>
  );
}
