/**
 * Tokens in clear (issue 11 §2): the outbox keeps a message's text, HTML and link only until it
 * is handed over; failures keep them for the retries until the sweep drops them; old rows go;
 * logs carry no link or full address outside development.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { emailOutbox } from "../../../db/schema/index.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { deliverOutboxEmail, OUTBOX_BODY_TTL_MS, OUTBOX_ROW_TTL_MS, outboxInsert, outboxSweep } from "../../../worker/email/provider.ts";
import { redactEmail } from "../../../worker/email/redact.ts";
import { requestPasswordRecovery, signUp } from "../../../worker/services/account/accounts.ts";
import { allowConsoleError } from "../../support/console-guard.ts";
import { createHarness, createOwner, type Harness, lastEmail, tokenFrom } from "../harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterEach(() => {
  vi.restoreAllMocks();
});

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@exemplo.com.br`;
}

async function rowsTo(to: string) {
  return h.fresh.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
}

/** A message queued the way the services queue one (the link is a stand-in token). */
async function queue(to: string, createdAt = new Date()) {
  const link = `http://localhost/auth/callback?type=recovery&token=segredo-${crypto.randomUUID()}`;
  const mail = outboxInsert(h.fresh.db, { to, subject: "Teste", text: `Abra ${link}`, html: `<a href="${link}">abrir</a>`, link });
  await mail.query;
  if (createdAt) await h.fresh.db.update(emailOutbox).set({ createdAt }).where(eq(emailOutbox.id, mail.id));
  return { id: mail.id, link };
}

function config(overrides: Record<string, unknown>) {
  return readConfig({ ...h.env, ...overrides });
}

describe("the outbox forgets a message's body once it is handed over", () => {
  it("after delivery through the provider the row holds no text, HTML or link (the token is gone from the database)", async () => {
    const email = uniqueEmail("entregue");
    await signUp(h.ctx("10.40.0.1"), { nome: "Entregue", email, senha: "senha-forte-1" });
    const delivered = await lastEmail(h, email);
    const token = tokenFrom(delivered?.link);
    const [row] = await rowsTo(email);
    expect(row?.status).toBe("sent");
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ text: null, html: null, link: null });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("logged locally (no provider), the row is emptied too; the log redacts the address and has no link", async () => {
    const to = uniqueEmail("registrado");
    const { id, link } = await queue(to);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await expect(deliverOutboxEmail({ db: h.fresh.db, config: config({ EMAIL_API_URL: "", APP_ENV: "test" }) }, id)).resolves.toBe(
      "logged",
    );
    const printed = log.mock.calls.map((c) => c.join(" ")).join("\n");
    expect(printed).toContain(redactEmail(to));
    expect(printed).not.toContain(to);
    expect(printed).not.toContain("segredo-");
    expect(printed).not.toContain(link);
    const [row] = await rowsTo(to);
    expect(row).toMatchObject({ status: "logged", text: null, html: null, link: null });
  });

  it("production logs the same redacted line", async () => {
    const to = uniqueEmail("producao");
    const { id } = await queue(to);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const production = config({ EMAIL_API_URL: "", APP_ENV: "production", APP_URL: "https://app.alicerce.com.br" });
    await deliverOutboxEmail({ db: h.fresh.db, config: production }, id);
    const printed = log.mock.calls.map((c) => c.join(" ")).join("\n");
    expect(printed).not.toContain(to);
    expect(printed).not.toContain("segredo-");
  });

  it("in development (the local npm start) one line marked as a development aid prints the link", async () => {
    const to = uniqueEmail("dev");
    const { id, link } = await queue(to);
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await deliverOutboxEmail({ db: h.fresh.db, config: config({ EMAIL_API_URL: "", APP_ENV: "development" }) }, id);
    const lines = log.mock.calls.map((c) => c.join(" "));
    expect(lines).toContain(`[e-mail · só em desenvolvimento] link: ${link}`);
    expect(lines.filter((l) => l.includes("segredo-"))).toHaveLength(1);
    expect(lines.join("\n")).not.toContain(to);
  });

  it("a failed delivery keeps the body for the retries, names no recipient in its error, and a retry that succeeds empties it", async () => {
    allowConsoleError(/Falha ao enviar/);
    const to = uniqueEmail("falhou");
    const { id, link } = await queue(to);
    const failing = (async () => new Response("fora do ar", { status: 503 })) as typeof fetch;
    const error = await deliverOutboxEmail({ db: h.fresh.db, config: readConfig(h.env), fetch: failing }, id).catch((e: unknown) => e);
    expect(String(error)).toContain("HTTP 503");
    expect(String(error)).not.toContain(to);
    let [row] = await rowsTo(to);
    expect(row).toMatchObject({ status: "failed", link });
    expect(row?.text).toContain(link);
    await expect(deliverOutboxEmail({ db: h.fresh.db, config: readConfig(h.env) }, id)).resolves.toBe("sent");
    [row] = await rowsTo(to);
    expect(row).toMatchObject({ status: "sent", text: null, html: null, link: null, error: null });
  });
});

describe("outboxSweep (run by the every-minute cron)", () => {
  it("drops the bodies of messages undelivered for more than a day and deletes rows older than 30 days; fresh ones stay", async () => {
    allowConsoleError(/Falha ao enviar/);
    const now = new Date();
    const fresh = await queue(uniqueEmail("recente"), new Date(now.getTime() - 60_000));
    const stuck = await queue(uniqueEmail("presa"), new Date(now.getTime() - OUTBOX_BODY_TTL_MS - 60_000));
    const old = await queue(uniqueEmail("antiga"), new Date(now.getTime() - OUTBOX_ROW_TTL_MS - 60_000));
    const sentRecently = uniqueEmail("enviada");
    await signUp(h.ctx("10.40.1.1"), { nome: "Enviada", email: sentRecently, senha: "senha-forte-1" });
    await lastEmail(h, sentRecently);

    await h.fresh.db.batch([...outboxSweep(h.fresh.db, now)]);

    const byId = async (id: string) => (await h.fresh.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];
    expect(await byId(fresh.id)).toMatchObject({ status: "queued", link: fresh.link });
    expect(await byId(stuck.id)).toMatchObject({ status: "queued", text: null, html: null, link: null });
    expect(await byId(old.id)).toBeUndefined();
    expect(await rowsTo(sentRecently)).toHaveLength(1);
    // A body already dropped is never sent (its links expired).
    await expect(deliverOutboxEmail({ db: h.fresh.db, config: readConfig(h.env) }, stuck.id)).resolves.toBe("missing");
  });

  it("the recovery e-mail of a real request is delivered and leaves no token behind", async () => {
    const owner = await createOwner(h, "Recupera");
    await requestPasswordRecovery(h.ctx("10.40.2.1"), owner.email);
    const mail = await lastEmail(h, owner.email);
    const token = tokenFrom(mail?.link);
    const rows = await rowsTo(owner.email);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
