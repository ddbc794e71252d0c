/**
 * /perfil's e-mail change (issue 11 §3) and the password limit on /perfil (§2): the new address
 * confirms, the old one keeps working until then and can undo for 7 days; no enumeration; both
 * changes count on the "password" keyed limit.
 */
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { refreshTokens, sessions, users } from "../../../db/schema/index.ts";
import { loadSession } from "../../../worker/auth/sessions.ts";
import { changePassword, inspectLink, LOGIN_FAILED, login, WRONG_CURRENT_PASSWORD } from "../../../worker/services/account/accounts.ts";
import {
  cancelEmailChange,
  confirmEmailChange,
  EMAIL_CHANGE_NOT_POSSIBLE,
  EMAIL_CHANGE_UNDO_TTL_MS,
  pendingEmailChange,
  requestEmailChange,
  resendEmailChange,
  SAME_EMAIL,
  undoEmailChange,
} from "../../../worker/services/account/email-change.ts";
import { KEYED_LIMITS, RateLimitedError } from "../../../worker/security/rate-limit.ts";
import { issueTokens } from "../../../worker/services/account/api-tokens.ts";
import { createHarness, createOwner, type Harness, lastEmail, tokenFrom, userId } from "../harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@exemplo.com.br`;
}

let ipCounter = 0;
/** Each test from its own IP, so the per-IP windows of one test never touch another's. */
function freshIp() {
  ipCounter++;
  return `10.30.${ipCounter}.1`;
}

async function emailOf(id: string): Promise<string | undefined> {
  const [row] = await h.fresh.db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email;
}

describe("changing the e-mail", () => {
  it("round trip: the new address confirms, the account keeps the old e-mail until then, the session stays, the old address can undo", async () => {
    const ip = freshIp();
    const owner = await createOwner(h, "Troca");
    const id = (await userId(h, owner.email)) as string;
    const session = await login(h.ctx(ip), owner.email, owner.password);
    const next = uniqueEmail("novo");

    await requestEmailChange(h.ctx(ip), id, next.toUpperCase(), owner.password);
    expect((await pendingEmailChange(h.ctx(), id))[0]?.email).toBe(next);
    const confirmation = await lastEmail(h, next);
    expect(confirmation?.subject).toBe("Confirme seu novo e-mail no Alicerce");
    expect(confirmation?.link).toContain("/auth/callback?type=email_change&token=");

    // Until confirmed: the old e-mail is the login, the new one is nobody's.
    expect(await emailOf(id)).toBe(owner.email);
    await expect(login(h.ctx(ip), owner.email, owner.password)).resolves.toHaveProperty("token");
    await expect(login(h.ctx(ip), next, owner.password)).rejects.toThrow(LOGIN_FAILED);
    const token = tokenFrom(confirmation?.link);
    expect(await inspectLink(h.ctx(), "email_change", token)).toMatchObject({ type: "email_change", email: next, userId: id });

    await expect(confirmEmailChange(h.ctx(ip), token)).resolves.toEqual({ userId: id, email: next });
    expect(await emailOf(id)).toBe(next);
    expect(await loadSession(h.fresh.db, session.token)).not.toBeNull();
    expect(await pendingEmailChange(h.ctx(), id)).toEqual([]);
    await expect(confirmEmailChange(h.ctx(ip), token)).rejects.toThrow("inválido ou expirou");
    await expect(login(h.ctx(ip), next, owner.password)).resolves.toHaveProperty("token");

    // The old address is told, with the undo link (and not the new address in full).
    const notice = await lastEmail(h, owner.email);
    expect(notice?.subject).toBe("O e-mail da sua conta no Alicerce foi trocado");
    expect(notice?.text).not.toContain(next);
    expect(notice?.link).toContain("/auth/callback?type=email_change_undo&token=");
    const undoToken = tokenFrom(notice?.link);
    expect(await inspectLink(h.ctx(), "email_change_undo", undoToken)).toMatchObject({ email: owner.email, userId: id });

    const api = await issueTokens(h.ctx(ip), next, owner.password);
    await expect(undoEmailChange(h.ctx(ip), undoToken)).resolves.toEqual({ userId: id, restored: true });
    expect(await emailOf(id)).toBe(owner.email);
    // Every session and API token ends; the password used for the change opens nothing.
    expect(await loadSession(h.fresh.db, session.token)).toBeNull();
    const liveSessions = await h.fresh.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
    expect(liveSessions).toEqual([]);
    const liveRefresh = await h.fresh.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, id), isNull(refreshTokens.revokedAt)));
    expect(liveRefresh).toEqual([]);
    expect(api.refresh_token).toBeTruthy();
    await expect(login(h.ctx(freshIp()), owner.email, owner.password)).rejects.toThrow(LOGIN_FAILED);
    // …and a link to create a new one went to the old address.
    const recovery = await lastEmail(h, owner.email);
    expect(recovery?.subject).toBe("Crie uma nova senha no Alicerce");
    expect(await inspectLink(h.ctx(), "recovery", tokenFrom(recovery?.link))).toMatchObject({ email: owner.email, userId: id });
    await expect(undoEmailChange(h.ctx(ip), undoToken)).rejects.toThrow("inválido ou expirou");
  });

  it("the undo link lasts 7 days", async () => {
    const ip = freshIp();
    const owner = await createOwner(h, "Prazo");
    const id = (await userId(h, owner.email)) as string;
    const next = uniqueEmail("prazo");
    await requestEmailChange(h.ctx(ip), id, next, owner.password);
    await confirmEmailChange(h.ctx(ip), tokenFrom((await lastEmail(h, next))?.link));
    const undo = tokenFrom((await lastEmail(h, owner.email))?.link);
    const late = { ...h.ctx(ip), now: new Date(Date.now() + EMAIL_CHANGE_UNDO_TTL_MS + 60_000) };
    await expect(undoEmailChange(late, undo)).rejects.toThrow("inválido ou expirou");
    expect(await emailOf(id)).toBe(next);
  });

  it("asks the current password (a wrong one changes nothing) and refuses the address it already has", async () => {
    const ip = freshIp();
    const owner = await createOwner(h, "Reautentica");
    const id = (await userId(h, owner.email)) as string;
    const next = uniqueEmail("sem-senha");
    await expect(requestEmailChange(h.ctx(ip), id, next, "senha-errada")).rejects.toThrow(WRONG_CURRENT_PASSWORD);
    expect(await pendingEmailChange(h.ctx(), id)).toEqual([]);
    expect(await lastEmail(h, next)).toBeUndefined();
    await expect(requestEmailChange(h.ctx(ip), id, ` ${owner.email.toUpperCase()} `, owner.password)).rejects.toThrow(SAME_EMAIL);
  });

  it("an address that has an account answers as a free one, sends nothing to it, and can never be confirmed", async () => {
    const ip = freshIp();
    const owner = await createOwner(h, "Enumera");
    const other = await createOwner(h, "Ocupado");
    const id = (await userId(h, owner.email)) as string;
    const sentBefore = h.email.messages.length;
    await expect(requestEmailChange(h.ctx(ip), id, other.email, owner.password)).resolves.toBeUndefined();
    // The same pending state a free address shows on /perfil.
    expect((await pendingEmailChange(h.ctx(), id))[0]?.email).toBe(other.email);
    await expect(resendEmailChange(h.ctx(ip), id)).resolves.toBeUndefined();
    await lastEmail(h, other.email);
    expect(h.email.messages.slice(sentBefore)).toEqual([]);
    expect(await emailOf(id)).toBe(owner.email);
  });

  it("an address taken between the request and the confirmation gets the neutral refusal; nothing moves", async () => {
    const ip = freshIp();
    const owner = await createOwner(h, "Corrida");
    const id = (await userId(h, owner.email)) as string;
    const next = uniqueEmail("corrida");
    await requestEmailChange(h.ctx(ip), id, next, owner.password);
    const token = tokenFrom((await lastEmail(h, next))?.link);
    const now = new Date();
    await h.fresh.db
      .insert(users)
      .values({ id: crypto.randomUUID(), name: "Outra", email: next, passwordHash: "x", createdAt: now, updatedAt: now });
    await expect(confirmEmailChange(h.ctx(ip), token)).rejects.toThrow(EMAIL_CHANGE_NOT_POSSIBLE);
    expect(await emailOf(id)).toBe(owner.email);
  });

  it("a new request, a resend or a cancel voids the earlier links", async () => {
    const ip = freshIp();
    const owner = await createOwner(h, "Cancela");
    const id = (await userId(h, owner.email)) as string;
    const first = uniqueEmail("primeiro");
    const second = uniqueEmail("segundo");
    await requestEmailChange(h.ctx(ip), id, first, owner.password);
    const firstToken = tokenFrom((await lastEmail(h, first))?.link);
    await requestEmailChange(h.ctx(ip), id, second, owner.password);
    const secondToken = tokenFrom((await lastEmail(h, second))?.link);
    expect(await inspectLink(h.ctx(), "email_change", firstToken)).toBeNull();
    expect((await pendingEmailChange(h.ctx(), id))[0]?.email).toBe(second);

    await resendEmailChange(h.ctx(ip), id);
    const resent = tokenFrom((await lastEmail(h, second))?.link);
    expect(resent).not.toBe(secondToken);
    expect(await inspectLink(h.ctx(), "email_change", secondToken)).toBeNull();

    await cancelEmailChange(h.ctx(ip), id);
    expect(await pendingEmailChange(h.ctx(), id)).toEqual([]);
    await expect(confirmEmailChange(h.ctx(ip), resent)).rejects.toThrow("inválido ou expirou");
    await expect(resendEmailChange(h.ctx(ip), id)).rejects.toThrow("Não há troca de e-mail");
    expect(await emailOf(id)).toBe(owner.email);
  });
});

describe("password and e-mail changes share the password limit (per user and per IP)", () => {
  const max = KEYED_LIMITS.password.user.max;

  it(`after ${max} attempts within the window (wrong current passwords included) the next is refused with 429, even with the right password`, async () => {
    const ip = freshIp();
    const owner = await createOwner(h, "Limite");
    const id = (await userId(h, owner.email)) as string;
    const start = Date.now();
    const at = (ms: number) => ({ ...h.ctx(ip), now: new Date(start + ms) });
    for (let i = 0; i < max - 1; i++) {
      await expect(changePassword(at(i), id, "sessao", `errada-${i}`, "nova-senha-123")).rejects.toThrow(WRONG_CURRENT_PASSWORD);
    }
    await expect(requestEmailChange(at(10), id, uniqueEmail("limite"), "errada")).rejects.toThrow(WRONG_CURRENT_PASSWORD);
    const refused = await changePassword(at(20), id, "sessao", owner.password, "nova-senha-123").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
    await expect(requestEmailChange(at(30), id, uniqueEmail("limite"), owner.password)).rejects.toBeInstanceOf(RateLimitedError);
    // Nothing changed meanwhile; once the window has slid past the burst (ADR 080: the estimate
    // weighs the previous window, so at most two windows) the right password works.
    await expect(login(h.ctx(freshIp()), owner.email, owner.password)).resolves.toHaveProperty("token");
    await expect(
      changePassword(at(2 * KEYED_LIMITS.password.user.windowMs + 1000), id, "sessao", owner.password, "nova-senha-123"),
    ).resolves.toBeUndefined();
  });
});
