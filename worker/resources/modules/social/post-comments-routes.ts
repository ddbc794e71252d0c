import type { Hono } from "hono";
import { POST_COMMENT_KINDS, SOCIAL_NETWORKS } from "../../../../shared/enums/social.ts";
import { documented, type JsonSchema, json, nullableText, type RouteDoc } from "../../../api/route-doc.ts";
import type { AppEnv } from "../../../http/types.ts";
import { listPostComments } from "../../../services/social/post-comments.ts";
import type { RouteHelpers } from "../../define.ts";

const COMMENT: JsonSchema = {
  type: "object",
  required: ["id", "rede", "tipo", "autorNome", "autorUsuario", "texto", "comentadoEm", "clienteId", "clienteNome", "interesseId"],
  properties: {
    id: { type: "string" },
    rede: { type: "string", enum: [...SOCIAL_NETWORKS] },
    tipo: {
      type: "string",
      enum: [...POST_COMMENT_KINDS],
      description: "Comentário, ou menção à conta em um comentário (sem texto: a Meta não o envia).",
    },
    autorNome: { ...nullableText, description: "O nome no Facebook." },
    autorUsuario: { ...nullableText, description: "O @usuário no Instagram, sem a @." },
    texto: nullableText,
    comentadoEm: { type: "string", format: "date-time" },
    clienteId: { ...nullableText, description: "O cliente ligado a quem comentou (por “Criar interesse”)." },
    clienteNome: nullableText,
    interesseId: { ...nullableText, description: "O interesse criado (ou encontrado) a partir do comentário." },
  },
};

const COMMENTS_DOC: RouteDoc = {
  access: { action: "read" },
  summary: "Comentários e menções do post",
  description:
    "Os comentários e menções que a Meta avisou (webhooks) nas publicações deste post, do mais novo ao mais antigo (até 200), com o cliente e o interesse ligados a cada um. imovelId é o imóvel de origem do post, quando ainda existe (é o que “Criar interesse” usa).",
  response: {
    description: "Os comentários.",
    content: json({
      type: "object",
      required: ["data"],
      properties: {
        data: {
          type: "object",
          required: ["imovelId", "comentarios"],
          properties: { imovelId: nullableText, comentarios: { type: "array", items: COMMENT } },
        },
      },
    }),
  },
};

/** `GET /api/posts/:id/comentarios`: what Meta's webhooks recorded on the post (ADR 046). */
export function postCommentRoutes(app: Hono<AppEnv>, { run }: RouteHelpers): void {
  app.get(
    "/:id/comentarios",
    documented(COMMENTS_DOC, (c) =>
      run(c, async (ctx, actor) => c.json({ data: await listPostComments(ctx, actor, c.req.param("id") ?? "") })),
    ),
  );
}
