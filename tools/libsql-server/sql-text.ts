// A small SQL lexer, just enough to do what the `libsql` JS API does not expose but the protocol needs:
//
// - split a SQL text into statements (Hrana `sequence`, and rejecting `execute` with several statements,
//   which `libsql` would otherwise silently truncate to the first one);
// - list the statement's parameters in SQLite's numbering (the binding API is positional-or-object and
//   crashes the process when an object meets a `?`, so we always bind a positional array ourselves);
// - classify the statement (INSERT / UPDATE / DELETE / EXPLAIN) the way sqld does for
//   `affected_row_count` and `last_insert_rowid`.
//
// Statement boundaries follow sqlite3_complete(): a `;` ends a statement, except inside
// CREATE TRIGGER ... BEGIN ... END where only `END ;` does.

type TokenKind = "ws" | "semi" | "word" | "string" | "quoted" | "param" | "lparen" | "rparen" | "other";

type Token = { kind: TokenKind; start: number; end: number };

function isIdChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) || // 0-9
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x61 && code <= 0x7a) || // a-z
    code === 0x5f || // _
    code === 0x24 || // $
    code >= 0x80
  );
}

function isIdStart(code: number): boolean {
  return isIdChar(code) && code !== 0x24 && !(code >= 0x30 && code <= 0x39);
}

function isSpace(ch: string): boolean {
  return ch === " " || ch === "\t" || ch === "\n" || ch === "\r" || ch === "\f";
}

/** Length of the quoted token starting at `start` (SQL doubles the quote to escape it). */
function quotedLength(sql: string, start: number, quote: string): number {
  let i = start + 1;
  for (;;) {
    const at = sql.indexOf(quote, i);
    if (at < 0) {
      return sql.length - start; // unterminated: SQLite will report the error itself
    }
    if (sql[at + 1] === quote) {
      i = at + 2;
      continue;
    }
    return at + 1 - start;
  }
}

/** Length of a `:name`, `@name`, `$name` or `#name` parameter, following SQLite's tokenizer. */
function namedParamLength(sql: string, start: number): number {
  let i = start + 1;
  let n = 0;
  while (i < sql.length) {
    const code = sql.charCodeAt(i);
    if (isIdChar(code)) {
      n++;
      i++;
    } else if (sql[i] === "(" && n > 0) {
      // TCL-style `$name(index)`
      i++;
      while (i < sql.length && !isSpace(sql[i] as string) && sql[i] !== ")") i++;
      if (sql[i] === ")") i++;
      break;
    } else if (sql[i] === ":" && sql[i + 1] === ":") {
      i += 2; // TCL-style `$ns::name`
    } else {
      break;
    }
  }
  return i - start;
}

function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i] as string;
    const code = sql.charCodeAt(i);
    const start = i;
    let kind: TokenKind;
    if (isSpace(ch)) {
      while (i < sql.length && isSpace(sql[i] as string)) i++;
      kind = "ws";
    } else if (ch === "-" && sql[i + 1] === "-") {
      const eol = sql.indexOf("\n", i);
      i = eol < 0 ? sql.length : eol + 1;
      kind = "ws";
    } else if (ch === "/" && sql[i + 1] === "*") {
      const close = sql.indexOf("*/", i + 2);
      i = close < 0 ? sql.length : close + 2;
      kind = "ws";
    } else if (ch === ";") {
      i++;
      kind = "semi";
    } else if (ch === "'") {
      i += quotedLength(sql, i, "'");
      kind = "string";
    } else if (ch === '"' || ch === "`") {
      i += quotedLength(sql, i, ch);
      kind = "quoted";
    } else if (ch === "[") {
      const close = sql.indexOf("]", i);
      i = close < 0 ? sql.length : close + 1;
      kind = "quoted";
    } else if (ch === "?") {
      i++;
      while (i < sql.length && /[0-9]/.test(sql[i] as string)) i++;
      kind = "param";
    } else if (ch === ":" || ch === "@" || ch === "$" || ch === "#") {
      const length = namedParamLength(sql, i);
      if (length > 1) {
        i += length;
        kind = "param";
      } else {
        i++;
        kind = "other";
      }
    } else if ((ch === "x" || ch === "X") && sql[i + 1] === "'") {
      i += 1 + quotedLength(sql, i + 1, "'");
      kind = "string"; // blob literal
    } else if (isIdStart(code)) {
      while (i < sql.length && isIdChar(sql.charCodeAt(i))) i++;
      kind = "word";
    } else if (code >= 0x30 && code <= 0x39) {
      // Numbers (including 1e10, 0x1F): one token is enough for our purposes.
      while (i < sql.length && isIdChar(sql.charCodeAt(i))) i++;
      kind = "other";
    } else if (ch === "(") {
      i++;
      kind = "lparen";
    } else if (ch === ")") {
      i++;
      kind = "rparen";
    } else {
      i++;
      kind = "other";
    }
    tokens.push({ kind, start, end: i });
  }
  return tokens;
}

// sqlite3_complete()'s state machine (see SQLite's complete.c): states x token classes.
const TK_SEMI = 0;
const TK_WS = 1;
const TK_OTHER = 2;
const TK_EXPLAIN = 3;
const TK_CREATE = 4;
const TK_TEMP = 5;
const TK_TRIGGER = 6;
const TK_END = 7;
const STATE_START = 1;
const TRANSITIONS: readonly (readonly number[])[] = [
  /*            SEMI WS OTHER EXPLAIN CREATE TEMP TRIGGER END */
  /* INVALID */ [1, 0, 2, 3, 4, 2, 2, 2],
  /* START   */ [1, 1, 2, 3, 4, 2, 2, 2],
  /* NORMAL  */ [1, 2, 2, 2, 2, 2, 2, 2],
  /* EXPLAIN */ [1, 3, 3, 2, 4, 2, 2, 2],
  /* CREATE  */ [1, 4, 2, 2, 2, 4, 5, 2],
  /* TRIGGER */ [6, 5, 5, 5, 5, 5, 5, 5],
  /* SEMI    */ [6, 6, 5, 5, 5, 5, 5, 7],
  /* END     */ [1, 7, 5, 5, 5, 5, 5, 5],
];

function completeClass(sql: string, token: Token): number {
  if (token.kind === "semi") return TK_SEMI;
  if (token.kind === "ws") return TK_WS;
  if (token.kind !== "word") return TK_OTHER;
  switch (sql.slice(token.start, token.end).toLowerCase()) {
    case "explain":
      return TK_EXPLAIN;
    case "create":
      return TK_CREATE;
    case "temp":
    case "temporary":
      return TK_TEMP;
    case "trigger":
      return TK_TRIGGER;
    case "end":
      return TK_END;
    default:
      return TK_OTHER;
  }
}

/** One statement of a SQL text, with what we learned about it from its tokens (shared: never mutate). */
export type StatementInfo = {
  /** The statement text, including its terminating `;` if any. */
  readonly sql: string;
  /** Starts with EXPLAIN (sqlite3_stmt_isexplain). */
  readonly isExplain: boolean;
  /** INSERT or REPLACE (possibly after a WITH clause): sqld reports last_insert_rowid only for these. */
  readonly isInsert: boolean;
  /** INSERT, REPLACE, UPDATE or DELETE: sqld reports affected_row_count only for these. */
  readonly isIud: boolean;
  /** Parameter names by SQLite index (entry 0 is parameter 1); `null` for an anonymous `?`. */
  readonly params: readonly (string | null)[];
  /**
   * Preparing or running it may change the state of the connection itself rather than the database
   * (PRAGMA, ATTACH/DETACH, anything in the `temp` schema): see `touchesConnectionState`.
   */
  readonly touchesConnection: boolean;
};

/** Split a SQL text into statements. Empty statements (`;;`, comments only) are skipped. */
export function splitStatements(sql: string): StatementInfo[] {
  const tokens = tokenize(sql);
  const statements: StatementInfo[] = [];
  let state = 0;
  let current: Token[] = [];
  let start = -1;
  const finish = (end: number): void => {
    if (start >= 0) {
      statements.push(analyze(sql.slice(start, end), sql, current));
    }
    current = [];
    start = -1;
  };
  for (const token of tokens) {
    const cls = completeClass(sql, token);
    if (cls === TK_WS) continue;
    const next = TRANSITIONS[state]?.[cls] ?? 2;
    if (cls === TK_SEMI && next === STATE_START) {
      finish(token.end);
    } else {
      if (start < 0) start = token.start;
      current.push(token);
    }
    state = next;
  }
  // A last statement without `;` (or an unfinished trigger, which SQLite will reject when preparing it).
  const last = current[current.length - 1];
  if (last !== undefined) finish(last.end);
  return statements;
}

const MAIN_KEYWORDS = new Set(["select", "values", "insert", "replace", "update", "delete"]);

function analyze(text: string, sql: string, tokens: Token[]): StatementInfo {
  const word = (t: Token | undefined): string => (t !== undefined && t.kind === "word" ? sql.slice(t.start, t.end).toLowerCase() : "");

  const isExplain = word(tokens[0]) === "explain";
  let verb = word(tokens[0]);
  if (verb === "with") {
    // The statement's verb is the first keyword at paren depth 0 that directly follows the `)` closing a
    // common table expression, e.g. `WITH x AS (...), y AS (...) INSERT ...`.
    let depth = 0;
    verb = "";
    for (let k = 1; k < tokens.length; k++) {
      const t = tokens[k] as Token;
      if (t.kind === "lparen") depth++;
      else if (t.kind === "rparen") depth--;
      else if (depth === 0 && tokens[k - 1]?.kind === "rparen" && MAIN_KEYWORDS.has(word(t))) {
        verb = word(t);
        break;
      }
    }
  }
  const isInsert = !isExplain && (verb === "insert" || verb === "replace");
  const isIud = isInsert || (!isExplain && (verb === "update" || verb === "delete"));

  // Parameter numbering as in sqlite3ExprAssignVarNumber(): `?` takes the next index, `?NNN` takes NNN,
  // a name takes the next index on first use and reuses it afterwards.
  const params: (string | null)[] = [];
  const byName = new Map<string, number>();
  for (const t of tokens) {
    if (t.kind !== "param") continue;
    const name = sql.slice(t.start, t.end);
    if (name === "?") {
      params.push(null);
    } else if (name.startsWith("?")) {
      const index = Number(name.slice(1));
      if (index < 1 || index > 32766) continue; // SQLite rejects it when preparing
      while (params.length < index) params.push(null);
      if (!byName.has(name)) {
        byName.set(name, index);
        params[index - 1] = name;
      }
    } else if (!byName.has(name)) {
      params.push(name);
      byName.set(name, params.length);
    }
  }
  return { sql: text, isExplain, isInsert, isIud, params, touchesConnection: touchesConnectionState(sql, tokens) };
}

// PRAGMAs whose argument names an object to inspect, never a setting: harmless with or without one.
const INSPECTING_PRAGMAS = new Set([
  "collation_list",
  "compile_options",
  "data_version",
  "database_list",
  "foreign_key_check",
  "foreign_key_list",
  "freelist_count",
  "function_list",
  "index_info",
  "index_list",
  "index_xinfo",
  "integrity_check",
  "module_list",
  "page_count",
  "pragma_list",
  "quick_check",
  "table_info",
  "table_list",
  "table_xinfo",
]);

// PRAGMAs that read a setting when given no argument (and change it when given one).
const SETTING_PRAGMAS = new Set([
  "application_id",
  "auto_vacuum",
  "busy_timeout",
  "cache_size",
  "defer_foreign_keys",
  "encoding",
  "foreign_keys",
  "journal_mode",
  "page_size",
  "query_only",
  "recursive_triggers",
  "schema_version",
  "synchronous",
  "temp_store",
  "user_version",
]);

/**
 * Whether a statement may change per-connection state, which must not leak into a later stream that
 * gets the same pooled connection: any PRAGMA except the reads listed above (SQLite applies many
 * PRAGMAs while *preparing* them, even under EXPLAIN), ATTACH/DETACH, and anything that names the
 * `temp` schema or the TEMP/TEMPORARY keyword (temporary tables, views, triggers, `temp.x`). Deliberately
 * coarse: a column called `temp` counts too, which only costs a fresh connection.
 */
function touchesConnectionState(sql: string, tokens: Token[]): boolean {
  const word = (t: Token | undefined): string => (t !== undefined && t.kind === "word" ? sql.slice(t.start, t.end).toLowerCase() : "");
  for (const t of tokens) {
    if (t.kind === "word" || t.kind === "quoted") {
      const name = (t.kind === "quoted" ? sql.slice(t.start + 1, t.end - 1) : sql.slice(t.start, t.end)).toLowerCase();
      if (name === "temp" || name === "temporary") return true;
    }
  }
  let k = 0;
  while (["explain", "query", "plan"].includes(word(tokens[k]))) k++;
  const verb = word(tokens[k]);
  if (verb === "attach" || verb === "detach") return true;
  if (verb !== "pragma") return false;
  // PRAGMA [schema.]name [= value | (value)]: anything longer or odd-looking counts as a change.
  let nameToken = tokens[k + 1];
  let rest = k + 2;
  if (tokens[k + 2] !== undefined && sql.slice(tokens[k + 2]?.start, tokens[k + 2]?.end) === ".") {
    if (word(tokens[k + 1]) !== "main") return true;
    nameToken = tokens[k + 3];
    rest = k + 4;
  }
  const name = word(nameToken);
  if (INSPECTING_PRAGMAS.has(name)) return false;
  return !(SETTING_PRAGMAS.has(name) && rest >= tokens.length);
}
