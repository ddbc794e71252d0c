import { sql } from "drizzle-orm";
import { clients, posts, propertyInterests } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { PostCommentKind, SocialNetwork } from "../../../shared/enums.ts";
import { isId } from "../../../shared/id.ts";
import type { PostComments } from "../../../shared/social/post-comments.ts";
import { ownerCondition } from "../../auth/permissions.ts";
import { publishLive } from "../../live/publish.ts";
import { recordChanged } from "../../live/record-changed.ts";
import { insertUnless } from "../../resources/insert-unless.ts";
import { insertValues, ownedInput } from "../../resources/records.ts";
import { moduleOf, notFoundMessage } from "../../resources/registry.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";

/** Comments shown on a post (newest first): Meta sends a few per post; a very busy post shows its latest. */
export const COMMENTS_SHOWN = 200;

/** The condition a post must meet for the actor to read it (the permission table's reach on posts). */
function readablePost(actor: Actor) {
  const owner = ownerCondition(actor, "posts", "read", posts);
  return owner ? sql` and ${owner}` : sql``;
}

/**
 * The reads of a post's comments and mentions, to batch with a page's other reads: the post as
 * the actor reaches it (another organização's, another member's for a professional, deleted:
 * none), and its comments. `readPostComments` makes the answer of their results.
 */
export function postCommentStatements(ctx: ServiceContext, actor: Actor, postId: string) {
  const readable = readablePost(actor);
  const id = isId(postId) ? postId : "";
  return [
    ctx.db.all<Record<string, string | number | null>>(sql`select (select pr.id from properties pr where pr.org_id = ${actor.orgId}
        and pr.id = ${posts.imovelId} and pr.deleted_at is null) as property_id
      from ${posts} where ${posts.orgId} = ${actor.orgId} and ${posts.id} = ${id} and ${posts.excluidoEm} is null${readable}`),
    ctx.db.all<Record<string, string | number | null>>(sql`select c.id, c.network, c.kind, c.author_name, c.author_username, c.text,
        c.commented_at, k.id as client_id, k.name as client_name, i.id as interest_id
      from post_comments c
      join ${posts} on ${posts.id} = c.post_id and ${posts.orgId} = c.org_id
      left join clients k on k.id = c.client_id and k.org_id = c.org_id and k.deleted_at is null
      left join property_interests i on i.id = c.interest_id and i.org_id = c.org_id and i.deleted_at is null
      where c.org_id = ${actor.orgId} and c.post_id = ${id} and ${posts.excluidoEm} is null${readable}
      order by c.commented_at desc, c.id limit ${COMMENTS_SHOWN}`),
  ] as const;
}

/** The answer of `postCommentStatements`' results; null when the post is not one the actor reads. */
export function readPostComments(
  postRows: readonly Record<string, unknown>[],
  rows: readonly Record<string, unknown>[],
): PostComments | null {
  if (!postRows[0]) return null;
  return {
    imovelId: (postRows[0].property_id as string | null) ?? null,
    comentarios: rows.map((r) => ({
      id: String(r.id),
      rede: r.network as SocialNetwork,
      tipo: r.kind as PostCommentKind,
      autorNome: (r.author_name as string | null) ?? null,
      autorUsuario: (r.author_username as string | null) ?? null,
      texto: (r.text as string | null) ?? null,
      comentadoEm: new Date(Number(r.commented_at)).toISOString(),
      clienteId: (r.client_id as string | null) ?? null,
      clienteNome: (r.client_name as string | null) ?? null,
      interesseId: (r.interest_id as string | null) ?? null,
    })),
  };
}

/** A post's comments and mentions in one round trip; 404 when the post is not one the actor reads. */
export async function listPostComments(ctx: ServiceContext, actor: Actor, postId: string): Promise<PostComments> {
  const [postRows, rows] = await ctx.db.batch(postCommentStatements(ctx, actor, postId));
  const view = readPostComments(postRows, rows);
  if (!view) throw new DomainError(notFoundMessage(moduleOf("posts")), 404);
  return view;
}

export interface CommentInterest {
  interesseId: string;
  clienteId: string;
  /** False when the comment already had its interest, or the client already had an open one in this imóvel. */
  interesseCriado: boolean;
  clienteCriado: boolean;
}

interface CommentFacts {
  post_id: string;
  network: SocialNetwork;
  author_id: string | null;
  author_name: string | null;
  author_username: string | null;
  text: string | null;
  property_id: string | null;
  live_interest: string | null;
  interest_client: string | null;
  live_client: string | null;
  commented_at: number;
}

/** Who wrote it, as a client's name: the Facebook name, else the Instagram @username. */
export function clientNameOf(facts: Pick<CommentFacts, "author_name" | "author_username">): string | null {
  const name = facts.author_name?.trim();
  if (name) return name.slice(0, 120);
  const user = facts.author_username?.trim().replace(/^@/, "");
  return user ? `@${user}`.slice(0, 120) : null;
}

/**
 * "Criar interesse": one click on a comment of a post made from an imóvel opens an interest in
 * that imóvel for the person who commented. The client is the one this comment or an earlier
 * comment by the same Meta account was already linked to; otherwise a new client (origem
 * Instagram or Facebook) named as Meta shows them. Names alone never pick an existing client
 * (two "Maria Silva" are two people; a member can merge later). A client who already has an
 * open interest in the imóvel gets no second one.
 *
 * Two round trips: the facts, then one batch (a transaction) whose every write is guarded by
 * "this comment has no live interest yet", so a second click, or two at once, creates nothing.
 */
export async function createInterestFromComment(
  ctx: ServiceContext,
  actor: Actor,
  commentId: string,
  /** A page about one post acts only on that post's comments. */
  onPost?: string,
): Promise<CommentInterest> {
  const interests = moduleOf("interesses");
  const interestOwner = ownerCondition(actor, "interesses", "create", interests.table);
  const notFound = new DomainError("Comentário não encontrado.", 404);
  if (!isId(commentId)) throw notFound;
  const org = actor.orgId;
  const [facts] =
    await ctx.db.all<CommentFacts>(sql`select c.post_id, c.network, c.author_id, c.author_name, c.author_username, c.text, c.commented_at,
      (select pr.id from properties pr where pr.org_id = ${org} and pr.id = ${posts.imovelId} and pr.deleted_at is null) as property_id,
      (select i.id from property_interests i where i.org_id = ${org} and i.id = c.interest_id and i.deleted_at is null) as live_interest,
      (select i.client_id from property_interests i where i.org_id = ${org} and i.id = c.interest_id and i.deleted_at is null) as interest_client,
      coalesce(
        (select k.id from clients k where k.org_id = ${org} and k.id = c.client_id and k.deleted_at is null),
        (select k.id from post_comments o join clients k on k.id = o.client_id and k.org_id = o.org_id
          where o.org_id = ${org} and o.network = c.network and o.author_id = c.author_id and k.deleted_at is null
          order by o.updated_at desc limit 1)
      ) as live_client
    from post_comments c join ${posts} on ${posts.id} = c.post_id and ${posts.orgId} = c.org_id
    where c.org_id = ${org} and c.id = ${commentId} and ${posts.excluidoEm} is null${readablePost(actor)}${onPost ? sql` and c.post_id = ${onPost}` : sql``}`);
  if (!facts) throw notFound;
  if (!facts.property_id) {
    throw new DomainError(
      "Este post não foi criado de um imóvel (ou o imóvel foi excluído): crie o interesse pela tela de Interesses.",
      422,
    );
  }
  if (facts.live_interest) {
    return { interesseId: facts.live_interest, clienteId: facts.interest_client ?? "", interesseCriado: false, clienteCriado: false };
  }
  const name = clientNameOf(facts);
  if (!facts.live_client && !name) {
    throw new DomainError("A Meta não informou quem escreveu esta menção: abra o post na rede para ver quem foi.", 422);
  }

  const scope = orgScope(ctx.db, org);
  const now = ctx.now;
  const origem = facts.network;
  const unclaimed = sql`select 1 from post_comments c where c.org_id = ${org} and c.id = ${commentId} and c.interest_id is not null
    and exists (select 1 from property_interests i where i.org_id = ${org} and i.id = c.interest_id and i.deleted_at is null)`;

  let newClientId: string | null = null;
  const writes = [];
  if (!facts.live_client) {
    const clientsModule = moduleOf("clients");
    const clientOwner = ownerCondition(actor, "clients", "create", clientsModule.table);
    const usuario = facts.author_username ? `@${facts.author_username.replace(/^@/, "")}` : null;
    const input = ownedInput(
      actor,
      clientsModule,
      clientOwner,
      clientsModule.definition.schema.parse({
        tipo: "pf",
        nome: name,
        origem,
        consentimentoLgpd: false,
        observacoes: `Comentou em um post do ${origem === "instagram" ? "Instagram" : "Facebook"}${usuario ? ` (${usuario})` : ""}.`,
      }) as Record<string, unknown>,
    );
    const values = insertValues(clientsModule, scope, input, actor.userId, now);
    newClientId = values.id as string;
    writes.push(insertUnless(ctx.db, clients, values, unclaimed));
  }
  const clientId = facts.live_client ?? (newClientId as string);
  const open = sql`select i.id from property_interests i where i.org_id = ${org} and i.client_id = ${clientId} and i.property_id = ${facts.property_id}
    and i.deleted_at is null and i.stage not in ('fechado', 'perdido') order by i.created_at, i.id limit 1`;
  const interestInput = ownedInput(
    actor,
    interests,
    interestOwner,
    interests.definition.schema.parse({
      clienteId: clientId,
      imovelId: facts.property_id,
      origem,
      etapa: "novo",
      temperatura: "morno",
    }) as Record<string, unknown>,
  );
  const interestValues = {
    ...insertValues(interests, scope, interestInput, actor.userId, now),
    mensagem: facts.text?.slice(0, 2000) ?? null,
  };
  const newInterestId = interestValues.id as string;
  writes.push(insertUnless(ctx.db, propertyInterests, interestValues, sql`${unclaimed} union all select 1 from (${open})`));
  // The new interest's matches, as creating it on its form would raise them (nothing when it was not inserted).
  writes.push(...(interests.alsoOnCreate?.(ctx, actor, newInterestId) ?? []));
  writes.push(
    ctx.db.run(sql`update post_comments set interest_id = (${open}), client_id = ${clientId}, updated_at = ${now.getTime()}
      where org_id = ${org} and id = ${commentId} and not exists (${unclaimed})`),
  );
  const read = ctx.db.all<{ interest_id: string | null; client_id: string | null }>(
    sql`select interest_id, client_id from post_comments where org_id = ${org} and id = ${commentId}`,
  );
  const results = await ctx.db.batch([...writes, read] as unknown as [typeof read, ...(typeof read)[]]);
  const after = (results[results.length - 1] as { interest_id: string | null; client_id: string | null }[])[0];
  if (!after?.interest_id || !after.client_id) throw notFound;
  const interesseCriado = after.interest_id === newInterestId;
  const clienteCriado = newClientId !== null && after.client_id === newClientId;
  if (clienteCriado) recordChanged(ctx, actor, moduleOf("clients"), "created", [after.client_id]);
  if (interesseCriado) recordChanged(ctx, actor, interests, "created", [newInterestId]);
  publishLive(ctx, org, { type: "post.comment", postId: facts.post_id });
  return { interesseId: after.interest_id, clienteId: after.client_id, interesseCriado, clienteCriado };
}
