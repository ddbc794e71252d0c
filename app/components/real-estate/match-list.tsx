import { Form, Link, useActionData, useNavigation } from "react-router";
import { buttonClass } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";

export interface MatchItem {
  id: string;
  title: string;
  subtitle: string;
  price: string;
  /** 0–100; null for an interest naming the property itself (no profile to score). */
  score: number | null;
  reasons: string[];
  /** Raised as a new match (alert) not yet seen. */
  novo: boolean;
  href: string;
  whatsapp: string | null;
  /** The pair "Enviar por e-mail" posts (null: the client has no e-mail or nothing to send). */
  email: { interestId: string; propertyId: string } | null;
}

/** What the page's action answers to "Enviar por e-mail". */
interface EmailResult {
  emailSent?: string;
  emailError?: string;
  emailFor?: string;
}

/** One "Enviar por e-mail" button, posting to the page's action; its outcome is announced next to it. */
function EmailButton({ pair, result }: { pair: NonNullable<MatchItem["email"]>; result: EmailResult | undefined }) {
  const key = `${pair.interestId}:${pair.propertyId}`;
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("imovelId") === pair.propertyId &&
    navigation.formData?.get("interesseId") === pair.interestId;
  return (
    <Form method="post" className="flex flex-col items-end gap-1">
      <input type="hidden" name="intent" value="email" />
      <input type="hidden" name="interesseId" value={pair.interestId} />
      <input type="hidden" name="imovelId" value={pair.propertyId} />
      <button type="submit" className={buttonClass("secondary")} disabled={busy}>
        {busy ? "Enviando…" : "Enviar por e-mail"}
      </button>
      <span role="status" className="text-xs">
        {result?.emailSent === key ? "E-mail enviado." : null}
        {result?.emailFor === key && result.emailError ? <span className="text-danger">{result.emailError}</span> : null}
      </span>
    </Form>
  );
}

/** Matches with their score, reasons in pt-BR, and one click to send by WhatsApp or e-mail. */
export function MatchList({
  title,
  empty,
  items,
  newAlerts,
  unsendable,
}: {
  title: string;
  empty: string;
  items: MatchItem[];
  newAlerts: number;
  /** Why nothing can be sent now (e.g. the property is not available): shown instead of the buttons. */
  unsendable?: string | undefined;
}) {
  const result = useActionData() as EmailResult | undefined;
  return (
    <Card title={title}>
      {newAlerts ? (
        <p className="mb-3 text-sm" role="status">
          <span className="badge badge-green">{newAlerts === 1 ? "1 novo match" : `${newAlerts} novos matches`}</span>
        </p>
      ) : null}
      {unsendable && items.length ? <p className="mb-3 text-sm text-fg-soft">{unsendable}</p> : null}
      {items.length ? (
        <ul className="divide-y divide-line" aria-label="Combinações">
          {items.map((m) => (
            <li key={m.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between" data-match={m.id}>
              <div className="min-w-0">
                <p className="font-semibold">
                  <Link to={m.href} className="hover:text-accent hover:underline">
                    {m.title}
                  </Link>{" "}
                  {m.novo ? <span className="badge badge-green">novo</span> : null}
                </p>
                <p className="text-xs text-fg-soft">{[m.subtitle, m.price].filter(Boolean).join(" · ")}</p>
                <p className="mt-1 text-sm">{m.reasons.join(", ")}</p>
              </div>
              <div className="flex shrink-0 flex-wrap items-start gap-2">
                {m.score === null ? null : (
                  <span className="py-2 text-sm font-semibold tabular-nums">
                    <span className="sr-only">Compatibilidade: </span>
                    {m.score}%
                  </span>
                )}
                {unsendable ? null : m.whatsapp ? (
                  <a href={m.whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
                    Enviar por WhatsApp
                  </a>
                ) : (
                  <span className="py-2 text-xs text-fg-soft">Sem WhatsApp</span>
                )}
                {unsendable ? null : m.email ? (
                  <EmailButton pair={m.email} result={result} />
                ) : (
                  <span className="py-2 text-xs text-fg-soft">Sem e-mail</span>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-fg-soft">{empty}</p>
      )}
    </Card>
  );
}
