import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../../db/schema/index.ts";
import { loadSession } from "../../../worker/auth/sessions.ts";
import { verifyPassword } from "../../../worker/auth/password.ts";
import {
  confirmEmail,
  login,
  recoverPassword,
  requestPasswordRecovery,
  resendConfirmation,
  signUp,
} from "../../../worker/services/account/accounts.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { createHarness, createOwner, type Harness, lastEmail, tokenFrom, userId } from "../harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@exemplo.com.br`;
}

describe("sign-up and confirmation", () => {
  it("creates an unconfirmed account, e-mails a link that signs in once", async () => {
    const email = uniqueEmail("novo");
    await signUp(h.ctx(), { nome: "Maria Silva", email: email.toUpperCase(), senha: "senha-forte-1" });
    const mail = await lastEmail(h, email);
    expect(mail?.subject).toBe("Confirme seu e-mail no Alicerce");
    expect(mail?.link).toContain("/auth/callback?type=signup&token=");

    await expect(login(h.ctx(), email, "senha-forte-1")).rejects.toThrow("Confirme seu e-mail");
    const result = await confirmEmail(h.ctx(), tokenFrom(mail?.link), "senha-forte-1");
    expect(result.hasOrg).toBe(false);
    expect(await loadSession(h.fresh.db, result.sessionToken)).not.toBeNull();
    await expect(confirmEmail(h.ctx(), tokenFrom(mail?.link), "senha-forte-1")).rejects.toThrow(DomainError);
    await expect(login(h.ctx(), email, "senha-forte-1")).resolves.toHaveProperty("token");
  });

  it("answers the same for an existing e-mail and does not touch its password", async () => {
    const owner = await createOwner(h, "Existente");
    await signUp(h.ctx(), { nome: "Impostor", email: owner.email, senha: "outra-senha-9" });
    const mail = await lastEmail(h, owner.email);
    expect(mail?.subject).toBe("Você já tem uma conta no Alicerce");
    const [row] = await h.fresh.db.select().from(users).where(eq(users.email, owner.email));
    expect(verifyPassword(owner.password, row?.passwordHash ?? "")).toBe(true);
  });

  it("resends the confirmation only to unconfirmed accounts and rate-limits it", async () => {
    const email = uniqueEmail("reenvio");
    await signUp(h.ctx("10.9.9.9"), { nome: "João", email, senha: "senha-forte-1" });
    await resendConfirmation(h.ctx("10.9.9.9"), email);
    await resendConfirmation(h.ctx("10.9.9.9"), email);
    await resendConfirmation(h.ctx("10.9.9.9"), email);
    await expect(resendConfirmation(h.ctx("10.9.9.9"), email)).rejects.toThrow("Muitas tentativas");
  });
});

describe("password recovery", () => {
  it("sends nothing for an unknown e-mail and does not reveal it", async () => {
    await expect(requestPasswordRecovery(h.ctx(), uniqueEmail("ninguem"))).resolves.toBeUndefined();
  });

  it("sets the new password once and ends every other session", async () => {
    const owner = await createOwner(h, "Recupera");
    const other = await login(h.ctx(), owner.email, owner.password);
    await requestPasswordRecovery(h.ctx(), owner.email);
    const mail = await lastEmail(h, owner.email);
    const token = tokenFrom(mail?.link);

    const fresh = await recoverPassword(h.ctx(), token, "nova-senha-456");
    expect(await loadSession(h.fresh.db, other.token)).toBeNull();
    expect(await loadSession(h.fresh.db, fresh.token)).not.toBeNull();
    await expect(recoverPassword(h.ctx(), token, "de-novo-789")).rejects.toThrow("inválido ou expirou");
    await expect(login(h.ctx(), owner.email, owner.password)).rejects.toThrow("E-mail ou senha incorretos.");
    await expect(login(h.ctx(), owner.email, "nova-senha-456")).resolves.toHaveProperty("token");

    const id = await userId(h, owner.email);
    const alive = await h.fresh.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, id as string), isNull(sessions.revokedAt)));
    expect(alive.length).toBe(2);
  });

  it("refuses an expired recovery link", async () => {
    const owner = await createOwner(h, "Expira");
    await requestPasswordRecovery(h.ctx(), owner.email);
    const mail = await lastEmail(h, owner.email);
    const later = { ...h.ctx(), now: new Date(Date.now() + 2 * 3600_000) };
    await expect(recoverPassword(later, tokenFrom(mail?.link), "nova-senha-456")).rejects.toThrow("inválido ou expirou");
  });
});
