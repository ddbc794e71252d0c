/**
 * E-mailed links (issue 11 §2): a link is read without being spent, a sign-up confirmation can
 * only be confirmed with the password of the sign-up that sent it (pre-hijacking), a wrong
 * password neither spends the link nor escapes the login throttle, and recovery still works.
 */
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { authTokens, sessions, users } from "../../../db/schema/index.ts";
import { loadSession } from "../../../worker/auth/sessions.ts";
import { verifyPassword } from "../../../worker/auth/password.ts";
import {
  CONFIRMATION_PASSWORD_WRONG,
  confirmEmail,
  EMAIL_NOT_CONFIRMED,
  inspectLink,
  LOGIN_FAILED,
  login,
  recoverPassword,
  requestPasswordRecovery,
  resendConfirmation,
  signUp,
} from "../../../worker/services/account/accounts.ts";
import { LOGIN_FAILURES, RateLimitedError } from "../../../worker/security/rate-limit.ts";
import { createHarness, createOwner, type Harness, lastEmail, tokenFrom, userId } from "../harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@exemplo.com.br`;
}

const ATTACKER_IP = "203.0.113.50";
const VICTIM_IP = "198.51.100.50";

async function confirmationToken(email: string): Promise<string> {
  const mail = await lastEmail(h, email);
  expect(mail?.subject).toBe("Confirme seu e-mail no Alicerce");
  return tokenFrom(mail?.link);
}

async function passwordOf(email: string): Promise<string> {
  const [row] = await h.fresh.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
  return row?.hash ?? "";
}

describe("a link is read without being spent", () => {
  it("inspectLink tells what the link does and spends nothing; an unknown or foreign-typed link reads as invalid", async () => {
    const email = uniqueEmail("leitura");
    await signUp(h.ctx("10.20.0.1"), { nome: "Leitura", email, senha: "senha-forte-1" });
    const token = await confirmationToken(email);
    for (let i = 0; i < 3; i++) {
      expect(await inspectLink(h.ctx(), "signup", token)).toMatchObject({ type: "signup", email });
    }
    expect(await inspectLink(h.ctx(), "recovery", token)).toBeNull();
    expect(await inspectLink(h.ctx(), "signup", "nao-existe")).toBeNull();
    expect(await inspectLink(h.ctx(), "invite", token)).toBeNull();
    expect(await inspectLink(h.ctx(), "__proto__", token)).toBeNull();
    // Still usable after all those reads.
    await expect(confirmEmail(h.ctx("10.20.0.1"), token, "senha-forte-1")).resolves.toHaveProperty("sessionToken");
    expect(await inspectLink(h.ctx(), "signup", token)).toBeNull();
  });
});

describe("confirmation asks the sign-up's password and sets it", () => {
  it("a wrong password leaves the link unspent and the account unconfirmed; the right one confirms", async () => {
    const email = uniqueEmail("senha-errada");
    await signUp(h.ctx("10.20.1.1"), { nome: "Errada", email, senha: "senha-forte-1" });
    const token = await confirmationToken(email);
    const wrong = await confirmEmail(h.ctx("10.20.1.1"), token, "outra-senha").catch((e: unknown) => e);
    expect((wrong as Error).message).toBe(CONFIRMATION_PASSWORD_WRONG);
    const [row] = await h.fresh.db.select().from(users).where(eq(users.email, email));
    expect(row?.emailVerifiedAt).toBeNull();
    expect(await inspectLink(h.ctx(), "signup", token)).not.toBeNull();
    const result = await confirmEmail(h.ctx("10.20.1.1"), token, "senha-forte-1");
    expect(await loadSession(h.fresh.db, result.sessionToken)).not.toBeNull();
  });

  it("wrong passwords are counted by the login throttle: past the free ones even the right password waits, and the link survives", async () => {
    const email = uniqueEmail("forca-bruta");
    await signUp(h.ctx(ATTACKER_IP), { nome: "Alvo", email, senha: "senha-forte-1" });
    const token = await confirmationToken(email);
    const start = Date.now();
    const at = (ms: number) => ({ ...h.ctx(ATTACKER_IP), now: new Date(start + ms) });
    for (let i = 0; i < LOGIN_FAILURES.pair.free; i++) {
      await expect(confirmEmail(at(i), token, `chute-${i}`)).rejects.toThrow(CONFIRMATION_PASSWORD_WRONG);
    }
    const refused = await confirmEmail(at(100), token, "senha-forte-1").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    // The same counters as the login form: a login from that IP waits too.
    await expect(login(at(200), email, "senha-forte-1")).rejects.toBeInstanceOf(RateLimitedError);
    expect(await inspectLink(at(300), "signup", token)).not.toBeNull();
    // After the wait, the right password confirms.
    await expect(confirmEmail(at(LOGIN_FAILURES.pair.baseMs + 1000), token, "senha-forte-1")).resolves.toHaveProperty("sessionToken");
  });

  it("pre-hijacking, attacker first: the victim signs up after and confirms; the victim's password works, the attacker's does not", async () => {
    const victim = uniqueEmail("vitima-depois");
    await signUp(h.ctx(ATTACKER_IP), { nome: "Atacante", email: victim, senha: "senha-do-atacante-A" });
    const attackerLink = await confirmationToken(victim);
    await signUp(h.ctx(VICTIM_IP), { nome: "Vítima", email: victim, senha: "senha-da-vitima-V" });
    const victimLink = await confirmationToken(victim);
    // The attacker's link is void (and never confirmable with V anyway).
    await expect(confirmEmail(h.ctx(VICTIM_IP), attackerLink, "senha-da-vitima-V")).rejects.toThrow("inválido ou expirou");
    const confirmed = await confirmEmail(h.ctx(VICTIM_IP), victimLink, "senha-da-vitima-V");
    expect(await loadSession(h.fresh.db, confirmed.sessionToken)).not.toBeNull();
    await expect(login(h.ctx(ATTACKER_IP), victim, "senha-do-atacante-A")).rejects.toThrow(LOGIN_FAILED);
    await expect(login(h.ctx(VICTIM_IP), victim, "senha-da-vitima-V")).resolves.toHaveProperty("token");
  });

  it("pre-hijacking, victim first: the link the attacker's sign-up sends cannot be confirmed with V, the attacker gets nothing, and signing up again recovers", async () => {
    const victim = uniqueEmail("vitima-antes");
    await signUp(h.ctx(VICTIM_IP), { nome: "Vítima", email: victim, senha: "senha-da-vitima-V" });
    await signUp(h.ctx(ATTACKER_IP), { nome: "Atacante", email: victim, senha: "senha-do-atacante-A" });
    // The newest link in the victim's mailbox is bound to A.
    const linkFromAttacker = await confirmationToken(victim);
    await expect(confirmEmail(h.ctx(VICTIM_IP), linkFromAttacker, "senha-da-vitima-V")).rejects.toThrow(CONFIRMATION_PASSWORD_WRONG);
    expect(await inspectLink(h.ctx(), "signup", linkFromAttacker)).not.toBeNull();
    // Without the mailbox the attacker cannot sign in; the right password only mails the victim a new link.
    const sentBefore = h.email.messages.length;
    await expect(login(h.ctx(ATTACKER_IP), victim, "senha-do-atacante-A")).rejects.toThrow(EMAIL_NOT_CONFIRMED);
    await lastEmail(h, victim);
    expect(h.email.messages.slice(sentBefore).every((m) => m.to === victim)).toBe(true);
    // The victim signs up again: a new link, bound to V, which confirms into V.
    await signUp(h.ctx(VICTIM_IP), { nome: "Vítima", email: victim, senha: "senha-da-vitima-V" });
    const fresh = await confirmationToken(victim);
    await confirmEmail(h.ctx(VICTIM_IP), fresh, "senha-da-vitima-V");
    expect(verifyPassword("senha-da-vitima-V", await passwordOf(victim))).toBe(true);
    await expect(login(h.ctx(ATTACKER_IP), victim, "senha-do-atacante-A")).rejects.toThrow(LOGIN_FAILED);
    // Every earlier link is void now.
    expect(await inspectLink(h.ctx(), "signup", linkFromAttacker)).toBeNull();
  });

  it("confirming ends every earlier session of the account", async () => {
    const email = uniqueEmail("sessoes");
    await signUp(h.ctx("10.20.2.1"), { nome: "Sessões", email, senha: "senha-forte-1" });
    // A session the account already had (from whatever door): it must not survive the confirmation.
    const id = (await userId(h, email)) as string;
    const now = new Date();
    await h.fresh.db.insert(sessions).values({
      id: `antiga-${now.getTime()}`,
      userId: id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 3600_000),
    });
    const token = await confirmationToken(email);
    await confirmEmail(h.ctx("10.20.2.1"), token, "senha-forte-1");
    const alive = await h.fresh.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
    expect(alive.map((s) => s.id)).not.toContain(`antiga-${now.getTime()}`);
    expect(alive).toHaveLength(1);
  });

  it("a resent link is bound to the account's current password", async () => {
    const email = uniqueEmail("reenvio-senha");
    await signUp(h.ctx("10.20.3.1"), { nome: "Reenvio", email, senha: "senha-forte-1" });
    await resendConfirmation(h.ctx("10.20.3.1"), email);
    const token = await confirmationToken(email);
    const [row] = await h.fresh.db.select({ hash: authTokens.passwordHash }).from(authTokens).where(eq(authTokens.email, email));
    expect(row?.hash).toBeTruthy();
    await expect(confirmEmail(h.ctx("10.20.3.1"), token, "senha-forte-2")).rejects.toThrow(CONFIRMATION_PASSWORD_WRONG);
    await expect(confirmEmail(h.ctx("10.20.3.1"), token, "senha-forte-1")).resolves.toHaveProperty("sessionToken");
  });

  it("recovery is unaffected: the link proves the mailbox, sets a new password and voids pending confirmations", async () => {
    const email = uniqueEmail("recupera-nao-confirmada");
    await signUp(h.ctx(ATTACKER_IP), { nome: "Atacante", email, senha: "senha-do-atacante-A" });
    const pending = await confirmationToken(email);
    await requestPasswordRecovery(h.ctx(VICTIM_IP), email);
    const recovery = tokenFrom((await lastEmail(h, email))?.link);
    expect(await inspectLink(h.ctx(), "recovery", recovery)).toMatchObject({ type: "recovery", email });
    await recoverPassword(h.ctx(VICTIM_IP), recovery, "senha-nova-da-dona");
    await expect(login(h.ctx(VICTIM_IP), email, "senha-nova-da-dona")).resolves.toHaveProperty("token");
    // The attacker's pending confirmation cannot reset the password afterwards.
    await expect(confirmEmail(h.ctx(ATTACKER_IP), pending, "senha-do-atacante-A")).rejects.toThrow("inválido ou expirou");
    await expect(login(h.ctx(ATTACKER_IP), email, "senha-do-atacante-A")).rejects.toThrow(LOGIN_FAILED);
  });

  it("an owner made with the harness still signs in (confirmation through the service)", async () => {
    const owner = await createOwner(h, "Links");
    await expect(login(h.ctx(), owner.email, owner.password)).resolves.toHaveProperty("token");
  });
});
