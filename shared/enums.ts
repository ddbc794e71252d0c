/**
 * The value lists of the app, each one definition (`defineEnum`: values, pt-BR labels, badge
 * tones) read by the database columns (db/schema), the client-safe zod schemas and screens
 * (`shared/resources/*.ts`) and the API reference. Pure: no Drizzle and no zod, so the browser
 * bundle can use it. `X_VALUES`-style aliases (`CLIENT_KINDS`) are `X.values`, kept for the
 * columns and the services. One file per area (shared/enums/), so a screen's chunk carries only
 * the lists it reads (the app shell reads the roles). ADR 025.
 */

export * from "./enums/account.ts";
export * from "./enums/real-estate.ts";
export * from "./enums/records.ts";
export * from "./enums/social.ts";
export * from "./enums/agenda.ts";
