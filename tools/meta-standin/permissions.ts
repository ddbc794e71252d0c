/** Which token may touch which object, and the permission each write needs (Meta's codes). */
import { metaError, type Reply } from "./http.ts";
import { instagramOfUser, type StandinState, type StandinToken } from "./state.ts";

export type Host = "facebook" | "instagram";

/** 190 for a missing, unknown, expired or revoked token; tokens work only on their own host. */
export function authenticate(state: StandinState, host: Host, raw: string | undefined, now: number): StandinToken | Reply {
  if (!raw) return metaError(400, { code: 104, message: "An access token is required to request this resource." });
  const token = state.tokens.get(raw);
  const onHost = token && (host === "instagram" ? token.kind.startsWith("ig-") : !token.kind.startsWith("ig-"));
  if (!token || !onHost) return metaError(400, { code: 190, message: "Invalid OAuth access token - Cannot parse access token" });
  if (token.revoked) {
    return metaError(400, {
      code: 190,
      error_subcode: 460,
      message:
        "Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.",
    });
  }
  if (token.expiresAt !== null && token.expiresAt < now) {
    return metaError(400, {
      code: 190,
      error_subcode: 463,
      message: `Error validating access token: Session has expired on ${new Date(token.expiresAt).toUTCString()}.`,
    });
  }
  return token;
}

/** The Page and/or Instagram account an object belongs to (undefined: no such object). */
export function ownerOf(state: StandinState, id: string): { page?: string; instagram?: string } | undefined {
  if (state.pages.some((p) => p.id === id)) return { page: id };
  if (state.instagram.some((i) => i.id === id)) return { instagram: id };
  const container = state.containers.get(id) ?? state.media.get(id);
  if (container) return { instagram: container.owner };
  const post = state.posts.get(id) ?? state.photos.get(id);
  if (post) return { page: post.pageId };
  const comment = state.comments.get(id);
  return comment ? ownerOf(state, comment.objectId) : undefined;
}

export function canReach(state: StandinState, token: StandinToken, id: string): boolean {
  const owner = ownerOf(state, id);
  if (!owner) return false;
  if (token.kind === "fb-user-short" || token.kind === "fb-user-long") {
    return owner.page !== undefined || (owner.instagram !== undefined && instagramOfUser(state).includes(owner.instagram));
  }
  if (token.kind === "fb-page") {
    const page = state.pages.find((p) => p.id === token.subject);
    return owner.page === token.subject || (owner.instagram !== undefined && owner.instagram === page?.instagramId);
  }
  if (token.kind === "ig-user-short" || token.kind === "ig-user-long") return owner.instagram === token.subject;
  return false;
}

export function unknownObject(id: string, method: string): Reply {
  return metaError(400, {
    code: 100,
    error_subcode: 33,
    type: "GraphMethodException",
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
  });
}

/** Instagram publishing: instagram_content_publish (Facebook Login) or instagram_business_content_publish. */
export function canPublishInstagram(token: StandinToken): Reply | null {
  const needed = token.kind.startsWith("ig-") ? "instagram_business_content_publish" : "instagram_content_publish";
  if (token.granted.includes(needed)) return null;
  return metaError(403, { code: 10, message: `(#10) Application does not have permission for this action (${needed}).` });
}

/** Page posting: a Page token, pages_manage_posts granted, and the CREATE_CONTENT task on that Page. */
export function canPostToPage(state: StandinState, token: StandinToken, pageId: string): Reply | null {
  if (token.kind !== "fb-page" || token.subject !== pageId) {
    return metaError(403, { code: 200, message: "(#200) The Page must be posted to with its own Page access token." });
  }
  if (!token.granted.includes("pages_manage_posts")) {
    return metaError(403, {
      code: 200,
      message:
        "(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission",
    });
  }
  const page = state.pages.find((p) => p.id === pageId);
  if (!page?.tasks.includes("CREATE_CONTENT")) {
    return metaError(403, { code: 200, message: "(#200) The user does not have the CREATE_CONTENT task on this Page." });
  }
  return null;
}
