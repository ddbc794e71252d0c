import { z } from "zod";
import {
  POST_APPROVAL,
  POST_ORIGIN,
  POST_STATUS,
  type PostApproval,
  type PostOrigin,
  type PostStatus,
  SOCIAL_NETWORK,
  type SocialNetwork,
} from "../enums/social.ts";
import { formatDateTime } from "../format.ts";
import { isId } from "../id.ts";
import { SOCIAL_POST } from "../permissions.ts";
import { captionProblems, MEDIA_MAX } from "../social/caption-rules.ts";
import { postInstant } from "../social/post-time.ts";
import { isCleanText, optional, optionalString, url } from "../validation.ts";
import { auditColumns } from "./address.ts";
import { optionalId, unflatten } from "./schema-helpers.ts";
import type { ColumnDef, FieldDef, ResourceDefinition } from "./types.ts";

/**
 * Posts (issue 19): what goes to a Facebook Page and/or an Instagram account, each network's
 * publication with its own status (`redes`). Staff and professionals draft and send for approval;
 * owner and admin approve and schedule (shared/social/post-status.ts). Client-safe.
 */

/** One network's publication, as lists and the API show it. */
export interface PostTargetSummary {
  id: string;
  rede: SocialNetwork;
  contaId: string;
  contaNome: string | null;
  status: PostStatus;
  erroCodigo: string | null;
  erroMensagem: string | null;
  permalink: string | null;
  publicadoEm: string | null;
}

/**
 * An image of a post, as the form and the API send it: a photo of the imóvel (its id) or an
 * uploaded image (its storage key, under the organização's folder). In order: the first is the
 * cover of a carousel.
 */
export function isPhotoReference(value: string): boolean {
  return isId(value);
}

export interface PostRow {
  id: string;
  legenda: string;
  link: string | null;
  primeiroComentario: string | null;
  textoAlternativo: string | null;
  origem: PostOrigin | null;
  imovelId: string | null;
  imovelNome: string | null;
  produtoId: string | null;
  produtoNome: string | null;
  servicoId: string | null;
  servicoNome: string | null;
  aprovacao: PostApproval;
  aprovadoPor: string | null;
  aprovadoEm: string | null;
  /** ISO instant (null: as soon as approved). */
  agendadoPara: string | null;
  /** The accounts chosen (one per network), as the form sends them. */
  contas: string[];
  redes: PostTargetSummary[];
  /** The images in order (photo ids or storage keys). */
  midias: string[];
  /** Each image's alt text, in the order of `midias` (a carousel's; a single image uses `textoAlternativo`). */
  textosAlternativos: (string | null)[];
  /** The first image's photo key (a thumbnail), null without a photo. */
  capaChave: string | null;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

/** How far ahead a post may be scheduled. */
const MAX_AHEAD_MS = 366 * 86_400_000;
/** A minute of slack: a time picked "now" is still now when the form arrives. */
const PAST_SLACK_MS = 60_000;
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * When it goes: "aaaa-mm-ddTHH:mm" on the organização's clock (the form) or an ISO instant with
 * its offset (the API) → ISO instant; from now to a year ahead. Blank: as soon as approved.
 */
function scheduledAt(field: string): z.ZodType<string | undefined, unknown> {
  return z.preprocess(
    (v) => {
      if (typeof v !== "string" || !v.trim()) return v === null || v === "" ? undefined : v;
      const text = v.trim();
      const t = ISO_INSTANT.test(text) ? Date.parse(text) : LOCAL.test(text) ? postInstant(text).getTime() : Number.NaN;
      return Number.isNaN(t) ? text : new Date(t).toISOString();
    },
    z
      .string({ error: () => `O campo ${field} não é válido` })
      .refine((s) => /Z$/.test(s) && !Number.isNaN(Date.parse(s)), `O campo ${field} não é válido`)
      .refine((s) => Date.parse(s) >= Date.now() - PAST_SLACK_MS, "Escolha um horário a partir de agora.")
      .refine((s) => Date.parse(s) <= Date.now() + MAX_AHEAD_MS, "Agende para no máximo um ano à frente.")
      .optional(),
  );
}

/** `{ "0": a, "1": b }` (form rows) or a list → the list. */
function listOf(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return [];
  if (typeof value === "string") return [value];
  if (typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value)
      .filter(([k]) => /^\d{1,2}$/.test(k))
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, v]) => v);
  }
  return value;
}

/** Form rows or a list, keeping blank entries: the alt texts line up with the images by position. */
function alignedList(value: unknown): unknown {
  if (value === undefined || value === null) return [];
  if (typeof value === "string") return [value];
  return listOf(value);
}

const ALT_MAX = 1000;
const altText = z
  .string({ error: () => "O texto alternativo não é válido." })
  .refine((s) => isCleanText(s), "O texto alternativo contém caracteres inválidos.")
  .refine((s) => s.length <= ALT_MAX, `Cada texto alternativo tem no máximo ${ALT_MAX} caracteres.`)
  .transform((s) => s.replace(/\s+/g, " ").trim() || null)
  // A blank one becomes null: the server validates parsed input again (records.ts), so null must pass too.
  .nullable();

/** A storage key as the uploads write them (`orgs/<org>/…`); the server checks the organização. */
const STORAGE_KEY = /^orgs\/[0-9A-Za-z_-]+\/[0-9A-Za-z_./-]{1,250}$/;
const MEDIA_INVALID = "Escolha uma foto do imóvel ou uma imagem enviada.";

const mediaItem = z
  .string({ error: () => MEDIA_INVALID })
  .trim()
  .refine((v) => isPhotoReference(v) || (STORAGE_KEY.test(v) && !v.includes("..")), MEDIA_INVALID);

/** One schema for the form, the API and the service: caption counted as Instagram counts it. */
export const postSchema = z.preprocess(
  unflatten,
  z
    .object({
      legenda: optionalString("Legenda", { max: 10_000, multiline: true }).transform((s) => s ?? ""),
      link: optional(url("Link")),
      primeiroComentario: optionalString("Primeiro comentário", { max: 2200, multiline: true }),
      textoAlternativo: optionalString("Texto alternativo", { max: 1000 }),
      imovelId: optionalId("Imóvel"),
      produtoId: optionalId("Produto"),
      servicoId: optionalId("Serviço"),
      agendadoPara: scheduledAt("Data e hora"),
      contas: z.preprocess(
        listOf,
        z
          .array(z.string({ error: () => "Escolha uma conta conectada." }).refine(isId, "Escolha uma conta conectada."), {
            error: () => "Escolha uma conta conectada.",
          })
          .max(2, "Escolha no máximo uma Página do Facebook e uma conta do Instagram.")
          .refine((ids) => new Set(ids).size === ids.length, "Essa conta já foi escolhida."),
      ),
      midias: z.preprocess(
        listOf,
        z
          .array(mediaItem, { error: () => MEDIA_INVALID })
          .max(MEDIA_MAX, `Um carrossel tem no máximo ${MEDIA_MAX} imagens.`)
          .refine((list) => new Set(list).size === list.length, "Essa imagem já está no post."),
      ),
      // Instagram's alt_text of each carousel image, by position (ADR 044).
      textosAlternativos: z.preprocess(
        alignedList,
        z
          .array(altText, { error: () => "O texto alternativo não é válido." })
          .max(MEDIA_MAX, `Um carrossel tem no máximo ${MEDIA_MAX} imagens.`),
      ),
    })
    .superRefine((value, ctx) => {
      for (const message of captionProblems(value.legenda)) ctx.addIssue({ code: "custom", path: ["legenda"], message });
      if (value.textosAlternativos.length > Math.max(value.midias.length, 1)) {
        ctx.addIssue({ code: "custom", path: ["textosAlternativos"], message: "Há mais textos alternativos do que imagens no post." });
      }
      if ([value.imovelId, value.produtoId, value.servicoId].filter(Boolean).length > 1) {
        const path = value.servicoId ? "servicoId" : "produtoId";
        ctx.addIssue({ code: "custom", path: [path], message: "Um post vem de um só registro: um imóvel, um produto ou um serviço." });
      }
    }),
);

export type PostInput = z.output<typeof postSchema>;

/** The networks' statuses, "Facebook: Agendado · Instagram: Falhou". */
export function networksText(row: Pick<PostRow, "redes">): string {
  return row.redes.map((t) => `${SOCIAL_NETWORK.label(t.rede)}: ${POST_STATUS.label(t.status)}`).join(" · ");
}

/** The caption's first line, cut for a list. */
export function captionPreview(legenda: string, max = 80): string {
  const line = legenda.split("\n", 1)[0]?.trim() ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line || "(sem legenda)";
}

function networkColumn(rede: SocialNetwork): ColumnDef<PostRow> {
  const target = (r: PostRow) => r.redes.find((t) => t.rede === rede);
  return {
    key: rede,
    label: SOCIAL_NETWORK.label(rede),
    text: (r) => POST_STATUS.label(target(r)?.status) || "—",
    cell: { kind: "badge", tone: (r) => POST_STATUS.tone(target(r)?.status) },
    defaultVisible: true,
  };
}

export const postColumns: readonly ColumnDef<PostRow>[] = [
  { key: "nome", label: "Legenda", text: (r) => captionPreview(r.legenda), sort: "text", defaultVisible: true },
  {
    key: "aprovacao",
    label: "Aprovação",
    text: (r) => POST_APPROVAL.label(r.aprovacao),
    cell: { kind: "badge", tone: (r) => POST_APPROVAL.tone(r.aprovacao) },
    filter: { type: "multi-enum", options: POST_APPROVAL.options },
    defaultVisible: true,
  },
  networkColumn("facebook"),
  networkColumn("instagram"),
  {
    key: "agendadoPara",
    label: "Agendado para",
    text: (r, zone) => (r.agendadoPara ? formatDateTime(r.agendadoPara, zone) : ""),
    value: (r) => r.agendadoPara,
    sort: "date",
    filter: { type: "date-range" },
    cell: { kind: "date" },
    defaultVisible: true,
  },
  {
    key: "imovel",
    label: "Imóvel",
    text: (r) => r.imovelNome ?? "",
    cell: { kind: "link", href: (r) => (r.imovelId && r.imovelNome ? `/properties/${r.imovelId}` : null) },
    filter: { type: "relation", relation: "properties" },
    defaultVisible: true,
  },
  {
    key: "origem",
    label: "Origem",
    text: (r) => POST_ORIGIN.label(r.origem),
    defaultVisible: false,
  },
  { key: "criadoPor", label: "Criado por", text: (r) => r.criadoPorNome ?? "", defaultVisible: true },
  ...auditColumns<PostRow>(false),
];

export const postFields: readonly FieldDef[] = [
  {
    name: "legenda",
    label: "Legenda",
    kind: "textarea",
    section: "Post",
    hint: "Até 2.200 caracteres, 30 hashtags e 20 menções (o limite do Instagram).",
  },
  { name: "link", label: "Link", kind: "url", section: "Post", hint: "No Facebook vira um link; no Instagram, vá de “link na bio”." },
  { name: "primeiroComentario", label: "Primeiro comentário", kind: "textarea", section: "Post" },
  {
    name: "textoAlternativo",
    label: "Texto alternativo",
    kind: "text",
    section: "Post",
    hint: "Descreve a imagem para quem usa leitor de tela.",
  },
  { name: "imovelId", label: "Imóvel", kind: "relation", relation: "properties", section: "Origem" },
  { name: "produtoId", label: "Produto", kind: "relation", relation: "produtos", section: "Origem" },
  { name: "servicoId", label: "Serviço", kind: "relation", relation: "servicos", section: "Origem" },
  {
    name: "contas",
    label: "Redes e contas",
    kind: "choices",
    section: "Redes",
    hint: "Uma Página do Facebook e/ou uma conta do Instagram conectadas (ids das contas).",
  },
  {
    name: "midias",
    label: "Imagens",
    kind: "choices",
    section: "Imagens",
    hint: "Uma imagem, ou um carrossel de 2 a 10, na ordem (ids das fotos do imóvel ou chaves das imagens enviadas).",
  },
  {
    name: "textosAlternativos",
    label: "Textos alternativos das imagens",
    kind: "choices",
    section: "Imagens",
    hint: "O texto alternativo de cada imagem de um carrossel, na ordem das imagens (uma imagem só usa o “Texto alternativo”).",
  },
  { name: "agendadoPara", label: "Data e hora", kind: "datetime", section: "Agendamento", hint: "Em branco, sai assim que for aprovado." },
];

export const postDefinition: ResourceDefinition<PostRow, PostInput> = {
  name: "posts",
  basePath: "/posts",
  api: "posts",
  access: SOCIAL_POST,
  // A drafter's reach: the posts they wrote.
  owners: ["criadoPor"],
  labels: {
    singular: "post",
    plural: "posts",
    listTitle: "Posts",
    newTitle: "Novo Post",
    editTitle: "Editar Post",
    newButton: "Novo post",
    empty: "Nenhum post por aqui ainda.",
    emptyHint: "Crie um post a partir de um imóvel, ou comece do zero.",
    searchPlaceholder: "Buscar na legenda ou por hashtag",
    deleted: "Post excluído.",
    restored: "Post restaurado.",
  },
  columns: postColumns,
  fields: postFields,
  schema: postSchema,
  defaultSort: { key: "atualizadoEm", dir: "desc" },
  pageSize: 25,
  subtitle: (row) => [POST_APPROVAL.label(row.aprovacao), networksText(row)].filter(Boolean).join(" · "),
  title: (row) => captionPreview(row.legenda, 60),
  screens: {
    // The list and its export are the shared ones; the editor and the post's page have behaviour
    // of their own (app/routes/social/): accounts, the live counter, photos, previews, moves.
    plain: ["list", "export"],
    listDescription: "Todos os posts da organização, com o status de cada rede. Rascunhos e aprovações ficam em Rascunhos.",
    newDescription: "Escolha as contas, escreva a legenda, escolha as imagens e veja como fica em cada rede.",
    submitLabel: "Salvar rascunho",
    formId: "form-post",
  },
  nav: { group: "Redes Sociais", order: 20 },
};
