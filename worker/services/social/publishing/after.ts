import { postFirstComment, readPermalink } from "./after-publish.ts";
import type { PublishingContext } from "./context.ts";
import { actOn, type Guarded, ownProblem } from "./guard.ts";
import type { Publication } from "./load.ts";

/** The steps after (or instead of) Meta's answer that the orchestrator names. */
export const after = {
  permalink: readPermalink,
  firstComment: postFirstComment,
  /** The container never left IN_PROGRESS: fails with the reason (it was never published, so nothing is live). */
  tooSlow: (ctx: PublishingContext, pub: Publication): Promise<Guarded<never>> =>
    actOn(
      ctx,
      pub.target,
      "status",
      ownProblem(
        "O Instagram demorou demais para preparar a imagem (mais de 5 minutos) e nada foi publicado: use Tentar de novo.",
        "IN_PROGRESS",
      ),
    ),
};
