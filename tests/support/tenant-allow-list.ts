/**
 * The statements allowed to touch an org-owned table without the organization predicate
 * (ADR 027): each is global by nature, and says why. An entry admits an unscoped reference to
 * one of `tables` in a statement that matches `statement` (one-line SQL, as drizzle or the raw
 * SQL writes it); the patterns are anchored on the statement's own shape (its columns and its
 * WHERE), so a new query never slips in under an old reason. Adding one is a change to review
 * like a change to the permission table; each matches a `tenant-exempt:` comment in the code.
 */
export interface AllowEntry {
  /** The org-owned tables it may reach without the predicate. */
  tables: readonly string[];
  statement: RegExp;
  why: string;
}

export const TENANT_ALLOW_LIST: readonly AllowEntry[] = [
  {
    tables: ["ai_generations"],
    statement:
      /^select "id", "org_id", "user_id" from "ai_generations" where \(\("ai_generations"\."status" = \? and "ai_generations"\."updated_at" < \?\) or \("ai_generations"\."status" = \? and "ai_generations"\."updated_at" < \?\)\) limit \?$/,
    why: "the AI generation sweep (worker/services/ai-generation/sweep.ts) finds every organização's silent runs; each is then marked failed org-scoped",
  },
  {
    tables: ["organizations"],
    statement: /^select "id" from "organizations" where "organizations"\."document" = \? limit \?$/,
    why: "the demo seed (scripts/seed/demo-brand.ts) finds the demo organização by its CNPJ on `npm start`, to add what an older demo lacks",
  },
  {
    tables: ["memberships", "organizations", "business_settings", "brand_styles", "professionals"],
    statement:
      /^select "sessions"\."id", .* from "sessions" inner join "users" on "users"\."id" = "sessions"\."user_id" left join "memberships" on "memberships"\."user_id" = "users"\."id" left join "organizations" on "organizations"\."id" = "memberships"\."org_id" where \("sessions"\."id" = \? and/,
    why: "session lookup (worker/auth/sessions.ts): how a request learns its organization, from the session user's own membership (and that organization's owner-only setting, zone, app accent and the profissional linked to this login)",
  },
  {
    tables: ["memberships", "organizations"],
    statement:
      /^select "users"\."id", "users"\."email_verified_at", "memberships"\."org_id"(, "organizations"\."name")? from "users" left join "memberships" on "memberships"\."user_id" = "users"\."id"( left join "organizations" on "organizations"\."id" = "memberships"\."org_id")? where "users"\."email" = \? limit \?$/,
    why: "an account by e-mail (sign-up, invites): only whether it already belongs to an organization decides the branch, never the answer",
  },
  {
    tables: ["memberships"],
    statement: /^select "id" from "memberships" where "memberships"\."user_id" = \? limit \?$/,
    why: "e-mail confirmation (accounts.ts): does the confirmed user already belong to an organization?",
  },
  {
    tables: ["memberships"],
    statement:
      /^delete from "users" where \("users"\."email_verified_at" is null and .* not exists \(select "id" from "memberships" where "memberships"\."user_id" = "users"\."id"\)\)$/,
    why: "cron purge of unconfirmed accounts (scheduled.ts): an account with a membership in any organization is never purged",
  },
  {
    tables: ["portal_settings"],
    statement: /^select "org_id", "lead_secret_hash" from "portal_settings" where "portal_settings"\."lead_user" = \? limit \?$/,
    why: "portal lead webhook: its user (and secret, checked after) is the credential that names the organization",
  },
  {
    tables: ["portal_settings"],
    statement: /^select "org_id" from "portal_settings" where "portal_settings"\."feed_token_hash" = \? limit \?$/,
    why: "portal XML feed: the token, looked up by its digest, is the credential that names the organization",
  },
  {
    tables: ["organizations"],
    statement:
      /^select "auth_tokens"\."id", .* from "auth_tokens" inner join "organizations" on "organizations"\."id" = "auth_tokens"\."org_id" left join "users" on "users"\."id" = "auth_tokens"\."invited_by" where \("auth_tokens"\."id" = \? and "auth_tokens"\."purpose" = \?\) limit \?$/,
    why: "an invite token (looked up by its digest) names its organization; only the name is shown to the token's holder",
  },
  {
    tables: ["properties", "property_photos", "organizations"],
    statement: /\(select p\.(id|org_id) from "properties" p where p\.slug = \?\)/,
    why: "public property page and its contact form: the unguessable, globally unique slug finds the property; its organization is read from that row",
  },
  {
    tables: ["properties"],
    statement:
      /^select "properties"\."code", .* from "properties" left join "users" on "users"\."id" = "properties"\."broker_id" where "properties"\."slug" = \? limit \?$/,
    why: "public property page: the property is found by its unguessable, globally unique slug (its organization is read from the row)",
  },
  {
    tables: ["properties", "business_settings"],
    statement:
      /^select "id", "org_id", "status", "deleted_at", \(select bs\.time_zone from business_settings bs where bs\.org_id = "properties"\."org_id"\) from "properties" where "properties"\."slug" = \? limit \?$/,
    why: "public contact form of a property: found by its unguessable, globally unique slug (with its organization's time zone, for the lead's day)",
  },
  {
    tables: ["landing_pages"],
    statement: /^select 1 from "landing_pages" where \("landing_pages"\."slug" = \? and "landing_pages"\."org_id" <> \?\) limit \?$/,
    why: "landing page slugs are unique across Alicerce: reads only whether another organization's page has it",
  },
  {
    tables: ["landing_pages", "organizations", "business_settings"],
    statement:
      /^select "landing_pages"\."org_id", "landing_pages"\."published", "organizations"\."name", \(select bs\.time_zone from business_settings bs where bs\.org_id = "landing_pages"\."org_id"\), \(select bs\.online_booking_enabled from business_settings bs where bs\.org_id = "landing_pages"\."org_id"\) from "landing_pages" inner join "organizations" on "organizations"\."id" = "landing_pages"\."org_id" where \("landing_pages"\."slug" = \? and "landing_pages"\."published" is not null\)/,
    why: "public landing page: its slug names the organization; only the published copy is read (with that organization's time zone, for a lead's day, and whether it books online, for the link to /agendar)",
  },
  {
    tables: ["landing_pages", "organizations", "business_settings"],
    statement:
      /^select "landing_pages"\."org_id", json_extract\("landing_pages"\."published", '\$\.corPrimaria'\), "organizations"\."name", "organizations"\."whatsapp", "business_settings"\."online_booking_enabled", "business_settings"\."online_booking_status", "business_settings"\."time_zone", "business_settings"\."booking_min_notice_minutes", "business_settings"\."booking_max_days_ahead" from "landing_pages" inner join "organizations" on "organizations"\."id" = "landing_pages"\."org_id" inner join "business_settings" on "business_settings"\."org_id" = "landing_pages"\."org_id" where \("landing_pages"\."slug" = \? and "landing_pages"\."published" is not null\) limit \?$/,
    why: "the public booking page /agendar/{slug} (worker/services/agenda/booking-door.ts): the landing page's slug names the organização; only a published page of a business with online booking on opens it",
  },
  {
    tables: ["appointments"],
    statement:
      /^select "id", "org_id" from "appointments" where \(\("appointments"\."link_hash" = \? or "appointments"\."reminder_link_hash" = \?\) and "appointments"\."deleted_at" is null\) limit \?$/,
    why: "the client's appointment links /agendamento/{token} (worker/services/agenda/public-appointment.ts): the SHA-256 of the token (unique: the booking's or the reminder's) names one appointment; its organização scopes every other read and write",
  },
  {
    tables: ["social_accounts", "social_insights_reads"],
    statement:
      /^select "social_accounts"\."id", "social_accounts"\."org_id" from "social_accounts" left join "social_insights_reads" on "social_insights_reads"\."account_id" = "social_accounts"\."id" where \("social_accounts"\."status" = \? and "social_accounts"\."token_sealed" is not null and \("social_insights_reads"\."read_at" is null or "social_insights_reads"\."read_at" < \?\)\) order by .* limit \?$/,
    why: "the daily insights job (worker/services/social/insights.ts) lists every organização's active accounts due for a read (ids and org only); each is then read and written org-scoped",
  },
  {
    tables: ["social_connections"],
    statement:
      /^select "org_id", "id" from "social_connections" where \("social_connections"\."token_sealed" is not null and "social_connections"\."status" in \(\?, \?\)\) limit \?$/,
    why: "daily token health job (token-health.ts): which Meta logins hold a token, in every organização; each is then read and changed org-scoped",
  },
  {
    tables: ["social_accounts"],
    statement:
      /^select "org_id", "id" from "social_accounts" where \("social_accounts"\."token_sealed" is not null and "social_accounts"\."status" = \?\) limit \?$/,
    why: "daily token health job (token-health.ts): which social accounts hold a token, in every organização; each is then read and changed org-scoped",
  },
  {
    tables: ["social_accounts"],
    statement: /^select id, org_id, network, external_id from social_accounts where external_id in \(\?(, \?)*\)$/,
    why: "Meta's webhook (signature verified first) names a Page or Instagram account; the organizações that connected it are read from those rows",
  },
  {
    tables: ["social_connections", "social_accounts"],
    statement:
      /^select c\.id as connection_id, c\.org_id, c\.meta_user_id, a\.id as account_id, a\.external_id from social_connections c left join social_accounts a on a\.connection_id = c\.id and a\.org_id = c\.org_id where c\.meta_user_id in \(\?(, \?)*\)$/,
    why: "Meta's permission, deauthorize and data-deletion callbacks (signature verified first) name a person; the logins they granted, and the accounts that came through them, are read with their organizações",
  },
  {
    tables: ["post_comments"],
    statement: /^select org_id, count\(\*\) as n from post_comments where author_id = \? group by org_id$/,
    why: "Meta's data-deletion callback (signature verified first) names a person; their comments are found in every organização to be deleted there",
  },
  {
    tables: ["post_targets", "social_accounts", "posts"],
    statement:
      /^select "id", "org_id", "account_id", "scheduled_at", "updated_at", "claim_run_id" from "post_targets" where \("post_targets"\."status" = \? and ("post_targets"\."scheduled_at" <= \? and .*exists \(select 1 from social_accounts a where a\.org_id = "post_targets"\."org_id" .*exists \(select 1 from posts p where p\.org_id = "post_targets"\."org_id" .*|"post_targets"\."claimed_at" < \?\)) limit \?$/,
    why: "the every-minute publishing sweep (publishing/sweep.ts): due or stale publications of every organização, each with its own org_id for its run (every write after is org-scoped)",
  },
  {
    tables: ["organizations"],
    statement: /^select "id" from "organizations"( where "organizations"\."id" > \?)? order by "organizations"\."id" asc limit \?$/,
    why: "the nightly sweeps (jobs/sweep-organizations.ts: post images, documents) walk every organização's id; each sweep is then org-scoped",
  },
  {
    tables: ["organizations", "business_settings", "appointments"],
    statement:
      /^select o\.id as orgId from organizations o where coalesce\(\(select s\.reminders_enabled from business_settings s where s\.org_id = o\.id\), 1\) = 1 and exists \(select 1 from appointments a where a\.org_id = o\.id and a\.starts_at >= \? and a\.starts_at < \? and a\.reminder_at is null and a\.status in \('pendente', 'confirmado'\) and a\.deleted_at is null\) order by o\.id limit 1000$/,
    why: "the day-before reminders job (worker/services/agenda/reminders.ts) lists the organizações with an unreminded appointment soon (ids only); each is then reminded org-scoped",
  },
  {
    tables: ["expenses"],
    statement:
      /^select s\.org_id as orgId, s\.series_id as serieId, s\.first_due as primeiro, l\.id as ultimoId, l\.due_on as ultimo, l\.recurrence as recorrencia, l\.recurrence_until as fim from \(select org_id, series_id, min\(due_on\) as first_due, max\(due_on\) as last_due from expenses where series_id is not null group by org_id, series_id\) s join expenses l on l\.org_id = s\.org_id and l\.series_id = s\.series_id and l\.due_on = s\.last_due where l\.recurrence <> 'nenhuma' and s\.last_due < \? and \(l\.recurrence_until is null or l\.recurrence_until > s\.last_due\) order by s\.org_id, s\.series_id limit 5000$/,
    why: "the daily recurring-bills job (worker/services/finance/recurring-expenses.ts) finds every series' latest occurrence; each insert after is its own organização's",
  },
];
