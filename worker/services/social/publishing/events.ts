import type { EventInput } from "../../../../jobs/define.ts";
import { PUBLICATION_CHANGED, publishPost } from "../../../../jobs/contracts/publish-post.ts";

/** A publication as its run's event needs it. */
export interface SchedulableTarget {
  id: string;
  orgId: string;
  contaId: string;
  agendadoPara: Date | null;
  atualizadoEm: Date;
}

/** The key of one (publication, version): the scheduling request and the sweep compute the same. */
export function publicationKey(target: Pick<SchedulableTarget, "id" | "atualizadoEm">): string {
  return `${target.id}:${target.atualizadoEm.getTime()}`;
}

export function publishEvent(target: SchedulableTarget, origin: string | undefined, key = publicationKey(target)): EventInput {
  return {
    name: publishPost.event,
    data: {
      orgId: target.orgId,
      targetId: target.id,
      accountId: target.contaId,
      version: target.atualizadoEm.getTime(),
      at: (target.agendadoPara ?? target.atualizadoEm).toISOString(),
      key,
      ...(origin ? { origin } : {}),
    },
  };
}

export function changedEvent(targetId: string): EventInput {
  return { name: PUBLICATION_CHANGED, data: { targetId } };
}
