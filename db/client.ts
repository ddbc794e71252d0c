import { type Client, createClient, type InStatement, type TransactionMode } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { type Prelude, PreludeGate } from "./prelude.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Database = LibSQLDatabase & {
  $client: Client;
  /** Network round trips this handle made: every page or API request is held to a budget. */
  readonly roundTrips: () => number;
  /** Sends `prelude` with the first read of this handle (one round trip for both). */
  readonly setPrelude: (prelude: Prelude) => void;
  /** Runs a prelude no read carried, and waits for its verdict (rejects when it was refused). */
  readonly settlePrelude: () => Promise<void>;
};

/**
 * Counts round trips on the raw client. Every execute/batch/executeMultiple is one request to
 * the database server (Turso in production), so this is what a request pays in latency.
 * An interactive transaction costs one per statement plus begin/commit.
 * `execute` and `batch` also carry the request's prelude (db/prelude.ts) when one is set.
 */
function countingClient(client: Client): { client: Client; count: () => number; gate: PreludeGate } {
  let trips = 0;
  const gate = new PreludeGate(client, () => {
    trips++;
  });
  const counted = new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "execute") return (...args: unknown[]) => gate.execute(args);
      if (prop === "batch") return (stmts: InStatement[], mode?: TransactionMode) => gate.batch(stmts, mode);
      if (prop === "executeMultiple" || prop === "migrate") {
        return async (...args: unknown[]) => {
          await gate.settle();
          trips++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      if (prop === "transaction") {
        return async (...args: unknown[]) => {
          await gate.settle();
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
  return { client: counted, count: () => trips, gate };
}

export interface DbConfig {
  url: string;
  authToken?: string | undefined;
}

export function createDb(config: DbConfig): Database {
  return wrapClient(createClient({ url: config.url, authToken: config.authToken, intMode: "number" }));
}

export function wrapClient(raw: Client): Database {
  const { client, count, gate } = countingClient(raw);
  // No `schema`: nothing uses the relational `db.query` API, and extracting its config from
  // every table cost measurable CPU on every request (a handle is made per request).
  const db = drizzle(client) as unknown as Database;
  Object.defineProperty(db, "roundTrips", { value: count });
  Object.defineProperty(db, "setPrelude", { value: (prelude: Prelude) => gate.set(prelude) });
  Object.defineProperty(db, "settlePrelude", { value: () => gate.settle() });
  return db;
}

export { schema };
