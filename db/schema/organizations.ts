import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";
import { createdAt, id, timestamp, updatedAt } from "./columns.ts";

import { ROLES, SEGMENTS } from "../../shared/enums.ts";

export { ROLES, type Role, SEGMENTS, type Segment } from "../../shared/enums.ts";

export const organizations = sqliteTable("organizations", {
  id: id(),
  name: text("name").notNull(),
  segment: text("segment", { enum: SEGMENTS }).notNull(),
  document: text("document"),
  creci: text("creci"),
  whatsapp: text("whatsapp"),
  email: text("email"),
  cep: text("cep"),
  street: text("street"),
  number: text("number"),
  complement: text("complement"),
  district: text("district"),
  city: text("city"),
  uf: text("uf"),
  description: text("description"),
  brandVoice: text("brand_voice"),
  logoKey: text("logo_key"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A user belongs to one organization (unique user_id); the role decides what they may do. */
export const memberships = sqliteTable(
  "memberships",
  {
    id: id(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    deactivatedAt: timestamp("deactivated_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("memberships_user_unique").on(t.userId), index("memberships_org_idx").on(t.orgId)],
);

/**
 * E-mails the app sent (or would send): the queue and the delivery record. Bodies and the link
 * (which carry single-use tokens) live only until the message is handed over; then they are
 * nulled, and the row itself is purged after 30 days (worker/scheduled.ts).
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text"),
    html: text("html"),
    link: text("link"),
    status: text("status", { enum: ["queued", "sent", "logged", "failed"] })
      .notNull()
      .default("queued"),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at"),
  },
  (t) => [index("email_outbox_to_idx").on(t.to)],
);
