import { POST_STATUS, type PostStatus, SOCIAL_NETWORK, type SocialNetwork } from "../../../shared/enums/social.ts";

/**
 * How a post's status and network read on the calendar and the feed: a colour (the status's
 * badge tone), a symbol and the network's short name, so colour is never the only signal; the
 * full words are in the legend, the tooltip and what a screen reader says.
 */

export const STATUS_MARK: Readonly<Record<PostStatus, string>> = {
  rascunho: "✎",
  aguardando_aprovacao: "…",
  agendado: "◷",
  publicando: "↻",
  publicado: "✓",
  falhou: "!",
  cancelado: "⊘",
};

export const NETWORK_SHORT: Readonly<Record<SocialNetwork, string>> = { facebook: "FB", instagram: "IG" };

export function statusBadge(status: PostStatus): string {
  return `badge badge-${POST_STATUS.tone(status) ?? "neutral"}`;
}

/** "Instagram: Agendado". */
export function targetText(rede: SocialNetwork, status: PostStatus): string {
  return `${SOCIAL_NETWORK.label(rede)}: ${POST_STATUS.label(status)}`;
}

/** One network's publication: "IG ◷" in its status's colour, named in full for screen readers. */
export function TargetMark({ rede, status }: { rede: SocialNetwork; status: PostStatus }) {
  const text = targetText(rede, status);
  return (
    <span className={`${statusBadge(status)} cal-mark`} aria-label={text} role="img">
      {`${NETWORK_SHORT[rede]} ${STATUS_MARK[status]}`}
    </span>
  );
}

/** The legend: each status's colour and symbol, and the networks' short names. */
export function PostLegend() {
  return (
    <section aria-labelledby="legenda-posts" className="mb-3 text-xs">
      <h2 id="legenda-posts" className="sr-only">
        Legenda
      </h2>
      <dl className="flex flex-wrap gap-x-3 gap-y-1">
        {POST_STATUS.options.map((o) => (
          <div key={o.value} className="flex items-center gap-1.5">
            <dt className={`${statusBadge(o.value)} !px-1.5`} aria-hidden="true">
              {STATUS_MARK[o.value]}
            </dt>
            <dd>{o.label}</dd>
          </div>
        ))}
        {SOCIAL_NETWORK.options.map((o) => (
          <div key={o.value} className="flex items-center gap-1.5">
            <dt className="font-mono text-xs font-semibold">{NETWORK_SHORT[o.value]}</dt>
            <dd>{o.label}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
