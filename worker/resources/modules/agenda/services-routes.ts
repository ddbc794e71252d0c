import type { Hono } from "hono";
import { SERVICE_PRODUCTS_MAX } from "../../../../shared/resources/servicos.ts";
import { serviceProductList } from "../../../../shared/agenda/service-products.ts";
import { isId } from "../../../../shared/id.ts";
import { dataOf, documented, json, type RouteDoc, rowRef } from "../../../api/route-doc.ts";
import type { AppEnv } from "../../../http/types.ts";
import { DomainError } from "../../../services/context.ts";
import { replaceServiceProducts } from "../../../services/agenda/service-products.ts";
import type { RouteHelpers } from "../../define.ts";

const PRODUCTS_DOC: RouteDoc = {
  access: { action: "update" },
  summary: "Produtos consumidos: substituir a lista",
  description:
    "Substitui a lista de produtos que o serviço consome a cada vez que é realizado (cada um com a quantidade na unidade do produto). Quem finaliza o atendimento dá baixa deles no estoque como “consumo em serviço”. Um produto que não é da sua organização (ou foi excluído) é recusado (422) e nada muda. Lista vazia: o serviço não consome produtos.",
  body: {
    type: "object",
    required: ["produtos"],
    additionalProperties: false,
    properties: {
      produtos: {
        type: "array",
        maxItems: SERVICE_PRODUCTS_MAX,
        items: {
          type: "object",
          required: ["produtoId", "quantidade"],
          additionalProperties: false,
          properties: {
            produtoId: { type: "string", description: "O id do produto." },
            quantidade: { type: "number", minimum: 0.001, description: "Na unidade do produto, até 3 casas decimais." },
          },
        },
      },
    },
  },
  bodyExample: { produtos: [{ produtoId: "00000000-0000-4000-8000-000000000000", quantidade: 0.05 }] },
  response: { description: "O serviço como ficou, com os produtos consumidos.", content: json(dataOf(rowRef("servicos"))) },
  errors: ["400", "404", "422"],
};

async function jsonBody(c: { req: { json: () => Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DomainError("Envie um corpo JSON válido.", 400);
  }
}

/** `/api/servicos/:id/produtos`: the products a service consumes, replaced whole. */
export function serviceRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  app.post(
    "/:id/produtos",
    documented(PRODUCTS_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        const input = serviceProductList.parse(await jsonBody(c));
        return c.json({ data: await replaceServiceProducts(ctx, actor, id, input.produtos) });
      }),
    ),
  );
}
