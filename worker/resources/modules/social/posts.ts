import { type SQL, sql } from "drizzle-orm";
import { postKeys, posts } from "../../../../db/schema/index.ts";
import { POST_STATUSES, SOCIAL_NETWORKS } from "../../../../shared/enums/social.ts";
import { can } from "../../../auth/permissions.ts";
import { hashtagsOf } from "../../../../shared/social/caption-rules.ts";
import { parsePostImageKey } from "../../../../shared/social/post-image-key.ts";
import { captionPreview, isPhotoReference, type PostInput, type PostRow, postDefinition } from "../../../../shared/resources/posts.ts";
import { searchKeys, sortKey } from "../../../../shared/search.ts";
import { postOriginOf } from "../../../../shared/social/post-origins.ts";
import { schedulePublicationsLater } from "../../../services/social/publishing/schedule.ts";
import type { ResourceModule } from "../../define.ts";
import type { Actor } from "../../../services/context.ts";
import { followPostTime, GONE_STATUSES } from "../../../services/social/post-time-sql.ts";

const t = posts;

/** A publication that is going out or went out: the post's content no longer changes, and it is never deleted. */
const GONE = `(${GONE_STATUSES.map((s) => `'${s}'`).join(", ")})`;
const goneExists: SQL = sql`exists (select 1 from post_targets g where g.org_id = ${t.orgId} and g.post_id = ${t.id} and g.status in ${sql.raw(GONE)})`;

/** An ISO text of a millisecond timestamp column, inside the packed row. */
const iso = (column: string) =>
  `case when ${column} is null then null else strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch') end`;

/**
 * The networks chosen: one `post_targets` row per account, written in the post's batch. An
 * account dropped from the form leaves unless its publication is going out or went out; a new
 * one starts where the post's approval is; each follows the post's time (`followPostTime`, the
 * statement rescheduling runs too: worker/services/social/reschedule.ts). An account of another
 * organização (or none) has no network: the insert is refused (NOT NULL) and answered in pt-BR.
 */
function targetStatements(orgId: string, postId: string, accounts: readonly string[], written: SQL, now: Date): SQL[] {
  const chosen = accounts.length
    ? sql`account_id not in (${sql.join(
        accounts.map((a) => sql`${a}`),
        sql`, `,
      )})`
    : sql`1`;
  const statements: SQL[] = [
    sql`delete from post_targets where org_id = ${orgId} and post_id = ${postId} and ${chosen} and status not in ${sql.raw(GONE)} and ${written}`,
  ];
  for (const account of accounts) {
    statements.push(sql`insert into post_targets (id, org_id, post_id, network, account_id, status, scheduled_at, created_at, updated_at)
      select ${crypto.randomUUID()}, ${orgId}, ${postId},
        (select a.network from social_accounts a where a.org_id = ${orgId} and a.id = ${account}), ${account},
        case p.approval when 'aprovado' then 'agendado' when 'aguardando_aprovacao' then 'aguardando_aprovacao' else 'rascunho' end,
        p.scheduled_at, ${now.getTime()}, ${now.getTime()}
      from posts p where p.org_id = ${orgId} and p.id = ${postId} and p.updated_at = ${now.getTime()}
      on conflict (post_id, account_id) do nothing`);
  }
  statements.push(followPostTime(orgId, [postId], written, now.getTime()));
  return statements;
}

/**
 * An approver saving an approved post schedules what they see: that is an approval, so it is
 * stamped now (the publisher sends only images whose files are older than the approval, ADR 047
 * amendment). A drafter changes only drafts, never an approved post.
 */
function reapproval(actor: Actor, postId: string, written: SQL, now: Date): SQL[] {
  if (!can(actor.role, postDefinition.name, "approve")) return [];
  return [
    sql`update posts set approved_at = ${now.getTime()}, approved_by = ${actor.userId}
      where org_id = ${actor.orgId} and id = ${postId} and approval = 'aprovado' and ${written}`,
  ];
}

/**
 * The images in order: the list replaced whole. A photo must be one of the organização's; an
 * uploaded image's key must be one the upload wrote for this organização (`parsePostImageKey`):
 * anything else leaves the row without a source, which the table refuses (post_media_source_ck).
 * Alt text: a single image takes the post's (`textoAlternativo`), a carousel's each its own
 * (`textosAlternativos`, by position); where none was sent at all, a photo's starts as its caption.
 */
function mediaStatements(orgId: string, postId: string, input: PostInput, written: SQL, now: Date): SQL[] {
  const media = input.midias;
  const statements: SQL[] = [sql`delete from post_media where org_id = ${orgId} and post_id = ${postId} and ${written}`];
  const sent = input.textosAlternativos.length > 0;
  media.forEach((item, position) => {
    const photo = isPhotoReference(item) ? item : null;
    const key = !photo && parsePostImageKey(item)?.orgId === orgId ? item : null;
    const own = media.length === 1 ? (input.textoAlternativo ?? null) : (input.textosAlternativos[position] ?? null);
    const alt =
      own !== null || (sent && media.length > 1)
        ? sql`${own}`
        : sql`(select f.caption from property_photos f where f.org_id = ${orgId} and f.id = ${photo})`;
    statements.push(sql`insert into post_media (id, org_id, post_id, position, key, property_photo_id, alt_text, created_at)
      select ${crypto.randomUUID()}, ${orgId}, ${postId}, ${position}, ${key},
        (select f.id from property_photos f where f.org_id = ${orgId} and f.id = ${photo}),
        ${alt},
        ${now.getTime()}
      where ${written}`);
  });
  return statements;
}

/**
 * Posts, server side. The post row holds the content and the approval; `post_targets` each
 * network's publication (the jobs' claims and Meta's ids) and `post_media` the images, both
 * written in the post's own batch from the `contas` and `midias` fields.
 */
export const postsModule: ResourceModule<PostRow, PostInput> = {
  definition: postDefinition,
  table: t,
  keys: postKeys,
  titleSql: sql`substr(${t.legenda}, 1, 80)`,
  // "order by network || ''": an index on (org, network, …) must not serve the order (the planner
  // then walked every publication of the organização for each post); (org, post) finds the two.
  extras: {
    imovelNome: sql`(select coalesce(p.title, p.code) from properties p where p.id = ${t.imovelId} and p.org_id = ${t.orgId} and p.deleted_at is null)`,
    produtoNome: sql`(select p.name from products p where p.id = ${t.produtoId} and p.org_id = ${t.orgId} and p.deleted_at is null)`,
    servicoNome: sql`(select s.name from services s where s.id = ${t.servicoId} and s.org_id = ${t.orgId} and s.deleted_at is null)`,
    contas: sql`json((select json_group_array(x.account_id) from (select pt.account_id from post_targets pt where pt.org_id = ${t.orgId} and pt.post_id = ${t.id} order by pt.network || '') x))`,
    redes:
      sql.raw(`json((select json_group_array(json_object('id', x.id, 'rede', x.network, 'contaId', x.account_id, 'contaNome', x.name, 'status', x.status,
      'erroCodigo', x.error_code, 'erroMensagem', x.error_message, 'permalink', x.permalink, 'publicadoEm', ${iso("x.published_at")}))
      from (select pt.*, a.name from post_targets pt left join social_accounts a on a.id = pt.account_id and a.org_id = pt.org_id
        where pt.org_id = "posts"."org_id" and pt.post_id = "posts"."id" order by pt.network || '') x))`),
    // The first image's key, for a thumbnail (Rascunhos, the calendar): a photo's or an uploaded image's.
    capaChave: sql`(select coalesce(f.key, m.key) from post_media m left join property_photos f on f.org_id = m.org_id and f.id = m.property_photo_id
      where m.org_id = ${t.orgId} and m.post_id = ${t.id} order by m.position limit 1)`,
    midias: sql`json((select json_group_array(x.ref) from (select coalesce(m.property_photo_id, m.key) as ref from post_media m where m.org_id = ${t.orgId} and m.post_id = ${t.id} order by m.position) x))`,
    textosAlternativos: sql`json((select json_group_array(x.alt_text) from (select m.alt_text from post_media m where m.org_id = ${t.orgId} and m.post_id = ${t.id} order by m.position) x))`,
  },
  extraSchemas: {
    capaChave: {
      type: ["string", "null"],
      description: "A chave da primeira imagem (foto do imóvel ou imagem enviada): a miniatura do post.",
    },
    contas: { type: "array", items: { type: "string" }, description: "As contas escolhidas (ids), uma por rede." },
    midias: {
      type: "array",
      items: { type: "string" },
      description: "As imagens na ordem (ids das fotos do imóvel ou chaves das imagens enviadas).",
    },
    textosAlternativos: {
      type: "array",
      items: { type: ["string", "null"] },
      description: "O texto alternativo de cada imagem, na ordem de `midias`.",
    },
    redes: {
      type: "array",
      description: "A publicação em cada rede, com o seu próprio status: uma rede que falha não mexe na outra.",
      items: {
        type: "object",
        required: ["id", "rede", "contaId", "contaNome", "status", "erroCodigo", "erroMensagem", "permalink", "publicadoEm"],
        properties: {
          id: { type: "string" },
          rede: { type: "string", enum: [...SOCIAL_NETWORKS] },
          contaId: { type: "string" },
          contaNome: { type: ["string", "null"] },
          status: { type: "string", enum: [...POST_STATUSES] },
          erroCodigo: { type: ["string", "null"], description: "O código da Meta, como veio." },
          erroMensagem: { type: ["string", "null"], description: "O motivo em português e o que fazer." },
          permalink: { type: ["string", "null"] },
          publicadoEm: { type: ["string", "null"], format: "date-time" },
        },
      },
    },
  },
  values(input) {
    const keys = searchKeys({ names: [input.legenda.slice(0, 300)], tags: hashtagsOf(input.legenda).map((h) => h.slice(1)) });
    return {
      ordem: sortKey(captionPreview(input.legenda)),
      origem: postOriginOf(input),
      agendadoPara: input.agendadoPara ? new Date(input.agendadoPara) : null,
      chavesBusca: JSON.stringify(keys),
    };
  },
  sorts: { agendadoPara: t.agendadoPara },
  filters: {
    aprovacao: { column: t.aprovacao },
    imovel: { column: t.imovelId },
    agendadoPara: { column: t.agendadoPara },
    criadoEm: { column: t.criadoEm },
    atualizadoEm: { column: t.atualizadoEm },
  },
  relations: [
    { column: t.imovelId, target: "imoveis", field: "imovelId", message: "Imóvel não encontrado. Escolha um imóvel cadastrado." },
    { column: t.produtoId, target: "produtos", field: "produtoId", message: "Produto não encontrado. Escolha um produto cadastrado." },
    { column: t.servicoId, target: "servicos", field: "servicoId", message: "Serviço não encontrado. Escolha um serviço cadastrado." },
  ],
  errors: [
    {
      match: "post_targets.post_id, post_targets.network",
      message: "Escolha uma conta por rede: uma Página do Facebook e/ou uma conta do Instagram.",
      field: "contas",
      status: 422,
    },
    // After the unique index's (whose message names the same column): an account with no network is not the organização's.
    {
      match: "NOT NULL constraint failed: post_targets.network",
      message: "Conta não encontrada. Escolha uma conta conectada em Conectar Redes.",
      field: "contas",
    },
    { match: "post_media_source_ck", message: "Imagem não encontrada. Escolha uma foto do imóvel ou uma imagem enviada.", field: "midias" },
    {
      match: "post_publicado_nao_exclui",
      message: "Este post já saiu (ou está saindo) em uma rede e não pode ser excluído. Cancele o que ainda não saiu.",
      status: 409,
    },
  ],
  triggers: [
    {
      name: "posts_gone_not_deleted_bu",
      sql: `CREATE TRIGGER posts_gone_not_deleted_bu BEFORE UPDATE OF deleted_at ON posts
  WHEN NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL
    AND EXISTS (SELECT 1 FROM post_targets g WHERE g.org_id = NEW.org_id AND g.post_id = NEW.id AND g.status IN ${GONE}) BEGIN
  SELECT RAISE(ABORT, 'post_publicado_nao_exclui');
END`,
    },
  ],
  writeCondition(actor, action) {
    const approver = can(actor.role, postDefinition.name, "approve");
    if (approver) {
      // Deleting what went out is the trigger's refusal (it names the reason).
      if (action === "delete") return undefined;
      return {
        where: sql`not ${goneExists}`,
        message:
          "Este post já saiu (ou está saindo) em uma rede: o conteúdo não muda mais. Cancele o que ainda não saiu ou crie outro post.",
      };
    }
    return {
      where: sql`${t.aprovacao} = 'rascunho' and not ${goneExists}`,
      message: "Você altera só os seus rascunhos. Depois de enviado para aprovação, quem altera é o dono ou um administrador.",
    };
  },
  // An edit moves each touched publication's version on: its run is replaced (ADR 047).
  async afterWrite(ctx, actor, id, action) {
    // A new post is never agendado (approval is a move): only an edit can touch a run.
    if (action === "updated") schedulePublicationsLater(ctx, actor.orgId, [id]);
  },
  alsoOnWrite(ctx, actor, id, input, written, info) {
    return [
      ...targetStatements(actor.orgId, id, input.contas, written, info.now),
      ...mediaStatements(actor.orgId, id, input, written, info.now),
      ...reapproval(actor, id, written, info.now),
    ].map((statement) => ctx.db.run(statement));
  },
  example: (related) => ({
    legenda:
      "Apartamento de 3 quartos com varanda gourmet em Pinheiros 🏡\nAndar alto, sol da manhã e duas vagas. Agende sua visita!\n#apartamentoàvenda #pinheiros #imóveis",
    link: "https://alicerce.app/imovel/ap0101",
    primeiroComentario: "Mais fotos e o preço no link da bio.",
    textoAlternativo: "Sala ampla com varanda gourmet e vista para o bairro.",
    imovelId: related("properties"),
    contas: [],
    midias: [],
    textosAlternativos: [],
  }),
};
