import type { Hono } from "hono";
import { dataObject, documented, type RouteDoc } from "../../../api/route-doc.ts";
import type { AppEnv } from "../../../http/types.ts";
import { createInterestFromComment } from "../../../services/social/post-comments.ts";
import type { RouteHelpers } from "../../define.ts";

const FROM_COMMENT_DOC: RouteDoc = {
  access: { action: "create" },
  summary: "Criar interesse a partir de um comentário",
  description:
    "Num comentário de um post criado de um imóvel, abre um interesse (etapa novo) nesse imóvel para quem comentou: o cliente já ligado a esse comentário ou a outro comentário da mesma conta; senão, um cliente novo com origem Instagram ou Facebook. Clicar de novo não cria nada (devolve o mesmo interesse), e um cliente que já tem interesse aberto no imóvel não ganha outro. Recusa (422) um post sem imóvel de origem.",
  errors: ["422"],
  response: dataObject(
    {
      interesseId: { type: "string" },
      clienteId: { type: "string" },
      interesseCriado: { type: "boolean", description: "false: o interesse já existia." },
      clienteCriado: { type: "boolean" },
    },
    "O interesse (criado ou o que já existia) e o cliente.",
  ),
};

/** `POST /api/property_clients/de-comentario/:id`: "Criar interesse" on a post's comment (ADR 046). */
export function interestFromCommentRoutes(app: Hono<AppEnv>, { run }: RouteHelpers): void {
  app.post(
    "/de-comentario/:id",
    documented(FROM_COMMENT_DOC, (c) =>
      run(c, async (ctx, actor) => c.json({ data: await createInterestFromComment(ctx, actor, c.req.param("id") ?? "") })),
    ),
  );
}
