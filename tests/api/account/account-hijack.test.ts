import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { authTokens, memberships, users } from "../../../db/schema/index.ts";
import * as password from "../../../worker/auth/password.ts";
import { runScheduledSweep } from "../../../worker/scheduled.ts";
import { confirmEmail, login, signUp } from "../../../worker/services/account/accounts.ts";
import { UNCONFIRMED_ACCOUNT_TTL_MS } from "../../../worker/services/account/lifetimes.ts";
import { failureDelayMs, LOGIN_FAILURES, RATE_LIMIT_MESSAGE, RateLimitedError } from "../../../worker/security/rate-limit.ts";
import { createHarness, createOwner, type Harness, lastEmail, tokenFrom, userId } from "../harness.ts";

// Counts calls to the real hash function (ESM exports cannot be spied on in place).
vi.mock("../../../worker/auth/password.ts", async (original) => {
  const actual = await original<typeof import("../../../worker/auth/password.ts")>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@exemplo.com.br`;
}

describe("account pre-hijacking", () => {
  it("signing up again on an unconfirmed e-mail replaces the password and voids the earlier link", async () => {
    const victim = uniqueEmail("vitima");
    // The attacker signs up first with the victim's e-mail and a password of their choice.
    await signUp(h.ctx("203.0.113.7"), { nome: "Atacante", email: victim, senha: "senha-do-atacante-A" });
    const first = await lastEmail(h, victim);
    // The victim, not knowing, signs up with their own password.
    await signUp(h.ctx("198.51.100.2"), { nome: "Vítima Real", email: victim, senha: "senha-da-vitima-B" });
    const second = await lastEmail(h, victim);
    expect(second?.subject).toBe("Confirme seu e-mail no Alicerce");
    expect(second?.id).not.toBe(first?.id);

    await expect(confirmEmail(h.ctx("203.0.113.7"), tokenFrom(first?.link), "senha-do-atacante-A")).rejects.toThrow("inválido ou expirou");
    const confirmed = await confirmEmail(h.ctx("198.51.100.2"), tokenFrom(second?.link), "senha-da-vitima-B");
    expect(confirmed.hasOrg).toBe(false);

    const [row] = await h.fresh.db.select().from(users).where(eq(users.email, victim));
    expect(row?.name).toBe("Vítima Real");
    await expect(login(h.ctx("203.0.113.7"), victim, "senha-do-atacante-A")).rejects.toThrow("E-mail ou senha incorretos.");
    await expect(login(h.ctx("198.51.100.2"), victim, "senha-da-vitima-B")).resolves.toHaveProperty("token");
  });

  it("purges accounts never confirmed after the TTL, keeping confirmed and fresh ones", async () => {
    const stale = uniqueEmail("abandonada");
    const fresh = uniqueEmail("recente");
    const old = new Date(Date.now() - UNCONFIRMED_ACCOUNT_TTL_MS - 60_000);
    await signUp({ ...h.ctx("10.7.0.1"), now: old }, { nome: "Abandonada", email: stale, senha: "senha-forte-1" });
    await signUp(h.ctx("10.7.0.1"), { nome: "Recente", email: fresh, senha: "senha-forte-1" });
    const owner = await createOwner(h, "Purga");
    // An old unconfirmed account that belongs to an organização (a membership from before invites
    // became pending tokens): not the purge's to delete.
    const invited = uniqueEmail("convite-antigo");
    await signUp({ ...h.ctx("10.7.0.1"), now: old }, { nome: "Convidado", email: invited, senha: "senha-forte-1" });
    await h.fresh.db
      .insert(memberships)
      .values({ orgId: owner.orgId, userId: (await userId(h, invited)) as string, role: "staff", createdAt: old, updatedAt: old });
    const staleId = await userId(h, stale);
    expect(staleId).toBeDefined();

    await runScheduledSweep(h.env, new Date());
    expect(await userId(h, stale)).toBeUndefined();
    expect(
      await h.fresh.db
        .select()
        .from(authTokens)
        .where(eq(authTokens.userId, staleId as string)),
    ).toEqual([]);
    expect(await userId(h, fresh)).toBeDefined();
    expect(await userId(h, owner.email)).toBeDefined();
    expect(await userId(h, invited)).toBeDefined();
  });

  it("does not purge an unconfirmed account that was signed up again within the TTL", async () => {
    const email = uniqueEmail("renovada");
    const old = new Date(Date.now() - UNCONFIRMED_ACCOUNT_TTL_MS - 60_000);
    await signUp({ ...h.ctx("10.7.0.2"), now: old }, { nome: "Antiga", email, senha: "senha-forte-1" });
    await signUp(h.ctx("10.7.0.2"), { nome: "Nova", email, senha: "senha-forte-2" });
    await runScheduledSweep(h.env, new Date());
    expect(await userId(h, email)).toBeDefined();
  });
});

describe("sign-up hashes the password whether or not the e-mail exists", () => {
  const hash = vi.mocked(password.hashPassword);
  async function hashesFor(email: string) {
    hash.mockClear();
    await signUp(h.ctx("10.8.0.1"), { nome: "Alguém", email, senha: "senha-forte-9" });
    return hash.mock.calls.length;
  }

  it("hashes once for a new, an unconfirmed and a confirmed e-mail", async () => {
    const owner = await createOwner(h, "Hash");
    const pending = uniqueEmail("pendente");
    expect(await hashesFor(pending)).toBe(1);
    expect(await hashesFor(pending)).toBe(1);
    expect(await hashesFor(owner.email)).toBe(1);
    expect(await hashesFor(uniqueEmail("outra"))).toBe(1);
  });
});

describe("login throttling counts failures only", () => {
  it("successful logins never use up the budget", async () => {
    const owner = await createOwner(h, "Sucesso");
    for (let i = 0; i < LOGIN_FAILURES.pair.free + 3; i++) {
      await expect(login(h.ctx("10.9.0.1"), owner.email, owner.password)).resolves.toHaveProperty("token");
    }
  });

  it("a stranger hammering one account from one IP gets a growing wait; the owner elsewhere still signs in", async () => {
    const owner = await createOwner(h, "Alvo");
    const stranger = "203.0.113.66";
    const start = Date.now();
    const at = (ms: number) => ({ ...h.ctx(stranger), now: new Date(start + ms) });
    for (let i = 0; i < LOGIN_FAILURES.pair.free; i++) {
      await expect(login(at(i), owner.email, `errada-${i}`)).rejects.toThrow("E-mail ou senha incorretos.");
    }
    // Past N failures: the pt-BR 429 with Retry-After, even with the right password.
    const first = await login(at(100), owner.email, owner.password).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(RateLimitedError);
    expect((first as RateLimitedError).message).toBe(RATE_LIMIT_MESSAGE);
    expect((first as RateLimitedError).status).toBe(429);
    const wait1 = (first as RateLimitedError).retryAfterSeconds;
    expect(wait1).toBeGreaterThan(0);
    expect(wait1 * 1000).toBeLessThanOrEqual(failureDelayMs(LOGIN_FAILURES.pair, LOGIN_FAILURES.pair.free));

    // The owner, from another IP, signs in with the right password meanwhile.
    const ownerCtx = { ...h.ctx("198.51.100.10"), now: new Date(start + 200) };
    await expect(login(ownerCtx, owner.email, owner.password)).resolves.toHaveProperty("token");

    // After the wait, one more failure is answered, and the next wait is longer.
    const later = LOGIN_FAILURES.pair.baseMs + 1000;
    await expect(login(at(later), owner.email, "errada-x")).rejects.toThrow("E-mail ou senha incorretos.");
    const second = (await login(at(later + 100), owner.email, "errada-y").catch((e: unknown) => e)) as RateLimitedError;
    expect(second).toBeInstanceOf(RateLimitedError);
    expect(second.retryAfterSeconds).toBeGreaterThan(wait1);
    // A refused attempt does not count: the wait does not grow while refused.
    const third = (await login(at(later + 200), owner.email, "errada-z").catch((e: unknown) => e)) as RateLimitedError;
    expect(third.retryAfterSeconds).toBeLessThanOrEqual(second.retryAfterSeconds);

    // The owner is still unaffected.
    await expect(login({ ...ownerCtx, now: new Date(start + later + 300) }, owner.email, owner.password)).resolves.toHaveProperty("token");
  });

  it("past the high per-account threshold the wait applies to everyone (accepted trade-off)", async () => {
    const owner = await createOwner(h, "Distribuido");
    const start = Date.now();
    // Many IPs, a few failures each: no single IP is slowed, the account's counter grows.
    for (let i = 0; i < LOGIN_FAILURES.email.free; i++) {
      const ctx = { ...h.ctx(`172.16.${Math.floor(i / 4)}.${i % 4}`), now: new Date(start + i) };
      await expect(login(ctx, owner.email, `errada-${i}`)).rejects.toThrow("E-mail ou senha incorretos.");
    }
    const ownerCtx = { ...h.ctx("198.51.100.11"), now: new Date(start + 1000) };
    await expect(login(ownerCtx, owner.email, owner.password)).rejects.toBeInstanceOf(RateLimitedError);
    // Never longer than the cap: after it the owner signs in.
    const after = { ...ownerCtx, now: new Date(start + LOGIN_FAILURES.email.maxMs + 1000) };
    await expect(login(after, owner.email, owner.password)).resolves.toHaveProperty("token");
  });

  it("unknown e-mails are counted like wrong passwords (no enumeration)", async () => {
    const email = uniqueEmail("ninguem");
    const ip = "203.0.113.99";
    for (let i = 0; i < LOGIN_FAILURES.pair.free; i++) {
      await expect(login(h.ctx(ip), email, "errada")).rejects.toThrow("E-mail ou senha incorretos.");
    }
    await expect(login(h.ctx(ip), email, "errada")).rejects.toThrow(RATE_LIMIT_MESSAGE);
  });
});
