import { data } from "react-router";
import { interesseDefinition } from "../../../shared/resources/interesses.ts";
import { postDefinition } from "../../../shared/resources/posts.ts";
import type { PostComments } from "../../../shared/social/post-comments.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { createInterestFromComment, postCommentStatements, readPostComments } from "../../../worker/services/social/post-comments.ts";
import { guard } from "../resources.server.ts";

type Args = Parameters<typeof guard>[0];

/** What the post page's comments slot needs (ADR 046): the comments and whether "Criar interesse" shows. */
export interface PostCommentsData extends PostComments {
  canCreateInterest: boolean;
}

/**
 * The statements of the post page's comments slot, to batch with the page's other reads (one
 * round trip for the whole page), and the slot's data from their results (null: the post is not
 * one the member reads).
 */
export function postCommentsSlot(args: Args, postId: string) {
  const { ctx, actor } = guard(args, postDefinition, "read");
  return {
    statements: postCommentStatements(ctx, actor, postId),
    read(postRows: readonly Record<string, unknown>[], rows: readonly Record<string, unknown>[]): PostCommentsData | null {
      const view = readPostComments(postRows, rows);
      return view ? { ...view, canCreateInterest: view.imovelId !== null && can(actor.role, interesseDefinition.name, "create") } : null;
    },
  };
}

/** Nothing to show (a post the member does not read): the slot stays empty. */
export const NO_COMMENTS: PostCommentsData = { imovelId: null, comentarios: [], canCreateInterest: false };

/** What "Criar interesse" answers the page: the comment it was for, and the interest or the reason. */
export type CreateInterestResult =
  | { interestFor: string; interesseId: string; interesseCriado: boolean }
  | { interestFor: string; interestError: string };

/** The post page's action for "Criar interesse" (form field `comentarioId`, a comment of the page's post). */
export async function createInterestAction(args: Args, form: FormData, postId: string) {
  const { ctx, actor } = guard(args, interesseDefinition, "create");
  const value = form.get("comentarioId");
  const commentId = typeof value === "string" ? value : "";
  try {
    const made = await createInterestFromComment(ctx, actor, commentId, postId);
    return { interestFor: commentId, interesseId: made.interesseId, interesseCriado: made.interesseCriado } satisfies CreateInterestResult;
  } catch (error) {
    if (error instanceof DomainError) {
      return data({ interestFor: commentId, interestError: error.message } satisfies CreateInterestResult, {
        status: error.status === 404 ? 404 : 422,
      });
    }
    throw error;
  }
}
