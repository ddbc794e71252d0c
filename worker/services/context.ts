import type { Database } from "../../db/client.ts";
import type { Config } from "../config/env.ts";
import type { LiveNamespace } from "../live/publish.ts";

/** What a domain service needs from the request, passed explicitly (no globals). */
export interface ServiceContext {
  db: Database;
  config: Config;
  /** Public origin for links in e-mails (APP_URL or the request's origin). */
  origin: string;
  ip: string;
  userAgent: string | null;
  waitUntil: (promise: Promise<unknown>) => void;
  now: Date;
  /** The live connection's rooms (`publishLive`); absent where nobody listens (Node tests, scripts). */
  live?: LiveNamespace | undefined;
  /** The R2 bucket (FILES); absent in Node tests that do not set one. */
  files?: R2Bucket | undefined;
}

/** A domain failure a person can act on: a pt-BR message, optionally tied to a form field. */
export class DomainError extends Error {
  override name = "DomainError";
  readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429;
  readonly field: string | undefined;
  // Plain fields, no parameter properties: scripts load this file with Node's type stripping.
  constructor(message: string, status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 = 400, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

/** Who a service acts for: the signed-in member and their organization and role. */
export interface Actor {
  userId: string;
  orgId: string;
  role: import("../../shared/enums.ts").Role;
  /**
   * The business chose in Configurações do Negócio that the table's `business` cells mean "own
   * records only" (a corretor's imóveis and interesses). Absent: every record, as by default.
   */
  ownOnly?: boolean;
  /** The organização's IANA zone (Configurações do Negócio); absent: São Paulo, the default. */
  timeZone?: string;
  /** The profissional record linked to this login (professionals.user_id); absent: none (ADR 063). */
  professionalId?: string;
}
