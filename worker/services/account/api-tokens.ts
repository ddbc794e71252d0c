import { and, eq, gt, isNull } from "drizzle-orm";
import { refreshTokens, sessions } from "../../../db/schema/index.ts";
import { ACCESS_TOKEN_TTL_S, signAccessToken } from "../../auth/jwt.ts";
import { createSession } from "../../auth/sessions.ts";
import { digest, randomToken } from "../../auth/tokens.ts";
import { authenticate } from "./accounts.ts";
import { DomainError, type ServiceContext } from "../context.ts";

export const REFRESH_TTL_MS = 30 * 24 * 3600_000;

export interface TokenPair {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  refresh_token: string;
}

async function issue(ctx: ServiceContext, userId: string, sessionId: string): Promise<{ pair: TokenPair; insert: PromiseLike<unknown> }> {
  const refresh = randomToken();
  const insert = ctx.db.insert(refreshTokens).values({
    id: await digest(refresh),
    userId,
    family: sessionId,
    createdAt: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + REFRESH_TTL_MS),
  });
  const access = await signAccessToken(ctx.config.JWT_PRIVATE_JWK, { sub: userId, sid: sessionId }, ctx.now.getTime());
  return { pair: { access_token: access, token_type: "bearer", expires_in: ACCESS_TOKEN_TTL_S, refresh_token: refresh }, insert };
}

/** E-mail + password → an API session (listed and revocable like a browser one) and tokens. */
export async function issueTokens(ctx: ServiceContext, email: string, password: string): Promise<TokenPair> {
  const userId = await authenticate(ctx, email, password, "token");
  const session = await createSession(ctx.db, userId, { ip: ctx.ip, userAgent: ctx.userAgent ?? "API" }, ctx.now);
  const sessionId = await digest(session.token);
  const { pair, insert } = await issue(ctx, userId, sessionId);
  await insert;
  return pair;
}

export const REFRESH_FAILED = "Sessão expirada. Entre novamente.";

/**
 * Rotates a refresh token. Presenting one that was already used means it leaked: the whole
 * session (its family) is revoked.
 */
export async function rotateRefreshToken(ctx: ServiceContext, token: string): Promise<TokenPair> {
  const id = await digest(token);
  const [claimed] = await ctx.db
    .update(refreshTokens)
    .set({ usedAt: ctx.now })
    .where(
      and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, ctx.now)),
    )
    .returning();
  if (!claimed) {
    const [reused] = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).limit(1);
    if (reused) {
      await ctx.db.batch([
        ctx.db.update(sessions).set({ revokedAt: ctx.now }).where(eq(sessions.id, reused.family)),
        ctx.db.update(refreshTokens).set({ revokedAt: ctx.now }).where(eq(refreshTokens.family, reused.family)),
      ]);
    }
    throw new DomainError(REFRESH_FAILED, 401);
  }
  const [session] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, claimed.family), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now)))
    .limit(1);
  if (!session) throw new DomainError(REFRESH_FAILED, 401);
  const { pair, insert } = await issue(ctx, claimed.userId, claimed.family);
  await insert;
  return pair;
}
