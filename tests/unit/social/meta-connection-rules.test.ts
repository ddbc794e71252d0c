import { describe, expect, it } from "vitest";
import { canPublishWith, missingPermissionMessages, pageProblems, scopesFor } from "../../../shared/social/meta-permissions.ts";
import { chooseToken, DAY_MS, dueForRefresh, dueForWarning, tokenHealth } from "../../../shared/social/meta-tokens.ts";
import { generateTokenKeyEntry } from "../../../worker/security/token-cipher.ts";
import { checkLoginState, type LoginState, sealLoginState } from "../../../worker/services/social/login-state.ts";

const now = new Date("2026-11-26T12:00:00Z");
const days = (n: number) => new Date(now.getTime() + n * DAY_MS);
const ALL_FB = scopesFor("facebook_login");

describe("keeping the better token on reconnect", () => {
  const held = { working: true, expiresAt: days(30), granted: ALL_FB };
  it("takes the new one when it has every permission the held one has and lives as long", () => {
    expect(chooseToken(held, { expiresAt: days(60), granted: ALL_FB }, now)).toEqual({ keep: "new" });
    expect(chooseToken(null, { expiresAt: days(60), granted: [] }, now)).toEqual({ keep: "new" });
  });
  it("keeps the held one when the new one lacks a permission, or lapses sooner", () => {
    const fewer = ALL_FB.filter((s) => s !== "pages_manage_posts");
    expect(chooseToken(held, { expiresAt: days(60), granted: fewer }, now)).toEqual({
      keep: "held",
      lostScopes: ["pages_manage_posts"],
      shorter: false,
    });
    expect(chooseToken(held, { expiresAt: days(1), granted: ALL_FB }, now)).toEqual({ keep: "held", lostScopes: [], shorter: true });
    // A token that never expires beats any that does.
    expect(chooseToken({ ...held, expiresAt: null }, { expiresAt: days(60), granted: ALL_FB }, now)).toMatchObject({ keep: "held" });
  });
  it("always replaces a held token that no longer works (revoked, disconnected, expired)", () => {
    expect(chooseToken({ ...held, working: false }, { expiresAt: days(1), granted: [] }, now)).toEqual({ keep: "new" });
    expect(chooseToken({ ...held, expiresAt: days(-1) }, { expiresAt: days(1), granted: [] }, now)).toEqual({ keep: "new" });
  });
});

describe("token health", () => {
  it("reads a token's state from its expiry", () => {
    expect(tokenHealth(null, now)).toBe("sem_expiracao");
    expect(tokenHealth(days(30), now)).toBe("ok");
    expect(tokenHealth(days(6), now)).toBe("expira_em_breve");
    expect(tokenHealth(days(-1), now)).toBe("expirado");
  });
  it("refreshes an Instagram token with under 15 days left, once it is a day old", () => {
    expect(dueForRefresh({ expiresAt: days(20), refreshedAt: days(-40) }, now)).toBe(false);
    expect(dueForRefresh({ expiresAt: days(10), refreshedAt: days(-50) }, now)).toBe(true);
    expect(dueForRefresh({ expiresAt: days(10), refreshedAt: new Date(now.getTime() - 3_600_000) }, now)).toBe(false);
    expect(dueForRefresh({ expiresAt: days(-1), refreshedAt: days(-61) }, now)).toBe(false);
    expect(dueForRefresh({ expiresAt: null, refreshedAt: null }, now)).toBe(false);
  });
  it("warns once per expiry, within its last 7 days", () => {
    expect(dueForWarning({ expiresAt: days(8), warnedAt: null }, now)).toBe(false);
    expect(dueForWarning({ expiresAt: days(6), warnedAt: null }, now)).toBe(true);
    expect(dueForWarning({ expiresAt: days(6), warnedAt: days(-1) }, now)).toBe(false);
    // A warning about an earlier token (before this expiry's window) does not count.
    expect(dueForWarning({ expiresAt: days(6), warnedAt: days(-40) }, now)).toBe(true);
    expect(dueForWarning({ expiresAt: days(-1), warnedAt: null }, now)).toBe(false);
  });
});

describe("permissions in pt-BR", () => {
  it("says what is missing, those that block publishing first", () => {
    const granted = ALL_FB.filter((s) => s !== "pages_manage_posts" && s !== "read_insights");
    expect(missingPermissionMessages("facebook_login", granted)).toEqual([
      "Falta a permissão de publicar na Página: reconecte e marque “Criar e gerenciar publicações da Página” (pages_manage_posts) na janela da Meta.",
      "Falta a permissão de ler as métricas da Página: reconecte e marque “Ler insights da Página” (read_insights) na janela da Meta. Sem ela, o resto funciona.",
    ]);
    expect(canPublishWith("facebook_login", granted)).toBe(false);
    expect(
      canPublishWith(
        "facebook_login",
        ALL_FB.filter((s) => s !== "read_insights"),
      ),
    ).toBe(true);
    expect(scopesFor("instagram_login")).toEqual(
      expect.arrayContaining(["instagram_business_basic", "instagram_business_content_publish"]),
    );
  });
  it("explains a Page granted without the task to create content, and one without Instagram", () => {
    expect(pageProblems({ name: "Loja", tasks: ["ANALYZE"], instagramId: null }).map((p) => p.kind)).toEqual([
      "sem_tarefa",
      "sem_instagram",
    ]);
    expect(pageProblems({ name: "Loja", tasks: ["ANALYZE"], instagramId: null })[0]?.message).toContain("(você tem: ANALYZE)");
    expect(pageProblems({ name: "Loja", tasks: ["CREATE_CONTENT", "MANAGE"], instagramId: "1" })).toEqual([]);
  });
});

describe("the login's state cookie", () => {
  const config = { TOKEN_ENCRYPTION_KEYS: generateTokenKeyEntry("u1") };
  const state: LoginState = {
    login: "facebook",
    state: "estado-aleatorio-123",
    codeVerifier: "verificador",
    sessionId: "s1",
    userId: "u1",
    redirectUri: "https://app.test/auth/facebook/callback",
    next: "/facebook-pages",
    expiresAt: now.getTime() + 600_000,
  };
  const expected: { orgId: string; sessionId: string; userId: string; login: "facebook" | "instagram"; now: number } = {
    orgId: "org-a",
    sessionId: "s1",
    userId: "u1",
    login: "facebook",
    now: now.getTime(),
  };

  it("opens only for the same organização, session, member, login and state, before it expires", async () => {
    const sealed = await sealLoginState(config, "org-a", state);
    expect(await checkLoginState(config, expected, sealed, state.state)).toEqual({ ok: true, state });
    const refused = async (override: Partial<typeof expected>, returned = state.state, cookie: string | null = sealed) =>
      (await checkLoginState(config, { ...expected, ...override }, cookie, returned)).ok;
    expect(await refused({ orgId: "org-b" })).toBe(false);
    expect(await refused({ sessionId: "s2" })).toBe(false);
    expect(await refused({ userId: "u2" })).toBe(false);
    expect(await refused({ login: "instagram" })).toBe(false);
    expect(await refused({ now: state.expiresAt + 1 })).toBe(false);
    expect(await refused({}, "outro-estado")).toBe(false);
    expect(await refused({}, state.state, null)).toBe(false);
    expect(await refused({}, state.state, `${sealed.slice(0, -2)}xx`)).toBe(false);
  });
});
