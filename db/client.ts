import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Database = LibSQLDatabase & {
  $client: Client;
  /** Network round trips this handle made: every page or API request is held to a budget. */
  readonly roundTrips: () => number;
};

/**
 * Counts round trips on the raw client. Every execute/batch/executeMultiple is one request to
 * the database server (Turso in production), so this is what a request pays in latency.
 * An interactive transaction costs one per statement plus begin/commit.
 */
function countingClient(client: Client): { client: Client; count: () => number } {
  let trips = 0;
  const counted = new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "execute" || prop === "batch" || prop === "executeMultiple" || prop === "migrate") {
        return (...args: unknown[]) => {
          trips++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      if (prop === "transaction") {
        return async (...args: unknown[]) => {
          trips++;
          const tx = await (value as (...a: unknown[]) => Promise<object>).apply(target, args);
          return new Proxy(tx, {
            get(t, p, r) {
              const v = Reflect.get(t, p, r);
              if (typeof v !== "function") return v;
              if (p === "execute" || p === "batch" || p === "executeMultiple" || p === "commit" || p === "rollback") {
                return (...a: unknown[]) => {
                  trips++;
                  return (v as (...x: unknown[]) => unknown).apply(t, a);
                };
              }
              return v.bind(t);
            },
          });
        };
      }
      return value.bind(target);
    },
  });
  return { client: counted, count: () => trips };
}

export interface DbConfig {
  url: string;
  authToken?: string | undefined;
}

export function createDb(config: DbConfig): Database {
  return wrapClient(createClient({ url: config.url, authToken: config.authToken, intMode: "number" }));
}

export function wrapClient(raw: Client): Database {
  const { client, count } = countingClient(raw);
  // No `schema`: nothing uses the relational `db.query` API, and extracting its config from
  // every table cost measurable CPU on every request (a handle is made per request).
  const db = drizzle(client) as unknown as Database;
  Object.defineProperty(db, "roundTrips", { value: count });
  return db;
}

export { schema };
