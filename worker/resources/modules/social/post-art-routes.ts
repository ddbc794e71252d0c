import type { Hono } from "hono";
import { z } from "zod";
import { ART_FORMAT_IDS, ART_SLIDE_KINDS, ART_TEMPLATE_IDS, artContentSchema } from "../../../../shared/art/art-content.ts";
import { brandForArtSchema } from "../../../../shared/art/art-render-spec.ts";
import { documented, type JsonSchema, type RouteDoc } from "../../../api/route-doc.ts";
import type { AppEnv } from "../../../http/types.ts";
import { enforceKeyedLimit } from "../../../security/rate-limit.ts";
import { previewArt } from "../../../services/art/post-art.ts";
import { getBrandStyle } from "../../../services/brand/brand-style.ts";
import { DomainError } from "../../../services/context.ts";
import type { RouteHelpers } from "../../define.ts";

/** `POST /api/posts/arte/previa`: the live preview of post art (ADR 051), for whoever may draft a post. */

export const artPreviewInput = z.object({
  modelo: z.enum(ART_TEMPLATE_IDS),
  slide: z.enum(ART_SLIDE_KINDS).default("capa"),
  formato: z.enum(ART_FORMAT_IDS as [(typeof ART_FORMAT_IDS)[number], ...(typeof ART_FORMAT_IDS)[number][]]),
  conteudo: artContentSchema,
  /** The brand to draw with: /cores previews colours not saved yet; absent, the business's saved brand. */
  marca: brandForArtSchema.optional(),
  fotoChave: z.string().trim().max(300).nullish(),
});

const text = (maxLength: number, description: string): JsonSchema => ({ type: "string", minLength: 1, maxLength, description });
const optionalText = (maxLength: number, description: string): JsonSchema => ({ type: ["string", "null"], maxLength, description });
const color: JsonSchema = { type: "string", pattern: "^#[0-9a-f]{6}$" };

const BODY: JsonSchema = {
  type: "object",
  required: ["modelo", "formato", "conteudo"],
  additionalProperties: false,
  properties: {
    modelo: { type: "string", enum: [...ART_TEMPLATE_IDS], description: "O modelo da arte." },
    slide: { type: "string", enum: [...ART_SLIDE_KINDS], description: "Capa (padrão), foto, ficha ou contato de um carrossel." },
    formato: { type: "string", enum: [...ART_FORMAT_IDS], description: "quadrado 1080×1080, retrato 1080×1350 ou story 1080×1920." },
    conteudo: {
      type: "object",
      required: ["titulo"],
      additionalProperties: false,
      properties: {
        titulo: text(120, "Título (nome do imóvel ou produto)."),
        preco: optionalText(40, "Preço já formatado: “R$ 12.500.000,00”."),
        selo: optionalText(30, "Etiqueta: “À venda”, “Lançamento”."),
        local: optionalText(120, "Bairro e cidade."),
        linha: optionalText(160, "Uma frase curta (a descrição de um produto)."),
        fatos: {
          type: "array",
          maxItems: 6,
          items: {
            type: "object",
            required: ["valor", "rotulo"],
            additionalProperties: false,
            properties: { valor: text(30, "“3”"), rotulo: text(30, "“quartos”") },
          },
        },
        contato: {
          type: "object",
          additionalProperties: false,
          properties: {
            nome: optionalText(80, "Nome do negócio."),
            whatsapp: optionalText(30, "WhatsApp como se lê."),
            link: optionalText(120, "Link da página pública."),
          },
        },
      },
    },
    marca: {
      type: "object",
      required: ["corPrimaria", "corSecundaria", "corTextoSobrePrimaria", "fonte", "corDestaqueApp", "logoKey"],
      additionalProperties: false,
      description: "As cores, a fonte e o logo (sem ela: as salvas em Estilização, ou as do Alicerce).",
      properties: {
        corPrimaria: color,
        corSecundaria: color,
        corTextoSobrePrimaria: color,
        fonte: { type: "string", enum: ["inter", "montserrat", "playfair", "lora"] },
        corDestaqueApp: { type: ["string", "null"], pattern: "^#[0-9a-f]{6}$" },
        logoKey: { type: ["string", "null"], maxLength: 300 },
      },
    },
    fotoChave: { type: ["string", "null"], maxLength: 300, description: "A chave de uma foto do negócio (imóvel ou imagem de post)." },
  },
};

const PREVIEW_DOC: RouteDoc = {
  access: { action: "create" },
  summary: "Prévia da arte",
  description:
    "Desenha uma arte de post (540 px de largura, JPEG) com o modelo, o formato, o conteúdo e a marca pedidos, sem guardar nada. Limitada por organização (429 com Retry-After). Recusa (404) uma foto que não é do negócio.",
  body: BODY,
  bodyExample: {
    modelo: "faixa-preco",
    formato: "retrato",
    conteudo: {
      titulo: "Casa térrea com piscina",
      preco: "R$ 1.250.000,00",
      local: "Jardim Paulistano, São Paulo",
      fatos: [
        { valor: "3", rotulo: "quartos" },
        { valor: "2", rotulo: "vagas" },
      ],
      contato: { whatsapp: "(11) 98765-4321", link: "horizonte.alicerce.app" },
    },
  },
  response: { description: "A prévia em JPEG.", content: { "image/jpeg": { schema: { type: "string", contentMediaType: "image/jpeg" } } } },
  errors: ["400", "422", "429"],
};

export function postArtRoutes(app: Hono<AppEnv>, { run }: RouteHelpers): void {
  app.post(
    "/arte/previa",
    documented(PREVIEW_DOC, (c) =>
      run(c, async (ctx, actor) => {
        let raw: unknown;
        try {
          raw = await c.req.json();
        } catch {
          throw new DomainError("Envie um corpo JSON válido.", 400);
        }
        const input = artPreviewInput.parse(raw);
        await enforceKeyedLimit(ctx.db, "artPreview", { org: actor.orgId, user: actor.userId });
        const env = c.get("rc").env;
        const jpeg = await previewArt(
          ctx,
          actor,
          { art: env.ART, bucket: env.FILES },
          {
            template: input.modelo,
            slide: input.slide,
            format: input.formato,
            content: input.conteudo,
            // Absent: the brand saved on /cores (one read; the defaults when never saved).
            brand: input.marca ?? (await getBrandStyle(ctx, actor.orgId)),
            photoKey: input.fotoChave ?? null,
          },
        );
        return new Response(jpeg, { headers: { "content-type": "image/jpeg", "cache-control": "private, no-store" } });
      }),
    ),
  );
}
