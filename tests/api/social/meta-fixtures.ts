import { afterAll, vi } from "vitest";
import * as connectSimple from "../../../app/routes/social/connect-simple.tsx";
import * as facebookCallback from "../../../app/routes/social/facebook-callback.tsx";
import * as facebookConnection from "../../../app/routes/social/facebook-connection.tsx";
import * as facebookPages from "../../../app/routes/social/facebook-pages.tsx";
import * as instagramCallback from "../../../app/routes/social/instagram-callback.tsx";
import * as instagramConnection from "../../../app/routes/social/instagram-connection.tsx";
import * as socialCredentials from "../../../app/routes/social/social-credentials.tsx";
import { type MetaStandin, startMetaStandin } from "../../../tools/meta-standin/server.ts";
import type { Harness } from "../harness.ts";
import { ORIGIN } from "../harness.ts";
import { createPageHarness } from "../page-harness.ts";

/**
 * The connection screens' real route modules over a fresh database, with Meta's URLs pointed at
 * the local stand-in on a free port; every answer's text and every console line are kept so a
 * test can prove no token ever reached the browser or the log.
 */

export interface MetaHarness {
  h: Harness;
  meta: MetaStandin;
  /** Every response body and header the app sent, and every console line, in order. */
  seen: string[];
  request: (path: string, init?: RequestInit & { cookie?: string }) => Promise<Response>;
  post: (path: string, fields: Record<string, string | string[]>, cookie: string) => Promise<Response>;
  /** Goes through Meta's dialog from the app's redirect; returns the callback's path and query (fragment dropped). */
  authorize: (dialog: string, choice?: { decline?: string[]; deny?: boolean }) => Promise<string>;
}

export async function createMetaHarness(): Promise<MetaHarness> {
  const h = await createPageHarness({
    "social-connect-simple": connectSimple,
    "facebook-connection": facebookConnection,
    "instagram-connection": instagramConnection,
    "facebook-pages": facebookPages,
    "admin/social-credentials": socialCredentials,
    "auth/facebook/callback": facebookCallback,
    "auth/instagram/callback": instagramCallback,
  });
  const meta = await startMetaStandin();
  afterAll(() => meta.close());
  // Before the config is first read (readConfig caches per env object).
  Object.assign(h.env, meta.env);
  const seen: string[] = [];
  for (const level of ["log", "info", "warn"] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      seen.push(args.map(String).join(" "));
      original(...args);
    });
  }
  const record = async (response: Response): Promise<Response> => {
    const body = await response.clone().text();
    seen.push(body, JSON.stringify([...response.headers]));
    return response;
  };
  const request: MetaHarness["request"] = async (path, init = {}) => record(await h.request(path, init));
  const post: MetaHarness["post"] = (path, fields, cookie) => {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(key, v);
    return request(path, {
      method: "POST",
      body: form,
      cookie,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
    });
  };
  const authorize: MetaHarness["authorize"] = async (dialog, choice) => {
    const back = new URL(await meta.authorize(dialog, choice));
    return `${back.pathname}${back.search}`;
  };
  return { h, meta, seen, request, post, authorize };
}

/** The cookie a response set for `name` (its value), or null when it cleared or did not set it. */
export function setCookie(response: Response, name: string): string | null {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair?.indexOf("=") ?? -1;
    if (pair && pair.slice(0, eq) === name) return pair.slice(eq + 1) || null;
  }
  return null;
}

/** "Conectar" through a screen's form: the dialog URL and the browser's cookies after it (session + state). */
export async function startLogin(mh: MetaHarness, cookie: string, login: "facebook" | "instagram", next?: string) {
  const response = await mh.post("/social-connect-simple", { intent: login, ...(next ? { next } : {}) }, cookie);
  const state = setCookie(response, `alicerce_meta_${login}`);
  return {
    response,
    dialog: response.headers.get("location") ?? "",
    cookie: state ? `${cookie}; alicerce_meta_${login}=${state}` : cookie,
  };
}
