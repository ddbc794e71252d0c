/**
 * Helpers for the records API tests (clients, companies, import/export): members with a given
 * role, JSON requests that also check the round-trip budget, and small fixtures.
 */
import { expect } from "vitest";
import { memberships, users } from "../../db/schema/index.ts";
import type { Role } from "../../db/schema/organizations.ts";
import { createSession } from "../../worker/auth/sessions.ts";
import type { Harness } from "./harness.ts";

/** A member of `orgId` with `role`, signed in (cookie). */
export async function addMember(h: Harness, orgId: string, role: Role, name = `Pessoa ${role}`) {
  const id = crypto.randomUUID();
  const now = new Date();
  await h.fresh.db.batch([
    h.fresh.db.insert(users).values({
      id,
      name,
      email: `${role}-${id.slice(0, 8)}@exemplo.com.br`,
      passwordHash: "x",
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    }),
    h.fresh.db.insert(memberships).values({ orgId, userId: id, role, createdAt: now, updatedAt: now }),
  ]);
  const { token } = await createSession(h.fresh.db, id, {});
  return { userId: id, cookie: `alicerce_session=${token}` };
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  roundTrips: number;
}

/** The round-trip budget of every page and API request (session + data). */
export const MAX_ROUND_TRIPS = 2;

/** A request through the whole stack; asserts the round-trip budget on every answer. */
export async function api<T = { data?: unknown; error?: { message: string; code: string; fields?: Record<string, string> } }>(
  h: Harness,
  cookie: string,
  method: string,
  path: string,
  json?: unknown,
): Promise<ApiAnswer<T>> {
  const res = await h.request(path, { method, cookie, ...(json !== undefined ? { json } : {}) });
  const roundTrips = Number(res.headers.get("x-db-round-trips") ?? "NaN");
  expect(roundTrips, `${method} ${path}: database round trips`).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
  const type = res.headers.get("content-type") ?? "";
  const body = (type.includes("json") ? await res.json() : await res.text()) as T;
  return { status: res.status, body, headers: res.headers, roundTrips };
}

/** Who a service call acts for, as a page or the API would pass it. */
export function actorFor(orgId: string, userId: string, role: Role = "owner") {
  return { orgId, userId, role };
}

/** Valid documents for fixtures (check digits right). */
export const CPFS = ["52998224725", "11144477735", "39053344705", "15350946056", "93541134780", "71428793860"] as const;
export const CNPJS = ["11222333000181", "45723174000110", "12ABC34501DE35"] as const;

export function errorFields(body: unknown): Record<string, string> {
  return ((body as { error?: { fields?: Record<string, string> } }).error?.fields ?? {}) as Record<string, string>;
}

export function errorMessage(body: unknown): string {
  return (body as { error?: { message?: string } }).error?.message ?? "";
}
