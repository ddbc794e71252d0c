import { POST_STATUS, SOCIAL_NETWORK } from "../../../shared/enums/social.ts";
import type { PostTargetSummary } from "../../../shared/resources/posts.ts";

/** Each network's status as a badge ("Instagram · Agendado"): one network never speaks for the other. */
export function NetworkStatuses({ redes }: { redes: readonly Pick<PostTargetSummary, "id" | "rede" | "status" | "contaNome">[] }) {
  if (!redes.length) return <span className="text-sm text-fg-soft">Sem conta escolhida</span>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Status em cada rede">
      {redes.map((t) => (
        <li key={t.id} className={`badge badge-${POST_STATUS.tone(t.status)}`}>
          {SOCIAL_NETWORK.label(t.rede)} · {POST_STATUS.label(t.status)}
        </li>
      ))}
    </ul>
  );
}
