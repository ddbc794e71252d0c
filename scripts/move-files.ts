/**
 * `node scripts/move-files.ts <mapping.json> [--dry-run]`: moves files and folders with `git mv`
 * and rewrites every path that pointed at them (ADR 030).
 *
 * The mapping is `{ "moves": { "<old path>": "<new path>", … } }` (paths from the repository
 * root; a folder moves with everything git tracks in it). In every tracked text file of the
 * scanned folders, config files and docs it rewrites, keeping each one's style:
 * - quoted paths: import/export specifiers, `import()`, `vi.mock()`, `new URL()`, `path.resolve`
 *   arguments — relative to the file (`./`, `../`), the `~/` alias (app/), or from the root
 *   (`"worker/x.ts"` in a test's list, wrangler.toml, biome.json) or from app/ (`"routes/x.tsx"`
 *   in app/routes.ts, route ids); a specifier without extension stays without; React Router's
 *   `./+types/<route>` follows its route file's new name;
 * - globs (`import.meta.glob`, vitest `include`, biome `includes`): kept when they still match the
 *   same files, re-pointed when the files they matched moved together, reported otherwise;
 * - root-relative path mentions in prose and comments (README, docs, code comments), in regular
 *   expressions (`worker\/x\.ts`), and relative Markdown links.
 * Relative paths inside a moved file are recomputed from its new folder. What it could not
 * rewrite (template literals, `__dirname` arithmetic, mentions under a moved folder that name no
 * file) is printed for a person to check. Rewritten files are formatted with Biome at the end.
 * A file containing the words "move-files: keep" (an ADR telling how the tree was) is not rewritten.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
/** Where paths are rewritten: code folders, docs, and the config files at the root. */
const SCANNED = /^(app|worker|jobs|db|shared|scripts|tests|tools|docs)\/|^[^/]+\.(ts|tsx|json|toml|md)$|^\.ci\//;
const SKIPPED = /(^|\/)package-lock\.json$|mapping\.json$|^migrations\/|^bench\/history\//;
/** A file that records the tree as it was (a mapping, an ADR's context) says so and is left alone. */
const KEEP_MARK = "move-files: keep";
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|jsonc|toml|md|css|html|yml|yaml)$|^\.ci\//;
/** React Router names route modules relative to its app directory (`"routes/x.tsx"` in app/routes.ts, route ids). */
const APP_DIR = "app";
const ALIAS = { prefix: "~/", dir: APP_DIR };
const EXTENSIONS = [".ts", ".tsx", ".d.ts", "/index.ts", "/index.tsx"];

/** A quoted string of path characters with at least one `/`. */
const QUOTED = /(["'`])([\w.~@$+*{},!-]*\/[\w.~@$+*{},!/?=-]*)\1/g;
/** A path from the root mentioned in prose or a comment. */
const MENTION = /(?<![\w./~$@-])((?:app|worker|jobs|db|shared|scripts|tests|tools|docs|migrations)\/[\w.$+*/-]*[\w$*])/g;
/** A path from the root written inside a regular expression (`worker\/services\/x\.ts`). */
const ESCAPED = /(?<![\w\\])((?:app|worker|jobs|db|shared|scripts|tests|tools)(?:\\\/[\w$+-]+(?:\\\.[\w$+-]+)*)+)/g;
/** A Markdown link target. */
const MD_LINK = /\]\(([^)\s#]+)(#[^)\s]*)?\)/g;

type Replacement = { start: number; end: number; text: string };

export interface Mapping {
  moves: Record<string, string>;
}

const posix = path.posix;

function git(...args: string[]): string {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

function trackedFiles(): string[] {
  return git("ls-files", "-z").split("\0").filter(Boolean);
}

function dirsOf(files: Iterable<string>): Set<string> {
  const dirs = new Set<string>([""]);
  for (const f of files) for (let d = posix.dirname(f); d !== "." && !dirs.has(d); d = posix.dirname(d)) dirs.add(d);
  return dirs;
}

/** Expands folder entries into file moves and checks the mapping before anything changes. */
export function expandMoves(
  mapping: Mapping,
  files: readonly string[],
  exists: (file: string) => boolean = (file) => existsSync(path.join(ROOT, file)),
): Map<string, string> {
  const fileSet = new Set(files);
  const moves = new Map<string, string>();
  for (const [from, to] of Object.entries(mapping.moves)) {
    const src = posix.normalize(from).replace(/\/$/, "");
    const dst = posix.normalize(to).replace(/\/$/, "");
    if (fileSet.has(src)) moves.set(src, dst);
    else {
      const inside = files.filter((f) => f.startsWith(`${src}/`));
      if (!inside.length) throw new Error(`not tracked by git: ${src}`);
      for (const f of inside) moves.set(f, dst + f.slice(src.length));
    }
  }
  const targets = new Map<string, string>();
  for (const [src, dst] of moves) {
    if (targets.has(dst)) throw new Error(`two files move to ${dst}: ${targets.get(dst)} and ${src}`);
    if (exists(dst)) throw new Error(`${dst} exists already`);
    targets.set(dst, src);
  }
  return moves;
}

/** Old → new for files and for folders whose files all moved to one new folder. */
class Tree {
  readonly oldFiles: Set<string>;
  readonly oldDirs: Set<string>;
  readonly newFiles: Set<string>;
  readonly dirMoves = new Map<string, string>();
  readonly moves: Map<string, string>;
  /** Folders that lost files: a mention under one that names no file is reported. */
  readonly leftDirs: string[];

  constructor(files: readonly string[], moves: Map<string, string>) {
    this.moves = moves;
    this.leftDirs = [...new Set([...moves.keys()].map((f) => posix.dirname(f)))];
    this.oldFiles = new Set(files);
    this.oldDirs = dirsOf(files);
    this.newFiles = new Set(files.map((f) => moves.get(f) ?? f));
    for (const dir of this.oldDirs) {
      if (!dir) continue;
      const inside = files.filter((f) => f.startsWith(`${dir}/`));
      const news = new Set(
        inside.map((f) => {
          const to = moves.get(f);
          return to?.endsWith(f.slice(dir.length)) ? to.slice(0, to.length - f.length + dir.length) : null;
        }),
      );
      const only = [...news][0];
      if (news.size === 1 && only && only !== dir) this.dirMoves.set(dir, only);
    }
  }

  /** The new location of an old file or folder (itself when it stays), or null when it never existed. */
  whereIs(old: string): string | null {
    if (this.oldFiles.has(old)) return this.moves.get(old) ?? old;
    if (this.oldDirs.has(old)) return this.dirMoves.get(old) ?? old;
    return null;
  }

  /** Resolves a specifier's target to an existing file or folder, trying the usual extensions. */
  resolve(target: string): { path: string; added: string } | null {
    if (this.whereIs(target) !== null) return { path: target, added: "" };
    for (const ext of EXTENSIONS) if (this.oldFiles.has(target + ext)) return { path: target + ext, added: ext };
    return null;
  }
}

function relativeSpecifier(fromDir: string, to: string): string {
  const rel = posix.relative(fromDir, to) || ".";
  return rel.startsWith("../") || rel === ".." ? rel : `./${rel}`;
}

function globToRegExp(glob: string): RegExp {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === "*" && glob[i + 1] === "*") {
      out += glob[i + 2] === "/" ? "(?:.*/)?" : ".*";
      i += glob[i + 2] === "/" ? 2 : 1;
    } else if (c === "*") out += "[^/]*";
    else if (c === "{") out += "(?:";
    else if (c === "}") out += ")";
    else if (c === "," && out.includes("(?:")) out += "|";
    else out += c.replace(/[.+?^$()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${out}$`);
}

export interface Report {
  rewritten: Map<string, number>;
  unresolved: string[];
}

/** Computes the rewritten text of one file (read at its old path, to be written at its new one). */
function rewrite(file: string, source: string, tree: Tree, report: Report): string {
  const newFile = tree.moves.get(file) ?? file;
  const dir = posix.dirname(file);
  const newDir = posix.dirname(newFile);
  const moved = newFile !== file;
  const markdown = file.endsWith(".md");
  const replacements: Replacement[] = [];
  const note = (index: number, what: string) => {
    const line = `${file}:${source.slice(0, index).split("\n").length}: ${what}`;
    if (!report.unresolved.includes(line)) report.unresolved.push(line);
  };

  /** The new text for a path-like string, or null to leave it. */
  const renamed = (value: string, index: number, quoted: boolean): string | null => {
    const query = value.match(/[?#].*$/)?.[0] ?? "";
    const spec = value.slice(0, value.length - query.length);
    if (spec.includes("${")) return null;
    if (/[*{]/.test(spec)) return renamedGlob(spec, index);
    // React Router's generated route types sit beside their route (rootDirs).
    const types = spec.match(/^\.\/\+types\/(.+)$/);
    if (types) {
      const route = [".tsx", ".ts"].map((ext) => posix.join(dir, types[1] + ext)).find((f) => tree.oldFiles.has(f));
      const to = route && tree.whereIs(route);
      if (!to || (to === route && !moved)) return null;
      return `./+types/${posix.basename(to).replace(/\.tsx?$/, "")}${query}`;
    }
    // "../.." alone is a path only as the argument after a folder (`path.resolve(import.meta.dirname, "../..")`).
    if (/^\.{1,2}(\/\.{1,2})*\/?$/.test(spec) && !/(dirname|import\.meta\.url),\s*.$/.test(source.slice(Math.max(0, index - 40), index))) {
      if (moved && quoted) note(index, `"${spec}" left as is: check whether it is a path`);
      return null;
    }
    let base: string | null = null;
    let style: "relative" | "alias" | "root" = "root";
    if (spec.startsWith("./") || spec.startsWith("../") || spec === "..") {
      base = posix.normalize(posix.join(dir, spec));
      style = "relative";
    } else if (spec.startsWith(ALIAS.prefix)) {
      base = posix.join(ALIAS.dir, spec.slice(ALIAS.prefix.length));
      style = "alias";
    }
    const candidates = base !== null ? [base] : [spec, posix.join(APP_DIR, spec)];
    for (const candidate of candidates) {
      if (candidate.startsWith("..")) continue;
      const hit = tree.resolve(candidate === "." ? "" : candidate);
      // Only a relative path may name the root folder itself.
      if (!hit || (hit.path === "" && style !== "relative")) continue;
      const to = tree.whereIs(hit.path) as string;
      if (to === hit.path && (style !== "relative" || !moved)) return null;
      const target = hit.added ? to.slice(0, to.length - hit.added.length) : to;
      if (hit.added && !to.endsWith(hit.added)) note(index, `${value}: the extension changed, check the specifier`);
      let text: string;
      if (style === "relative") text = relativeSpecifier(newDir, target);
      else if (style === "alias")
        text = target.startsWith(`${ALIAS.dir}/`) ? ALIAS.prefix + target.slice(ALIAS.dir.length + 1) : relativeSpecifier(newDir, target);
      else if (candidate !== spec) text = posix.relative(APP_DIR, target);
      else text = target;
      return text === spec ? null : text + query;
    }
    if (moved && style === "relative" && quoted) note(index, `${value}: relative path to nothing tracked (left as is)`);
    return null;
  };

  /** A glob is kept when it matches the same (moved) files, re-pointed when they moved together. */
  const renamedGlob = (glob: string, index: number): string | null => {
    const relative = glob.startsWith("./") || glob.startsWith("../");
    const from = relative ? posix.normalize(posix.join(dir, glob)) : glob;
    const before = [...tree.oldFiles].filter((f) => globToRegExp(from).test(f));
    if (!before.length || before.every((f) => !tree.moves.has(f))) {
      if (!relative || !moved) return null;
    }
    const expected = new Set(before.map((f) => tree.moves.get(f) ?? f));
    const matches = (pattern: string) => {
      const re = globToRegExp(pattern);
      const now = [...tree.newFiles].filter((f) => re.test(f));
      return now.length === expected.size && now.every((f) => expected.has(f));
    };
    const staticDir = from.slice(0, from.search(/[*{]/)).replace(/\/[^/]*$/, "");
    const movedDir = tree.whereIs(staticDir);
    // The files it matched may have moved together into one folder.
    const newDirs = new Set([...expected].map((f) => posix.dirname(f)));
    const oldDirs = new Set(before.map((f) => posix.dirname(f)));
    const together = newDirs.size === 1 && oldDirs.size === 1 && [...oldDirs][0] === staticDir ? [...newDirs][0] : undefined;
    const candidates = [
      ...(relative ? [posix.normalize(posix.join(newDir, glob))] : []),
      from,
      ...(movedDir && movedDir !== staticDir ? [movedDir + from.slice(staticDir.length)] : []),
      ...(together ? [together + from.slice(staticDir.length)] : []),
    ];
    const fit = candidates.find(matches);
    if (!fit) {
      note(index, `glob ${glob} no longer matches the files it matched: fix by hand`);
      return null;
    }
    const text = relative ? relativeSpecifier(newDir, fit) : fit;
    return text === glob ? null : text;
  };

  const add = (start: number, value: string, quoted: boolean) => {
    const text = renamed(value, start, quoted);
    if (text !== null && !replacements.some((r) => r.start < start + value.length && start < r.end))
      replacements.push({ start, end: start + value.length, text });
  };
  const quoted: [number, number][] = [];
  for (const m of source.matchAll(QUOTED)) {
    quoted.push([(m.index ?? 0) + 1, (m.index ?? 0) + 1 + (m[2] as string).length]);
    add((m.index ?? 0) + 1, m[2] as string, true);
  }
  if (markdown) for (const m of source.matchAll(MD_LINK)) add((m.index ?? 0) + 2, m[1] as string, false);
  for (const m of source.matchAll(MENTION)) {
    const value = (m[1] as string).replace(/\.$/, "");
    const start = m.index ?? 0;
    if (quoted.some(([from, to]) => from <= start && start < to)) continue;
    const text = renamed(value, start, false);
    if (text !== null) replacements.push({ start, end: start + value.length, text });
    else if (!/[*{]/.test(value) && !tree.resolve(value) && tree.leftDirs.some((d) => value.startsWith(`${d}/`)))
      note(start, `mention ${value} is under a moved folder and names no file`);
  }
  for (const m of source.matchAll(ESCAPED)) {
    const start = m.index ?? 0;
    const escaped = m[1] as string;
    const text = renamed(escaped.replace(/\\(.)/g, "$1"), start, false);
    if (text !== null) replacements.push({ start, end: start + escaped.length, text: text.replace(/[/.]/g, "\\$&") });
  }
  if (moved) {
    for (const m of source.matchAll(/`(?:\.\.?\/)[^`]*\$\{[^`]*`/g)) note(m.index ?? 0, `template literal ${m[0]} in a moved file`);
    // `path.resolve(import.meta.dirname, "../x")` and `new URL("./x", import.meta.url)` were rewritten above.
    for (const m of source.matchAll(/__dirname|import\.meta\.dirname|import\.meta\.url/g)) {
      const at = m.index ?? 0;
      const pathAfter = /^,\s*["'`][\w.~/-]+["'`]\s*\)/.test(source.slice(at + m[0].length, at + m[0].length + 200));
      const pathBefore = /["'`][\w.~/-]+["'`],\s*$/.test(source.slice(Math.max(0, at - 200), at));
      if (!pathAfter && !pathBefore) note(at, `${m[0]} in a moved file: check path arithmetic that is not a single quoted path`);
    }
  }
  if (!replacements.length) return source;
  report.rewritten.set(newFile, replacements.length);
  let out = "";
  let at = 0;
  for (const r of replacements.sort((a, b) => a.start - b.start)) {
    out += source.slice(at, r.start) + r.text;
    at = r.end;
  }
  return out + source.slice(at);
}

export interface Plan {
  moves: Map<string, string>;
  /** New path → rewritten text, for every file whose paths changed. */
  contents: Map<string, string>;
  report: Report;
}

/** What the move changes, without touching anything: `read` gives a tracked file's text (null to skip it). */
export function planMove(files: readonly string[], moves: Map<string, string>, read: (file: string) => string | null): Plan {
  const tree = new Tree(files, moves);
  const report: Report = { rewritten: new Map(), unresolved: [] };
  const contents = new Map<string, string>();
  for (const file of files) {
    if (!SCANNED.test(file) || SKIPPED.test(file) || !TEXT.test(file)) continue;
    const source = read(file);
    if (source === null || source.includes(KEEP_MARK)) continue;
    const next = rewrite(file, source, tree, report);
    if (next !== source) contents.set(moves.get(file) ?? file, next);
  }
  return { moves, contents, report };
}

/** Removes the folders the move emptied, deepest first. */
function removeEmptyDirs(dirs: Iterable<string>): void {
  for (const dir of [...dirs].filter(Boolean).sort((a, b) => b.length - a.length)) {
    const full = path.join(ROOT, dir);
    if (existsSync(full) && readdirSync(full).length === 0) rmdirSync(full);
  }
}

function main(): void {
  const [mappingFile, ...flags] = process.argv.slice(2);
  if (!mappingFile) throw new Error("usage: node scripts/move-files.ts <mapping.json> [--dry-run]");
  const dryRun = flags.includes("--dry-run");
  const mapping = JSON.parse(readFileSync(mappingFile, "utf8")) as Mapping;
  const files = trackedFiles();
  const { moves, contents, report } = planMove(files, expandMoves(mapping, files), (file) => {
    const full = path.join(ROOT, file);
    return existsSync(full) && full !== path.resolve(mappingFile) ? readFileSync(full, "utf8") : null;
  });
  console.log(
    `${moves.size} files move, ${contents.size} files rewritten (${[...report.rewritten.values()].reduce((a, b) => a + b, 0)} paths)`,
  );
  if (report.unresolved.length)
    console.log(`\nTo check by hand (${report.unresolved.length}):\n${report.unresolved.map((u) => `  ${u}`).join("\n")}`);
  if (dryRun) {
    for (const [from, to] of moves) console.log(`  ${from} → ${to}`);
    return;
  }
  for (const [from, to] of moves) {
    mkdirSync(path.dirname(path.join(ROOT, to)), { recursive: true });
    git("mv", from, to);
  }
  removeEmptyDirs(dirsOf(moves.keys()));
  for (const [file, text] of contents) writeFileSync(path.join(ROOT, file), text);
  const formattable = [...contents.keys()].filter((f) => /\.(ts|tsx|json)$/.test(f));
  if (formattable.length)
    execFileSync(path.join(ROOT, "node_modules/.bin/biome"), ["format", "--write", ...formattable], { cwd: ROOT, stdio: "inherit" });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
