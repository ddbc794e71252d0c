export * from "./accounts.ts";
export * from "./organizations.ts";
export * from "./companies.ts";
export * from "./clients.ts";
export * from "./products.ts";
export * from "./jobs.ts";
export * from "./real-estate.ts";
export * from "./social.ts";
