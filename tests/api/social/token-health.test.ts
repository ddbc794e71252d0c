import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, jobRuns, socialAccounts, socialConnections } from "../../../db/schema/index.ts";
import { JOBS } from "../../../jobs/registry.ts";
import { createRunner } from "../../../jobs/runner.ts";
import { DEMO_INSTAGRAM_ID, DEMO_PAGE_ID, type MetaStandin, startMetaStandin } from "../../../tools/meta-standin/server.ts";
import { type Config, readConfig } from "../../../worker/config/env.ts";
import { generateTokenKeyEntry } from "../../../worker/security/token-cipher.ts";
import { dashboardSummary } from "../../../worker/services/reports/dashboard.ts";
import type { Actor } from "../../../worker/services/context.ts";
import { accountCredentials } from "../../../worker/services/social/account-credentials.ts";
import { choosePages } from "../../../worker/services/social/connections.ts";
import { completeMetaLogin, startMetaLogin } from "../../../worker/services/social/meta-login.ts";
import { checkConnectionToken } from "../../../worker/services/social/token-health.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";

/**
 * The daily token health job on the local runner with a fake clock (the stand-in's clock moved
 * with it): an Instagram token refreshed before it lapses, the owner warned once 7 days before a
 * Facebook token expires, a revoked token flipped to "reconectar", a token re-sealed after a key rotation.
 */

let h: Harness;
let meta: MetaStandin;
let config: Config;
let fb: { actor: Actor; email: string };
let ig: { actor: Actor; email: string };
const DAY = 86_400_000;
const start = Date.now();

async function connect(actor: Actor, login: "facebook" | "instagram") {
  const ctx = h.ctx();
  const started = await startMetaLogin(ctx, actor, "sessao-teste", login, null);
  const back = new URL(await meta.authorize(started.url));
  const outcome = await completeMetaLogin(
    ctx,
    actor,
    "sessao-teste",
    login,
    { code: back.searchParams.get("code"), state: back.searchParams.get("state"), error: null, errorReason: null },
    started.sealedState,
  );
  expect(outcome.ok).toBe(true);
}

async function owner(name: string) {
  const o = await createOwner(h, name);
  return { actor: { orgId: o.orgId, userId: (await userId(h, o.email)) as string, role: "owner" as const }, email: o.email };
}

beforeAll(async () => {
  h = await createHarness();
  meta = await startMetaStandin();
  Object.assign(h.env, meta.env);
  config = readConfig(h.env);
  fb = await owner("Facebook");
  ig = await owner("Instagram");
  await connect(fb.actor, "facebook");
  await choosePages(h.ctx(), fb.actor, { pages: [DEMO_PAGE_ID], instagram: [DEMO_INSTAGRAM_ID] });
  await connect(ig.actor, "instagram");
});
afterAll(() => meta.close());

/** The first 06:00 in São Paulo (09:00Z) at least `days` after the start, 30 s into the minute. */
function morningAfter(days: number): Date {
  const day = new Date(start + days * DAY);
  day.setUTCHours(9, 0, 30, 0);
  return day.getTime() < start + days * DAY ? new Date(day.getTime() + DAY) : day;
}

let standinOffset = 0;
/** Runs the job's cron at `at`, with the stand-in's clock there too. */
async function runAt(at: Date) {
  meta.advanceClock(at.getTime() - Date.now() - standinOffset);
  standinOffset = at.getTime() - Date.now();
  const runner = createRunner({ db: h.fresh.db, config, jobs: JOBS.filter((j) => j.id === "social-token-health"), now: () => at });
  const [run] = await runner.schedule();
  expect(run).toMatchObject({ functionId: "social-token-health" });
  const [report] = await runner.tick();
  expect(report?.outcome).toBe("completed");
  const [row] = await h.fresh.db
    .select({ result: jobRuns.result })
    .from(jobRuns)
    .where(eq(jobRuns.id, run?.id ?? ""));
  return JSON.parse(row?.result ?? "{}") as Record<string, number>;
}

async function connectionOf(actor: Actor) {
  const [row] = await h.fresh.db.select().from(socialConnections).where(eq(socialConnections.orgId, actor.orgId));
  return row;
}

async function warnings(email: string) {
  return h.fresh.db
    .select({ subject: emailOutbox.subject })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, "A conexão do%")));
}

describe("the daily token health job", () => {
  it("refreshes the Instagram token 10 days before it lapses (ig_refresh_token), on the connection and its account", async () => {
    const before = await connectionOf(ig.actor);
    const at = morningAfter(50);
    const outcomes = await runAt(at);
    expect(outcomes["conexao-renovado"]).toBe(1);
    expect(outcomes["conexao-ok"]).toBe(1);
    const after = await connectionOf(ig.actor);
    expect(after?.tokenSelado).not.toBe(before?.tokenSelado);
    const sixtyDays = at.getTime() + 60 * DAY;
    // (The stand-in's clock follows the fake one within the milliseconds a test takes.)
    const near = (ms: number | null | undefined) => Math.abs((ms ?? 0) - sixtyDays) < 5_000;
    expect(near(after?.tokenExpiraEm?.getTime())).toBe(true);
    expect(after?.tokenRenovadoEm?.getTime()).toBe(at.getTime());
    const [account] = await h.fresh.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, ig.actor.orgId));
    expect(near(account?.tokenExpiraEm?.getTime())).toBe(true);
    const creds = await accountCredentials(h.fresh.db, config, ig.actor.orgId, account?.id ?? "");
    expect(near([...meta.state.tokens.values()].find((t) => t.token === creds.accessToken)?.expiresAt)).toBe(true);
    // The Facebook token (10 days left) is not warned about yet.
    expect(await warnings(fb.email)).toHaveLength(0);
  });

  it("warns the owner once, 7 days before the Facebook token (which cannot be refreshed) expires", async () => {
    const outcomes = await runAt(morningAfter(55));
    expect(outcomes["conexao-avisado"]).toBe(1);
    const sent = await warnings(fb.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toMatch(/^A conexão do Facebook expira em \d{2}\/\d{2}\/\d{4}$/);
    expect((await connectionOf(fb.actor))?.avisoExpiracaoEm).not.toBeNull();
    // The dashboard shows it while it lasts (to the office too; the corretor reads no social status).
    const summary = (role: "owner" | "staff" | "professional") =>
      dashboardSummary(h.fresh.db, fb.actor.orgId, fb.actor.userId, role, morningAfter(55));
    expect((await summary("owner")).social).toEqual([expect.objectContaining({ tipo: "facebook_login", status: "ativa" })]);
    expect((await summary("staff")).social).toHaveLength(1);
    expect((await summary("professional")).social).toEqual([]);
    await runAt(morningAfter(56));
    expect(await warnings(fb.email)).toHaveLength(1);
    expect(await warnings(ig.email)).toHaveLength(0);
  });

  it("flips a revoked token (190) to reconectar with the reason, with its accounts", async () => {
    meta.revokeTokens();
    const outcomes = await runAt(morningAfter(57));
    expect(outcomes["conexao-reconectar"]).toBe(2);
    for (const actor of [fb.actor, ig.actor]) {
      const connection = await connectionOf(actor);
      expect(connection?.status).toBe("reconectar");
      expect(connection?.motivoStatus).toMatch(/^A Meta não aceita mais o acesso do (Facebook|Instagram)/);
      const accounts = await h.fresh.db.select().from(socialAccounts).where(eq(socialAccounts.orgId, actor.orgId));
      expect(accounts.length).toBeGreaterThan(0);
      for (const account of accounts) expect(account.status).toBe("reconectar");
    }
  });

  it("re-seals a token sealed under an old key once the new key is first", async () => {
    const rotated = readConfig({
      ...h.env,
      TOKEN_ENCRYPTION_KEYS: `${generateTokenKeyEntry("k2")},${String(h.env.TOKEN_ENCRYPTION_KEYS)}`,
    });
    const before = await connectionOf(fb.actor);
    expect(before?.tokenSelado).toMatch(/^v1\.test1\./);
    await checkConnectionToken(
      { db: h.fresh.db, config: rotated, now: new Date(), sendEmails: async () => {} },
      fb.actor.orgId,
      before?.id ?? "",
    );
    const after = await connectionOf(fb.actor);
    expect(after?.tokenSelado).toMatch(/^v1\.k2\./);
  });
});
