import type { Hono } from "hono";
import { isId } from "../../../../shared/id.ts";
import { POST_MOVES } from "../../../../shared/social/post-status.ts";
import { dataOf, documented, json, type RouteDoc, rowRef } from "../../../api/route-doc.ts";
import type { AppEnv } from "../../../http/types.ts";
import { DomainError } from "../../../services/context.ts";
import { movePost, PERSON_MOVES, type PersonMove } from "../../../services/social/posts.ts";
import { reschedulePosts, rescheduleSchema } from "../../../services/social/reschedule.ts";
import type { RouteHelpers } from "../../define.ts";

/** Each move's path under `/api/posts/:id/` and what the reference says of it. */
const MOVE_ROUTES: Record<PersonMove, { path: string; description: string }> = {
  enviar: {
    path: "enviar",
    description:
      "Envia o rascunho para aprovação: cada rede escolhida passa a “aguardando aprovação”. Quem escreveu o post (equipe, profissional) ou quem aprova. Recusa (422) um post sem conta, com legenda fora das regras do Instagram ou sem imagem para o Instagram.",
  },
  aprovar: {
    path: "aprovar",
    description:
      "Aprova e agenda: cada rede passa a “agendado” para a data e hora do post (em branco: agora). Só dono e administrador. Recusa (422) um post que não está pronto ou com horário que já passou.",
  },
  devolver: {
    path: "devolver",
    description: "Devolve para rascunho o que aguarda aprovação ou está agendado (não o que já saiu). Só dono e administrador.",
  },
  cancelar: {
    path: "cancelar",
    description:
      "Cancela as redes que ainda não saíram (rascunho, aguardando, agendado, falhou). O que já foi publicado continua publicado. Só dono e administrador.",
  },
  tentar_de_novo: {
    path: "tentar-de-novo",
    description:
      "Volta para “agendado” só as redes que falharam, agora (ou na hora marcada, se ainda não chegou); a outra rede não é tocada. Só dono e administrador.",
  },
};

function moveDoc(move: PersonMove): RouteDoc {
  return {
    access: { action: PERSON_MOVES[move] },
    summary: POST_MOVES[move].label ?? move,
    description: MOVE_ROUTES[move].description,
    response: { description: "O post como ficou, com o status de cada rede.", content: json(dataOf(rowRef("posts"))) },
    errors: ["409", "422"],
  };
}

const RESCHEDULE_DOC: RouteDoc = {
  access: { action: "approve" },
  summary: "Reagendar",
  description:
    "Muda a data e hora do post; cada rede que ainda não saiu passa a esse horário (o status não muda). Só dono e administrador. Recusa (422) um horário que já passou ou a mais de um ano; recusa (409) um post que já saiu ou está saindo e, com `agendadoAntes`, um post cujo horário mudou desde que você o leu.",
  body: {
    type: "object",
    required: ["agendadoPara"],
    additionalProperties: false,
    properties: {
      agendadoPara: { type: "string", format: "date-time", description: "O novo instante, com fuso (ISO 8601)." },
      agendadoAntes: {
        type: ["string", "null"],
        format: "date-time",
        description: "O horário do post como você o leu (null: sem horário). Se mudou desde então, nada muda e a resposta é 409.",
      },
    },
  },
  bodyExample: { agendadoPara: "2026-12-01T12:00:00-03:00" },
  response: { description: "O post como ficou, com o status de cada rede.", content: json(dataOf(rowRef("posts"))) },
  errors: ["400", "409", "422"],
};

async function jsonBody(c: { req: { json: () => Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DomainError("Envie um corpo JSON válido.", 400);
  }
}

/** `/api/posts/:id/<move>`: the moves people make on a post (shared/social/post-status.ts), and its rescheduling. */
export function postRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  for (const move of Object.keys(PERSON_MOVES) as PersonMove[]) {
    app.post(
      `/:id/${MOVE_ROUTES[move].path}`,
      documented(moveDoc(move), (c) =>
        run(c, async (ctx, actor) => {
          const id = c.req.param("id");
          if (!isId(id)) return notFound(c);
          return c.json({ data: await movePost(ctx, actor, id, move) });
        }),
      ),
    );
  }
  app.post(
    "/:id/reagendar",
    documented(RESCHEDULE_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        const input = rescheduleSchema.parse(await jsonBody(c));
        const seen = input.agendadoAntes;
        // Without `agendadoAntes`, the post moves from wherever it is now.
        const era = seen === undefined ? undefined : seen === null ? null : new Date(seen);
        return c.json({ data: await reschedulePosts(ctx, actor, [{ id, para: new Date(input.agendadoPara), era }], { readBack: id }) });
      }),
    ),
  );
}
