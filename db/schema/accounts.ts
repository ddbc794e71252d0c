import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp, updatedAt } from "./columns.ts";

import { COLOR_MODES } from "../../shared/enums.ts";

export { COLOR_MODES, type ColorMode } from "../../shared/enums.ts";

export const users = sqliteTable(
  "users",
  {
    id: id(),
    name: text("name").notNull(),
    /** Always stored lower-cased and trimmed: e-mail is the login. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    emailVerifiedAt: timestamp("email_verified_at"),
    termsAcceptedAt: timestamp("terms_accepted_at"),
    colorMode: text("color_mode", { enum: COLOR_MODES }).notNull().default("system"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

/** A browser session. The cookie carries a random token; only its SHA-256 is stored. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at").notNull(),
    /** When the person last typed their password in this session (sign-in or re-authentication); null = createdAt. */
    authenticatedAt: timestamp("authenticated_at"),
    expiresAt: timestamp("expires_at").notNull(),
    revokedAt: timestamp("revoked_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const AUTH_TOKEN_PURPOSES = [
  "email_confirmation",
  "password_recovery",
  "invite",
  /** Sent to the new address: confirming it moves the account there. */
  "email_change",
  /** Sent to the old address after a change: undoing it moves the account back (7 days). */
  "email_change_undo",
] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/** Single-use tokens sent by e-mail. Only the SHA-256 of the token is stored. */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose", { enum: AUTH_TOKEN_PURPOSES }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** For invites: the organization and role offered, the invitee's name and who invited. */
    orgId: text("org_id"),
    role: text("role"),
    name: text("name"),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * For e-mail confirmations: the hash of the password chosen at the sign-up that issued the
     * link. Confirming requires that password, so a link issued by someone else's sign-up
     * (pre-hijacking) can never be confirmed by the mailbox owner into the other person's password.
     */
    passwordHash: text("password_hash"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
  },
  (t) => [index("auth_tokens_email_idx").on(t.email, t.purpose), index("auth_tokens_org_idx").on(t.orgId, t.purpose)],
);

/** Refresh tokens for API clients; rotated on every use, a reused one revokes its family. */
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The session this token renews; revoking the session ends its refresh tokens too. */
    family: text("family").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    revokedAt: timestamp("revoked_at"),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.family)],
);

/**
 * Window counters for rate limits. `prev_count` keeps the previous window's count so a limit is
 * a sliding estimate (ADR 080): a burst straddling
 * a window boundary cannot get twice the limit.
 */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
  prevCount: integer("prev_count").notNull().default(0),
});
