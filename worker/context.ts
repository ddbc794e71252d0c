import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "../db/client.ts";
import type { AuthState } from "./auth/sessions.ts";
import type { Bindings, Config } from "./config/env.ts";
import type { ServiceContext } from "./services/context.ts";

/** Everything a request carries from Hono into API handlers and React Router loaders/actions. */
export interface RequestContext {
  env: Bindings;
  config: Config;
  db: Database;
  auth: AuthState | null;
  requestId: string;
  /** CSP nonce for the inline scripts React Router renders. */
  nonce: string;
  ip: string;
  userAgent: string | null;
  origin: string;
  /** True outside localhost: cookies get the Secure flag. */
  secureCookies: boolean;
  waitUntil: (promise: Promise<unknown>) => void;
  /** Cookies to add to the response (session renewal, return path…). */
  setCookies: string[];
}

export const requestContext = createContext<RequestContext>();

export function getRequestContext(context: Readonly<RouterContextProvider>): RequestContext {
  return context.get(requestContext);
}

export function serviceContext(rc: RequestContext, now = new Date()): ServiceContext {
  return {
    db: rc.db,
    config: rc.config,
    origin: rc.config.APP_URL ?? rc.origin,
    ip: rc.ip,
    userAgent: rc.userAgent,
    waitUntil: rc.waitUntil,
    now,
    // Node tests run the app without bindings (no env at all).
    live: (rc.env as Bindings | undefined)?.LIVE,
    files: (rc.env as Bindings | undefined)?.FILES,
  };
}
