/** Test data straight into the e2e database (over the local libSQL server), for tests whose subject is not sign-up. */
import type { ServiceContext } from "../../../worker/services/context.ts";
import { inject } from "vitest";
import { createDb, type Database } from "../../../db/client.ts";
import { memberships, organizations, users } from "../../../db/schema/index.ts";
import { hashPassword, TEST_PASSWORD_PARAMS } from "../../../worker/auth/password.ts";
import { fakeBucket } from "../../support/memory-bucket.ts";

let db: Database | undefined;
export function e2eDb(): Database {
  db ??= createDb({ url: inject("e2eDatabaseUrl") });
  return db;
}

let counter = 0;
/** A unique address per call, so tests never collide (and per-e-mail rate limits never trip). */
export function uniqueEmail(label: string): string {
  counter++;
  return `${label}.${Date.now().toString(36)}${counter}@teste.alicerce.app`;
}

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
}

/** A user row that has confirmed its e-mail and accepted the terms, with `user`'s password. */
export function verifiedUserRow(user: TestUser, now: Date): typeof users.$inferInsert {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    // The e2e app hashes at the test cost too (APP_ENV=test on a local database; ADR 028).
    passwordHash: hashPassword(user.password, TEST_PASSWORD_PARAMS),
    emailVerifiedAt: now,
    termsAcceptedAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/** A verified user who completed registration (owner of an organization). */
export async function createRegisteredUser(options: { name?: string; email?: string; password?: string } = {}): Promise<TestUser> {
  const user: TestUser = {
    id: crypto.randomUUID(),
    name: options.name ?? "Beatriz Carvalho",
    email: options.email ?? uniqueEmail("usuario"),
    password: options.password ?? "senha-forte-123",
  };
  const now = new Date();
  const orgId = crypto.randomUUID();
  const handle = e2eDb();
  await handle.batch([
    handle.insert(users).values(verifiedUserRow(user, now)),
    handle
      .insert(organizations)
      .values({ id: orgId, name: "Carvalho Imóveis", segment: "corretor", city: "Campinas", uf: "SP", createdAt: now, updatedAt: now }),
    handle.insert(memberships).values({ orgId, userId: user.id, role: "owner", createdAt: now, updatedAt: now }),
  ]);
  return user;
}

/** A verified user who has not created their organização yet (the onboarding screens). */
export async function createUserWithoutOrganization(name = "Otávio Iniciante"): Promise<TestUser> {
  const user: TestUser = { id: crypto.randomUUID(), name, email: uniqueEmail("sem-org"), password: "senha-forte-123" };
  const now = new Date();
  await e2eDb().insert(users).values(verifiedUserRow(user, now));
  return user;
}

/** Signs in through the login form (no browser) and returns the session cookie pair. */
export async function loginCookie(email: string, password: string): Promise<string> {
  const base = inject("baseURL");
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, senha: password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("alicerce_session="));
  if (!cookie) throw new Error(`login failed: ${res.status}`);
  return cookie.split(";")[0] as string;
}

/** What the services need when a test writes through them directly (the e2e database, no request). */
export function e2eServiceContext(origin: string): ServiceContext {
  return {
    db: e2eDb(),
    config: {},
    origin,
    ip: "127.0.0.1",
    userAgent: null,
    waitUntil: () => {},
    now: new Date(),
    // Records written straight from the test process (a document's file: ADR 074) go to an
    // in-memory R2; the pages under test read rows, and files only through their own uploads.
    files: fakeBucket(),
  } as unknown as ServiceContext;
}
