/**
 * Bad input, property-based, on the account screens' React Router form actions — sign-in,
 * sign-up, password recovery, e-mail confirmation, e-mailed links (/auth/callback), invites
 * (/convite), sign-out, onboarding, leaving an organização, profile, preferences, business
 * profile, business settings, team, hours and the service desk — as tests/e2e/form-actions-bad-input.test.ts does
 * for the records (ACCOUNT_ROUTES in support/form-fuzz.ts is the list; the first test here fails
 * when a route with an action is neither in it, nor in SOCIAL_POST_ROUTES, SOCIAL_SETTINGS_ROUTES or PUBLIC_AGENDA_ROUTES
 * (fuzzed by social/social-{posts,settings}-actions-bad-input.test.ts), nor under a resource's
 * basePath, which the records' file fuzzes).
 *
 * Each action gets fast-check-generated urlencoded and multipart bodies (and broken ones): the
 * route's own form (what its <Form> posts, `intent` included) with fields broken, dropped,
 * repeated or joined by strangers, or random fields — as a document request and as `.data` — from
 * the principals that matter: the signed-out visitor, a user without an organization, and in the
 * organization its owner, an admin, a staff member and a read-only professional. Now and then the
 * Origin is wrong. Every request comes from its own client IP (`cf-connecting-ip`, which the app
 * trusts), so the per-IP rate limits never turn the fuzzing into a wall of 429s; per-e-mail limits
 * are spread over pools of accounts, the per-user, per-organização and per-invitee counters of the
 * keyed limits are emptied before each run (their 429s have their own test), and a 429 still has
 * to say so in pt-BR. Each run also sets up its route's situation (RouteFuzz.states): the recovery
 * cookie; live, used, expired and garbage links of every kind; an invite for a new address, an
 * existing account (signed in as it or not), an unconfirmed one, a member here or elsewhere; a
 * pending e-mail change; the caller as the last active owner; and, on the team page, a password
 * last typed just now or 11 minutes ago (re-authentication).
 *
 * Every answer: no 5xx; a 4xx carries messages, all pt-BR; redirects stay on the app; the
 * database (content hash of every table but the rate-limit counters and the outbox's delivery
 * status) unchanged unless the route's oracle says this input may be saved — and then only the
 * tables it names, with exactly the values validation accepted, another organization's rows
 * untouched. The oracles: a login signs in (one new session row) only with an account's real
 * e-mail and password; sign-up and invites create an account only from a valid form, with what it
 * said; password recovery answers the same whether or not the e-mail exists and e-mails only real
 * accounts; a recovery link works only with a live token; an e-mailed link acts only when live, a
 * confirmation only with the password of the sign-up that sent it (then set, whoever signed up
 * last), an e-mail change moves only to a free address and its undo locks the account; an invite
 * creates or joins exactly the account it names, once, and asks an expired one's inviter the same
 * way whatever the link; sign-out ends only the caller's session; leaving deletes only the
 * caller's membership, never the last active owner's;
 * the profile, preferences and business profile save only valid input, to the caller's own row;
 * the service desk (/atendimento) acts only on a live appointment of the organização the caller
 * reaches (a professional: their linked profissional's), by a step its status offers (a no-show's
 * undo only when its time is still free), and a finish writes exactly the services done and one
 * stock exit per product consumed — none when the stock would go below zero and the business does
 * not allow it;
 * the business settings (managers only) upsert only the caller's organization's row, with the
 * checkbox's last value as validation read it and the caller as its author; the team obeys its
 * rules (a password typed within 10 minutes, or the right one now; admins never touch owners or
 * their invites, one active owner always remains, nobody deactivates themself), answers every
 * invite alike, and never creates an account or a member (invites are tokens until accepted).
 * The e-mail job's runs (job_runs) are one per message queued; what the job writes after the
 * answer (delivery status, the bodies it drops, its steps) is not the action's doing.
 *
 * Reproduce a failure with ACCOUNT_FUZZ_SEED=<seed printed by fast-check>; ACCOUNT_FUZZ_RUNS=<n>
 * runs more (default keeps the file under a minute).
 */
import { createHash } from "node:crypto";
import { type Client, createClient } from "@libsql/client";
import fc from "fast-check";
import { bodyLimitFor, tooLargeMessage } from "../../../worker/http/body-limit.ts";
import {
  columnList,
  digestOf,
  rowsJsonSql,
  rowsOfJson,
  type SnapshotTable,
  selectWithoutCron,
  snapshotLayout,
  tableDigestSql,
} from "../../support/db-snapshot.ts";
import type { z } from "zod";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { holdCronDuringFile } from "../support/cron-hold.ts";
import { validateForm } from "../../../shared/validation.ts";
import { preferencesSchema } from "../../../shared/account/account.ts";
import { completeRegistrationSchema, emailOnlySchema, loginSchema, newPasswordSchema, signUpSchema } from "../../../shared/account/auth.ts";
import { businessSettingsSchema } from "../../../shared/organization/business-settings.ts";
import { pixSettingsSchema } from "../../../shared/finance/pix-settings.ts";
import { FINANCE_ACCOUNT_KIND } from "../../../shared/finance/enums.ts";
import { DEFAULT_ACCOUNT_KINDS } from "../../../worker/services/finance/default-accounts.ts";
import {
  businessWeekSchema,
  formatDay,
  hoursExceptionSchema,
  localHolidaySchema,
  removeSpecialDaySchema,
} from "../../../shared/agenda/hours-form.ts";
import { organizationSchema } from "../../../shared/organization/organization.ts";
import { DESK_STEPS, type DeskStep, mergeConsumption, STEP_LABEL, stepAllowed } from "../../../shared/agenda/desk.ts";
import { APPOINTMENT_STATUS, APPOINTMENT_STATUSES, type AppointmentStatus } from "../../../shared/enums/agenda.ts";
import { isId } from "../../../shared/id.ts";
import { finishSchema } from "../../../worker/services/agenda/desk-finish.ts";
import { brandFormSchema } from "../../../shared/brand/brand-form.ts";
import { leaveOrganizationSchema, linkActionSchema, perfilActionSchema } from "../../../shared/account/email-links.ts";
import { invitePageSchema, teamPageSchema } from "../../../shared/organization/invites.ts";
import { UNREADABLE_FORM } from "../../../app/server/forms.server.ts";
import { landingPageSchema } from "../../../shared/site/landing-page.ts";
import { leadContactSchema } from "../../../shared/real-estate/lead.ts";
import { allows, BROKER_RECORD } from "../../../shared/permissions.ts";
import { formDataToObject, UNKNOWN_INTENT } from "../../../shared/validation.ts";
import { DEACTIVATED_MESSAGE, FORBIDDEN_MESSAGE } from "../../../app/server/guards.server.ts";
import { authTokens, memberships, organizations, users } from "../../../db/schema/index.ts";
import type { AuthTokenPurpose } from "../../../db/schema/accounts.ts";
import type { Role } from "../../../db/schema/organizations.ts";
import { hashPassword, verifyPassword } from "../../../worker/auth/password.ts";
import { REAUTH_REQUIRED, REAUTH_WINDOW_MS, REAUTH_WRONG } from "../../../worker/auth/reauth.ts";
import { createSession } from "../../../worker/auth/sessions.ts";
import { digest, randomToken } from "../../../worker/auth/tokens.ts";
import { RATE_LIMIT_MESSAGE } from "../../../worker/security/rate-limit.ts";
import {
  CONFIRMATION_PASSWORD_WRONG,
  EMAIL_NOT_CONFIRMED,
  INVALID_LINK,
  LOGIN_FAILED,
  WRONG_CURRENT_PASSWORD,
} from "../../../worker/services/account/accounts.ts";
import { EMAIL_CHANGE_NOT_POSSIBLE, NO_PENDING_CHANGE, SAME_EMAIL } from "../../../worker/services/account/email-change.ts";
import { detectImageType } from "../../../worker/services/organization/organization.ts";
import { SESSION_NOT_FOUND } from "../../../worker/services/account/profile.ts";
import { RESOURCES } from "../../../worker/resources/registry.ts";
import { reportById } from "../../../worker/services/reports/catalogue.ts";
import { fileReach, fileReport } from "../../../worker/services/reports/files/catalogue-port.ts";
import { REPORT_FORMATS } from "../../../shared/reports/files.ts";
import {
  INVITE_EXPIRED,
  INVITE_NOT_FOUND,
  INVITE_REQUESTED,
  inviteSentMessage,
  LAST_OWNER,
  MEMBER_NOT_FOUND,
  mustLeaveFirst,
} from "../../../worker/services/organization/team.ts";
import { e2eDb, uniqueEmail } from "../support/accounts.ts";
import { DESK_SITUATIONS, type DeskWorld, deskAppointments, setUpDesk } from "../support/desk-fixtures.ts";
import { BAD_CEPS, BAD_DOCS, BAD_EMAILS, BAD_PHONES, badString, HUGE, isPtBr } from "../support/bad-input.ts";
import {
  ACCOUNT_ROUTES,
  type AccountRoute,
  type ActionRoute,
  actionRouteEntries,
  actionRoutes,
  type Body,
  bodiesOf,
  changedTables,
  type Entry,
  encode,
  fuzzForms,
  hashRows,
  isAppPath,
  isBig,
  isUnread,
  type Outcome,
  readOutcome,
  serverView,
  SOCIAL_POST_ROUTES,
  SOCIAL_SETTINGS_ROUTES,
  PUBLIC_AGENDA_ROUTES,
  type Transport,
  transports,
  type Value,
} from "../support/form-fuzz.ts";

const RUNS = Number(process.env.ACCOUNT_FUZZ_RUNS ?? 20);
const SEED = process.env.ACCOUNT_FUZZ_SEED ? Number(process.env.ACCOUNT_FUZZ_SEED) : undefined;
const base = () => inject("baseURL");

// ---------------------------------------------------------------------------------------------
// Who is who

/** "deactivated": a member whose access was turned off, signed in again since. */
type Who = "owner" | "admin" | "staff" | "professional" | "deactivated" | "noorg" | "anonymous";
type Signed = Exclude<Who, "anonymous">;

interface Person {
  id: string;
  email: string;
  password: string;
  membershipId: string | null;
  /** The session a request of this person carries, and another one of theirs (for /perfil). */
  sessionId: string;
  cookie: string;
  otherSessionId: string;
}

/** Team members who are only targets of /admin/users (restored before every run). */
type Target = "equipe" | "dono2" | "desativado" | "donoDesativado";

interface World {
  db: Client;
  orgId: string;
  foreignOrgId: string;
  people: Record<Signed, Person>;
  targets: Record<Target, { userId: string; email: string; membershipId: string }>;
  stranger: Person;
  strangerMember: { userId: string; email: string; membershipId: string };
  /** Verified and unconfirmed accounts the public screens name (pools spread the per-e-mail limits). */
  verifiedPool: string[];
  pendingPool: string[];
  /** Whose password recovery links the fuzzer follows. */
  recoverer: Person;
  /** Every account whose password the test knows, by e-mail. */
  accounts: Map<string, { id: string; password: string; verified: boolean }>;
  /** The organization's memberships as set up: restored (and put back, when someone left) before every run. */
  initialMemberships: Row[];
  /** /admin/users's pending invites of the organization (and the other one's), by kind: restored before every run. */
  invites: Record<InviteFixture, { id: string; email: string; usedAt: number | null }>;
}

type InviteFixture = "pendente" | "dono" | "expirado" | "usado" | "alheio";
let world: World;

const PASSWORD = "senha-forte-123";
let passwordHash = "";
/** The password of a sign-up someone else made with the owner's e-mail (pre-hijacking). */
const ATTACKER_PASSWORD = "senha-do-atacante-9";
let attackerHash = "";

// ---------------------------------------------------------------------------------------------
// Placeholders: values known only at run time ("@@name@@", "@@name|upper@@", "@@name|pad@@")

interface Run {
  n: number;
  route: AccountRoute;
  who: Who;
  transport: Transport;
  person: Person | null;
  cookie: string;
  ip: string;
  vars: Record<string, string>;
  /** The route's situation (RouteFuzz.states): the recovery cookie, the invite, how recent the password… */
  state: string;
  /** The query string the form posts to (/convite?token=…). */
  search: string;
  /** The path posted to when the route has a parameter (/p/:slug → /p/pagina-x); default: the route. */
  path?: string;
  /** /recover-password: what the recovery cookie holds. */
  recovery?: Recovery;
}

function resolveIn(run: Run): (value: string) => string {
  return (value) =>
    value.replace(/@@([a-z0-9-]+)(?:\|(upper|pad))?@@/g, (whole, name: string, how?: string) => {
      const v = run.vars[name];
      if (v === undefined) return whole;
      return how === "upper" ? v.toUpperCase() : how === "pad" ? `  ${v}\t` : v;
    });
}

// ---------------------------------------------------------------------------------------------
// Valid forms (what each route's own <Form> posts) and the values that break them

const VALID_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
const png = () => new File([VALID_PNG], "logo.png", { type: "image/png" });
/** What a browser sends for an untouched <input type="file">. */
const noFile = () => new File([], "", { type: "application/octet-stream" });

const LOGOS: fc.Arbitrary<File> = fc
  .constantFrom(
    "png",
    "png-as-jpeg",
    "fake-png",
    "png-signature-only",
    "png-cut",
    "svg",
    "text",
    "empty",
    "empty-named",
    "big",
    "webp-header",
  )
  .map((kind) => {
    switch (kind) {
      case "png":
        return png();
      case "png-as-jpeg":
        return new File([VALID_PNG], "logo.jpg", { type: "image/jpeg" });
      case "fake-png":
        return new File(["isto não é uma imagem"], "logo.png", { type: "image/png" });
      case "png-signature-only":
        // A real PNG's first 16 bytes, then anything: the signature alone is no image.
        return new File([VALID_PNG.slice(0, 16), "<script>alert(1)</script>"], "logo.png", { type: "image/png" });
      case "png-cut":
        return new File([VALID_PNG.slice(0, VALID_PNG.length - 6)], "logo.png", { type: "image/png" });
      case "svg":
        return new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], "logo.svg", { type: "image/svg+xml" });
      case "text":
        return new File(["oi"], "../../etc/passwd", { type: "text/plain" });
      case "empty":
        return noFile();
      case "empty-named":
        return new File([], "vazio.png", { type: "image/png" });
      case "big": {
        const bytes = new Uint8Array(2 * 1024 * 1024 + 10);
        bytes.set(VALID_PNG.slice(0, 8));
        return new File([bytes], "grande.png", { type: "image/png" });
      }
      default:
        return new File([new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8 ")], "logo.webp", { type: "image/webp" });
    }
  });

/** A small file where text belongs. */
const strayFile: fc.Arbitrary<File> = fc.constantFrom("a.txt", "").map((name) => new File(["conteúdo"], name, { type: "text/plain" }));

const EMAILS = [
  "@@novo-email@@",
  "@@novo-email|upper@@",
  "@@email-login@@",
  "@@email-login|upper@@",
  "@@email-login|pad@@",
  "@@email-pendente@@",
  "@@email-equipe@@",
  "@@email-alheio@@",
  "@@email-eu@@",
  ...BAD_EMAILS,
];
const PASSWORDS = [
  "@@senha-login@@",
  "@@senha-login|upper@@",
  "@@senha-login|pad@@",
  "@@senha-pendente@@",
  "@@senha-atual@@",
  "@@senha-convidado@@",
  ATTACKER_PASSWORD,
  "outra-senha-forte-9",
  "curta",
  "        ",
  "x".repeat(129),
  "x".repeat(201),
  HUGE,
  "senha com espaços e acentuação ção",
];
const ROLES = ["owner", "admin", "staff", "professional", "OWNER", " admin ", "superadmin", "dono"];
const MEMBERS = [
  "@@membro-equipe@@",
  "@@membro-dono2@@",
  "@@membro-desativado@@",
  "@@membro-dono-desativado@@",
  "@@membro-eu@@",
  "@@membro-dono@@",
  "@@membro-admin@@",
  "@@membro-pro@@",
  "@@membro-alheio@@",
];
const SESSIONS = ["@@sessao-outra@@", "@@sessao-atual@@", "@@sessao-alheia@@", "@@sessao-outra|upper@@"];
const INVITES = [
  "@@convite-pendente@@",
  "@@convite-dono@@",
  "@@convite-expirado@@",
  "@@convite-usado@@",
  "@@convite-alheio@@",
  "@@convite-pendente|upper@@",
];
/** /auth/callback's links (each run issues a live one of every kind) and the kinds they claim to be. */
const TOKENS = [
  "@@token-confirmacao@@",
  "@@token-recuperacao@@",
  "@@token-troca@@",
  "@@token-troca-ocupada@@",
  "@@token-desfazer@@",
  "@@token-desfazer-ocupado@@",
  "@@token-usado@@",
  "@@token-expirado@@",
  "@@token-convite@@",
  "@@token-troca|pad@@",
  "@@token-confirmacao|upper@@",
];
const LINK_TYPES = ["signup", "recovery", "email_change", "email_change_undo", "invite", "SIGNUP", " signup", "password_recovery"];
const GARBAGE_IDS = ["nao-existe", "0", "-1", "' OR '1'='1", "🙂", "a".repeat(65), "x".repeat(200), "null", "undefined"];
const HOSTILE_INTENTS = ["", "NOME", " nome", "excluir", "__proto__", "toString", "constructor", "null"];
const HOSTILE_KEYS = [
  "intent",
  "redirectTo",
  "__proto__",
  "constructor",
  "orgId",
  "org_id",
  "userId",
  "id",
  "role",
  "papel",
  "membershipId",
  "sessionId",
  "email",
  "senha",
  "emailVerifiedAt",
  "_data",
  "index",
];
const VALID_CPF = "529.982.247-25";
const VALID_CNPJ = "11.222.333/0001-81";
const VALID_ALNUM_CNPJ = "12.ABC.345/01DE-35";
const DOCUMENTS = [VALID_CPF, VALID_CNPJ, VALID_ALNUM_CNPJ, "52998224725", ...BAD_DOCS];
const PHONES = ["(11) 91234-5678", "11912345678", "+55 11 91234-5678", "(21) 3333-4444", ...BAD_PHONES];
const SEGMENTS = ["imobiliaria", "corretor", "comercio", "servicos", "CORRETOR", "nave espacial"];
const UF_VALUES = ["SP", "RJ", "sp", " SP ", "XX", "São Paulo"];

/** Text at and around the limits of the name-like fields (2–120, 2–80), padded, accented. */
const NAMES = fc.constantFrom(
  "  Maria   José  ",
  "Zé",
  "A",
  "João D'Ávila & Filhos <b>Ltda</b>",
  "Ø".repeat(80),
  "Ø".repeat(81),
  `${"Ana ".repeat(29)}Lima`,
  "x".repeat(121),
  "\u00a0\u00a0Ana\u00a0",
);
const LONG_TEXT = fc.constantFrom("a".repeat(1000), "a".repeat(1001), ` ${"ç".repeat(999)} `, "linha 1\r\nlinha 2");

/** Values each known field draws from (its own kind of trouble); anything else gets garbage. */
const FIELD_VALUES: Record<string, fc.Arbitrary<Value>> = {
  nome: NAMES,
  nomeNegocio: NAMES,
  cidade: NAMES,
  rua: NAMES,
  bairro: NAMES,
  descricao: LONG_TEXT,
  vozMarca: LONG_TEXT,
  email: fc.constantFrom(...EMAILS),
  username: fc.constantFrom(...EMAILS),
  senha: fc.constantFrom(...PASSWORDS),
  confirmarSenha: fc.constantFrom(...PASSWORDS),
  senhaAtual: fc.constantFrom(...PASSWORDS),
  novaSenha: fc.constantFrom(...PASSWORDS),
  novoEmail: fc.constantFrom(...EMAILS),
  type: fc.constantFrom(...LINK_TYPES),
  token: fc.oneof(fc.constantFrom(...TOKENS), fc.constantFrom(...GARBAGE_IDS)),
  inviteId: fc.oneof(fc.constantFrom(...INVITES), fc.constantFrom(...GARBAGE_IDS), fc.uuid()),
  confirmarNovaSenha: fc.constantFrom(...PASSWORDS),
  aceite: fc.constantFrom("on", "off", "true", "false", "sim", "0", "ON "),
  removerLogo: fc.constantFrom("on", "off", "true", "false", "1"),
  estoqueNegativo: fc.constantFrom("on", "off", "true", "false", "1", "0", "sim", "não", "yes", " ON ", "Sim\t", "", "checked", "on,off"),
  papel: fc.constantFrom(...ROLES),
  membershipId: fc.oneof(fc.constantFrom(...MEMBERS), fc.constantFrom(...GARBAGE_IDS), fc.uuid()),
  sessionId: fc.oneof(fc.constantFrom(...SESSIONS), fc.constantFrom(...GARBAGE_IDS), fc.uuid()),
  modoCor: fc.constantFrom("system", "light", "dark", "DARK", " dark", "sepia", "auto"),
  segmento: fc.constantFrom(...SEGMENTS),
  documento: fc.constantFrom(...DOCUMENTS),
  whatsapp: fc.constantFrom(...PHONES),
  cep: fc.constantFrom("01310-100", "01310100", ...BAD_CEPS),
  uf: fc.constantFrom(...UF_VALUES),
  creci: fc.constantFrom("12345-F", "CRECI 98765", "x".repeat(21)),
  logo: LOGOS,
};

function valueFor(intents: readonly string[], fields: Record<string, fc.Arbitrary<Value>> = {}): (key: string) => fc.Arbitrary<Value> {
  return (key) => {
    const own =
      key === "intent"
        ? fc.constantFrom(...intents, ...HOSTILE_INTENTS)
        : Object.hasOwn(fields, key)
          ? fields[key]
          : Object.hasOwn(FIELD_VALUES, key)
            ? FIELD_VALUES[key]
            : undefined;
    const garbage = fc.oneof({ weight: 6, arbitrary: badString }, { weight: 1, arbitrary: strayFile });
    return own ? fc.oneof({ weight: 3, arbitrary: own }, { weight: 1, arbitrary: garbage }) : garbage;
  };
}

/** /convite's form for a person without an account (the e-mail is the invite's). */
const ACCEPT_NEW: Entry[] = [
  ["intent", "criar"],
  ["nome", "Paula Convidada"],
  ["senha", "uma-senha-forte-1"],
  ["confirmarSenha", "uma-senha-forte-1"],
  ["aceite", "on"],
];

const ORG_FORM: Entry[] = [
  ["nome", "Carvalho Imóveis Ltda."],
  ["segmento", "corretor"],
  ["documento", VALID_CPF],
  ["creci", "12345-F"],
  ["whatsapp", "(11) 91234-5678"],
  ["email", "contato@carvalho.com.br"],
  ["cep", "01310-100"],
  ["rua", "Avenida Paulista"],
  ["numero", "1000"],
  ["complemento", "Sala 12"],
  ["bairro", "Bela Vista"],
  ["cidade", "São Paulo"],
  ["uf", "SP"],
  ["descricao", "Imóveis na região central, com atendimento de segunda a sábado."],
  ["vozMarca", "Próxima e acolhedora, sem gírias."],
];

/** What /cores posts: a legible brand with its own accent. */
const BRAND_FORM: Entry[] = [
  ["corPrimaria", "#1E3A5F"],
  ["corSecundaria", "#F2A541"],
  ["corTextoSobrePrimaria", "#FFFFFF"],
  ["fonte", "lora"],
  ["destaque", "personalizado"],
  ["corDestaqueApp", "#7A1F2B"],
];

// ---------------------------------------------------------------------------------------------
// Snapshots of the database

type Row = Record<string, unknown>;

interface Snapshot {
  hashes: Record<string, string>;
  rows: Record<string, Row[]>;
  /** Hash of everything the other organization and its people own (their sessions and e-mailed links apart). */
  foreign: string;
  /** The other organization's people's sessions and e-mailed links ("table id" → row). */
  foreignPersonal: Map<string, string>;
}

/** Counters that change on any attempt by design; the job runner's memoized steps (written after the answer). */
const SKIPPED_TABLES = new Set(["rate_limits", "__drizzle_migrations", "job_steps"]);
/**
 * Written after the answer by the e-mail job (waitUntil): not the action's doing. The outbox
 * drops a message's bodies and link once it is handed over (ADR 018); a job run's progress.
 */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  email_outbox: ["status", "error", "sent_at", "text", "html", "link"],
  job_runs: ["status", "attempt", "run_at", "lease_until", "last_error", "result", "updated_at", "finished_at"],
  // A report file's build (the report/requested job) after the answer; the oracle waits for it.
  report_files: ["status", "progress", "rows", "bytes", "started_at", "finished_at", "error", "updated_at"],
};

/**
 * The tables whose rows the oracles read (diffs, lookups, the other organização's parts): read
 * as rows — one JSON text per table, built by the database — and hashed as before. Every other
 * table is hashed in the database (`digestSql`): one text each, not every cell as an object.
 */
const ROW_TABLES = new Set([
  "appointment_services",
  "report_files",
  "appointments",
  "auth_tokens",
  "brand_styles",
  "business_hour_days",
  "business_hours",
  "business_settings",
  "email_outbox",
  "job_runs",
  "landing_pages",
  "memberships",
  "organizations",
  "portal_settings",
  "products",
  "properties",
  "services",
  "sessions",
  "stock_movements",
  "users",
  "finance_accounts",
  // What a public contact form may write (LEAD_TABLES).
  "record_counts",
  "clients",
  "client_keys",
  "property_interests",
  "property_interest_keys",
  "property_interest_places",
  "inbound_leads",
]);

let layout: SnapshotTable[] = [];
let layoutTables = new Set<string>();

/** Rows by table, where reading a table the snapshot kept no rows of throws (never a silent `[]`). */
function guardedRows(rows: Record<string, Row[]>): Record<string, Row[]> {
  return new Proxy(rows, {
    get(target, key) {
      if (typeof key === "string" && layoutTables.has(key) && !Object.hasOwn(target, key))
        throw new Error(`the account fuzz snapshot keeps no rows of ${key}: add it to ROW_TABLES`);
      return Reflect.get(target, key);
    },
  });
}

async function snapshot(): Promise<Snapshot> {
  const db = world.db;
  if (!layout.length) {
    layout = await snapshotLayout(db, SKIPPED_TABLES, VOLATILE_COLUMNS);
    layoutTables = new Set(layout.map((t) => t.table));
    const missing = [...ROW_TABLES].filter((t) => !layoutTables.has(t));
    if (missing.length) throw new Error(`ROW_TABLES names tables the database lacks: ${missing.join(", ")}`);
  }
  const results = await db.batch(
    layout.map((t) =>
      ROW_TABLES.has(t.table) ? rowsJsonSql(selectWithoutCron(t.table, columnList(t.columns)), t.columns) : tableDigestSql(t),
    ),
    "read",
  );
  const read: Record<string, Row[]> = {};
  const hashes: Record<string, string> = {};
  layout.forEach(({ table }, i) => {
    const answer = results[i]?.rows[0] as { body?: unknown } | undefined;
    if (!ROW_TABLES.has(table)) {
      hashes[table] = digestOf(answer);
      return;
    }
    read[table] = rowsOfJson(answer);
    hashes[table] = hashRows(read[table]);
  });
  const rows = guardedRows(read);
  const foreignUsers = new Set((rows.memberships ?? []).filter((m) => m.org_id === world.foreignOrgId).map((m) => m.user_id));
  const foreign = createHash("sha256");
  for (const part of [
    (rows.organizations ?? []).filter((o) => o.id === world.foreignOrgId),
    (rows.memberships ?? []).filter((m) => m.org_id === world.foreignOrgId),
    (rows.users ?? []).filter((u) => foreignUsers.has(u.id)),
    (rows.auth_tokens ?? []).filter((t) => t.org_id === world.foreignOrgId),
    (rows.business_settings ?? []).filter((b) => b.org_id === world.foreignOrgId),
  ])
    foreign.update(hashRows(part));
  const foreignPersonal = new Map(
    ["sessions", "auth_tokens"].flatMap((table) =>
      (rows[table] ?? []).filter((r) => foreignUsers.has(r.user_id)).map((r) => [`${table} ${r.id}`, JSON.stringify(r)] as const),
    ),
  );
  return { hashes, rows, foreign: foreign.digest("hex"), foreignPersonal };
}

interface Diff {
  added: Row[];
  removed: Row[];
  changed: { from: Row; to: Row }[];
}

/** Rows of `table` added, removed and changed, matched by `key` (business_settings: `org_id`). */
function diff(a: Snapshot, b: Snapshot, table: string, key = "id"): Diff {
  const before = new Map((a.rows[table] ?? []).map((r) => [String(r[key]), r]));
  const after = new Map((b.rows[table] ?? []).map((r) => [String(r[key]), r]));
  const out: Diff = { added: [], removed: [], changed: [] };
  for (const [id, row] of after) {
    const old = before.get(id);
    if (!old) out.added.push(row);
    else if (JSON.stringify(old) !== JSON.stringify(row)) out.changed.push({ from: old, to: row });
  }
  for (const [id, row] of before) if (!after.has(id)) out.removed.push(row);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Setting up the world, and restoring it before each run

let counter = 0;
/**
 * The database as the last request left it, while nothing else wrote to it since (then the next
 * request needs no fresh "before" snapshot); `dirty` once a request touched what restore() puts back.
 */
let last: Snapshot | undefined;
let dirty = true;

async function newSession(userId: string): Promise<{ id: string; cookie: string }> {
  last = undefined;
  const { token } = await createSession(e2eDb(), userId, { ip: "10.0.0.1", userAgent: "vitest (fuzzing)" });
  return { id: await digest(token), cookie: `alicerce_session=${token}` };
}

/** A user straight into the database (password PASSWORD), optionally with a membership. */
async function addUser(options: {
  label: string;
  verified?: boolean;
  orgId?: string;
  role?: Role;
  deactivated?: boolean;
  /** The attacker's sign-up instead of PASSWORD. */
  attacker?: boolean;
}): Promise<{ id: string; email: string; membershipId: string | null }> {
  last = undefined;
  const id = crypto.randomUUID();
  const email = uniqueEmail(options.label);
  const now = new Date();
  const membershipId = options.orgId ? crypto.randomUUID() : null;
  const db = e2eDb();
  const userInsert = db.insert(users).values({
    id,
    name: `Pessoa ${options.label}`,
    email,
    passwordHash: options.attacker ? attackerHash : passwordHash,
    emailVerifiedAt: options.verified === false ? null : now,
    termsAcceptedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  if (options.orgId && membershipId) {
    await db.batch([
      userInsert,
      db.insert(memberships).values({
        id: membershipId,
        orgId: options.orgId,
        userId: id,
        role: options.role ?? "staff",
        deactivatedAt: options.deactivated ? now : null,
        createdAt: now,
        updatedAt: now,
      }),
    ]);
  } else await userInsert;
  world.accounts.set(email, { id, password: options.attacker ? ATTACKER_PASSWORD : PASSWORD, verified: options.verified !== false });
  return { id, email, membershipId };
}

async function addOrg(name: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  await e2eDb().insert(organizations).values({ id, name, segment: "corretor", city: "Campinas", uf: "SP", createdAt: now, updatedAt: now });
  return id;
}

async function addPerson(label: string, orgId?: string, role?: Role, deactivated = false): Promise<Person> {
  const user = await addUser({ label, deactivated, ...(orgId ? { orgId } : {}), ...(role ? { role } : {}) });
  const current = await newSession(user.id);
  const other = await newSession(user.id);
  return {
    id: user.id,
    email: user.email,
    password: PASSWORD,
    membershipId: user.membershipId,
    sessionId: current.id,
    cookie: current.cookie,
    otherSessionId: other.id,
  };
}

/**
 * Puts back what a run may have changed on purpose: the team's roles and deactivations, and
 * the principals' two live sessions each.
 */
async function restore(): Promise<void> {
  if (!dirty) return;
  dirty = false;
  last = undefined;
  const db = world.db;
  const people = [...Object.values(world.people), world.stranger];
  const ids = people.flatMap((p) => [p.sessionId, p.otherSessionId]);
  const [, live] = await Promise.all([
    db.batch(
      world.initialMemberships.map((m) => {
        const columns = Object.keys(m);
        // Put back as set up: the role and deactivation, or the whole row when its person left.
        return {
          sql: `INSERT INTO memberships (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})
                ON CONFLICT(id) DO UPDATE SET role = excluded.role, deactivated_at = excluded.deactivated_at
                WHERE role IS NOT excluded.role OR deactivated_at IS NOT excluded.deactivated_at`,
          args: columns.map((c) => m[c] as string | number | null),
        };
      }),
      "write",
    ),
    db.execute({
      sql: `SELECT id FROM sessions WHERE revoked_at IS NULL AND id IN (${ids.map(() => "?").join(", ")})`,
      args: ids,
    }),
  ]);
  const alive = new Set(live.rows.map((r) => String(r.id)));
  for (const p of people) {
    if (!alive.has(p.sessionId)) {
      const s = await newSession(p.id);
      p.sessionId = s.id;
      p.cookie = s.cookie;
    }
    if (!alive.has(p.otherSessionId)) p.otherSessionId = (await newSession(p.id)).id;
  }
}

type Recovery = "valid" | "used" | "expired" | "other-purpose" | "garbage" | "none" | "broken";
const recoveries = fc.constantFrom<Recovery>("valid", "valid", "valid", "used", "expired", "other-purpose", "garbage", "none", "broken");

interface TokenSpec {
  purpose: AuthTokenPurpose;
  email: string;
  userId?: string;
  state?: "live" | "used" | "expired";
  passwordHash?: string;
  orgId?: string;
  role?: Role;
  name?: string;
  invitedBy?: string;
}

/** E-mailed tokens straight into the database (one insert); their raw values, in order. */
async function addTokens(specs: TokenSpec[]): Promise<string[]> {
  last = undefined;
  const now = Date.now();
  const tokens = specs.map(() => randomToken());
  const rows = await Promise.all(
    specs.map(async (t, i) => ({
      id: await digest(tokens[i] as string),
      purpose: t.purpose,
      email: t.email,
      userId: t.userId ?? null,
      orgId: t.orgId ?? null,
      role: t.role ?? null,
      name: t.name ?? null,
      invitedBy: t.invitedBy ?? null,
      passwordHash: t.passwordHash ?? null,
      // A second in the past: whatever the request issues is newer.
      createdAt: new Date(now - 1000),
      expiresAt: new Date(t.state === "expired" ? now - 1000 : now + 3600_000),
      usedAt: t.state === "used" ? new Date(now - 500) : null,
    })),
  );
  await e2eDb().insert(authTokens).values(rows);
  return tokens;
}

/** A recovery token row for the recoverer, in the given state; returns the raw token. */
async function recoveryToken(kind: Recovery): Promise<string> {
  if (kind === "garbage" || kind === "none" || kind === "broken") return randomToken();
  const [token] = await addTokens([
    {
      purpose: kind === "other-purpose" ? "email_confirmation" : "password_recovery",
      email: world.recoverer.email,
      userId: world.recoverer.id,
      state: kind === "used" ? "used" : kind === "expired" ? "expired" : "live",
    },
  ]);
  return token as string;
}

/** The organização's second active owner deactivated for this run: the caller owner is the last one. */
async function loneOwner(): Promise<void> {
  last = undefined;
  dirty = true;
  await world.db.execute({
    sql: "UPDATE memberships SET deactivated_at = ? WHERE id = ?",
    args: [Date.now(), world.targets.dono2.membershipId],
  });
}

// Real-estate fixtures, made through the app's own write path (drafts) and then moved by SQL
// (status, publication) before the snapshot.

/** A POST of `person` to the app itself, from an IP of its own (urlencoded). */
async function appPost(path: string, person: Person, entries: [string, string][]): Promise<Response> {
  last = undefined;
  const n = ++counter;
  return fetch(`${base()}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: base(),
      cookie: person.cookie,
      "cf-connecting-ip": `10.240.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(entries).toString(),
  });
}

/** A new draft of `person`'s organization ("Novo rascunho"); its id and slug. */
async function newDraft(person: Person): Promise<{ id: string; slug: string }> {
  const res = await appPost("/property-drafts", person, [["intent", "novo"]]);
  const id = new URL(res.headers.get("location") ?? "/", base()).pathname.split("/").pop() ?? "";
  const row = (await world.db.execute({ sql: "SELECT slug FROM properties WHERE id = ?", args: [id] })).rows[0];
  if (!row) throw new Error(`fixture: no draft created (${res.status})`);
  return { id, slug: String(row.slug) };
}

interface Fixtures {
  /** Ours: an available property (its page takes contacts) and a sold one (410, no form). */
  available: { id: string; slug: string };
  sold: { id: string; slug: string };
  /** The other organization's draft: never ours to publish, delete or contact. */
  foreignDraft: { id: string; slug: string };
}
let fixtureCache: Fixtures | undefined;
async function fixtures(): Promise<Fixtures> {
  if (fixtureCache) return fixtureCache;
  const available = await newDraft(world.people.owner);
  const sold = await newDraft(world.people.owner);
  const foreignDraft = await newDraft(world.stranger);
  await world.db.batch(
    [
      { sql: "UPDATE properties SET status = 'disponivel', published_at = ? WHERE id = ?", args: [Date.now(), available.id] },
      { sql: "UPDATE properties SET status = 'vendido', published_at = ? WHERE id = ?", args: [Date.now(), sold.id] },
    ],
    "write",
  );
  fixtureCache = { available, sold, foreignDraft };
  return fixtureCache;
}

/** The organization's landing page, published (the /landing-page runs may have changed it): its slug. */
async function publishedLanding(): Promise<string> {
  const read = async () =>
    (await world.db.execute({ sql: "SELECT slug, published FROM landing_pages WHERE org_id = ?", args: [world.orgId] })).rows[0];
  let row = await read();
  if (!row) {
    await appPost("/landing-page", world.people.owner, [
      ["intent", "publicar"],
      ["slug", `fuzz-contato-${Date.now().toString(36)}`],
      ["titulo", "Casas e apartamentos em Campinas"],
      ["corPrimaria", "#1d4ed8"],
    ]);
    row = await read();
  }
  if (!row) throw new Error("fixture: no landing page published");
  if (row.published === null) {
    last = undefined;
    await world.db.execute({
      sql: "UPDATE landing_pages SET published = draft, published_at = ? WHERE org_id = ?",
      args: [Date.now(), world.orgId],
    });
  }
  return String(row.slug);
}

/** What a public contact form (the landing page, the property page) may write: one lead, in `orgId`. */
const LEAD_TABLES = [
  "record_counts",
  "clients",
  "client_keys",
  "property_interests",
  "property_interest_keys",
  "property_interest_places",
  "inbound_leads",
];

/**
 * A valid contact was received for the organization: one new lead (with its interest, about
 * `imovelId`, and a client, new or the one with this e-mail or phone) or, the same person the
 * same day, the first lead's repeats counted. Every row written is the organization's.
 */
function leadReceived(a: Attempt, origem: string, imovelId: string | null): Verdict {
  const leads = diff(a.before, a.after, "inbound_leads");
  const interests = diff(a.before, a.after, "property_interests");
  const clients = diff(a.before, a.after, "clients");
  for (const table of LEAD_TABLES) {
    const d = diff(a.before, a.after, table);
    expect(d.removed, `${a.where}: ${table} rows removed`).toEqual([]);
    for (const row of [...d.added, ...d.changed.map((c) => c.to)])
      if ("org_id" in row) expect(row.org_id, `${a.where}: ${table} row written for another organization`).toBe(world.orgId);
  }
  expect(interests.changed, `${a.where}: an interest changed`).toEqual([]);
  expect(clients.changed, `${a.where}: a client changed`).toEqual([]);
  if (leads.added.length === 0) {
    // Seen today: only its repeats grow.
    expect(leads.changed.length, `${a.where}: no lead received nor counted`).toBe(1);
    const { from, to } = leads.changed[0] as { from: Row; to: Row };
    expect(to, a.where).toEqual({ ...from, repeats: Number(from.repeats) + 1 });
    expect([interests.added, clients.added], `${a.where}: a repeated lead created records`).toEqual([[], []]);
    return { allowed: ["inbound_leads"], exercised: true, saved: true };
  }
  expect(leads.changed, a.where).toEqual([]);
  expect(leads.added.length, a.where).toBe(1);
  expect(interests.added.length, `${a.where}: not one interest`).toBe(1);
  expect(clients.added.length, `${a.where}: more than one client`).toBeLessThanOrEqual(1);
  const lead = leads.added[0] as Row;
  const interest = interests.added[0] as Row;
  expect([lead.origin, lead.property_id, lead.interest_id], a.where).toEqual([origem, imovelId, interest.id]);
  expect([interest.origin, interest.property_id, interest.client_id], a.where).toEqual([origem, imovelId, lead.client_id]);
  const client = (a.after.rows.clients ?? []).find((c) => c.id === lead.client_id);
  expect(client?.org_id, `${a.where}: the lead's client is not the organization's`).toBe(world.orgId);
  return { allowed: LEAD_TABLES, exercised: true, saved: true };
}

/** What /convite's invite is, this run. */
type InviteKind = "nova" | "conta" | "pendente" | "membro-alheio" | "membro" | "expirado" | "usado" | "lixo" | "sem-token" | "outro-tipo";

/** How recent the caller's last password check is (`authenticated_at`; null counts as the session's creation). */
type AuthAge = "fresh" | "stale" | "stale-null";

/** Each route's situation, set up before its snapshot (Run.state picks it). */
/** The special day /horarios's "remover-dia" sample removes (put back before each run), and another organização's. */
const HOURS_DAY_ID = "fuzz-dia-local";
const HOURS_FOREIGN_DAY_ID = "fuzz-dia-alheio";

/** /atendimento's world (ADR 061): the agenda's prerequisites (one profissional per role, none linked yet), products. */
let deskCache: DeskWorld | undefined;
async function deskWorld(): Promise<DeskWorld> {
  last = undefined;
  deskCache ??= await setUpDesk(e2eDb(), world.orgId, world.foreignOrgId);
  return deskCache;
}

/**
 * The professional person as the login of the desk's own profissional, only on /atendimento runs:
 * linked, a professional gets the slim layout (ADR 063), which every other screen here refuses.
 */
let deskLinked = false;
async function linkDeskProfessional(on: boolean): Promise<void> {
  if (!deskCache || deskLinked === on) return;
  last = undefined;
  await world.db.execute({
    sql: "UPDATE professionals SET user_id = ? WHERE id = ?",
    args: [on ? world.people.professional.id : null, deskCache.own],
  });
  deskLinked = on;
}

/**
 * /atendimento's states: whether the business lets stock go below zero (a finish's consumption may
 * be refused), and a professional whose login no profissional is linked to (a corretor: no queue).
 */
const DESK_STATES = ["estoque-livre", "estoque-travado", "sem-vinculo"] as const;

/**
 * Report files (ADR 086) /relatorios/arquivos may delete, put back before each of its runs: the
 * report and who asked decide who sees one (a professional only the commissions files they asked
 * for); the other organização's must never change.
 */
const REPORT_FILE_FIXTURES = {
  "arquivo-vendas": { report: "vendas", foreign: false, by: "admin" },
  "arquivo-comissoes-pro": { report: "comissoes", foreign: false, by: "professional" },
  "arquivo-comissoes-dono": { report: "comissoes", foreign: false, by: "owner" },
  "arquivo-alheio": { report: "vendas", foreign: true, by: "stranger" },
} as const satisfies Record<string, { report: string; foreign: boolean; by: Who | "stranger" }>;
type ReportFileFixture = keyof typeof REPORT_FILE_FIXTURES;
const REPORT_FILE_IDS = Object.fromEntries(Object.keys(REPORT_FILE_FIXTURES).map((k) => [k, crypto.randomUUID()])) as Record<
  ReportFileFixture,
  string
>;
/** State "fila-cheia": this many files waiting (the organização's cap) before the request. */
const REPORT_QUEUE_IDS = Array.from({ length: 10 }, () => crypto.randomUUID());

const SITUATIONS: Partial<Record<AccountRoute, (run: Run) => Promise<void>>> = {
  "/relatorios/arquivos": async (run) => {
    const now = Date.now();
    const row = (id: string, orgId: string, report: string, by: string, status: string) => ({
      sql: `INSERT OR IGNORE INTO report_files (id, org_id, report_id, params, format, title, file_name, status, progress, storage_key,
              requested_by, requested_at, expires_at, updated_at)
            VALUES (?, ?, ?, '{}', 'pdf', 'Arquivo do fuzz', 'fuzz.pdf', ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        id,
        orgId,
        report,
        status,
        status === "pronto" ? 100 : 0,
        `orgs/${orgId}/reports/${id}.pdf`,
        by,
        now,
        now + 30 * 86_400_000,
        now,
      ],
    });
    await world.db.batch(
      [
        ...(Object.entries(REPORT_FILE_FIXTURES) as [ReportFileFixture, (typeof REPORT_FILE_FIXTURES)[ReportFileFixture]][]).map(
          ([key, f]) =>
            row(
              REPORT_FILE_IDS[key],
              f.foreign ? world.foreignOrgId : world.orgId,
              f.report,
              f.by === "stranger" ? world.stranger.id : world.people[f.by].id,
              "pronto",
            ),
        ),
        ...(run.state === "fila-cheia"
          ? REPORT_QUEUE_IDS.map((id) => row(id, world.orgId, "vendas", world.people.owner.id, "na_fila"))
          : [{ sql: `DELETE FROM report_files WHERE id IN (${REPORT_QUEUE_IDS.map(() => "?").join(", ")})`, args: REPORT_QUEUE_IDS }]),
      ],
      "write",
    );
    Object.assign(run.vars, REPORT_FILE_IDS);
    last = undefined;
  },

  "/atendimento": async (run) => {
    const desk = await deskWorld();
    await linkDeskProfessional(run.state !== "sem-vinculo");
    // Fresh appointments in every situation, each in its own slot (a run's step never meets another run's).
    const ids = await deskAppointments(e2eDb(), desk, run.n);
    for (const situation of DESK_SITUATIONS) run.vars[`ag-${situation}`] = ids[situation];
    Object.assign(run.vars, {
      "ag-alheio": desk.foreign.appointment,
      servico: desk.service,
      servico2: desk.service2,
      "servico-alheio": desk.foreign.service,
      produto: desk.product,
      "produto-raro": desk.scarce,
      "produto-alheio": desk.foreign.product,
    });
    // No buffer (/business-settings runs may set one), and negative stock as the run's state says.
    await world.db.execute({
      sql: `INSERT INTO business_settings (org_id, allow_negative_stock, agenda_buffer_minutes) VALUES (?, ?, 0)
            ON CONFLICT(org_id) DO UPDATE SET allow_negative_stock = excluded.allow_negative_stock, agenda_buffer_minutes = 0`,
      args: [world.orgId, run.state === "estoque-livre" ? 1 : 0],
    });
  },

  "/horarios": async () => {
    const now = Date.now();
    await world.db.batch(
      [
        {
          sql: "INSERT OR IGNORE INTO business_hour_days (id, org_id, day, kind, intervals, reason, created_at) VALUES (?, ?, '2030-01-20', 'feriado', '[]', 'Fuzz', ?)",
          args: [HOURS_DAY_ID, world.orgId, now],
        },
        {
          sql: "INSERT OR IGNORE INTO business_hour_days (id, org_id, day, kind, intervals, reason, created_at) VALUES (?, ?, '2030-01-20', 'feriado', '[]', 'Alheio', ?)",
          args: [HOURS_FOREIGN_DAY_ID, world.foreignOrgId, now],
        },
      ],
      "write",
    );
    last = undefined;
  },

  "/property-drafts": async (run) => {
    run.vars.rascunho = (await newDraft(world.people.owner)).id;
    run.vars["rascunho-alheio"] = (await fixtures()).foreignDraft.id;
    run.vars["imovel-publicado"] = (await fixtures()).available.id;
  },

  "/property-drafts/:id": async (run) => {
    const f = await fixtures();
    const id =
      run.state === "rascunho"
        ? (await newDraft(world.people.owner)).id
        : run.state === "publicado"
          ? f.available.id
          : run.state === "alheio"
            ? f.foreignDraft.id
            : "nao-existe";
    run.vars.rascunho = id;
    run.path = `/property-drafts/${id}`;
  },

  "/p/:slug": async (run) => {
    const slug =
      run.state === "publicada" ? await publishedLanding() : run.state === "inexistente" ? "pagina-que-nao-existe" : "P%C3%A1gina";
    run.path = `/p/${slug}`;
  },

  "/imovel/:slug": async (run) => {
    const f = await fixtures();
    const slug =
      run.state === "disponivel"
        ? f.available.slug
        : run.state === "vendido"
          ? f.sold.slug
          : run.state === "rascunho"
            ? f.foreignDraft.slug
            : "imovel-que-nao-existe";
    run.vars.imovel = run.state === "disponivel" ? f.available.id : "";
    run.path = `/imovel/${slug}`;
  },

  "/admin/users": async (run) => {
    last = undefined;
    const statements = Object.values(world.invites).map((i) => ({
      sql: "UPDATE auth_tokens SET used_at = ? WHERE id = ?",
      args: [i.usedAt, i.id],
    }));
    if (run.person) {
      const now = Date.now();
      const old = now - REAUTH_WINDOW_MS - 60_000;
      statements.push(
        run.state === "stale-null"
          ? { sql: "UPDATE sessions SET authenticated_at = NULL, created_at = ? WHERE id = ?", args: [old, run.person.sessionId] }
          : {
              sql: "UPDATE sessions SET authenticated_at = ? WHERE id = ?",
              args: [run.state === "fresh" ? now : old, run.person.sessionId],
            },
      );
    }
    await world.db.batch(statements, "write");
  },

  "/perfil": async (run) => {
    if (!run.person) return;
    last = undefined;
    await world.db.execute({
      sql: "UPDATE auth_tokens SET used_at = ? WHERE user_id = ? AND purpose = 'email_change' AND used_at IS NULL",
      args: [Date.now(), run.person.id],
    });
    if (run.state === "troca-pendente" || run.state === "troca-ocupada") {
      const email = run.state === "troca-pendente" ? uniqueEmail(`troca-${run.n}`) : (world.verifiedPool[2] as string);
      await addTokens([{ purpose: "email_change", email, userId: run.person.id }]);
    }
    if (run.state === "dono-unico") await loneOwner();
  },

  "/sair-da-organizacao": async (run) => {
    if (run.state === "dono-unico") await loneOwner();
  },

  "/auth/callback": async (run) => {
    const n = run.n;
    // A sign-up someone else made last (the account's password is theirs), its link bound to the owner's.
    const confirm = await addUser({ label: `confirmar-${n}`, verified: false, attacker: true });
    const mover = await addUser({ label: `troca-${n}` });
    const undoer = await addUser({ label: `desfazer-${n}` });
    await newSession(undoer.id);
    const [confirmacao, recuperacao, troca, trocaOcupada, desfazer, desfazerOcupado, usado, expirado, convite] = await addTokens([
      { purpose: "email_confirmation", email: confirm.email, userId: confirm.id, passwordHash },
      { purpose: "password_recovery", email: world.recoverer.email, userId: world.recoverer.id },
      { purpose: "email_change", email: uniqueEmail(`novo-endereco-${n}`), userId: mover.id },
      { purpose: "email_change", email: world.verifiedPool[0] as string, userId: mover.id },
      { purpose: "email_change_undo", email: uniqueEmail(`antigo-${n}`), userId: undoer.id },
      { purpose: "email_change_undo", email: world.verifiedPool[1] as string, userId: undoer.id },
      { purpose: "email_confirmation", email: confirm.email, userId: confirm.id, passwordHash, state: "used" },
      { purpose: "email_change", email: uniqueEmail(`expirado-${n}`), userId: mover.id, state: "expired" },
      { purpose: "invite", email: uniqueEmail(`convite-${n}`), orgId: world.orgId, role: "staff", invitedBy: world.people.owner.id },
      // A change the undo must void.
      { purpose: "email_change", email: uniqueEmail(`pendente-${n}`), userId: undoer.id },
    ]);
    Object.assign(run.vars, {
      "token-confirmacao": confirmacao,
      "token-recuperacao": recuperacao,
      "token-troca": troca,
      "token-troca-ocupada": trocaOcupada,
      "token-desfazer": desfazer,
      "token-desfazer-ocupado": desfazerOcupado,
      "token-usado": usado,
      "token-expirado": expirado,
      "token-convite": convite,
    });
  },

  "/convite": async (run) => {
    const n = run.n;
    const kind = run.state as InviteKind;
    let email = uniqueEmail(`convidado-${n}`);
    if (kind === "conta") {
      const account = await addUser({ label: `convidado-${n}` });
      email = account.email;
      if (run.who === "noorg") {
        // Signed in as the invited account itself.
        const session = await newSession(account.id);
        run.person = { ...account, password: PASSWORD, sessionId: session.id, cookie: session.cookie, otherSessionId: "" };
        run.cookie = session.cookie;
      }
    } else if (kind === "pendente") {
      const account = await addUser({ label: `convidado-${n}`, verified: false, attacker: true });
      email = account.email;
      await addTokens([{ purpose: "email_confirmation", email, userId: account.id, passwordHash: attackerHash }]);
    } else if (kind === "membro-alheio") email = world.strangerMember.email;
    else if (kind === "membro") email = world.targets.equipe.email;
    let token = randomToken();
    if (kind === "outro-tipo")
      [token] = (await addTokens([{ purpose: "password_recovery", email: world.recoverer.email, userId: world.recoverer.id }])) as [string];
    else if (kind !== "lixo" && kind !== "sem-token")
      [token] = (await addTokens([
        {
          purpose: "invite",
          email,
          orgId: world.orgId,
          role: n % 2 ? "staff" : "professional",
          name: "Pessoa Convidada",
          invitedBy: world.people.owner.id,
          state: kind === "expirado" ? "expired" : kind === "usado" ? "used" : "live",
        },
      ])) as [string];
    run.search = kind === "sem-token" ? "" : `?token=${encodeURIComponent(token)}`;
    run.vars["senha-convidado"] = kind === "pendente" ? ATTACKER_PASSWORD : PASSWORD;
  },
};

/**
 * Per-user, per-organização and per-e-mail counters of the keyed limits (password, re-authentication,
 * invites, invite requests): emptied before every run, so each oracle knows no limit is near (the
 * fuzzer posts far more often than a person; per-IP ones never fill, each request has its own IP).
 * The limits themselves have their own tests below.
 */
const KEYED_COUNTERS = [
  "password:user:%",
  "reauth:user:%",
  "invite:org:%",
  "inviteRequest:email:%",
  "landingContact:org:%",
  "propertyLead:org:%",
  "reportFile:user:%",
  "reportFile:org:%",
];

/** Everything one request needs: fresh ids where a run consumes them, the placeholders' values. */
async function prepare(route: AccountRoute, who: Who, transport: Transport, state: string): Promise<Run> {
  const n = ++counter;
  await restore();
  await world.db.execute({
    sql: `DELETE FROM rate_limits WHERE ${KEYED_COUNTERS.map(() => "key LIKE ?").join(" OR ")}`,
    args: KEYED_COUNTERS,
  });
  const recovery = route === "/recover-password" ? (state as Recovery) : undefined;
  let person = who === "anonymous" ? null : world.people[who];
  let cookie = person?.cookie ?? "";
  if (route === "/completar-cadastro" && who === "noorg") {
    // Completing the registration gives the user an organization: a new one each run.
    person = await addPerson(`sem-org-${n}`);
    cookie = person.cookie;
  }
  let leaving: string | undefined;
  if (route === "/logout" && person) {
    // Signing out ends the session: a new one each run.
    const session = await newSession(person.id);
    cookie = session.cookie;
    leaving = session.id;
  }
  const pick = (pool: string[]) => pool[n % pool.length] as string;
  const login = pick(world.verifiedPool);
  const pending = pick(world.pendingPool);
  const t = world.targets;
  const vars: Record<string, string> = {
    "novo-email": uniqueEmail(`novo-${n}`),
    "email-login": login,
    "senha-login": world.accounts.get(login)?.password ?? PASSWORD,
    "email-pendente": pending,
    "senha-pendente": world.accounts.get(pending)?.password ?? PASSWORD,
    "email-equipe": t.equipe.email,
    "email-alheio": world.strangerMember.email,
    "email-eu": person?.email ?? world.people.owner.email,
    "senha-atual": (person ?? world.people.owner).password,
    "sessao-atual": person?.sessionId ?? "",
    "sessao-outra": person?.otherSessionId ?? world.people.owner.otherSessionId,
    "sessao-alheia": world.stranger.otherSessionId,
    "membro-equipe": t.equipe.membershipId,
    "membro-dono2": t.dono2.membershipId,
    "membro-desativado": t.desativado.membershipId,
    "membro-dono-desativado": t.donoDesativado.membershipId,
    "membro-eu": person?.membershipId ?? "",
    "membro-dono": world.people.owner.membershipId ?? "",
    "membro-admin": world.people.admin.membershipId ?? "",
    "membro-pro": world.people.professional.membershipId ?? "",
    "membro-alheio": world.strangerMember.membershipId,
    "convite-pendente": world.invites.pendente.id,
    "convite-dono": world.invites.dono.id,
    "convite-expirado": world.invites.expirado.id,
    "convite-usado": world.invites.usado.id,
    "convite-alheio": world.invites.alheio.id,
    ...(leaving ? { "sessao-saindo": leaving } : {}),
  };
  const run: Run = {
    n,
    route,
    who,
    transport,
    person,
    cookie,
    ip: `10.${77 + Math.floor(n / 62500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
    vars,
    state,
    search: "",
  };
  if (route !== "/atendimento") await linkDeskProfessional(false);
  await SITUATIONS[route]?.(run);
  if (route === "/business-settings" && n % 3 === 0) {
    // Every third run the organization has no settings row yet: the save inserts instead of updating.
    last = undefined;
    await world.db.execute({ sql: "DELETE FROM business_settings WHERE org_id = ?", args: [world.orgId] });
  }
  if (route === "/recover-password" && recovery) {
    run.recovery = recovery;
    const token = await recoveryToken(recovery);
    const value = recovery === "none" ? null : recovery === "broken" ? "%E0%A4%A" : encodeURIComponent(token);
    if (value !== null) run.cookie = [run.cookie, `alicerce_recovery=${value}`].filter(Boolean).join("; ");
    // The recoverer has a session the recovery must end.
    const live = await world.db.execute({
      sql: "SELECT count(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL",
      args: [world.recoverer.id],
    });
    if (Number(live.rows[0]?.n) === 0) await newSession(world.recoverer.id);
  }
  return run;
}

// ---------------------------------------------------------------------------------------------
// One request, and what every answer must be

type OriginKind = "ok" | "evil" | "none";
const origins = fc.oneof(
  { weight: 14, arbitrary: fc.constant<OriginKind>("ok") },
  { weight: 1, arbitrary: fc.constantFrom<OriginKind>("evil", "none") },
);

interface Attempt {
  run: Run;
  form: FormData | null;
  /** A raw body: Node and workerd may read a malformed one differently, so messages are not compared. */
  raw: boolean;
  outcome: Outcome;
  before: Snapshot;
  after: Snapshot;
  /** Clock readings (ms) just before the request left and just after its answer came. */
  sentAt: number;
  answeredAt: number;
  where: string;
  /** The body as sent when it was text (the public landing form reads it as urlencoded, whatever its type). */
  text?: string;
  /** Bytes of the body as sent, and the path's body limit (worker/http/body-limit.ts). */
  bytes: number;
  limit: number;
}

/** Tables the input may change; `exercised`: the action got to judge the input. */
interface Verdict {
  allowed: readonly string[];
  exercised: boolean;
  saved?: boolean;
  limited?: boolean;
}
const NOTHING: Verdict = { allowed: [], exercised: true };
const REFUSED: Verdict = { allowed: [], exercised: false };
const LIMITED: Verdict = { allowed: [], exercised: false, limited: true };

type Refusal = { redirect: string } | { status: number; message: string };

async function send(run: Run, body: Body, origin: OriginKind): Promise<Attempt> {
  const { transport } = run;
  const before = last ?? (await snapshot());
  const encoded = await encode(body, resolveIn(run));
  const headers: Record<string, string> = { "cf-connecting-ip": run.ip };
  if (origin === "ok") headers.origin = base();
  else if (origin === "evil") headers.origin = "https://evil.example";
  if (encoded.contentType) headers["content-type"] = encoded.contentType;
  if (run.cookie) headers.cookie = run.cookie;
  const path = run.path ?? run.route;
  const pathname = transport === "data" ? `${path}.data` : path;
  const bytes =
    typeof encoded.body === "string"
      ? new TextEncoder().encode(encoded.body).byteLength
      : (await new Response(encoded.body as BodyInit).arrayBuffer()).byteLength;
  const sentAt = Date.now();
  const res = await fetch(`${base()}${pathname}${run.search}`, { method: "POST", redirect: "manual", headers, body: encoded.body });
  const outcome = await readOutcome(res, transport);
  const answeredAt = Date.now();
  const after = await snapshot();
  last = after;
  if (changedTables(before, after).some((t) => t === "memberships" || t === "sessions")) dirty = true;
  const stateNote = run.state ? ` [${run.state}]` : "";
  const where = `POST ${pathname}${run.search} as ${run.who}${stateNote} origin=${origin} with ${encoded.label}`;
  const answer = `${outcome.status} ${JSON.stringify(outcome.messages).slice(0, 300)} ${outcome.redirect ?? ""}`;
  return {
    run,
    form: await serverView(encoded),
    raw: body.kind === "raw",
    outcome,
    before,
    after,
    sentAt,
    answeredAt,
    where: `${where} → ${answer}`,
    ...(typeof encoded.body === "string" ? { text: encoded.body } : {}),
    bytes,
    limit: bodyLimitFor(pathname),
  };
}

function expectMessages(a: Attempt, status: number, messages: string[]): void {
  expect(a.outcome.status, a.where).toBe(status);
  expect([...new Set(a.outcome.messages)].sort(), a.where).toEqual([...new Set(messages)].sort());
}

function expectRedirect(a: Attempt, to: string): void {
  expect(a.outcome.redirect, `${a.where}: expected a redirect to ${to}`).toBeDefined();
  const got = new URL(a.outcome.redirect ?? "", base());
  const want = new URL(to, base());
  expect(got.pathname + got.search, a.where).toBe(want.pathname + want.search);
}

/** A success answer of the actions that stay on the page: `{ ok: true, message }`. */
function expectOk(a: Attempt, intent?: string): void {
  expect(a.outcome.status, a.where).toBe(200);
  const data = a.outcome.data as { ok?: unknown; intent?: unknown; message?: unknown } | undefined;
  expect(data?.ok, a.where).toBe(true);
  if (intent) expect(data?.intent, a.where).toBe(intent);
}

/** The form the action validated, or undefined after checking the 400 it must have answered. */
function validated<T>(a: Attempt, schema: z.ZodType<T, unknown>): T | undefined {
  if (!a.form) {
    expectMessages(a, 400, [UNREADABLE_FORM]);
    return undefined;
  }
  const v = validateForm(schema, a.form);
  if (v.ok) return v.data;
  if (a.raw) expect(a.outcome.status, a.where).toBe(400);
  else expectMessages(a, 400, Object.values(v.errors));
  return undefined;
}

/** A 429 must say so, in pt-BR, and change nothing. */
function limited(a: Attempt): boolean {
  if (a.outcome.status !== 429) return false;
  expectMessages(a, 429, [RATE_LIMIT_MESSAGE]);
  return true;
}

/** Only `userId`'s row of `table` changed (or nothing did). */
function onlyRowOf(a: Attempt, table: string, id: string): Row | undefined {
  const d = diff(a.before, a.after, table);
  expect([...d.added, ...d.removed], `${a.where}: ${table} rows added or removed`).toEqual([]);
  expect(
    d.changed.map((c) => c.to.id),
    `${a.where}: another ${table} row changed`,
  ).toEqual(d.changed.length ? [id] : []);
  return (a.after.rows[table] ?? []).find((r) => r.id === id);
}

/** Sessions changed only by ending some of `userId`'s, never `keep`. */
function onlySessionsEnded(a: Attempt, userId: string, keep?: string): string[] {
  const d = diff(a.before, a.after, "sessions");
  expect([...d.added, ...d.removed], `${a.where}: sessions added or removed`).toEqual([]);
  for (const { from, to } of d.changed) {
    expect(to.user_id, `${a.where}: ended someone else's session`).toBe(userId);
    expect(from.revoked_at === null && to.revoked_at !== null, `${a.where}: a session changed other than by ending`).toBe(true);
    expect({ ...from, revoked_at: null }, a.where).toEqual({ ...to, revoked_at: null });
    expect(to.id, `${a.where}: ended the session making the request`).not.toBe(keep);
  }
  return d.changed.map((c) => String(c.to.id));
}

/**
 * Re-authentication (worker/auth/reauth.ts, ADR 019) before a team change: a `senha` typed must
 * be the caller's (checked even in a fresh session); none typed passes only while the session's
 * last password check is within the window. Checks the refusal, or, when the right one was typed,
 * that the caller's session was stamped with the time of the request — and then takes the stamp
 * out of `a.after`, so the route's own oracle judges the rest. True when the action went on.
 */
function reauthenticated(a: Attempt, typed: string | undefined): boolean {
  const p = a.run.person as Person;
  if (typed === undefined) {
    if (a.run.state === "fresh") return true;
    expectMessages(a, 403, [REAUTH_REQUIRED]);
    return false;
  }
  if (typed !== p.password) {
    expectMessages(a, 400, [REAUTH_WRONG]);
    return false;
  }
  const before = (a.before.rows.sessions ?? []).find((r) => r.id === p.sessionId) as Row;
  const sessions = (a.after.rows.sessions ?? []).map((r) => {
    if (r.id !== p.sessionId) return r;
    const at = Number(r.authenticated_at);
    expect(at, `${a.where}: the password check was not stamped on the session at the time of the request`).toBeGreaterThanOrEqual(
      a.sentAt - CLOCK_SLACK_MS,
    );
    expect(at, `${a.where}: the password check was not stamped on the session at the time of the request`).toBeLessThanOrEqual(
      a.answeredAt + CLOCK_SLACK_MS,
    );
    return { ...r, authenticated_at: before.authenticated_at };
  });
  a.after = { ...a.after, rows: guardedRows({ ...a.after.rows, sessions }), hashes: { ...a.after.hashes, sessions: hashRows(sessions) } };
  return true;
}

/** Ids of `userId`'s unused tokens of `purpose` (expired ones included: voiding takes them too). */
function pendingOf(s: Snapshot, userId: string, purpose: string): string[] {
  return (s.rows.auth_tokens ?? [])
    .filter((t) => t.user_id === userId && t.purpose === purpose && t.used_at === null)
    .map((t) => String(t.id));
}

/** Exactly the tokens `ids` were spent (their `used_at` set, nothing else of them), none removed; the tokens added. */
function spent(a: Attempt, ids: string[]): Row[] {
  const d = diff(a.before, a.after, "auth_tokens");
  expect(d.removed, `${a.where}: tokens removed`).toEqual([]);
  expect(d.changed.map((c) => String(c.to.id)).sort(), `${a.where}: not exactly these links spent`).toEqual([...new Set(ids)].sort());
  for (const { from, to } of d.changed) {
    expect(to.used_at, `${a.where}: a link changed but not spent`).not.toBeNull();
    expect({ ...from, used_at: null, user_id: null }, a.where).toEqual({ ...to, used_at: null, user_id: null });
  }
  return d.added;
}

/** `userId`'s pending e-mail changes were voided, and nothing else of auth_tokens changed. */
function pendingChangesVoided(a: Attempt, userId: string): Row[] {
  return spent(a, pendingOf(a.before, userId, "email_change"));
}

/** The recipients of the messages the request queued. */
function outboxTo(a: Attempt): unknown[] {
  return diff(a.before, a.after, "email_outbox").added.map((m) => m.to);
}

/** A new e-mail change to `email`: earlier ones voided, one link, e-mailed only when the address is free (same answer). */
function emailChangeIssued(a: Attempt, email: string): Verdict {
  const p = a.run.person as Person;
  const added = pendingChangesVoided(a, p.id);
  expect(
    added.map((t) => [t.purpose, t.user_id, t.email, t.used_at]),
    `${a.where}: one new link, for the new address`,
  ).toEqual([["email_change", p.id, email, null]]);
  expect(outboxTo(a), `${a.where}: e-mailed the new address though it has an account, or did not though it is free`).toEqual(
    usersBy(a.before, email) ? [] : [email],
  );
  return { allowed: ["auth_tokens", "email_outbox"], exercised: true, saved: true };
}

/**
 * An invite for `email` (`invite` null: already on the team, nothing sent): this organização's
 * pending invites for the address voided, one new invite by the caller, one e-mail.
 */
function invitesIssued(a: Attempt, email: string, invite: { name: string; role: string } | null): Verdict {
  const pending = (a.before.rows.auth_tokens ?? [])
    .filter((t) => t.org_id === world.orgId && t.purpose === "invite" && t.email === email && t.used_at === null)
    .map((t) => String(t.id));
  const added = spent(a, pending);
  expect(
    added.map((t) => [t.purpose, t.email, t.org_id, t.role, t.name, t.invited_by, t.user_id, t.used_at]),
    `${a.where}: the invite written`,
  ).toEqual(invite ? [["invite", email, world.orgId, invite.role, invite.name, a.run.person?.id, null, null]] : []);
  expect(outboxTo(a), a.where).toEqual(invite ? [email] : []);
  return { allowed: ["auth_tokens", "email_outbox"], exercised: true, saved: invite !== null };
}

/** The caller leaves their organização (the last active owner cannot): their membership, and nothing else, goes. */
function leftOrganization(a: Attempt, to: string): Verdict {
  const p = a.run.person as Person;
  const memberships = a.before.rows.memberships ?? [];
  const mine = memberships.find((m) => m.user_id === p.id);
  if (!mine) {
    expectMessages(a, 404, ["Você não faz parte de nenhuma organização."]);
    return NOTHING;
  }
  const others = memberships.filter((m) => m.org_id === mine.org_id && m.role === "owner" && m.deactivated_at === null && m.id !== mine.id);
  if (mine.role === "owner" && mine.deactivated_at === null && others.length === 0) {
    expectMessages(a, 409, [LAST_OWNER]);
    return NOTHING;
  }
  expectRedirect(a, to);
  const d = diff(a.before, a.after, "memberships");
  expect([d.added, d.changed, d.removed.map((m) => m.id)], `${a.where}: not exactly the caller's membership removed`).toEqual([
    [],
    [],
    [mine.id],
  ]);
  return { allowed: ["memberships"], exercised: true, saved: true };
}

/**
 * One new session, of `userId`; sessions otherwise only ended — `userId`'s own (nobody keeps a way
 * in from before) or the one this browser held, which must end when it is someone else's.
 */
function signedInInstead(a: Attempt, userId: string): void {
  const d = diff(a.before, a.after, "sessions");
  expect([d.added.map((s) => s.user_id), d.removed], `${a.where}: not one new session, of the account`).toEqual([[userId], []]);
  const caller = a.run.person;
  for (const { from, to } of d.changed) {
    expect(from.revoked_at === null && to.revoked_at !== null, `${a.where}: a session changed other than by ending`).toBe(true);
    expect(to.user_id === userId || to.id === caller?.sessionId, `${a.where}: ended someone else's session`).toBe(true);
  }
  if (caller && caller.id !== userId)
    expect(
      d.changed.map((c) => c.to.id),
      `${a.where}: the other account signed in here was not signed out`,
    ).toContain(caller.sessionId);
}

/** Passwords of the hashes the fuzzer writes (checking a hash costs a second; these it knows). */
const KNOWN_HASHES = new Map<string, string>();

/**
 * The saved hash is of `password`. Argon2id costs about a second in Node, so each route checks
 * its first PASSWORD_CHECKS saved passwords (the login oracle then proves the rest by use).
 */
const PASSWORD_CHECKS = 1;
const passwordChecks = new Map<string, number>();
function expectPassword(a: Attempt, password: string, hash: unknown): void {
  const done = passwordChecks.get(a.run.route) ?? 0;
  if (done >= PASSWORD_CHECKS) return;
  passwordChecks.set(a.run.route, done + 1);
  expect(verifyPassword(password, String(hash)), `${a.where}: the saved password is not the one typed`).toBe(true);
}

const usersBy = (s: Snapshot, email: string) => (s.rows.users ?? []).find((u) => u.email === email);

// ---------------------------------------------------------------------------------------------
// /atendimento's oracle (ADR 061)

const feito = (servicoIds: string[], produtos: unknown[]) => JSON.stringify({ servicoIds, produtos });
/** What the finish panel posts for the booked service: its recipe's products. */
const DESK_PANEL = feito(
  ["@@servico@@"],
  [
    { produtoId: "@@produto@@", quantidade: 1.5 },
    { produtoId: "@@produto-raro@@", quantidade: 0.25 },
  ],
);
/** The finish's `feito` (the panel's state as JSON): valid, foreign, unknown, out of range, malformed. */
const DESK_FEITOS = [
  DESK_PANEL,
  feito(["@@servico@@", "@@servico2@@"], [{ produtoId: "@@produto@@", quantidade: 3 }]),
  feito(["@@servico2@@", "@@servico2@@"], []),
  feito(["@@servico@@"], [{ produtoId: "@@produto-raro@@", quantidade: 5 }]),
  feito(["@@servico@@"], [{ produtoId: "@@produto@@", quantidade: 1_000_000 }]),
  feito(
    ["@@servico@@"],
    [
      { produtoId: "@@produto@@", quantidade: 1 },
      { produtoId: "@@produto@@", quantidade: 2.25 },
    ],
  ),
  feito(["@@servico@@"], [{ produtoId: "@@produto@@", quantidade: 0.0004 }]),
  feito([], []),
  feito(["@@servico-alheio@@"], []),
  feito(["@@servico@@"], [{ produtoId: "@@produto-alheio@@", quantidade: 1 }]),
  feito(["@@ag-pendente@@"], []),
  feito(["nao-existe"], []),
  feito(["@@servico@@"], [{ produtoId: "@@produto@@", quantidade: 0 }]),
  feito(["@@servico@@"], [{ produtoId: "@@produto@@", quantidade: -2 }]),
  feito(["@@servico@@"], [{ produtoId: "@@produto@@", quantidade: "1,5" }]),
  feito(["@@servico@@"], [{ produtoId: "@@produto@@", quantidade: 1_000_001 }]),
  feito(["@@servico@@"], [{ produtoId: "@@produto@@" }]),
  feito(
    Array.from({ length: 21 }, () => "@@servico@@"),
    [],
  ),
  feito(
    ["@@servico@@"],
    Array.from({ length: 51 }, () => ({ produtoId: "@@produto@@", quantidade: 0.01 })),
  ),
  // ADR 078: a product sold or a discount without a payment; a sold quantity that is not a positive integer of thousandths.
  '{"servicoIds":["@@servico@@"],"produtos":[],"vendidos":[{"produtoId":"@@produto@@","quantidadeMilli":1000}]}',
  '{"servicoIds":["@@servico@@"],"produtos":[],"descontoTotal":{"kind":"valor","centavos":500}}',
  '{"servicoIds":["@@servico@@"],"produtos":[],"vendidos":[{"produtoId":"@@produto@@","quantidadeMilli":0}]}',
  '{"servicoIds":["@@servico@@"],"produtos":[],"vendidos":[{"produtoId":"@@produto@@","quantidadeMilli":1.5}]}',
  '{"servicoIds":["@@servico@@"],"produtos":[{"produtoId":"@@produto@@","quantidade":1e400}]}',
  '{"servicoIds":"@@servico@@","produtos":[]}',
  '{"__proto__":{"servicoIds":["@@servico@@"]},"produtos":[]}',
  "null",
  "[]",
  '"texto"',
  "{",
  "",
];

const DESK_NOT_FOUND = "Agendamento não encontrado.";
const DESK_TABLES = {
  /** A step or an undo: the appointment's row only. */
  step: ["appointments"],
  /** A finish: the appointment, its services, the stock exits, the products' stock and the ledger's counters they keep. */
  finish: ["appointments", "appointment_services", "stock_movements", "products", "record_counts", "record_totals"],
};

/** The appointment `id` as the caller reaches it before the request: the organização's, live, and theirs if a professional (linked). */
function deskTarget(a: Attempt, id: string): Row | undefined {
  const own = deskCache?.own;
  return (a.before.rows.appointments ?? []).find(
    (r) =>
      r.id === id &&
      r.org_id === world.orgId &&
      r.deleted_at === null &&
      (a.run.who !== "professional" || (a.run.state !== "sem-vinculo" && r.professional_id === own)),
  );
}

const within = (a: Attempt, at: unknown, what: string) => {
  expect(Number(at), `${a.where}: ${what} is not the time of the request`).toBeGreaterThanOrEqual(a.sentAt - CLOCK_SLACK_MS);
  expect(Number(at), `${a.where}: ${what} is not the time of the request`).toBeLessThanOrEqual(a.answeredAt + CLOCK_SLACK_MS);
};

/** Only `target` changed in appointments, by `changes` (plus updated_at now, updated_by the caller). */
function deskAppointmentChanged(a: Attempt, target: Row, changes: Row): Row {
  const after = onlyRowOf(a, "appointments", String(target.id)) as Row;
  within(a, after.updated_at, "updated_at");
  expect(after, a.where).toEqual({ ...target, ...changes, updated_at: after.updated_at, updated_by: a.run.person?.id });
  return after;
}

// ---------------------------------------------------------------------------------------------
// /relatorios/arquivos (ADR 086): ask for a report file, or delete one

/** A field as the action reads it (`String(form.get(k) ?? "")`). */
function fieldText(form: FormData, key: string): string {
  const v = form.get(key);
  return v === null ? "" : typeof v === "string" ? v : String(v);
}

/** Waits for the report/requested job to finish the file (the local runner builds it after the answer). */
async function reportFileBuilt(a: Attempt, id: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await world.db.execute({ sql: "SELECT status, error FROM report_files WHERE id = ?", args: [id] });
    const status = String(r.rows[0]?.status ?? "(sem linha)");
    if (status === "pronto") break;
    expect(status, `${a.where}: the file's build failed: ${String(r.rows[0]?.error)}`).not.toBe("falhou");
    if (Date.now() > deadline) throw new Error(`${a.where}: file ${id} still "${status}" after 30 s`);
    await new Promise((done) => setTimeout(done, 100));
  }
  // The build wrote after the answer's snapshot: the next request starts from a fresh one.
  last = undefined;
}

async function reportFilesCheck(a: Attempt): Promise<Verdict> {
  const files = diff(a.before, a.after, "report_files");
  // No page of its own: every refusal lands on /relatorios with its notice (FILE_NOTICES).
  const nothingWritten = (aviso: string): Verdict => {
    expectRedirect(a, `/relatorios?aviso=${aviso}`);
    expect([...files.added, ...files.removed, ...files.changed], `${a.where}: report files written`).toEqual([]);
    return NOTHING;
  };
  if (!a.form) return nothingWritten("ilegivel");
  const form = a.form;
  const settings = (a.before.rows.business_settings ?? []).find((r) => r.org_id === world.orgId);
  const actor = { role: a.run.who as Role, ownOnly: Boolean(settings?.broker_own_records_only) };
  const intent = form.get("intent");
  if (intent === "exportar") {
    const reportId = fieldText(form, "r");
    const format = fieldText(form, "formato");
    const report = fileReport(reportId);
    if (!(REPORT_FORMATS as readonly string[]).includes(format) || !report) return nothingWritten("invalido");
    if (!fileReach(actor, report)) return nothingWritten("proibido");
    // The monthly summary is the schedule's, not a report of the catalogue one asks for.
    if (!reportById(reportId)) return nothingWritten("invalido");
    if (a.run.state === "fila-cheia") return nothingWritten("fila");
    expect([...files.removed, ...files.changed], `${a.where}: other report files touched`).toEqual([]);
    expect(files.added.length, `${a.where}: not one report file asked for`).toBe(1);
    const row = files.added[0] as Row;
    expectRedirect(a, `/relatorios?arquivo=${row.id}`);
    expect([row.org_id, row.report_id, row.format, row.requested_by], a.where).toEqual([world.orgId, reportId, format, a.run.person?.id]);
    const params = JSON.parse(String(row.params)) as Record<string, string>;
    expect(params.de, `${a.where}: the period kept`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(params.ate, `${a.where}: the period kept`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(String(row.storage_key).startsWith(`orgs/${world.orgId}/reports/`), `${a.where}: stored under the organização`).toBe(true);
    await reportFileBuilt(a, String(row.id));
    return { allowed: ["report_files"], exercised: true, saved: true };
  }
  if (intent === "excluir") {
    const id = fieldText(form, "id");
    const key = (Object.keys(REPORT_FILE_IDS) as ReportFileFixture[]).find((k) => REPORT_FILE_IDS[k] === id);
    const fixture = key ? REPORT_FILE_FIXTURES[key] : undefined;
    const report = fixture && !fixture.foreign ? fileReport(fixture.report) : undefined;
    const reach = report ? fileReach(actor, report) : undefined;
    const visible = reach === "any" || (reach === "own" && fixture?.by === a.run.who);
    if (!visible) return nothingWritten("sumiu");
    expectRedirect(a, "/relatorios?aviso=excluido");
    expect([...files.added, ...files.changed], `${a.where}: report files written`).toEqual([]);
    expect(
      files.removed.map((r) => r.id),
      `${a.where}: not exactly the file asked for deleted`,
    ).toEqual([id]);
    return { allowed: ["report_files"], exercised: true, saved: true };
  }
  return nothingWritten("acao");
}

/** The answer of a step or undo that went through: `{ ok, id, passo, anterior }`. */
function deskStepDone(a: Attempt, id: string, passo: DeskStep, anterior: unknown): void {
  expect(a.outcome.status, a.where).toBe(200);
  expect(a.outcome.data, a.where).toEqual({ ok: true, id, passo, anterior });
}

function deskStepCheck(a: Attempt, id: string, step: DeskStep, target: Row): Verdict {
  const status = target.status as AppointmentStatus;
  const checkedIn = target.checked_in_at !== null;
  if (!stepAllowed(step, status, checkedIn)) {
    const message =
      step === "faltou" && checkedIn
        ? "O cliente já chegou: não pode ser marcado como falta."
        : step === "chegou" && checkedIn
          ? "A chegada deste cliente já foi registrada."
          : `Não é possível "${STEP_LABEL[step]}": o agendamento está ${APPOINTMENT_STATUS.label(status).toLowerCase()}. A fila foi atualizada.`;
    expectMessages(a, 409, [message]);
    return NOTHING;
  }
  deskStepDone(a, id, step, status);
  const after = onlyRowOf(a, "appointments", id) as Row;
  if (step === "chegou") {
    // The arrival alone: the status stays.
    within(a, after.checked_in_at, "checked_in_at");
    deskAppointmentChanged(a, target, { checked_in_at: after.checked_in_at });
  } else if (step === "iniciar") {
    if (target.started_at === null) within(a, after.started_at, "started_at");
    deskAppointmentChanged(a, target, { status: "em_atendimento", started_at: target.started_at ?? after.started_at, finished_at: null });
  } else deskAppointmentChanged(a, target, { status: step === "faltou" ? "faltou" : "cancelado" });
  return { allowed: DESK_TABLES.step, exercised: true, saved: true };
}

function deskUndoCheck(a: Attempt, id: string, previous: string, target: Row | undefined): Verdict {
  if (previous !== "pendente" && previous !== "confirmado") {
    expectMessages(a, 400, ["Não há o que desfazer."]);
    return NOTHING;
  }
  if (!target) {
    expectMessages(a, 404, [DESK_NOT_FOUND]);
    return NOTHING;
  }
  if (target.status !== "faltou") {
    expectMessages(a, 409, ["Não há falta para desfazer: o agendamento mudou. A fila foi atualizada."]);
    return NOTHING;
  }
  // Back to holding the time: refused (409, naming why) when another live appointment took it.
  const taken = (a.before.rows.appointments ?? []).some(
    (r) =>
      r.id !== id &&
      r.org_id === world.orgId &&
      r.professional_id === target.professional_id &&
      r.deleted_at === null &&
      r.status !== "cancelado" &&
      r.status !== "faltou" &&
      Number(r.starts_at) < Number(target.ends_at) &&
      Number(r.ends_at) > Number(target.starts_at),
  );
  if (taken) {
    expect(a.outcome.status, a.where).toBe(409);
    expect(a.outcome.messages.length, a.where).toBe(1);
    return NOTHING;
  }
  deskStepDone(a, id, "faltou", "faltou");
  deskAppointmentChanged(a, target, { status: previous });
  return { allowed: DESK_TABLES.step, exercised: true, saved: true };
}

function deskFinishCheck(a: Attempt, id: string, raw: FormDataEntryValue | null, target: Row | undefined): Verdict {
  let body: unknown;
  try {
    body = JSON.parse(String(raw ?? ""));
  } catch {
    expectMessages(a, 400, ["Não foi possível ler o que foi feito. Recarregue a página e tente de novo."]);
    return NOTHING;
  }
  const parsed = finishSchema.safeParse(body);
  if (!parsed.success) {
    expectMessages(a, 422, [parsed.error.issues[0]?.message ?? ""]);
    return NOTHING;
  }
  // ADR 078: products sold or a discount need a payment (refused before the appointment is read).
  if (!parsed.data.pagamentos && (parsed.data.vendidos?.length || parsed.data.descontoTotal)) {
    expectMessages(a, 422, ["Para vender produtos ou dar desconto, escolha como o cliente pagou."]);
    return NOTHING;
  }
  if (!target) {
    expectMessages(a, 404, [DESK_NOT_FOUND]);
    return NOTHING;
  }
  const status = target.status as AppointmentStatus;
  if (status === "concluido") {
    expectMessages(a, 409, ["Este atendimento já foi finalizado: nada foi lançado de novo."]);
    return NOTHING;
  }
  if (status === "cancelado" || status === "faltou") {
    expectMessages(a, 409, [`Este agendamento está ${APPOINTMENT_STATUS.label(status).toLowerCase()} e não pode ser finalizado.`]);
    return NOTHING;
  }
  const ours = (table: string, id: unknown) =>
    (a.before.rows[table] ?? []).find((r) => r.id === id && r.org_id === world.orgId && r.deleted_at === null);
  const { servicoIds, produtos } = parsed.data;
  if (servicoIds.some((s) => !ours("services", s))) {
    expectMessages(a, 422, ["Serviço não encontrado. Escolha um serviço cadastrado."]);
    return NOTHING;
  }
  const lines = mergeConsumption(produtos);
  if (lines.some((l) => !ours("products", l.produtoId))) {
    expectMessages(a, 422, ["Produto não encontrado. Escolha um produto cadastrado."]);
    return NOTHING;
  }
  const milli = (q: number) => Math.round(q * 1000);
  const negativeAllowed = (a.before.rows.business_settings ?? []).find((b) => b.org_id === world.orgId)?.allow_negative_stock === 1;
  const short = lines.filter((l) => Number(ours("products", l.produtoId)?.stock_milli) - milli(l.quantidade) < 0);
  if (!negativeAllowed && short.length) {
    expect(a.outcome.status, a.where).toBe(409);
    expect(a.outcome.messages.length, a.where).toBe(1);
    const message = a.outcome.messages[0] ?? "";
    expect(message.startsWith("Estoque insuficiente de "), a.where).toBe(true);
    for (const l of short) expect(message, a.where).toContain(String(ours("products", l.produtoId)?.name));
    return NOTHING;
  }
  expect(a.outcome.status, a.where).toBe(200);
  // The fuzz's forms never carry `pagamentos`: the finish makes no sale (the desk's own e2e pays).
  expect(a.outcome.data, a.where).toEqual({ ok: true, id, movimentos: lines.length, venda: null });
  const services = servicoIds.map((s) => ours("services", s) as Row);
  const after = onlyRowOf(a, "appointments", id) as Row;
  within(a, after.finished_at, "finished_at");
  deskAppointmentChanged(a, target, {
    status: "concluido",
    started_at: target.started_at ?? after.finished_at,
    finished_at: after.finished_at,
    total_cents: services.reduce((sum, s) => sum + Number(s.price_cents), 0),
  });
  // What was done replaces what was booked, in the order given.
  const done = diff(a.before, a.after, "appointment_services");
  expect(done.changed, a.where).toEqual([]);
  expect(
    done.removed.map((r) => r.appointment_id),
    `${a.where}: removed services of another appointment or kept the booked ones`,
  ).toEqual((a.before.rows.appointment_services ?? []).filter((r) => r.appointment_id === id).map(() => id));
  expect(
    done.added
      .sort((x, y) => Number(x.position) - Number(y.position))
      .map((r) => [r.org_id, r.appointment_id, r.service_id, r.name, r.price_cents]),
    a.where,
  ).toEqual(services.map((s) => [world.orgId, id, s.id, s.name, s.price_cents]));
  // One "consumo" exit per product, the stock going down by it (nothing else of the products changes).
  const exits = diff(a.before, a.after, "stock_movements");
  expect([exits.changed, exits.removed], a.where).toEqual([[], []]);
  expect(
    exits.added.map((m) => [m.org_id, m.appointment_id, m.product_id, m.kind, Number(m.quantity_milli), m.created_by]).sort(),
    a.where,
  ).toEqual(lines.map((l) => [world.orgId, id, l.produtoId, "consumo", -milli(l.quantidade), a.run.person?.id]).sort());
  const stock = diff(a.before, a.after, "products");
  expect([stock.added, stock.removed], a.where).toEqual([[], []]);
  expect(
    stock.changed.map(({ from, to }) => [to.id, Number(from.stock_milli) - Number(to.stock_milli), { ...to, stock_milli: 0 }]).sort(),
    a.where,
  ).toEqual(
    stock.changed
      .map(({ from }) => [
        from.id,
        milli(lines.find((l) => l.produtoId === from.id)?.quantidade ?? Number.NaN),
        { ...from, stock_milli: 0 },
      ])
      .sort(),
  );
  expect(stock.changed.map((c) => c.to.id).sort(), `${a.where}: not exactly the consumed products' stock moved`).toEqual(
    lines.map((l) => l.produtoId).sort(),
  );
  return { allowed: DESK_TABLES.finish, exercised: true, saved: true };
}

function deskCheck(a: Attempt): Verdict {
  if (!a.form) {
    expectMessages(a, 400, [UNREADABLE_FORM]);
    return NOTHING;
  }
  const form = a.form;
  const text = (key: string) => String(form.get(key) ?? "");
  const id = text("id");
  if (!isId(id)) {
    expectMessages(a, 404, [DESK_NOT_FOUND]);
    return NOTHING;
  }
  const target = deskTarget(a, id);
  const intent = form.get("intent");
  if (intent === "passo") {
    const step = text("passo");
    if (!(DESK_STEPS as readonly string[]).includes(step) || step === "finalizar") {
      expectMessages(a, 400, ["Passo desconhecido. Recarregue a página."]);
      return NOTHING;
    }
    if (!target) {
      expectMessages(a, 404, [DESK_NOT_FOUND]);
      return NOTHING;
    }
    return deskStepCheck(a, id, step as DeskStep, target);
  }
  if (intent === "desfazer") {
    const previous = text("status");
    if (!(APPOINTMENT_STATUSES as readonly string[]).includes(previous)) {
      expectMessages(a, 400, ["Não há o que desfazer."]);
      return NOTHING;
    }
    return deskUndoCheck(a, id, previous, target);
  }
  if (intent === "finalizar") return deskFinishCheck(a, id, form.get("feito"), target);
  expectMessages(a, 400, [UNKNOWN_INTENT]);
  return NOTHING;
}

// ---------------------------------------------------------------------------------------------
// The routes: who posts, the valid forms, the guard, and the oracle

interface RouteFuzz {
  /** Who posts (weights): the route's main principal first. */
  principals: fc.Arbitrary<Who>;
  /** The main principal, for the valid-sample checks, and the others the action serves. */
  main: Who;
  others?: Who[];
  valid: Entry[][];
  /** The situations a run is in (Run.state), and the one each valid form is posted in (default: the first). */
  states?: fc.Arbitrary<string>;
  validStates?: string[];
  intents?: string[];
  /** The route's own fields' values, over the shared FIELD_VALUES (a field name another route uses differently). */
  fields?: Record<string, fc.Arbitrary<Value>>;
  schema?: z.ZodType<unknown, unknown>;
  /**
   * How the forms are posted (default: both). A page that ships no JavaScript (ADR 022) has no
   * action data in its HTML to read: its answers are read as `.data`, and what a person sees
   * after a plain post is checked by the page's own e2e test (property-photos, landing).
   */
  transports?: readonly Transport[];
  refusal(who: Who): Refusal | null;
  check(a: Attempt): Promise<Verdict> | Verdict;
}

/** The i-th sample's transport: alternating, among those the route takes. */
function transportOf(spec: RouteFuzz, i: number): Transport {
  const allowed = spec.transports ?? (["document", "data"] as const);
  return allowed[i % allowed.length] as Transport;
}

function weighted(...entries: [Who, number][]): fc.Arbitrary<Who> {
  return fc.oneof(...entries.map(([who, weight]) => ({ weight, arbitrary: fc.constant(who) })));
}

/** Public screens: a signed-in visitor goes to / (the layout's middleware) before the action. */
const publicOnly = (who: Who): Refusal | null => (who === "anonymous" ? null : { redirect: "/" });
const signedIn = (who: Who): Refusal | null => (who === "anonymous" ? { redirect: "/login" } : null);
const inOrg = (who: Who): Refusal | null =>
  signedIn(who) ??
  (who === "noorg" ? { redirect: "/completar-cadastro" } : who === "deactivated" ? { status: 403, message: DEACTIVATED_MESSAGE } : null);
const managers = (who: Who): Refusal | null =>
  inOrg(who) ?? (who === "owner" || who === "admin" ? null : { status: 403, message: FORBIDDEN_MESSAGE });

const ROUTES: Record<AccountRoute, RouteFuzz> = {
  "/login": {
    principals: weighted(["anonymous", 8], ["owner", 1]),
    main: "anonymous",
    valid: [
      [
        ["email", "@@email-login@@"],
        ["senha", "@@senha-login@@"],
      ],
      [
        ["email", "@@email-pendente@@"],
        ["senha", "@@senha-pendente@@"],
      ],
    ],
    schema: loginSchema,
    refusal: publicOnly,
    check(a) {
      const v = validated(a, loginSchema);
      if (!v) return NOTHING;
      if (limited(a)) return LIMITED;
      const account = world.accounts.get(v.email);
      if (account && account.password === v.senha) {
        if (account.verified) {
          expectRedirect(a, "/");
          const d = diff(a.before, a.after, "sessions");
          expect(
            d.added.map((s) => s.user_id),
            `${a.where}: one new session, of that account`,
          ).toEqual([account.id]);
          expect([...d.changed, ...d.removed], a.where).toEqual([]);
          return { allowed: ["sessions"], exercised: true, saved: true };
        }
        // Unconfirmed: no session, a new confirmation link instead (none past the resend pace).
        expectMessages(a, 403, [EMAIL_NOT_CONFIRMED]);
        const tokens = diff(a.before, a.after, "auth_tokens").added;
        const sent = tokens.map((t) => [t.user_id, t.purpose]);
        expect([[], [[account.id, "email_confirmation"]]], a.where).toContainEqual(sent);
        return { allowed: ["auth_tokens", "email_outbox"], exercised: true };
      }
      expectMessages(a, 401, [LOGIN_FAILED]);
      return NOTHING;
    },
  },

  "/criar-conta": {
    principals: weighted(["anonymous", 8], ["owner", 1]),
    main: "anonymous",
    valid: [
      [
        ["nome", "Joana D'Arc Silva"],
        ["email", "@@novo-email@@"],
        ["senha", "uma-senha-forte-1"],
        ["confirmarSenha", "uma-senha-forte-1"],
        ["aceite", "on"],
      ],
    ],
    schema: signUpSchema,
    refusal: () => null,
    check(a) {
      const v = validated(a, signUpSchema);
      if (!v) return NOTHING;
      if (limited(a)) return LIMITED;
      // The same answer for a new and a known e-mail (no enumeration).
      expectRedirect(a, `/email-confirmation?email=${encodeURIComponent(v.email)}`);
      const existing = usersBy(a.before, v.email);
      const added = diff(a.before, a.after, "users").added;
      if (existing) {
        expect(added, `${a.where}: created an account for a known e-mail`).toEqual([]);
        if (existing.email_verified_at !== null) return { allowed: ["email_outbox"], exercised: true };
        // Unconfirmed: signing up again replaces the name and password (pre-hijacking) and
        // voids every earlier confirmation link; only the new one is live.
        const user = onlyRowOf(a, "users", String(existing.id)) as Row;
        expect([user.email, user.name, user.email_verified_at], a.where).toEqual([v.email, v.nome, null]);
        expectPassword(a, v.senha, user.password_hash);
        const tokens = diff(a.before, a.after, "auth_tokens");
        expect(
          tokens.added.map((t) => [t.user_id, t.purpose, t.used_at]),
          a.where,
        ).toEqual([[existing.id, "email_confirmation", null]]);
        const live = (a.after.rows.auth_tokens ?? []).filter(
          (t) => t.user_id === existing.id && t.purpose === "email_confirmation" && t.used_at === null,
        );
        expect(live.length, `${a.where}: only the newest confirmation link is live`).toBe(1);
        const account = world.accounts.get(v.email);
        if (account) account.password = v.senha;
        return { allowed: ["users", "auth_tokens", "email_outbox"], exercised: true, saved: true };
      }
      expect(added.length, `${a.where}: one new account`).toBe(1);
      const user = added[0] as Row;
      expect([user.email, user.name, user.email_verified_at], a.where).toEqual([v.email, v.nome, null]);
      expect(user.terms_accepted_at, a.where).not.toBeNull();
      expectPassword(a, v.senha, user.password_hash);
      const tokens = diff(a.before, a.after, "auth_tokens").added;
      expect(
        tokens.map((t) => [t.user_id, t.purpose]),
        a.where,
      ).toEqual([[user.id, "email_confirmation"]]);
      world.accounts.set(v.email, { id: String(user.id), password: v.senha, verified: false });
      return { allowed: ["users", "auth_tokens", "email_outbox"], exercised: true, saved: true };
    },
  },

  "/forgot-password": {
    principals: weighted(["anonymous", 8], ["owner", 1]),
    main: "anonymous",
    valid: [[["email", "@@email-login@@"]], [["email", "@@novo-email@@"]]],
    schema: emailOnlySchema,
    refusal: publicOnly,
    check(a) {
      const v = validated(a, emailOnlySchema);
      if (!v) return NOTHING;
      if (limited(a)) return LIMITED;
      // The same neutral answer whether or not the account exists.
      expect(a.outcome.status, a.where).toBe(200);
      expect(a.outcome.data, a.where).toEqual({ sent: true, errors: {} });
      const user = usersBy(a.before, v.email);
      const tokens = diff(a.before, a.after, "auth_tokens").added;
      if (!user) return NOTHING;
      expect(
        tokens.map((t) => [t.user_id, t.purpose, t.email]),
        a.where,
      ).toEqual([[user.id, "password_recovery", v.email]]);
      return { allowed: ["auth_tokens", "email_outbox"], exercised: true, saved: true };
    },
  },

  "/recover-password": {
    principals: weighted(["anonymous", 8], ["owner", 1]),
    main: "anonymous",
    valid: [
      [
        ["senha", "nova-senha-forte-42"],
        ["confirmarSenha", "nova-senha-forte-42"],
      ],
    ],
    schema: newPasswordSchema,
    states: recoveries,
    validStates: ["valid"],
    refusal: publicOnly,
    check(a) {
      const v = validated(a, newPasswordSchema);
      if (!v) return NOTHING;
      if (a.run.recovery !== "valid") {
        expectMessages(a, 400, [INVALID_LINK]);
        return NOTHING;
      }
      expectRedirect(a, "/");
      const r = world.recoverer;
      const user = onlyRowOf(a, "users", r.id);
      expectPassword(a, v.senha, user?.password_hash);
      const sessions = diff(a.before, a.after, "sessions");
      const liveBefore = (a.before.rows.sessions ?? []).filter((s) => s.user_id === r.id && s.revoked_at === null).map((s) => s.id);
      expect(sessions.changed.map((c) => c.to.id).sort(), `${a.where}: every other session of the account ends`).toEqual(liveBefore.sort());
      expect(
        sessions.added.map((s) => s.user_id),
        a.where,
      ).toEqual([r.id]);
      // The link is used up, and the account's pending confirmations (bound to older passwords) are voided.
      const token = diff(a.before, a.after, "auth_tokens");
      expect(token.added, a.where).toEqual([]);
      const pending = (a.before.rows.auth_tokens ?? []).filter(
        (t) => t.user_id === r.id && t.purpose === "email_confirmation" && t.used_at === null,
      );
      expect(
        token.changed.map((c) => [c.to.purpose, c.to.used_at !== null]).sort(),
        `${a.where}: the link is used up, pending confirmations voided, nothing else`,
      ).toEqual([["password_recovery", true], ...pending.map(() => ["email_confirmation", true])].sort());
      world.accounts.set(r.email, { id: r.id, password: v.senha, verified: true });
      r.password = v.senha;
      return { allowed: ["users", "sessions", "auth_tokens", "refresh_tokens"], exercised: true, saved: true };
    },
  },

  "/email-confirmation": {
    principals: weighted(["anonymous", 8], ["owner", 1]),
    main: "anonymous",
    valid: [[["email", "@@email-pendente@@"]], [["email", "@@email-login@@"]]],
    schema: emailOnlySchema,
    refusal: () => null,
    check(a) {
      const v = validated(a, emailOnlySchema);
      if (!v) return NOTHING;
      if (limited(a)) return LIMITED;
      expect(a.outcome.status, a.where).toBe(200);
      expect(a.outcome.data, a.where).toEqual({ sent: true, errors: {} });
      const user = usersBy(a.before, v.email);
      if (!user || user.email_verified_at !== null) return NOTHING;
      expect(
        diff(a.before, a.after, "auth_tokens").added.map((t) => [t.user_id, t.purpose]),
        a.where,
      ).toEqual([[user.id, "email_confirmation"]]);
      return { allowed: ["auth_tokens", "email_outbox"], exercised: true, saved: true };
    },
  },

  "/auth/callback": {
    principals: weighted(["anonymous", 6], ["owner", 2], ["noorg", 1]),
    main: "anonymous",
    others: ["owner"],
    valid: [
      [
        ["type", "signup"],
        ["token", "@@token-confirmacao@@"],
        ["senha", PASSWORD],
      ],
      [
        ["type", "recovery"],
        ["token", "@@token-recuperacao@@"],
      ],
      [
        ["type", "email_change"],
        ["token", "@@token-troca@@"],
      ],
      [
        ["type", "email_change_undo"],
        ["token", "@@token-desfazer@@"],
      ],
      // The address taken meanwhile: a neutral refusal; the undo still locks the account.
      [
        ["type", "email_change"],
        ["token", "@@token-troca-ocupada@@"],
      ],
      [
        ["type", "email_change_undo"],
        ["token", "@@token-desfazer-ocupado@@"],
      ],
    ],
    schema: linkActionSchema,
    refusal: () => null,
    async check(a) {
      // A tampered type or token is an unusable link; only a bad password is the field's own error.
      const v = a.form ? validateForm(linkActionSchema, a.form) : null;
      if (!v?.ok) {
        const errors = v ? v.errors : {};
        if (a.raw) expect(a.outcome.status, a.where).toBe(400);
        else expectMessages(a, 400, errors.senha ? Object.values(errors) : [INVALID_LINK]);
        return NOTHING;
      }
      const input = v.data;
      const id = await digest(input.token);
      const row = (a.before.rows.auth_tokens ?? []).find((t) => t.id === id);
      const owner = row ? (a.before.rows.users ?? []).find((u) => u.id === row.user_id) : undefined;
      const live = (purpose: string) =>
        row !== undefined && row.purpose === purpose && row.used_at === null && Number(row.expires_at) > a.sentAt && owner !== undefined;
      const invalid = () => {
        expectMessages(a, 400, [INVALID_LINK]);
        return NOTHING;
      };
      const caller = a.run.person;
      switch (input.type) {
        case "signup": {
          if (!live("email_confirmation") || !row?.password_hash || owner?.email_verified_at !== null) return invalid();
          if (KNOWN_HASHES.get(String(row.password_hash)) !== input.senha) {
            expectMessages(a, 400, [CONFIRMATION_PASSWORD_WRONG]);
            return NOTHING;
          }
          // Confirmed into the password of the sign-up that sent the link, whoever signed up last.
          expectRedirect(a, "/completar-cadastro");
          const user = onlyRowOf(a, "users", String(owner.id)) as Row;
          expect([user.password_hash, user.email_verified_at !== null], a.where).toEqual([row.password_hash, true]);
          spent(a, [id]);
          signedInInstead(a, String(owner.id));
          return { allowed: ["users", "auth_tokens", "sessions", "refresh_tokens"], exercised: true, saved: true };
        }
        case "recovery": {
          if (!live("password_recovery")) return invalid();
          // Not spent here (the new password spends it); this browser's other account is signed out.
          expectRedirect(a, "/recover-password");
          const ended = onlySessionsEnded(a, caller?.id ?? "");
          expect(ended, a.where).toEqual(caller ? [caller.sessionId] : []);
          return caller ? { allowed: ["sessions"], exercised: true, saved: true } : { ...NOTHING, saved: true };
        }
        case "email_change": {
          if (!live("email_change")) return invalid();
          const holder = usersBy(a.before, String(row?.email));
          if (holder) {
            // Taken since it was asked for: a neutral refusal; the link is spent all the same.
            expectMessages(a, 409, [EMAIL_CHANGE_NOT_POSSIBLE]);
            spent(a, [id]);
            return { allowed: ["auth_tokens"], exercised: true };
          }
          expect([a.outcome.status, a.outcome.data], a.where).toEqual([200, { done: "email_change", email: row?.email }]);
          const user = onlyRowOf(a, "users", String(owner?.id)) as Row;
          expect(user.email, a.where).toBe(row?.email);
          // The old address gets the undo link; the account's other pending changes die.
          const added = spent(a, [id, ...pendingOf(a.before, String(owner?.id), "email_change")]);
          expect(
            added.map((t) => [t.purpose, t.email, t.user_id, t.used_at]),
            a.where,
          ).toEqual([["email_change_undo", owner?.email, owner?.id, null]]);
          expect(outboxTo(a), a.where).toEqual([owner?.email]);
          return { allowed: ["users", "auth_tokens", "email_outbox"], exercised: true, saved: true };
        }
        case "email_change_undo": {
          if (!live("email_change_undo")) return invalid();
          const holder = usersBy(a.before, String(row?.email));
          const restored = owner?.email !== row?.email && !holder;
          expect([a.outcome.status, a.outcome.data], a.where).toEqual([200, { done: "email_change_undo", restored }]);
          const user = onlyRowOf(a, "users", String(owner?.id)) as Row;
          // Back to the old address (when free), and a password nobody knows.
          expect(user.email, a.where).toBe(restored ? row?.email : owner?.email);
          expect(user.password_hash, `${a.where}: the password still works`).not.toBe(owner?.password_hash);
          const open = (a.before.rows.sessions ?? []).filter((s) => s.user_id === owner?.id && s.revoked_at === null).map((s) => s.id);
          expect(onlySessionsEnded(a, String(owner?.id)).sort(), `${a.where}: every session of the account ends`).toEqual(open.sort());
          const added = spent(a, [id, ...pendingOf(a.before, String(owner?.id), "email_change")]);
          expect(
            added.map((t) => [t.purpose, t.email, t.user_id]),
            a.where,
          ).toEqual(restored ? [["password_recovery", row?.email, owner?.id]] : []);
          expect(outboxTo(a), a.where).toEqual(restored ? [row?.email] : []);
          return { allowed: ["users", "auth_tokens", "sessions", "refresh_tokens", "email_outbox"], exercised: true, saved: true };
        }
      }
    },
  },

  "/convite": {
    principals: weighted(["anonymous", 5], ["noorg", 3], ["owner", 1], ["deactivated", 1]),
    main: "anonymous",
    others: ["noorg"],
    intents: ["criar", "entrar", "aceitar", "pedir"],
    valid: [
      ACCEPT_NEW,
      [
        ["intent", "entrar"],
        ["senha", "@@senha-convidado@@"],
      ],
      [["intent", "aceitar"]],
      [["intent", "pedir"]],
      // An unconfirmed account someone else signed up with: the invitee's password replaces theirs.
      ACCEPT_NEW,
    ],
    states: fc.constantFrom<InviteKind>(
      "nova",
      "nova",
      "conta",
      "conta",
      "pendente",
      "membro-alheio",
      "membro",
      "expirado",
      "usado",
      "lixo",
      "sem-token",
      "outro-tipo",
    ),
    validStates: ["nova", "conta", "conta", "expirado", "pendente"],
    schema: invitePageSchema,
    refusal: () => null,
    async check(a) {
      const v = validated(a, invitePageSchema);
      if (!v) return NOTHING;
      const token = new URLSearchParams(a.run.search).get("token") ?? "";
      const kind = a.run.state as InviteKind;
      const id = token ? await digest(token) : "";
      const invite = (a.before.rows.auth_tokens ?? []).find((t) => t.id === id && t.purpose === "invite");
      const expired = invite !== undefined && Number(invite.expires_at) <= a.sentAt;
      if (v.intent === "pedir") {
        // The same answer whatever the link; only an expired one e-mails the inviter (the owner).
        expectOk(a);
        expect((a.outcome.data as { message?: unknown }).message, a.where).toBe(INVITE_REQUESTED);
        expect(outboxTo(a), a.where).toEqual(invite && invite.used_at === null && expired ? [world.people.owner.email] : []);
        return { allowed: ["email_outbox"], exercised: true, saved: kind === "expirado" };
      }
      if (!invite || invite.used_at !== null) {
        expectMessages(a, 400, [INVALID_LINK]);
        return NOTHING;
      }
      if (expired) {
        expectMessages(a, 400, [INVITE_EXPIRED]);
        return NOTHING;
      }
      const account = usersBy(a.before, String(invite.email));
      const existing = account?.email_verified_at !== null ? account : undefined;
      const membership = existing && (a.before.rows.memberships ?? []).find((m) => m.user_id === existing.id);
      const caller = a.run.person;
      let userId: string;
      if (existing) {
        if (membership?.org_id === world.orgId) {
          // The name as it is now (the /config runs rename the organização).
          const orgName = (a.before.rows.organizations ?? []).find((o) => o.id === world.orgId)?.name;
          expectMessages(a, 409, [`Você já faz parte de ${orgName}.`]);
          return NOTHING;
        }
        if (membership) {
          expectMessages(a, 409, [
            mustLeaveFirst(String((a.before.rows.organizations ?? []).find((o) => o.id === membership.org_id)?.name)),
          ]);
          return NOTHING;
        }
        if (v.intent === "aceitar" && caller?.id !== existing.id) {
          expectMessages(a, 403, ["Entre com a conta deste convite para aceitá-lo."]);
          return NOTHING;
        }
        if (v.intent === "entrar" && world.accounts.get(String(existing.email))?.password !== v.senha) {
          expectMessages(a, 401, [LOGIN_FAILED]);
          return NOTHING;
        }
        if (v.intent === "criar") {
          expectMessages(a, 409, ["Este e-mail já tem uma conta: entre com a senha dela para aceitar."]);
          return NOTHING;
        }
        userId = String(existing.id);
      } else {
        if (v.intent !== "criar") {
          expectMessages(a, 400, ["Crie sua senha para aceitar o convite."]);
          return NOTHING;
        }
        const users = diff(a.before, a.after, "users");
        if (account) {
          // Unconfirmed (someone's sign-up): the invite proved the mailbox; name and password become the invitee's.
          const user = onlyRowOf(a, "users", String(account.id)) as Row;
          expect([user.name, user.email_verified_at !== null], a.where).toEqual([v.nome, true]);
          expectPassword(a, v.senha, user.password_hash);
          userId = String(account.id);
        } else {
          expect(
            users.added.map((u) => [u.email, u.name, u.email_verified_at !== null, u.terms_accepted_at !== null]),
            `${a.where}: one new confirmed account`,
          ).toEqual([[invite.email, v.nome, true, true]]);
          expect([...users.changed, ...users.removed], a.where).toEqual([]);
          expectPassword(a, v.senha, users.added[0]?.password_hash);
          userId = String(users.added[0]?.id);
        }
        world.accounts.set(String(invite.email), { id: userId, password: v.senha, verified: true });
      }
      expectRedirect(a, "/");
      // The invite is claimed (by the account it names, when it had one) and its earlier confirmations voided.
      const tokens = diff(a.before, a.after, "auth_tokens");
      expect(tokens.added, a.where).toEqual([]);
      const voided = account && !existing ? pendingOf(a.before, String(account.id), "email_confirmation") : [];
      expect(
        tokens.changed.map((c) => [c.to.id, c.to.used_at !== null, c.to.id === invite.id ? c.to.user_id : null]).sort(),
        a.where,
      ).toEqual([[invite.id, true, account?.id ?? null], ...voided.map((t) => [t, true, null])].sort());
      const members = diff(a.before, a.after, "memberships");
      expect(
        [members.added.map((m) => [m.org_id, m.user_id, m.role]), members.changed, members.removed],
        `${a.where}: the invite's membership`,
      ).toEqual([[[world.orgId, userId, invite.role]], [], []]);
      if (caller?.id === userId) expect(diff(a.before, a.after, "sessions"), a.where).toEqual({ added: [], removed: [], changed: [] });
      else signedInInstead(a, userId);
      return { allowed: ["users", "auth_tokens", "memberships", "sessions"], exercised: true, saved: true };
    },
  },

  "/logout": {
    principals: weighted(["owner", 4], ["professional", 2], ["deactivated", 1], ["noorg", 1], ["anonymous", 2]),
    main: "owner",
    others: ["anonymous"],
    valid: [[]],
    refusal: () => null,
    check(a) {
      // Whatever the body: the caller's session ends, and only it.
      expectRedirect(a, "/login?aviso=sessao-encerrada");
      if (!a.run.person) return NOTHING;
      expect(onlySessionsEnded(a, a.run.person.id), `${a.where}: the session did not end, or another did`).toEqual([
        a.run.vars["sessao-saindo"],
      ]);
      return { allowed: ["sessions"], exercised: true, saved: true };
    },
  },

  "/completar-cadastro": {
    principals: weighted(["noorg", 6], ["owner", 1], ["professional", 1], ["deactivated", 1], ["anonymous", 1]),
    main: "noorg",
    others: ["owner"],
    valid: [
      [
        ["nomeNegocio", "Imobiliária Horizonte"],
        ["segmento", "imobiliaria"],
        ["documento", VALID_CNPJ],
        ["creci", "J-12345"],
        ["whatsapp", "(11) 91234-5678"],
        ["cidade", "Campinas"],
        ["uf", "SP"],
      ],
      [
        ["nomeNegocio", "Loja da Esquina"],
        ["segmento", "comercio"],
        ["documento", VALID_CPF],
        ["creci", ""],
        ["whatsapp", "(21) 3333-4444"],
        ["cidade", "Niterói"],
        ["uf", "RJ"],
      ],
    ],
    schema: completeRegistrationSchema,
    refusal: (who) => signedIn(who) ?? (who === "deactivated" ? { status: 403, message: DEACTIVATED_MESSAGE } : null),
    check(a) {
      if (a.run.who !== "noorg" && a.run.transport === "document") {
        // The page's loader, run after the action, sends a member of an organization home.
        expectRedirect(a, "/");
        return NOTHING;
      }
      const v = validated(a, completeRegistrationSchema);
      if (!v) return NOTHING;
      if (a.run.who !== "noorg") {
        expectMessages(a, 409, ["Seu cadastro já foi completado."]);
        return NOTHING;
      }
      expectRedirect(a, "/registration-success");
      const orgs = diff(a.before, a.after, "organizations");
      expect([...orgs.changed, ...orgs.removed], a.where).toEqual([]);
      expect(orgs.added.length, `${a.where}: one new organization`).toBe(1);
      const org = orgs.added[0] as Row;
      expect([org.name, org.segment, org.document, org.creci, org.whatsapp, org.city, org.uf], a.where).toEqual([
        v.nomeNegocio,
        v.segmento,
        v.documento,
        v.creci ?? null,
        v.whatsapp,
        v.cidade,
        v.uf,
      ]);
      const members = diff(a.before, a.after, "memberships");
      expect(
        members.added.map((m) => [m.org_id, m.user_id, m.role]),
        a.where,
      ).toEqual([[org.id, a.run.person?.id, "owner"]]);
      expect([...members.changed, ...members.removed], a.where).toEqual([]);
      // The organização starts with its default accounts (ADR 072): exactly those, its own, live.
      const accounts = diff(a.before, a.after, "finance_accounts");
      expect([...accounts.changed, ...accounts.removed], a.where).toEqual([]);
      expect(
        accounts.added.map((r) => [r.org_id, r.kind, r.name, r.active, r.deleted_at]).sort(),
        `${a.where}: not exactly the default accounts of the new organização`,
      ).toEqual(DEFAULT_ACCOUNT_KINDS.map((kind) => [org.id, kind, FINANCE_ACCOUNT_KIND.labels[kind], 1, null]).sort());
      return {
        allowed: ["organizations", "memberships", "finance_accounts", "finance_account_keys", "record_counts"],
        exercised: true,
        saved: true,
      };
    },
  },

  "/perfil": {
    principals: weighted(["owner", 4], ["professional", 3], ["deactivated", 1], ["noorg", 1], ["anonymous", 1]),
    main: "owner",
    intents: ["nome", "senha", "encerrar", "encerrar-outras", "email", "reenviar-email", "cancelar-email", "sair-organizacao"],
    valid: [
      [
        ["intent", "nome"],
        ["nome", "Beatriz de Carvalho"],
      ],
      [
        ["intent", "nome"],
        ["nome", ` ${"Ana ".repeat(29)}Lima `],
      ],
      [
        ["intent", "senha"],
        ["username", "@@email-eu@@"],
        ["senhaAtual", "@@senha-atual@@"],
        ["novaSenha", "outra-senha-forte-9"],
        ["confirmarNovaSenha", "outra-senha-forte-9"],
      ],
      [
        ["intent", "encerrar"],
        ["sessionId", "@@sessao-outra@@"],
      ],
      [["intent", "encerrar-outras"]],
      [
        ["intent", "email"],
        ["novoEmail", "@@novo-email@@"],
        ["senhaAtual", "@@senha-atual@@"],
      ],
      // An address that already has an account: the very same answer (no enumeration).
      [
        ["intent", "email"],
        ["novoEmail", "@@email-login@@"],
        ["senhaAtual", "@@senha-atual@@"],
      ],
      [["intent", "reenviar-email"]],
      [["intent", "cancelar-email"]],
      [["intent", "sair-organizacao"]],
    ],
    states: fc.constantFrom("", "troca-pendente", "troca-ocupada", "dono-unico"),
    validStates: ["", "", "", "", "", "", "", "troca-pendente", "troca-pendente", ""],
    schema: perfilActionSchema,
    refusal: inOrg,
    check(a) {
      const v = validated(a, perfilActionSchema);
      if (!v) return NOTHING;
      const p = a.run.person as Person;
      switch (v.intent) {
        case "nome": {
          expectOk(a, "nome");
          expect(onlyRowOf(a, "users", p.id)?.name, a.where).toBe(v.nome);
          return { allowed: ["users"], exercised: true, saved: true };
        }
        case "senha": {
          if (v.senhaAtual !== p.password) {
            expectMessages(a, 400, ["Senha atual incorreta."]);
            return NOTHING;
          }
          expectOk(a, "senha");
          const user = onlyRowOf(a, "users", p.id);
          expectPassword(a, v.novaSenha, user?.password_hash);
          expect(onlySessionsEnded(a, p.id, p.sessionId), `${a.where}: the other session did not end`).toContain(p.otherSessionId);
          p.password = v.novaSenha;
          world.accounts.set(p.email, { id: p.id, password: v.novaSenha, verified: true });
          return { allowed: ["users", "sessions"], exercised: true, saved: true };
        }
        case "encerrar": {
          if (v.sessionId === p.sessionId) {
            expectMessages(a, 400, ["Para encerrar esta sessão, use “Sair” no menu do usuário."]);
            return NOTHING;
          }
          const mine = (a.before.rows.sessions ?? []).some((s) => s.id === v.sessionId && s.user_id === p.id && s.revoked_at === null);
          if (!mine) {
            expectMessages(a, 404, [SESSION_NOT_FOUND]);
            return NOTHING;
          }
          expectOk(a, "encerrar");
          expect(onlySessionsEnded(a, p.id, p.sessionId), a.where).toEqual([v.sessionId]);
          return { allowed: ["sessions"], exercised: true, saved: true };
        }
        case "encerrar-outras": {
          expectOk(a, "encerrar-outras");
          expect(onlySessionsEnded(a, p.id, p.sessionId), a.where).toContain(p.otherSessionId);
          return { allowed: ["sessions"], exercised: true, saved: true };
        }
        case "email": {
          if (v.senhaAtual !== p.password) {
            expectMessages(a, 400, [WRONG_CURRENT_PASSWORD]);
            return NOTHING;
          }
          if (v.novoEmail === p.email) {
            expectMessages(a, 400, [SAME_EMAIL]);
            return NOTHING;
          }
          expectOk(a, "email");
          expect((a.outcome.data as { message?: unknown }).message, a.where).toBe(
            `Enviamos um link de confirmação para ${v.novoEmail}. Até você confirmar, o login continua com o e-mail atual.`,
          );
          return emailChangeIssued(a, v.novoEmail);
        }
        case "reenviar-email": {
          const now = a.sentAt;
          const pending = (a.before.rows.auth_tokens ?? [])
            .filter((t) => t.user_id === p.id && t.purpose === "email_change" && t.used_at === null && Number(t.expires_at) > now)
            .sort((x, y) => Number(y.created_at) - Number(x.created_at))[0];
          if (!pending) {
            expectMessages(a, 400, [NO_PENDING_CHANGE]);
            return NOTHING;
          }
          expectOk(a, "reenviar-email");
          return emailChangeIssued(a, String(pending.email));
        }
        case "cancelar-email": {
          expectOk(a, "cancelar-email");
          expect(diff(a.before, a.after, "auth_tokens").added, a.where).toEqual([]);
          pendingChangesVoided(a, p.id);
          return { allowed: ["auth_tokens"], exercised: true, saved: true };
        }
        case "sair-organizacao":
          return leftOrganization(a, "/completar-cadastro");
      }
    },
  },

  "/sair-da-organizacao": {
    principals: weighted(["deactivated", 4], ["professional", 2], ["owner", 2], ["noorg", 1], ["anonymous", 1]),
    main: "deactivated",
    others: ["owner", "professional"],
    valid: [[["intent", "sair-organizacao"]]],
    states: fc.constantFrom("", "", "dono-unico"),
    schema: leaveOrganizationSchema,
    refusal: signedIn,
    check(a) {
      if (a.run.who === "noorg" && a.run.transport === "document") {
        // No organização: the page's loader, run after the action's refusal, sends them to onboarding.
        expectRedirect(a, "/completar-cadastro");
        return NOTHING;
      }
      const v = validated(a, leaveOrganizationSchema);
      if (!v) return NOTHING;
      return leftOrganization(a, "/completar-cadastro");
    },
  },

  "/settings/preferences": {
    principals: weighted(["owner", 4], ["professional", 3], ["deactivated", 1], ["noorg", 1], ["anonymous", 1]),
    main: "owner",
    valid: [[["modoCor", "dark"]], [["modoCor", "light"]], [["modoCor", "system"]]],
    schema: preferencesSchema,
    refusal: inOrg,
    check(a) {
      const v = validated(a, preferencesSchema);
      if (!v) return NOTHING;
      expectRedirect(a, "/settings/preferences?salvo=1");
      const p = a.run.person as Person;
      expect(onlyRowOf(a, "users", p.id)?.color_mode, a.where).toBe(v.modoCor);
      return { allowed: ["users"], exercised: true, saved: true };
    },
  },

  "/config": {
    principals: weighted(["owner", 5], ["admin", 2], ["professional", 1], ["staff", 1], ["deactivated", 1], ["noorg", 1], ["anonymous", 1]),
    main: "owner",
    others: ["admin"],
    valid: [
      [...ORG_FORM, ["logo", "@@file:none@@"]],
      [...ORG_FORM, ["logo", "@@file:png@@"]],
      [...ORG_FORM.map(([k, v]): Entry => (k === "segmento" ? [k, "servicos"] : k === "creci" ? [k, ""] : [k, v])), ["removerLogo", "on"]],
    ],
    schema: organizationSchema,
    refusal: managers,
    async check(a) {
      const v = validated(a, organizationSchema);
      if (!v) return NOTHING;
      const logo = v.logo;
      if (logo && !detectImageType(new Uint8Array(await logo.arrayBuffer()))) {
        expectMessages(a, 400, ["O campo Logo deve ser uma imagem PNG, JPEG ou WebP de até 4096 × 4096 px."]);
        return NOTHING;
      }
      expectOk(a);
      const before = (a.before.rows.organizations ?? []).find((o) => o.id === world.orgId) as Row;
      const org = onlyRowOf(a, "organizations", world.orgId) as Row;
      const fields = (o: Row) => [
        o.name,
        o.segment,
        o.document,
        o.creci,
        o.whatsapp,
        o.email,
        o.cep,
        o.street,
        o.number,
        o.complement,
        o.district,
        o.city,
        o.uf,
        o.description,
        o.brand_voice,
      ];
      const or = (x: string | undefined) => x ?? null;
      expect(fields(org), `${a.where}: saved values differ from what validation accepted`).toEqual([
        v.nome,
        v.segmento,
        v.documento,
        or(v.creci),
        v.whatsapp,
        or(v.email),
        or(v.cep),
        or(v.rua),
        or(v.numero),
        or(v.complemento),
        or(v.bairro),
        v.cidade,
        v.uf,
        or(v.descricao),
        or(v.vozMarca),
      ]);
      if (logo) expect(String(org.logo_key), a.where).toMatch(new RegExp(`^orgs/${world.orgId}/logo-[0-9a-f]{18}\\.(png|jpg|webp)$`));
      else expect(org.logo_key, a.where).toBe(v.removerLogo ? null : before.logo_key);
      return { allowed: ["organizations"], exercised: true, saved: true };
    },
  },

  // Estilização (ADR 054): the brand's colours, font, the app's accent and the profile's own logo.
  "/cores": {
    principals: weighted(["owner", 5], ["admin", 2], ["professional", 1], ["staff", 1], ["deactivated", 1], ["noorg", 1], ["anonymous", 1]),
    main: "owner",
    others: ["admin"],
    valid: [
      [...BRAND_FORM, ["logo", "@@file:none@@"]],
      [...BRAND_FORM.map(([k, v]): Entry => (k === "destaque" ? [k, "padrao"] : [k, v])), ["logo", "@@file:png@@"]],
      [...BRAND_FORM.map(([k, v]): Entry => (k === "corTextoSobrePrimaria" ? [k, "#FFF"] : [k, v])), ["removerLogo", "on"]],
    ],
    schema: brandFormSchema,
    refusal: managers,
    async check(a) {
      const v = validated(a, brandFormSchema);
      if (!v) return NOTHING;
      const logo = v.logo;
      if (logo && !detectImageType(new Uint8Array(await logo.arrayBuffer()))) {
        expectMessages(a, 400, ["O campo Logo deve ser uma imagem PNG, JPEG ou WebP de até 4096 × 4096 px."]);
        return NOTHING;
      }
      expectRedirect(a, "/cores?salvo=1");
      // One upsert of the caller's organization's brand; the logo is the organization's own column.
      const d = diff(a.before, a.after, "brand_styles", "org_id");
      expect(d.removed, `${a.where}: brand_styles rows removed`).toEqual([]);
      expect(
        [...d.added, ...d.changed.map((c) => c.to)].map((r) => r.org_id),
        `${a.where}: not exactly the caller's organization's brand written`,
      ).toEqual([world.orgId]);
      const row = (a.after.rows.brand_styles ?? []).find((r) => r.org_id === world.orgId) as Row;
      expect(
        [row.primary_color, row.secondary_color, row.text_on_primary_color, row.font, row.app_accent, row.updated_by],
        `${a.where}: saved values differ from what validation accepted, or the author is not the caller`,
      ).toEqual([v.corPrimaria, v.corSecundaria, v.corTextoSobrePrimaria, v.fonte, v.corDestaqueApp, a.run.person?.id]);
      const before = (a.before.rows.organizations ?? []).find((o) => o.id === world.orgId) as Row;
      const org = onlyRowOf(a, "organizations", world.orgId) as Row;
      if (logo) expect(String(org.logo_key), a.where).toMatch(new RegExp(`^orgs/${world.orgId}/logo-[0-9a-f]{18}\\.(png|jpg|webp)$`));
      else expect(org.logo_key, a.where).toBe(v.removerLogo ? null : before.logo_key);
      return { allowed: ["brand_styles", "organizations"], exercised: true, saved: true };
    },
  },

  "/business-settings": {
    principals: weighted(["owner", 5], ["admin", 2], ["professional", 1], ["staff", 1], ["deactivated", 1], ["noorg", 1], ["anonymous", 1]),
    main: "owner",
    others: ["admin"],
    valid: [
      // What the page posts: the hidden "off", then the box's "on" when ticked; the zone's select.
      [
        ["estoqueNegativo", "off"],
        ["estoqueNegativo", "on"],
        ["fusoHorario", "America/Manaus"],
      ],
      [
        ["estoqueNegativo", "off"],
        ["fusoHorario", "America/Sao_Paulo"],
      ],
      // The AI token limit as typed (grouped thousands); absent above: the default.
      [
        ["estoqueNegativo", "off"],
        ["fusoHorario", "America/Sao_Paulo"],
        ["limiteTokensIaMensal", "2.500.000"],
      ],
      // The agenda section as the page posts it (ADR 063); absent above: the columns' defaults.
      [
        ["estoqueNegativo", "off"],
        ["fusoHorario", "America/Manaus"],
        ["agendaIntervaloMin", "15"],
        ["agendaFolgaMin", "10"],
        ["agendaAntecedenciaMin", "120"],
        ["agendaHorizonteDias", "30"],
        ["agendamentoOnline", "off"],
        ["agendamentoOnline", "on"],
        ["agendamentoOnlineStatus", "confirmado"],
        ["lembretes", "off"],
        ["comissaoPadraoTipo", "fixo"],
        ["comissaoPadraoValor", "R$ 25,00"],
      ],
    ],
    schema: businessSettingsSchema,
    refusal: managers,
    check(a) {
      const v = validated(a, businessSettingsSchema);
      if (!v) return NOTHING;
      // The box's last value decides (the hidden "off" comes first); absent or a file is "off".
      const lastValue = a.form?.getAll("estoqueNegativo").at(-1);
      expect(v.estoqueNegativo, `${a.where}: validation did not read the last value`).toBe(
        typeof lastValue === "string" && CHECKBOX_ON.has(lastValue.trim().toLowerCase()),
      );
      expectRedirect(a, "/business-settings?salvo=1");
      // One upsert: the caller's organization's row, and no other, written (inserted when absent).
      const d = diff(a.before, a.after, "business_settings", "org_id");
      expect(d.removed, `${a.where}: business_settings rows removed`).toEqual([]);
      expect(
        [...d.added, ...d.changed.map((c) => c.to)].map((r) => r.org_id),
        `${a.where}: not exactly the caller's organization's row written`,
      ).toEqual([world.orgId]);
      const row = (a.after.rows.business_settings ?? []).find((r) => r.org_id === world.orgId) as Row;
      expect(
        [row.allow_negative_stock, row.time_zone, row.ai_monthly_token_limit, row.updated_by],
        `${a.where}: saved values differ from what validation accepted, or the author is not the caller`,
      ).toEqual([v.estoqueNegativo ? 1 : 0, v.fusoHorario, v.limiteTokensIaMensal, a.run.person?.id]);
      expect(
        [
          row.agenda_slot_minutes,
          row.agenda_buffer_minutes,
          row.booking_min_notice_minutes,
          row.booking_max_days_ahead,
          row.online_booking_enabled,
          row.online_booking_status,
          row.reminders_enabled,
          row.default_commission_kind,
          row.default_commission_value,
        ],
        `${a.where}: the agenda section saved differs from what validation accepted`,
      ).toEqual([
        v.agendaIntervaloMin,
        v.agendaFolgaMin,
        v.agendaAntecedenciaMin,
        v.agendaHorizonteDias,
        v.agendamentoOnline ? 1 : 0,
        v.agendamentoOnlineStatus,
        v.lembretes ? 1 : 0,
        v.comissaoPadraoTipo,
        v.comissaoPadraoValor,
      ]);
      // The Worker's clock is the machine's: the save happened while the request was out.
      expect(Number(row.updated_at), `${a.where}: updated_at is not the time of the save`).toBeGreaterThanOrEqual(
        a.sentAt - CLOCK_SLACK_MS,
      );
      expect(Number(row.updated_at), `${a.where}: updated_at is not the time of the save`).toBeLessThanOrEqual(
        a.answeredAt + CLOCK_SLACK_MS,
      );
      return { allowed: ["business_settings"], exercised: true, saved: true };
    },
  },

  // Pix at checkout (issue 22): the key (canonical per kind), the receiver's name and city as the
  // BR Code carries them; only the four Pix columns of the caller's organização's row (managers).
  "/pix": {
    principals: weighted(["owner", 5], ["admin", 2], ["professional", 1], ["staff", 1], ["deactivated", 1], ["noorg", 1], ["anonymous", 1]),
    main: "owner",
    others: ["admin"],
    valid: [
      [
        ["pixChaveTipo", "cnpj"],
        ["pixChave", "45.723.174/0001-10"],
        ["pixNome", "Imobiliária Horizonte"],
        ["pixCidade", "São Paulo"],
      ],
      [
        ["pixChaveTipo", "telefone"],
        ["pixChave", "(11) 91234-5678"],
        ["pixNome", "Salão da Conceição Beleza & Estética"],
        ["pixCidade", "São João del-Rei"],
      ],
      [
        ["pixChaveTipo", "aleatoria"],
        ["pixChave", "123E4567-E12B-12D1-A456-426655440000"],
        ["pixNome", "Loja"],
        ["pixCidade", "Recife"],
      ],
    ],
    schema: pixSettingsSchema,
    refusal: managers,
    check(a) {
      const v = validated(a, pixSettingsSchema);
      if (!v) return NOTHING;
      expectRedirect(a, "/pix?salvo=1");
      const d = diff(a.before, a.after, "business_settings", "org_id");
      expect(d.removed, `${a.where}: business_settings rows removed`).toEqual([]);
      expect(
        [...d.added, ...d.changed.map((c) => c.to)].map((r) => r.org_id),
        `${a.where}: not exactly the caller's organization's row written`,
      ).toEqual([world.orgId]);
      const row = (a.after.rows.business_settings ?? []).find((r) => r.org_id === world.orgId) as Row;
      expect(
        [row.pix_key_kind, row.pix_key, row.pix_merchant_name, row.pix_merchant_city, row.updated_by],
        `${a.where}: saved values differ from what validation accepted, or the author is not the caller`,
      ).toEqual([v.pixChaveTipo, v.pixChave, v.pixNome, v.pixCidade, a.run.person?.id]);
      // The other settings are not this page's: an existing row keeps them.
      const before = (a.before.rows.business_settings ?? []).find((r) => r.org_id === world.orgId);
      if (before)
        expect([row.allow_negative_stock, row.time_zone, row.agenda_slot_minutes], `${a.where}: /pix changed another setting`).toEqual([
          before.allow_negative_stock,
          before.time_zone,
          before.agenda_slot_minutes,
        ]);
      return { allowed: ["business_settings"], exercised: true, saved: true };
    },
  },

  // Horários (ADR 063): the week, a local holiday, an exception, removing a day (managers). One
  // day per date (409 naming it); a day of another organização is not found; nothing else written.
  "/horarios": {
    principals: weighted(["owner", 8], ["admin", 3], ["professional", 1], ["staff", 1], ["deactivated", 1], ["noorg", 1], ["anonymous", 1]),
    main: "owner",
    others: ["admin"],
    intents: ["semana", "feriado", "excecao", "remover-dia"],
    valid: [
      [
        ["intent", "semana"],
        ["inicio-1", "09:00"],
        ["fim-1", "12:00"],
        ["inicio-1", "13:00"],
        ["fim-1", "18:00"],
        ["inicio-6", "9:00"],
        ["fim-6", "13:00"],
        ["fechaFeriadosNacionais", "off"],
        ["fechaFeriadosNacionais", "on"],
      ],
      [
        ["intent", "feriado"],
        ["dia", "2031-01-20"],
        ["nome", "São Sebastião"],
      ],
      [
        ["intent", "excecao"],
        ["dia", "24/12/2031"],
        ["fechado", "off"],
        ["inicio", "08:00"],
        ["fim", "12:00"],
        ["motivo", "Véspera de Natal"],
      ],
      [
        ["intent", "remover-dia"],
        ["id", HOURS_DAY_ID],
      ],
    ],
    refusal: managers,
    check(a) {
      if (!a.form) {
        expectMessages(a, 400, [UNREADABLE_FORM]);
        return NOTHING;
      }
      const intent = a.form.get("intent");
      const days = (snap: Snapshot) => (snap.rows.business_hour_days ?? []).filter((r) => r.org_id === world.orgId);
      // Another organização's special days never change, whatever was posted.
      const foreignDays = (snap: Snapshot) => hashRows((snap.rows.business_hour_days ?? []).filter((r) => r.org_id !== world.orgId));
      expect(foreignDays(a.after), `${a.where}: another organização's special days changed`).toBe(foreignDays(a.before));
      if (intent === "semana") {
        const v = validated(a, businessWeekSchema);
        if (!v) return NOTHING;
        expectRedirect(a, "/horarios?salvo=semana");
        const d = diff(a.before, a.after, "business_hours", "org_id");
        expect(
          [...d.added, ...d.changed.map((c) => c.to)].map((r) => r.org_id),
          `${a.where}: not exactly the caller's organization's row written`,
        ).toEqual([world.orgId]);
        const row = (a.after.rows.business_hours ?? []).find((r) => r.org_id === world.orgId) as Row;
        expect([row.weekly, row.closed_on_national_holidays, row.updated_by], a.where).toEqual([
          JSON.stringify(v.semana),
          v.fechaFeriadosNacionais ? 1 : 0,
          a.run.person?.id,
        ]);
        return { allowed: ["business_hours"], exercised: true, saved: true };
      }
      if (intent === "feriado" || intent === "excecao") {
        const v = intent === "feriado" ? validated(a, localHolidaySchema) : validated(a, hoursExceptionSchema);
        if (!v) return NOTHING;
        if (days(a.before).some((r) => r.day === v.dia)) {
          expectMessages(a, 409, [`Já existe um feriado ou horário especial em ${formatDay(v.dia)}: remova-o antes de cadastrar outro.`]);
          return NOTHING;
        }
        expectRedirect(a, `/horarios?salvo=${intent}`);
        const d = diff(a.before, a.after, "business_hour_days");
        expect([d.removed, d.changed], a.where).toEqual([[], []]);
        expect(
          d.added.map((r) => [r.org_id, r.day, r.kind, r.intervals, r.reason, r.created_by]),
          a.where,
        ).toEqual([
          "nome" in v
            ? [world.orgId, v.dia, "feriado", "[]", v.nome, a.run.person?.id]
            : [world.orgId, v.dia, "excecao", JSON.stringify(v.intervalos), v.motivo ?? null, a.run.person?.id],
        ]);
        return { allowed: ["business_hour_days"], exercised: true, saved: true };
      }
      if (intent === "remover-dia") {
        const v = validated(a, removeSpecialDaySchema);
        if (!v) return NOTHING;
        if (!days(a.before).some((r) => r.id === v.id)) {
          expectMessages(a, 404, ["Esse dia especial não existe mais."]);
          return NOTHING;
        }
        expectRedirect(a, "/horarios?salvo=remover-dia");
        const d = diff(a.before, a.after, "business_hour_days");
        expect([d.added, d.changed, d.removed.map((r) => r.id)], a.where).toEqual([[], [], [v.id]]);
        return { allowed: ["business_hour_days"], exercised: true, saved: true };
      }
      expectMessages(a, 400, [UNKNOWN_INTENT]);
      return NOTHING;
    },
  },

  // Atendimento (ADR 061): the one-tap steps, the undo of a no-show and the finish with what was
  // consumed, for whoever reaches the appointment (owner, admin, staff: every professional's; a
  // professional: their own). A refusal changes nothing; a step changes only its appointment's
  // status or arrival; a finish also replaces its services and writes one "consumo" exit per
  // product, the stock going down by it — refused whole when the stock would go below zero and the
  // business does not allow it. The client's faltas are its appointments with status faltou.
  "/atendimento": {
    principals: weighted(["owner", 2], ["admin", 1], ["staff", 3], ["professional", 4], ["deactivated", 1], ["noorg", 1], ["anonymous", 1]),
    main: "staff",
    others: ["owner", "admin", "professional"],
    intents: ["passo", "desfazer", "finalizar"],
    states: fc.constantFrom(...DESK_STATES),
    validStates: ["estoque-travado", "estoque-travado", "estoque-travado", "estoque-travado", "estoque-travado", "estoque-livre"],
    valid: [
      [
        ["intent", "passo"],
        ["passo", "chegou"],
        ["id", "@@ag-pendente@@"],
      ],
      [
        ["intent", "passo"],
        ["passo", "iniciar"],
        ["id", "@@ag-chegou@@"],
      ],
      [
        ["intent", "passo"],
        ["passo", "faltou"],
        ["id", "@@ag-confirmado@@"],
      ],
      [
        ["intent", "passo"],
        ["passo", "cancelar"],
        ["id", "@@ag-pendente@@"],
      ],
      [
        ["intent", "desfazer"],
        ["id", "@@ag-faltou@@"],
        ["status", "confirmado"],
      ],
      [
        ["intent", "finalizar"],
        ["id", "@@ag-atendimento@@"],
        ["feito", DESK_PANEL],
      ],
    ],
    fields: {
      id: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...DESK_SITUATIONS.map((s) => `@@ag-${s}@@`), "@@ag-alheio@@") },
        { weight: 1, arbitrary: fc.constantFrom("@@ag-pendente|upper@@", "@@ag-pendente|pad@@", "@@servico@@", ...GARBAGE_IDS) },
        { weight: 1, arbitrary: fc.uuid() },
      ),
      passo: fc.constantFrom(...DESK_STEPS, "CHEGOU", " iniciar", "concluir", "desfazer", "passo", ""),
      status: fc.constantFrom(...APPOINTMENT_STATUSES, "PENDENTE", " confirmado", "ativo", ""),
      feito: fc.constantFrom(...DESK_FEITOS),
    },
    refusal: inOrg,
    check: deskCheck,
  },

  // Portais: generate or rotate the feed URL or the webhook's credentials (managers); replacing
  // an existing secret needs confirmar=1. Only the caller's organization's portal_settings row.
  "/portais": {
    principals: weighted(["owner", 5], ["admin", 2], ["professional", 1], ["staff", 1], ["deactivated", 1], ["noorg", 1], ["anonymous", 1]),
    main: "owner",
    others: ["admin"],
    intents: ["feed", "leads"],
    valid: [
      [
        ["intent", "feed"],
        ["confirmar", "1"],
      ],
      [
        ["intent", "leads"],
        ["confirmar", "1"],
      ],
    ],
    refusal: managers,
    check(a) {
      if (!a.form) {
        expectMessages(a, 400, [UNREADABLE_FORM]);
        return NOTHING;
      }
      const intent = a.form.get("intent");
      if (intent !== "feed" && intent !== "leads") {
        expect(a.outcome.messages, a.where).toEqual([UNKNOWN_INTENT]);
        return NOTHING;
      }
      const before = (a.before.rows.portal_settings ?? []).find((r) => r.org_id === world.orgId);
      const exists = Boolean(intent === "feed" ? before?.feed_token_hint : before?.lead_secret_hint);
      if (exists && a.form.get("confirmar") !== "1") {
        expect(a.outcome.messages, a.where).toEqual(["Confirme que a credencial atual deixa de funcionar na hora."]);
        return NOTHING;
      }
      expect(a.outcome.status, a.where).toBe(200);
      expect((a.outcome.data as { shown?: { kind?: unknown } } | undefined)?.shown?.kind, `${a.where}: the new secret shown once`).toBe(
        intent,
      );
      const d = diff(a.before, a.after, "portal_settings", "org_id");
      expect(d.removed, a.where).toEqual([]);
      const written = [...d.added, ...d.changed.map((c) => c.to)];
      expect(
        written.map((r) => r.org_id),
        `${a.where}: not exactly the caller's organization's row written`,
      ).toEqual([world.orgId]);
      const row = written[0] as Row;
      // The secret rotated is the one asked for; the other stays as it was.
      const [changed, kept] = intent === "feed" ? ["feed_token_hash", "lead_secret_hash"] : ["lead_secret_hash", "feed_token_hash"];
      expect(row[changed], a.where).not.toBe(before?.[changed] ?? null);
      expect(row[kept] ?? null, a.where).toBe(before?.[kept] ?? null);
      return { allowed: ["portal_settings"], exercised: true, saved: true };
    },
  },

  // Landing Page: the draft saved (every intent), then previewed or published (managers); only
  // the caller's organization's landing_pages row.
  "/landing-page": {
    // Managers weigh more than on other screens: three intents split what reaches the action, and
    // at 5:2 a CI run once fell one request short of the third that must reach it.
    principals: weighted(["owner", 8], ["admin", 3], ["professional", 1], ["staff", 1], ["deactivated", 1], ["noorg", 1], ["anonymous", 1]),
    main: "owner",
    others: ["admin"],
    intents: ["salvar", "visualizar", "publicar"],
    valid: [
      [
        ["intent", "salvar"],
        ["slug", "imobiliaria-fuzz"],
        ["titulo", "Seu próximo lar está aqui"],
        ["sobre", "Corretores em Campinas desde 1998."],
        ["servico1Titulo", "Avaliação de imóveis"],
        ["servico1Texto", "Quanto vale o seu imóvel hoje."],
        ["whatsapp", "(19) 91234-5678"],
        ["email", "contato@imobiliaria.com.br"],
        ["corPrimaria", "#0f766e"],
      ],
      [
        ["intent", "visualizar"],
        ["slug", "imobiliaria-fuzz"],
        ["titulo", "Casas e apartamentos em Campinas"],
        ["corPrimaria", "#1d4ed8"],
      ],
      [
        ["intent", "publicar"],
        ["slug", "imobiliaria-fuzz"],
        ["titulo", "Casas e apartamentos em Campinas"],
        ["corPrimaria", "#1d4ed8"],
      ],
    ],
    schema: landingPageSchema,
    refusal: managers,
    check(a) {
      if (!a.form) {
        expectMessages(a, 400, [UNREADABLE_FORM]);
        return NOTHING;
      }
      const form = a.form;
      // The service answers the first refusal (one field at a time), in pt-BR.
      const parsed = landingPageSchema.safeParse(formDataToObject(form));
      if (!parsed.success) {
        expect(a.outcome.status, a.where).toBe(400);
        expect(
          parsed.error.issues.map((i) => i.message),
          a.where,
        ).toEqual(expect.arrayContaining(a.outcome.messages));
        expect(a.outcome.messages, a.where).toHaveLength(1);
        return NOTHING;
      }
      const v = parsed.data;
      const d = diff(a.before, a.after, "landing_pages", "org_id");
      if (v.capaChave) {
        // The cover must be one of the organization's photos (this one has none).
        expectMessages(a, 400, ["Escolha a capa entre as fotos dos seus imóveis."]);
        return NOTHING;
      }
      const intent = form.get("intent");
      expectRedirect(
        a,
        intent === "publicar"
          ? `/landing-page?publicado=${encodeURIComponent(v.slug)}`
          : intent === "visualizar"
            ? "/landing-page/preview"
            : "/landing-page?salvo=1",
      );
      expect(d.removed, a.where).toEqual([]);
      const written = [...d.added, ...d.changed.map((c) => c.to)];
      expect(
        written.map((r) => r.org_id),
        `${a.where}: not exactly the caller's organization's row written`,
      ).toEqual([world.orgId]);
      // Once published the live address changes only on publish; a saved draft keeps it.
      const before = (a.before.rows.landing_pages ?? []).find((r) => r.org_id === world.orgId);
      const live = before?.published !== null && before?.published !== undefined && intent !== "publicar";
      expect((written[0] as Row).slug, a.where).toBe(live ? before?.slug : v.slug);
      return { allowed: ["landing_pages"], exercised: true, saved: true };
    },
  },

  // Rascunhos de Imóveis: "Novo rascunho" (every role: BROKER_RECORD create) and deleting a
  // draft of the caller's organization (those BROKER_RECORD lets delete).
  "/property-drafts": {
    principals: weighted(["owner", 3], ["professional", 2], ["staff", 1], ["admin", 1], ["deactivated", 1], ["noorg", 1], ["anonymous", 1]),
    main: "owner",
    others: ["professional"],
    intents: ["novo", "excluir"],
    valid: [
      [["intent", "novo"]],
      [
        ["intent", "excluir"],
        ["id", "@@rascunho@@"],
      ],
    ],
    refusal: inOrg,
    check(a) {
      if (!a.form) {
        expectMessages(a, 400, [UNREADABLE_FORM]);
        return NOTHING;
      }
      const intent = a.form.get("intent");
      const role = a.run.who as Role;
      const drafts = diff(a.before, a.after, "properties");
      if (intent === "novo") {
        const added = drafts.added[0] as Row | undefined;
        expect([drafts.added.length, drafts.changed, drafts.removed], `${a.where}: not one draft created`).toEqual([1, [], []]);
        expectRedirect(a, `/property-drafts/${added?.id}`);
        expect([added?.org_id, added?.status, added?.deleted_at], a.where).toEqual([world.orgId, "rascunho", null]);
        return { allowed: ["properties", "property_keys", "property_status_history", "record_counts"], exercised: true, saved: true };
      }
      if (intent !== "excluir") {
        expect(a.outcome.messages, a.where).toEqual([UNKNOWN_INTENT]);
        return NOTHING;
      }
      if (!allows(BROKER_RECORD, role, "delete")) {
        expectMessages(a, 403, [FORBIDDEN_MESSAGE]);
        return NOTHING;
      }
      const id = a.form.get("id");
      const target = (a.before.rows.properties ?? []).find(
        (p) => p.id === id && p.org_id === world.orgId && p.status === "rascunho" && p.deleted_at === null,
      );
      if (!target) {
        expect(a.outcome.messages, a.where).toEqual(["Rascunho não encontrado."]);
        return NOTHING;
      }
      expect((a.outcome.data as { deleted?: unknown } | undefined)?.deleted, a.where).toBe(true);
      expect(onlyRowOf(a, "properties", String(target.id))?.deleted_at, `${a.where}: the draft not deleted`).not.toBeNull();
      return { allowed: ["properties", "property_keys", "record_counts"], exercised: true, saved: true };
    },
  },

  // A draft's "Publicar": saves the form, then publishes when nothing is missing. Only that draft
  // of the caller's organization; a published or foreign one is never touched.
  "/property-drafts/:id": {
    principals: weighted(["owner", 3], ["professional", 2], ["staff", 1], ["admin", 1], ["deactivated", 1], ["noorg", 1], ["anonymous", 1]),
    main: "owner",
    others: ["professional"],
    valid: [
      [
        ["titulo", "Casa com quintal no Cambuí"],
        ["finalidade", "venda"],
      ],
      [["titulo", "Apartamento perto do metrô"]],
    ],
    states: fc.constantFrom("rascunho", "rascunho", "rascunho", "rascunho", "publicado", "alheio", "lixo"),
    validStates: ["rascunho"],
    refusal: inOrg,
    check(a) {
      const id = a.run.vars.rascunho as string;
      // The action reads the form before it looks the draft up.
      if (!a.form) {
        expectMessages(a, 400, [UNREADABLE_FORM]);
        return NOTHING;
      }
      if (a.run.state === "alheio" || a.run.state === "lixo") {
        expect(a.outcome.status, `${a.where}: another organization's or no draft`).toBe(404);
        return NOTHING;
      }
      if (a.run.state === "publicado") {
        expectRedirect(a, `/properties/${id}`);
        return NOTHING;
      }
      const row = onlyRowOf(a, "properties", id) as Row;
      if (a.outcome.redirect !== undefined) {
        expectRedirect(a, `/properties/${id}`);
        expect([row.status, row.published_at === null], `${a.where}: redirected but not published`).toEqual(["disponivel", false]);
        return { allowed: ["properties", "property_keys", "property_status_history", "record_counts"], exercised: true, saved: true };
      }
      expect(a.outcome.status, a.where).toBe(200);
      const data = a.outcome.data as { missing?: unknown[] | null; error?: string | null };
      expect(row.status, `${a.where}: not published, yet its status changed`).toBe("rascunho");
      if (data.error) {
        expect(diff(a.before, a.after, "properties").changed, `${a.where}: refused (${data.error}) but saved`).toEqual([]);
        return NOTHING;
      }
      expect(data.missing?.length, `${a.where}: neither published nor what is missing`).toBeGreaterThan(0);
      return { allowed: ["properties", "property_keys", "record_counts"], exercised: true, saved: true };
    },
  },

  // The landing page's public contact form: one lead for the page's organization, or nothing.
  "/p/:slug": {
    principals: weighted(["anonymous", 6], ["owner", 1], ["noorg", 1]),
    transports: ["data"],
    main: "anonymous",
    others: ["owner"],
    valid: [
      [
        ["nome", "Mariana Lopes"],
        ["email", "@@novo-email@@"],
        ["telefone", "(19) 91234-5678"],
        ["mensagem", "Procuro casa com quintal."],
        ["site", ""],
      ],
      [
        ["nome", "José da Silva"],
        ["telefone", "(11) 3333-4444"],
        ["site", ""],
      ],
    ],
    states: fc.constantFrom("publicada", "publicada", "publicada", "publicada", "inexistente", "lixo"),
    validStates: ["publicada"],
    refusal: () => null,
    check(a) {
      if (a.run.state !== "publicada") {
        // A document answer also renders the loader's own 404 ("Página não encontrada").
        expect(a.outcome.status, a.where).toBe(404);
        expect(a.outcome.messages, a.where).toContain("Página não encontrada.");
        return NOTHING;
      }
      if (limited(a)) return LIMITED;
      // The action reads the body as urlencoded whatever its type (the last of a repeated field).
      const input = a.text === undefined ? {} : Object.fromEntries(new URLSearchParams(a.text));
      if (typeof input.site === "string" && input.site.trim() !== "") {
        expect((a.outcome.data as { enviado?: unknown } | undefined)?.enviado, a.where).toBe(true);
        return NOTHING;
      }
      const parsed = leadContactSchema.safeParse(input);
      if (!parsed.success) {
        expect(a.outcome.status, a.where).toBe(400);
        // A malformed raw body may read differently in Node and workerd: only the refusal is compared.
        if (!a.raw)
          expect(
            parsed.error.issues.map((i) => i.message),
            a.where,
          ).toEqual(expect.arrayContaining(a.outcome.messages));
        return NOTHING;
      }
      expect((a.outcome.data as { enviado?: unknown } | undefined)?.enviado, a.where).toBe(true);
      return leadReceived(a, "landing_page", null);
    },
  },

  // A property's public page: its contact form is a lead about that property; a sold, draft or
  // unknown one takes none.
  "/imovel/:slug": {
    principals: weighted(["anonymous", 6], ["owner", 1], ["noorg", 1]),
    transports: ["data"],
    main: "anonymous",
    others: ["owner"],
    valid: [
      [
        ["nome", "Mariana Lopes"],
        ["email", "@@novo-email@@"],
        ["telefone", "(19) 91234-5678"],
        ["mensagem", "Posso visitar no sábado?"],
        ["website", ""],
      ],
      [
        ["nome", "José da Silva"],
        ["telefone", "(11) 3333-4444"],
      ],
    ],
    states: fc.constantFrom("disponivel", "disponivel", "disponivel", "disponivel", "vendido", "rascunho", "inexistente"),
    validStates: ["disponivel"],
    refusal: () => null,
    check(a) {
      if (!a.form) {
        expectMessages(a, 400, [UNREADABLE_FORM]);
        return NOTHING;
      }
      if (a.run.state !== "disponivel") {
        expectMessages(a, 404, ["Imóvel não encontrado."]);
        return NOTHING;
      }
      if (limited(a)) return LIMITED;
      const input = formDataToObject(a.form);
      if (typeof input.website === "string" && input.website.trim() !== "") {
        expect((a.outcome.data as { sent?: unknown } | undefined)?.sent, a.where).toBe(true);
        return NOTHING;
      }
      const parsed = leadContactSchema.safeParse(input);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "_form")] ??= issue.message;
        // A malformed raw body may read differently in Node and workerd: only the refusal is compared.
        if (a.raw) expect(a.outcome.status, a.where).toBe(400);
        else expectMessages(a, 400, Object.values(errors));
        return NOTHING;
      }
      expect((a.outcome.data as { sent?: unknown } | undefined)?.sent, a.where).toBe(true);
      return leadReceived(a, "site", a.run.vars.imovel as string);
    },
  },
  "/admin/users": {
    principals: weighted(["owner", 5], ["admin", 3], ["professional", 1], ["staff", 1], ["deactivated", 1], ["noorg", 1], ["anonymous", 1]),
    main: "owner",
    others: ["admin"],
    intents: ["convidar", "reenviar", "revogar", "papel", "desativar", "reativar"],
    valid: [
      [
        ["intent", "convidar"],
        ["nome", "Carlos Convidado"],
        ["email", "@@novo-email@@"],
        ["papel", "staff"],
      ],
      [
        ["intent", "papel"],
        ["membershipId", "@@membro-equipe@@"],
        ["papel", "admin"],
      ],
      [
        ["intent", "desativar"],
        ["membershipId", "@@membro-equipe@@"],
      ],
      [
        ["intent", "reativar"],
        ["membershipId", "@@membro-desativado@@"],
      ],
      [
        ["intent", "reenviar"],
        ["inviteId", "@@convite-pendente@@"],
      ],
      [
        ["intent", "revogar"],
        ["inviteId", "@@convite-expirado@@"],
      ],
      // The same changes past the re-authentication window, with the password typed again.
      [
        ["intent", "convidar"],
        ["nome", "Carla Convidada"],
        ["email", "@@email-alheio@@"],
        ["papel", "professional"],
        ["senha", "@@senha-atual@@"],
      ],
      [
        ["intent", "papel"],
        ["membershipId", "@@membro-equipe@@"],
        ["papel", "professional"],
        ["senha", "@@senha-atual@@"],
      ],
      [
        ["intent", "revogar"],
        ["inviteId", "@@convite-pendente@@"],
        ["senha", "@@senha-atual@@"],
      ],
      // Where the owners' rules bite.
      [
        ["intent", "convidar"],
        ["nome", "Otávio Dono"],
        ["email", "@@novo-email@@"],
        ["papel", "owner"],
      ],
      [
        ["intent", "papel"],
        ["membershipId", "@@membro-dono2@@"],
        ["papel", "staff"],
      ],
      [
        ["intent", "desativar"],
        ["membershipId", "@@membro-dono2@@"],
      ],
      [
        ["intent", "reativar"],
        ["membershipId", "@@membro-dono-desativado@@"],
      ],
      [
        ["intent", "revogar"],
        ["inviteId", "@@convite-dono@@"],
      ],
    ],
    states: fc.constantFrom<AuthAge>("fresh", "fresh", "fresh", "stale", "stale-null"),
    validStates: ["fresh", "fresh", "fresh", "fresh", "fresh", "fresh", "stale", "stale-null", "stale", "fresh"],
    schema: teamPageSchema,
    refusal: managers,
    check(a) {
      const v = validated(a, teamPageSchema);
      if (!v) return NOTHING;
      // Every team change asks for a recent password first, before any rule of the team.
      if (!reauthenticated(a, v.senha)) return NOTHING;
      const actor = a.run.person as Person;
      const actorIsOwner = a.run.who === "owner";
      const team = (a.before.rows.memberships ?? []).filter((m) => m.org_id === world.orgId);
      const activeOwners = team.filter((m) => m.role === "owner" && m.deactivated_at === null).length;
      const message = (text: string) => expect((a.outcome.data as { message?: unknown }).message, a.where).toBe(text);
      if (v.intent === "convidar") {
        if (v.papel === "owner" && !actorIsOwner) {
          expectMessages(a, 403, ["Só um dono pode convidar outro dono."]);
          return NOTHING;
        }
        // One answer for every e-mail: new, another organização's account, a member, already invited.
        expectOk(a, "convidar");
        message(inviteSentMessage(v.email));
        const existing = usersBy(a.before, v.email);
        const member = existing && team.some((m) => m.user_id === existing.id);
        return invitesIssued(a, v.email, member ? null : { name: v.nome, role: v.papel });
      }
      if (v.intent === "reenviar" || v.intent === "revogar") {
        const invite = (a.before.rows.auth_tokens ?? []).find(
          (t) => t.id === v.inviteId && t.org_id === world.orgId && t.purpose === "invite" && t.used_at === null,
        );
        if (!invite) {
          expectMessages(a, 404, [INVITE_NOT_FOUND]);
          return NOTHING;
        }
        if (invite.role === "owner" && !actorIsOwner) {
          expectMessages(a, 403, ["Só um dono pode mexer no convite de outro dono."]);
          return NOTHING;
        }
        expectOk(a, v.intent);
        if (v.intent === "reenviar") {
          message(`Convite reenviado para ${invite.email}. O link anterior deixou de valer.`);
          return invitesIssued(a, String(invite.email), { name: String(invite.name), role: String(invite.role) });
        }
        message(`Convite para ${invite.email} revogado.`);
        const d = diff(a.before, a.after, "auth_tokens");
        expect([d.added, d.removed, d.changed.map((c) => [c.to.id, c.to.used_at !== null])], a.where).toEqual([
          [],
          [],
          [[invite.id, true]],
        ]);
        return { allowed: ["auth_tokens"], exercised: true, saved: true };
      }
      if (v.intent === "papel" && v.papel === "owner" && !actorIsOwner) {
        expectMessages(a, 403, ["Só um dono pode mudar o papel de um dono."]);
        return NOTHING;
      }
      const membershipId = "membershipId" in v ? v.membershipId : undefined;
      const target = team.find((m) => m.id === membershipId);
      if (!target) {
        expectMessages(a, 404, [MEMBER_NOT_FOUND]);
        return NOTHING;
      }
      const ownerTarget = target.role === "owner";
      if (v.intent === "papel") {
        if (ownerTarget && !actorIsOwner) {
          expectMessages(a, 403, ["Só um dono pode mudar o papel de um dono."]);
          return NOTHING;
        }
        if (ownerTarget && v.papel !== "owner" && target.deactivated_at === null && activeOwners <= 1) {
          expectMessages(a, 409, [LAST_OWNER]);
          return NOTHING;
        }
        if (target.user_id === actor.id && v.papel !== "owner" && v.papel !== "admin") {
          // Saved; they no longer manage the team, so they're shown where they stand now.
          expectRedirect(a, `/settings?papel=${v.papel}`);
        } else expectOk(a, "papel");
        expect(onlyRowOf(a, "memberships", String(target.id))?.role, a.where).toBe(v.papel);
        return { allowed: ["memberships"], exercised: true, saved: true };
      }
      if (v.intent === "desativar") {
        if (target.deactivated_at !== null) {
          // Already off: nothing to do, and nothing to refuse.
          expectOk(a, "desativar");
          return NOTHING;
        }
        if (target.user_id === actor.id) {
          expectMessages(a, 409, ["Você não pode desativar a si mesmo."]);
          return NOTHING;
        }
        if (ownerTarget && !actorIsOwner) {
          expectMessages(a, 403, ["Só um dono pode desativar outro dono."]);
          return NOTHING;
        }
        if (ownerTarget && activeOwners <= 1) {
          expectMessages(a, 409, [LAST_OWNER]);
          return NOTHING;
        }
        expectOk(a, "desativar");
        expect(onlyRowOf(a, "memberships", String(target.id))?.deactivated_at, a.where).not.toBeNull();
        onlySessionsEnded(a, String(target.user_id));
        return { allowed: ["memberships", "sessions"], exercised: true, saved: true };
      }
      // Reactivating an owner is touching an owner: only owners may.
      if (ownerTarget && !actorIsOwner) {
        expectMessages(a, 403, ["Só um dono pode reativar outro dono."]);
        return NOTHING;
      }
      expectOk(a, "reativar");
      expect(onlyRowOf(a, "memberships", String(target.id))?.deactivated_at ?? null, a.where).toBeNull();
      return { allowed: ["memberships"], exercised: true, saved: true };
    },
  },
  // Report files (ADR 086): "Exportar PDF/XLSX/CSV" on /relatorio (the report's own permission, a
  // cap on what waits per organização) and "Excluir" on /relatorios (only a file the member sees).
  "/relatorios/arquivos": {
    principals: weighted(["owner", 4], ["admin", 1], ["staff", 2], ["professional", 3], ["deactivated", 1], ["noorg", 1], ["anonymous", 1]),
    main: "owner",
    others: ["professional"],
    intents: ["exportar", "excluir"],
    states: fc.constantFrom("", "", "", "fila-cheia"),
    valid: [
      [
        ["intent", "exportar"],
        ["r", "vendas"],
        ["formato", "pdf"],
        ["consulta", "r=vendas&de=2026-10-01&ate=2026-10-31"],
      ],
      [
        ["intent", "exportar"],
        ["r", "comissoes"],
        ["formato", "xlsx"],
        ["consulta", "r=comissoes&de=2026-11-01&ate=2026-11-30"],
      ],
      [
        ["intent", "exportar"],
        ["r", "estoque"],
        ["formato", "csv"],
        ["consulta", ""],
      ],
      [
        ["intent", "excluir"],
        ["id", "@@arquivo-comissoes-pro@@"],
      ],
    ],
    fields: {
      r: fc.constantFrom("vendas", "comissoes", "estoque", "dre", "fluxo-de-caixa", "resumo-mensal", "VENDAS", " vendas", "__proto__", ""),
      formato: fc.constantFrom(...REPORT_FORMATS, "PDF", " xlsx", "docx", "pdf;csv", ""),
      consulta: fc.constantFrom(
        "r=vendas&de=2026-10-01&ate=2026-10-31",
        "de=2026-02-30&ate=2026-13-01",
        "de=2031-01-01&ate=1999-01-01",
        "de=1900-01-01&ate=2999-12-31",
        "profissional=nao-existe&forma=cheque",
        "%E0%A4%A",
        `de=${"9".repeat(3000)}`,
        "",
      ),
      id: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...Object.keys(REPORT_FILE_FIXTURES).map((k) => `@@${k}@@`)) },
        { weight: 1, arbitrary: fc.constantFrom("@@arquivo-vendas|upper@@", "@@arquivo-vendas|pad@@", ...GARBAGE_IDS) },
        { weight: 1, arbitrary: fc.uuid() },
      ),
    },
    refusal: inOrg,
    check: reportFilesCheck,
  },
};

/** What a checkbox field reads as ticked (shared/validation.ts `checkbox`), written out here on its own. */
const CHECKBOX_ON = new Set(["on", "true", "1", "sim", "yes"]);
/** Leeway between the test's clock and the Worker's (same machine; workerd's advances on I/O). */
const CLOCK_SLACK_MS = 1000;

const PUBLIC_ROUTES = new Set<AccountRoute>(["/login", "/criar-conta", "/forgot-password", "/recover-password", "/email-confirmation"]);

/** Holds after every request to /admin/users, whatever it asked. */
function teamInvariants(a: Attempt): void {
  // Invites are tokens until accepted (ADR 019): the team page never creates accounts or members.
  const users = diff(a.before, a.after, "users");
  expect([...users.added, ...users.removed], `${a.where}: accounts created or removed`).toEqual([]);
  expect(diff(a.before, a.after, "memberships").added, `${a.where}: a member added`).toEqual([]);
  const team = (a.after.rows.memberships ?? []).filter((m) => m.org_id === world.orgId);
  expect(team.filter((m) => m.role === "owner" && m.deactivated_at === null).length, `${a.where}: no active owner left`).toBeGreaterThan(0);
  const me = a.run.person?.membershipId;
  const mine = (snap: Snapshot) => (snap.rows.memberships ?? []).find((m) => m.id === me)?.deactivated_at ?? null;
  if (mine(a.before) === null) expect(mine(a.after), `${a.where}: deactivated themself`).toBeNull();
  if (a.run.who !== "owner") {
    for (const { from, to } of diff(a.before, a.after, "memberships").changed)
      expect(from.role !== "owner" && to.role !== "owner", `${a.where}: a non-owner changed an owner's membership`).toBe(true);
  }
}

// ---------------------------------------------------------------------------------------------

function fileFor(value: Value): Value {
  if (value === "@@file:none@@") return noFile();
  if (value === "@@file:png@@") return png();
  return value;
}

function bodies(route: AccountRoute): fc.Arbitrary<Body> {
  const spec = ROUTES[route];
  const valid = spec.valid.map((form) => form.map(([k, v]): Entry => [k, fileFor(v)]));
  const fields = [...new Set(valid.flatMap((form) => form.map(([k]) => k)))];
  // The route's own fields three times as often as strangers.
  return bodiesOf(
    fuzzForms({ valid, keys: [...fields, ...fields, ...fields, ...HOSTILE_KEYS], valueFor: valueFor(spec.intents ?? [], spec.fields) }),
  );
}

interface Stats {
  runs: number;
  exercised: number;
  limited: number;
  saved: number;
}

/**
 * The jobs' runs: the local runner records one run per event, in the request (jobs/dispatch.ts):
 * exactly one e-mail job per outbox row and one report job per report file the request added,
 * and no other change.
 */
function jobRuns(a: Attempt): void {
  const runs = diff(a.before, a.after, "job_runs");
  expect([...runs.changed, ...runs.removed], `${a.where}: job runs changed or removed`).toEqual([]);
  const wanted = [
    ...diff(a.before, a.after, "email_outbox").added.map((m) => ["email/send.requested", m.id]),
    ...diff(a.before, a.after, "report_files").added.map((f) => ["report/requested", f.id]),
  ];
  expect(
    runs.added
      .map((r) => {
        const payload = JSON.parse(String(r.payload)) as { outboxId?: string; fileId?: string };
        return [r.event_name, payload.outboxId ?? payload.fileId];
      })
      .sort(),
    `${a.where}: not one job per message queued and per report file asked for`,
  ).toEqual(wanted.sort());
}

/** One request with every check; returns what the oracle made of it. */
async function attempt(route: AccountRoute, who: Who, body: Body, transport: Transport, origin: OriginKind, state = "") {
  const spec = ROUTES[route];
  const run = await prepare(route, who, transport, state);
  const a = await send(run, body, origin);
  const { outcome, where } = a;

  expect(outcome.status, `${where} ${outcome.snippet}`).toBeLessThan(500);
  expect(outcome.status, where).toBeGreaterThanOrEqual(200);
  if (outcome.redirect !== undefined) expect(isAppPath(outcome.redirect, base()), `${where}: redirected off the app`).toBe(true);
  if (outcome.status >= 400) expect(outcome.messages.length, `${where}: a 4xx with no message`).toBeGreaterThan(0);
  for (const message of outcome.messages) expect(isPtBr(message), `${where}: ${JSON.stringify(message)} is not pt-BR`).toBe(true);
  const success = (outcome.data as { message?: unknown } | undefined)?.message;
  if (success !== undefined) expect(isPtBr(success), `${where}: ${JSON.stringify(success)} is not pt-BR`).toBe(true);

  let verdict: Verdict;
  const refusal = spec.refusal(who);
  if (a.bytes > a.limit) {
    // Larger than the path's body limit: refused before anything reads it (its Content-Length says so).
    expect(a.outcome.status, a.where).toBe(413);
    expect(a.outcome.messages, a.where).toContain(tooLargeMessage(a.limit));
    verdict = REFUSED;
  } else if (origin !== "ok") {
    expectMessages(a, 403, ["Origem da requisição não permitida."]);
    verdict = REFUSED;
  } else if (refusal) {
    if ("redirect" in refusal) expectRedirect(a, refusal.redirect);
    else expectMessages(a, refusal.status, [refusal.message]);
    verdict = REFUSED;
  } else verdict = await spec.check(a);
  if (route === "/admin/users") teamInvariants(a);
  jobRuns(a);

  const changed = changedTables(a.before, a.after);
  expect(
    changed.filter((t) => t !== "job_runs" && !verdict.allowed.includes(t)),
    `${where}: changed what it may not`,
  ).toEqual([]);
  expect(a.after.foreign, `${where}: changed another organization's data`).toBe(a.before.foreign);
  // Their sessions and links never change; new ones only from the public screens, where they
  // themselves sign in or ask for a link (each oracle checks whose).
  for (const [key, row] of a.before.foreignPersonal)
    expect(a.after.foreignPersonal.get(key), `${where}: changed another organization's ${key}`).toBe(row);
  if (!PUBLIC_ROUTES.has(route))
    expect(a.after.foreignPersonal.size, `${where}: opened a session or link for another organization`).toBe(a.before.foreignPersonal.size);
  return verdict;
}

// ---------------------------------------------------------------------------------------------

// The cron's jobs write to tables these snapshots compare: no tick between a request's two snapshots.
holdCronDuringFile();

beforeAll(async () => {
  passwordHash = hashPassword(PASSWORD);
  attackerHash = hashPassword(ATTACKER_PASSWORD);
  KNOWN_HASHES.set(passwordHash, PASSWORD).set(attackerHash, ATTACKER_PASSWORD);
  world = {
    db: createClient({ url: inject("e2eDatabaseUrl") }),
    accounts: new Map(),
  } as World;
  world.orgId = await addOrg("Carvalho Imóveis");
  world.foreignOrgId = await addOrg("Outra Imobiliária");
  const org = world.orgId;
  world.people = {
    owner: await addPerson("dono", org, "owner"),
    admin: await addPerson("admin", org, "admin"),
    staff: await addPerson("equipe-principal", org, "staff"),
    professional: await addPerson("profissional", org, "professional"),
    deactivated: await addPerson("desativada", org, "staff", true),
    noorg: await addPerson("sem-organizacao"),
  };
  const target = async (label: string, role: Role, deactivated = false) => {
    const u = await addUser({ label, orgId: org, role, deactivated });
    return { userId: u.id, email: u.email, membershipId: u.membershipId as string };
  };
  world.targets = {
    equipe: await target("alvo-equipe", "staff"),
    dono2: await target("alvo-dono", "owner"),
    desativado: await target("alvo-desativado", "staff", true),
    donoDesativado: await target("alvo-dono-desativado", "owner", true),
  };
  world.stranger = await addPerson("estranho", world.foreignOrgId, "owner");
  const member = await addUser({ label: "estranho-equipe", orgId: world.foreignOrgId, role: "staff" });
  world.strangerMember = { userId: member.id, email: member.email, membershipId: member.membershipId as string };
  world.verifiedPool = [];
  for (let i = 0; i < 8; i++) world.verifiedPool.push((await addUser({ label: `login-${i}` })).email);
  world.pendingPool = [];
  for (let i = 0; i < 8; i++) world.pendingPool.push((await addUser({ label: `pendente-${i}`, verified: false })).email);
  world.recoverer = await addPerson("recuperacao");
  // Settings rows: the other organization's (must never change) and one of ours, saved long ago
  // by another owner (a save must take it over; every third run deletes it to test the insert).
  await world.db.batch(
    [
      {
        sql: "INSERT INTO business_settings (org_id, allow_negative_stock, updated_at, updated_by) VALUES (?, 1, 1000, ?)",
        args: [world.foreignOrgId, world.stranger.id],
      },
      {
        sql: "INSERT INTO business_settings (org_id, allow_negative_stock, updated_at, updated_by) VALUES (?, 1, 1000, ?)",
        args: [org, world.targets.dono2.userId],
      },
    ],
    "write",
  );
  const initial = await world.db.execute({ sql: "SELECT * FROM memberships WHERE org_id = ?", args: [org] });
  world.initialMemberships = initial.rows.map((r) => Object.fromEntries(initial.columns.map((c, i) => [c, r[i]])));
  // Pending invites /admin/users resends and revokes (put back before every run), and the other organização's.
  const kinds: [InviteFixture, Partial<TokenSpec>][] = [
    ["pendente", { role: "staff" }],
    ["dono", { role: "owner" }],
    ["expirado", { role: "professional", state: "expired" }],
    ["usado", { role: "staff", state: "used" }],
    ["alheio", { role: "staff", orgId: world.foreignOrgId, invitedBy: world.stranger.id }],
  ];
  const specs = kinds.map(
    ([kind, spec]): TokenSpec => ({
      purpose: "invite",
      email: uniqueEmail(`convite-${kind}`),
      orgId: org,
      name: `Convidado ${kind}`,
      invitedBy: world.people.owner.id,
      ...spec,
    }),
  );
  const tokens = await addTokens(specs);
  world.invites = {} as World["invites"];
  for (const [i, [kind]] of kinds.entries()) {
    const row = (
      await world.db.execute({ sql: "SELECT id, used_at FROM auth_tokens WHERE id = ?", args: [await digest(tokens[i] as string)] })
    ).rows[0];
    world.invites[kind] = {
      id: String(row?.id),
      email: specs[i]?.email as string,
      usedAt: row?.used_at === null ? null : Number(row?.used_at),
    };
  }
});

afterAll(() => {
  world?.db.close();
});

describe("bad input on the account screens' form actions", () => {
  it("fuzzes every account route with an action (the records' file fuzzes the rest)", () => {
    const declared = actionRoutes();
    expect(Object.keys(ROUTES).sort()).toEqual([...ACCOUNT_ROUTES].sort());
    expect(
      ACCOUNT_ROUTES.filter((r) => !declared.includes(r)),
      "listed as an account route but no longer a route with an action",
    ).toEqual([]);
    // The records' file takes every route under a resource's basePath (and fails on a kind it does
    // not know), and another path rendering the same module (`/clientes` for `/clients`).
    const bases = RESOURCES.map((mod) => mod.definition.basePath);
    const entries = actionRouteEntries();
    const underBase = (p: string) => bases.some((b) => p === b || p.startsWith(`${b}/`));
    const records = (r: ActionRoute) => underBase(r.path) || entries.some((o) => o.file === r.file && underBase(o.path));
    // Routes another fuzz file owns, each with its own oracles (tests/e2e/social/social-{posts,settings}-…).
    const fuzzedElsewhere: readonly string[] = [
      ...ACCOUNT_ROUTES,
      ...SOCIAL_POST_ROUTES,
      ...SOCIAL_SETTINGS_ROUTES,
      ...PUBLIC_AGENDA_ROUTES,
    ];
    expect(
      entries.filter((r) => !fuzzedElsewhere.includes(r.path) && !records(r)).map((r) => `${r.path} (${r.file})`),
      "a route with an action fuzzed by no file: add it to ACCOUNT_ROUTES with an oracle here (or to another fuzz file's list)",
    ).toEqual([]);
  });

  it("the valid sample forms pass the route's own schema (so breaking them tests something)", async () => {
    const run = await prepare("/perfil", "owner", "document", "");
    for (const [route, spec] of Object.entries(ROUTES)) {
      if (!spec.schema) continue;
      for (const form of spec.valid) {
        const encoded = await encode({ kind: "multipart", entries: form.map(([k, v]): Entry => [k, fileFor(v)]) }, resolveIn(run));
        const parsed = await serverView(encoded);
        expect(parsed && validateForm(spec.schema, parsed), `${route}: ${encoded.label}`).toMatchObject({ ok: true });
      }
    }
  });

  it("each route takes its own valid forms (main principal first, then the others it serves)", { timeout: 60_000 }, async () => {
    for (const [route, spec] of Object.entries(ROUTES) as [AccountRoute, RouteFuzz][]) {
      for (const who of [spec.main, ...(spec.others ?? [])]) {
        let saved = false;
        for (const [i, form] of spec.valid.entries()) {
          const kind = route === "/config" ? "multipart" : "urlencoded";
          const body: Body = { kind, entries: form.map(([k, v]): Entry => [k, fileFor(v)]) };
          const state = spec.validStates?.[i] ?? spec.validStates?.[0] ?? "";
          const verdict = await attempt(route, who, body, transportOf(spec, i), "ok", state);
          expect(verdict.exercised, `${route} form ${i} as ${who}`).toBe(true);
          saved ||= verdict.saved === true;
        }
        if (who === spec.main) expect(saved, `${route}: none of its valid forms saved anything`).toBe(true);
      }
    }
  });

  it("forgot-password answers a known and an unknown e-mail alike, and only the known one gets a link", async () => {
    for (const transport of ["document", "data"] as const) {
      const answers: unknown[] = [];
      for (const email of [world.verifiedPool[0] as string, uniqueEmail("ninguem")]) {
        const run = await prepare("/forgot-password", "anonymous", transport, "");
        const a = await send(run, { kind: "urlencoded", entries: [["email", email]] }, "ok");
        answers.push([a.outcome.status, a.outcome.data, a.outcome.messages]);
        const tokens = diff(a.before, a.after, "auth_tokens").added;
        expect(tokens.length, `${a.where}: recovery links created`).toBe(email === world.verifiedPool[0] ? 1 : 0);
        if (email !== world.verifiedPool[0]) expect(changedTables(a.before, a.after), a.where).toEqual([]);
      }
      expect(answers[0], transport).toEqual(answers[1]);
    }
  });

  it("a rate-limited request is answered with a pt-BR 429 and changes nothing", async () => {
    const email = world.pendingPool[7] as string;
    const run = await prepare("/email-confirmation", "anonymous", "data", "");
    let last: Attempt | undefined;
    for (let i = 0; i < 5; i++) {
      run.ip = `10.250.0.${i + 1}`;
      last = await send(run, { kind: "urlencoded", entries: [["email", email]] }, "ok");
    }
    const a = last as Attempt;
    expectMessages(a, 429, [RATE_LIMIT_MESSAGE]);
    expect(changedTables(a.before, a.after), a.where).toEqual([]);
  });

  it("the password and re-authentication limits (per user, whatever the IP) answer a pt-BR 429 and change nothing", async () => {
    const cases: [AccountRoute, Who, string, Entry[]][] = [
      // Five password checks per 15 minutes: changing the password or the e-mail share them.
      [
        "/perfil",
        "professional",
        "",
        [
          ["intent", "email"],
          ["novoEmail", "@@novo-email@@"],
          ["senhaAtual", "senha-errada-1"],
        ],
      ],
      // Five typed passwords per 15 minutes before a team change, counted before the check.
      [
        "/admin/users",
        "admin",
        "stale",
        [
          ["intent", "papel"],
          ["membershipId", "@@membro-equipe@@"],
          ["papel", "staff"],
          ["senha", "senha-errada-1"],
        ],
      ],
    ];
    for (const [route, who, state, form] of cases) {
      const run = await prepare(route, who, "data", state);
      let a: Attempt | undefined;
      for (let i = 0; i < 6; i++) {
        run.ip = `10.251.${counter % 250}.${i + 1}`;
        a = await send(run, { kind: "urlencoded", entries: form }, "ok");
      }
      const refused = a as Attempt;
      expectMessages(refused, 429, [RATE_LIMIT_MESSAGE]);
      expect(changedTables(refused.before, refused.after), refused.where).toEqual([]);
      // Then even the right password waits.
      const right = form.map(([k, v]): Entry => [k, k === "senha" || k === "senhaAtual" ? "@@senha-atual@@" : v]);
      const after = await send(run, { kind: "urlencoded", entries: right }, "ok");
      expectMessages(after, 429, [RATE_LIMIT_MESSAGE]);
      expect(changedTables(after.before, after.after), after.where).toEqual([]);
    }
  });

  it("/config, /business-settings and /admin/users refuse everyone but owners and admins, in pt-BR, changing nothing", async () => {
    const forms: [AccountRoute, Entry[]][] = [
      ["/config", ORG_FORM],
      ...ROUTES["/business-settings"].valid.map((form): [AccountRoute, Entry[]] => ["/business-settings", form]),
      ...ROUTES["/admin/users"].valid.map((form): [AccountRoute, Entry[]] => ["/admin/users", form]),
    ];
    for (const who of ["staff", "professional", "deactivated"] as const)
      for (const [route, form] of forms)
        for (const transport of ["document", "data"] as const) {
          const run = await prepare(route, who, transport, "fresh");
          const a = await send(run, { kind: "multipart", entries: form }, "ok");
          expectMessages(a, 403, [who === "deactivated" ? DEACTIVATED_MESSAGE : FORBIDDEN_MESSAGE]);
          expect(changedTables(a.before, a.after), a.where).toEqual([]);
        }
  });

  it("a deactivated member is refused on every signed-in screen, onboarding included", async () => {
    for (const route of ["/completar-cadastro", "/perfil", "/settings/preferences"] as const)
      for (const [i, form] of ROUTES[route].valid.entries()) {
        const run = await prepare(route, "deactivated", i % 2 ? "data" : "document", "");
        const a = await send(run, { kind: "urlencoded", entries: form }, "ok");
        expectMessages(a, 403, [DEACTIVATED_MESSAGE]);
        expect(changedTables(a.before, a.after), a.where).toEqual([]);
      }
  });

  it("/atendimento: every step, undo and finish on every situation, by whoever may or may not act (the fuzz's oracle)", {
    timeout: 120_000,
  }, async () => {
    const spec = ROUTES["/atendimento"];
    const done = new Set<string>();
    const post = async (who: Who, entries: Entry[], state: string, i: number) => {
      const verdict = await attempt("/atendimento", who, { kind: "urlencoded", entries }, i % 2 ? "data" : "document", "ok", state);
      const field = (key: string) => entries.find(([k]) => k === key)?.[1];
      const label = [field("intent"), field("passo"), field("status")].filter(Boolean).join(" ");
      if (verdict.saved) done.add(`${label} as ${who}`);
    };
    let i = 0;
    // Each step on each situation (the organização's, another's), alternately as the office and as the professional.
    for (const step of DESK_STEPS)
      for (const id of [...DESK_SITUATIONS.map((s) => `@@ag-${s}@@`), "@@ag-alheio@@"]) {
        const entries: Entry[] = [
          ["intent", "passo"],
          ["passo", step],
          ["id", id],
        ];
        if (step === "finalizar") entries.splice(0, 2, ["intent", "finalizar"], ["feito", DESK_PANEL]);
        await post(i % 2 ? "professional" : "staff", entries, "estoque-livre", i++);
      }
    for (const id of ["@@ag-faltou@@", "@@ag-faltou-ocupado@@", "@@ag-confirmado@@"])
      for (const status of ["pendente", "confirmado", "cancelado"])
        await post(
          "staff",
          [
            ["intent", "desfazer"],
            ["id", id],
            ["status", status],
          ],
          "estoque-travado",
          i++,
        );
    // Every finish body, with and without negative stock allowed.
    for (const feito of DESK_FEITOS)
      await post(
        i % 3 ? "staff" : "professional",
        [
          ["intent", "finalizar"],
          ["id", "@@ag-atendimento@@"],
          ["feito", feito],
        ],
        i % 2 ? "estoque-livre" : "estoque-travado",
        i++,
      );
    // A login no profissional is linked to has no queue; those who may not act are refused before the form is read.
    for (const [who, state] of [
      ["professional", "sem-vinculo"],
      ["deactivated", "estoque-livre"],
      ["noorg", "estoque-livre"],
      ["anonymous", "estoque-livre"],
    ] as const)
      for (const form of spec.valid) await post(who, form, state, i++);
    expect([...done].sort()).toEqual(
      [
        "passo chegou as staff",
        "passo chegou as professional",
        "passo iniciar as staff",
        "passo iniciar as professional",
        "passo faltou as staff",
        "passo faltou as professional",
        "passo cancelar as staff",
        "passo cancelar as professional",
        "finalizar as staff",
        "finalizar as professional",
        "desfazer pendente as staff",
        "desfazer confirmado as staff",
      ].sort(),
    );
  });

  for (const route of ACCOUNT_ROUTES) {
    it(`${route}: nunca 5xx, mensagens em pt-BR, só salva o que a validação aceita`, { timeout: 120_000 }, async () => {
      const spec = ROUTES[route];
      const stats: Stats = { runs: 0, exercised: 0, limited: 0, saved: 0 };
      const property = (principals: fc.Arbitrary<Who>, originKinds: fc.Arbitrary<OriginKind>) =>
        fc.asyncProperty(
          bodies(route),
          principals,
          spec.transports ? fc.constantFrom(...spec.transports) : transports,
          originKinds,
          spec.states ?? fc.constant(""),
          async (body, who, transport, origin, state) => {
            // Refused before its body is read, a multi-megabyte upload gets a connection reset from
            // wrangler dev's proxy ("Network connection lost"), not the app's answer.
            fc.pre(!isBig(body) || (origin === "ok" && spec.refusal(who) === null));
            fc.pre(!isUnread(body));
            const verdict = await attempt(route, who, body, transport, origin, state);
            stats.runs++;
            if (verdict.exercised) stats.exercised++;
            if (verdict.saved) stats.saved++;
            if (verdict.limited) stats.limited++;
          },
        );
      const options = { ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: process.env.ACCOUNT_FUZZ_SHRINK !== "1" };
      await fc.assert(property(spec.principals, origins), { ...options, numRuns: RUNS });
      // Random principals and origins leave, now and then, too few bodies for the action itself
      // (one CI run in ~20 drew 6 of 20 for /business-settings): top up with allowed principals
      // from our own origin, so the action always judges enough bodies. They still must be judged.
      const wanted = Math.ceil(RUNS / 3);
      if (stats.exercised < wanted) {
        const allowed = spec.principals.filter((who) => spec.refusal(who) === null);
        await fc.assert(property(allowed, fc.constant<OriginKind>("ok")), { ...options, numRuns: 2 * (wanted - stats.exercised) });
      }
      expect(stats.exercised, `${route}: too few requests reached the action (${JSON.stringify(stats)})`).toBeGreaterThanOrEqual(wanted);
      expect(stats.limited, `${route}: rate-limited too often (${JSON.stringify(stats)})`).toBeLessThanOrEqual(Math.floor(stats.runs / 5));
    });
  }
});
