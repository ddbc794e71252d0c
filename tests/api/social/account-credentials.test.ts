import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { socialAccounts, socialConnections } from "../../../db/schema/index.ts";
import { readConfig } from "../../../worker/config/env.ts";
import {
  ACCOUNT_TOKEN_PURPOSE,
  AccountNotReadyError,
  accountCredentials,
  openFor,
  sealFor,
  USER_TOKEN_PURPOSE,
} from "../../../worker/services/social/account-credentials.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";

/**
 * Account tokens at rest: sealed in the row (never the plaintext), opened only for the account's
 * own organização and purpose, and an account to reconnect answers with its pt-BR reason.
 */

let h: Harness;
let config: ReturnType<typeof readConfig>;
let orgA: string;
let orgB: string;

async function insertAccount(orgId: string, token: string | null, fields: Partial<typeof socialAccounts.$inferInsert> = {}) {
  const now = new Date();
  const connectionId = crypto.randomUUID();
  await h.fresh.db.insert(socialConnections).values({
    id: connectionId,
    orgId,
    tipo: fields.rede === "instagram" ? "instagram_login" : "facebook_login",
    usuarioMetaId: connectionId,
    nome: "Ana Dona",
    criadoEm: now,
    atualizadoEm: now,
  });
  const id = crypto.randomUUID();
  await h.fresh.db.insert(socialAccounts).values({
    id,
    orgId,
    rede: "facebook",
    idExterno: `page-${id.slice(0, 8)}`,
    nome: "Imobiliária Teste",
    conexaoId: connectionId,
    tokenSelado: token === null ? null : await sealFor(config, orgId, ACCOUNT_TOKEN_PURPOSE, token),
    criadoEm: now,
    atualizadoEm: now,
    ...fields,
  });
  return id;
}

beforeAll(async () => {
  h = await createHarness();
  config = readConfig(h.env);
  orgA = (await createOwner(h, "A")).orgId;
  orgB = (await createOwner(h, "B")).orgId;
});

describe("account credentials", () => {
  it("stores the token sealed and opens it for the account's org (Facebook Login → graph.facebook.com)", async () => {
    const id = await insertAccount(orgA, "page-token-abc");
    const [row] = await h.fresh.db.select().from(socialAccounts).where(eq(socialAccounts.id, id));
    expect(row?.tokenSelado).not.toContain("page-token-abc");
    const creds = await accountCredentials(h.fresh.db, config, orgA, id);
    expect(creds).toMatchObject({ accessToken: "page-token-abc", host: "facebook", network: "facebook", orgId: orgA });
  });

  it("an Instagram Login account talks to graph.instagram.com", async () => {
    const id = await insertAccount(orgA, "ig-token", { rede: "instagram", idExterno: "ig-1" });
    expect((await accountCredentials(h.fresh.db, config, orgA, id)).host).toBe("instagram");
  });

  it("another organização cannot reach the account", async () => {
    const id = await insertAccount(orgA, "secret");
    await expect(accountCredentials(h.fresh.db, config, orgB, id)).rejects.toBeInstanceOf(AccountNotReadyError);
  });

  it("a row copied to another organização does not open (the seal is bound to its org)", async () => {
    const sealed = await sealFor(config, orgA, ACCOUNT_TOKEN_PURPOSE, "t");
    await expect(openFor(config, orgB, ACCOUNT_TOKEN_PURPOSE, sealed)).rejects.toThrow();
    await expect(openFor(config, orgA, USER_TOKEN_PURPOSE, sealed)).rejects.toThrow();
  });

  it("an account to reconnect answers with its reason, and one without a token says to reconnect", async () => {
    const held = await insertAccount(orgA, "t", { status: "reconectar", motivoStatus: "O token foi revogado na Meta." });
    await expect(accountCredentials(h.fresh.db, config, orgA, held)).rejects.toThrow("O token foi revogado na Meta.");
    const empty = await insertAccount(orgA, null);
    await expect(accountCredentials(h.fresh.db, config, orgA, empty)).rejects.toThrow(/reconecte|conecte de novo/);
  });
});
