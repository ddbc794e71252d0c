/**
 * `node scripts/layout-mapping.ts [out.json]`: the moves that bring today's tree to ADR 030's
 * layout (domain folders, one English name per concept), as the mapping `scripts/move-files.ts`
 * reads. Derived by rules from the files git tracks, so it can be regenerated on any later tree:
 * a file the rules do not know stays where it is and is listed under `unclassified`.
 * (move-files: keep — its folder names are the tree before the move.)
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

export type Domain = "account" | "organization" | "customers" | "stock" | "real-estate" | "site" | "reports" | "system" | "jobs";

/** One name per concept in file names (ADR 030): the Portuguese or second name → the chosen one. Longest first. */
const VOCABULARY: readonly [string, string][] = [
  ["movimentacoes-produtos", "stock-movements"],
  ["movimentacao-produtos", "stock-movements"],
  ["property_clients", "interests"],
  ["interesses", "interests"],
  ["imoveis", "properties"],
  ["produtos", "products"],
];

/** Route modules named after their pt-BR (or another concept's) URL → the screen's name in code. */
const SCREENS: Record<string, string> = {
  "criar-conta": "sign-up",
  convite: "invite",
  "completar-cadastro": "complete-registration",
  "sair-da-organizacao": "leave-organization",
  perfil: "profile",
  config: "business-profile",
  portais: "portals",
  "admin.users": "team",
  "setup-database": "database",
  "supabase-test": "diagnostics",
  "imovel.$slug": "public-property",
  "p.$slug": "landing-page.public",
};

/** A domain's concept stems (see `domainOf`). */
const DOMAINS: readonly [Domain, RegExp][] = [
  [
    "account",
    /^(login|sign-up|signup|forgot-password|recover-password|email-confirmation|auth-callback|logout|registration-success|profile|settings|account|accounts|auth|auth-api|api-tokens|email-change|email-links|recovery|reauth|reauth-field|session-prelude|account-.+|password|password-.+)$/,
  ],
  [
    "organization",
    /^(organization|team|invite|invites|invite-emails|business-profile|business-settings|business-fields|complete-registration|leave-organization)$/,
  ],
  ["customers", /^(clients|companies)$/],
  ["stock", /^(products|stock-movements)$/],
  [
    "real-estate",
    /^(properties|property-.+|own-records|properties-.+|public-property|interests|interest-page|kanban|kanban-.+|visits|visit-panel|leads|lead|portals|portal|portal-.+|match-.+|matching|matching-.+|vrsync|photo-.+|draft-.+|copy-field|share-image-sync)$/,
  ],
  ["site", /^(landing-page|landing|landing-view)$/],
  ["reports", /^dashboard$/],
  ["system", /^(files|not-found|database|diagnostics)$/],
  ["jobs", /^(jobs|jobs-.+|cron-sweeps|email-outbox)$/],
];

/** Machinery that serves every domain: stays at the top of its folder (not reported). */
const GENERIC =
  /^(context|harness|records|shared-checks|role-matrix|bad-input|text-hygiene|openapi|import-export|body-limit|cache-headers|cep-limit|viacep|functions|cep-autofill|accessibility|build-output|escaping|form-actions-bad-input|guards|tenant-isolation|demo-.+|forms|guards|list-view-param|resources|address|columns|definitions|query|schema-helpers|types|documents|enums|format|mask|permissions|search|validation|config|csv|form-data|frozen-sql|http|jwt|list-.+|prelude-.+|registry|safe-redirect|tenant-scoping|zip|settings-services|move-files|escape|vite-server-only|import-cycles|navigation|screens|define-enum|id|tenant-check|tenant-sql|start)$/;

/** The folders grouped by domain, each with where a domain's files go. Only direct children move. */
const FOLDERS: readonly { dir: string; to: (d: Domain) => string }[] = [
  { dir: "app/routes", to: (d) => `app/routes/${d}` },
  { dir: "app/server", to: (d) => `app/server/${d}` },
  { dir: "app/components/auth", to: (d) => `app/components/${d}` },
  { dir: "app/components/real-estate", to: (d) => `app/components/${d}` },
  { dir: "worker/services", to: (d) => `worker/services/${d}` },
  { dir: "worker/resources/modules", to: (d) => `worker/resources/modules/${d}` },
  { dir: "shared", to: (d) => `shared/${d}` },
  { dir: "shared/schemas", to: (d) => `shared/${d}` },
  { dir: "shared/real-estate", to: (d) => `shared/${d}` },
  { dir: "tests/api", to: (d) => `tests/api/${d}` },
  { dir: "tests/unit", to: (d) => `tests/unit/${d}` },
  { dir: "tests/e2e", to: (d) => `tests/e2e/${d}` },
];

function inVocabulary(name: string): string {
  for (const [from, to] of VOCABULARY) name = name.replace(new RegExp(`(^|[.-])${from}(?=$|[.-])`, "g"), `$1${to}`);
  return name;
}

/**
 * `produtos.test.ts` → `products.test.ts`: the concept's one name wherever it stands. A route
 * module is `<concept>.<URL segments>`: only the concept is renamed, the segments after it stay
 * as the URL has them (`properties.$id.fotos.tsx`; the property page finds its tabs by them).
 */
export function renamed(base: string, isRoute: boolean): string {
  const ext = base.match(/(\.test)?\.(server\.)?tsx?$/)?.[0] ?? "";
  const name = base.slice(0, base.length - ext.length);
  if (!isRoute) return inVocabulary(name) + ext;
  if (SCREENS[name]) return SCREENS[name] + ext;
  const [concept, ...segments] = name.split(".");
  return [inVocabulary(concept as string), ...segments].join(".") + ext;
}

/** A file's name without extension, `.test`, `.server` and the URL segments of a route. */
export function stem(base: string): string {
  return base.replace(/(\.test)?\.(server\.)?tsx?$/, "").split(".")[0] as string;
}

/**
 * The domain of a file: its stem, then the stem with its last `-word` dropped, and so on
 * (`clients-routes` → `clients`, `interests-fixtures` → `interests`); the first rule that
 * answers wins, so `settings-services` (generic) is not read as `settings`.
 */
export function domainOf(base: string): Domain | "generic" | null {
  for (let s = stem(base); s; s = s.includes("-") ? s.slice(0, s.lastIndexOf("-")) : "") {
    for (const [domain, pattern] of DOMAINS) if (pattern.test(s)) return domain;
    if (GENERIC.test(s)) return "generic";
  }
  return null;
}

export interface LayoutMapping {
  moves: Record<string, string>;
  unclassified: string[];
}

export function layoutMapping(files: readonly string[]): LayoutMapping {
  const moves: Record<string, string> = {};
  const unclassified: string[] = [];
  for (const { dir, to } of FOLDERS) {
    for (const file of files.filter((f) => path.posix.dirname(f) === dir && /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))) {
      const base = path.posix.basename(file);
      const name = renamed(base, dir === "app/routes");
      const domain = domainOf(name);
      if (domain === null) unclassified.push(file);
      const target = domain === null || domain === "generic" ? file.replace(base, name) : `${to(domain)}/${name}`;
      if (target !== file) moves[file] = target;
    }
  }
  return { moves, unclassified };
}

function main(): void {
  const files = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);
  const mapping = layoutMapping(files);
  const json = `${JSON.stringify(mapping, null, 2)}\n`;
  const out = process.argv[2];
  if (out) writeFileSync(out, json);
  else process.stdout.write(json);
  console.error(`${Object.keys(mapping.moves).length} moves; ${mapping.unclassified.length} files left in place, unclassified:`);
  for (const f of mapping.unclassified) console.error(`  ${f}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
