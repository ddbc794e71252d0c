export * from "./accounts.ts";
export * from "./organizations.ts";
