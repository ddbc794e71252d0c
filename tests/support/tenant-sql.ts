/**
 * Reads one SQL statement and says which references to org-owned tables it leaves unscoped
 * (ADR 027). A light tokenizer, not a parser: it knows table references, `=` predicates, the
 * paren/sub-select structure and OR, which is all the rule needs.
 *
 * The rule. Every reference to an org-owned table (FROM, JOIN, UPDATE, DELETE FROM, INSERT INTO,
 * sub-selects included) must be scoped, and a reference is scoped when
 * 1. an `=` compares its `org_id` (qualified by its alias or name, or unqualified in its own
 *    select) with a value: a parameter or a literal; for `organizations`, its `id`;
 * 2. it is the target of an INSERT whose column list sets `org_id` (`id` for `organizations`);
 * 3. an `=` equates one of its columns with a column of a scoped reference (a join or a correlated
 *    sub-select that reaches it through a scoped row: `c.id = i.client_id`, `p.org_id = i.org_id`),
 *    or of a common table expression or a derived table (`WITH i AS (…)`, `FROM (SELECT …) p`: the
 *    statement passes only when their own references are scoped, so their rows are the
 *    organization's). An unqualified column belongs, as in SQLite, to the tables of its select
 *    that have it (the schema's columns), else to the enclosing select's.
 * A predicate counts only when no OR shares its group (its parentheses or its clause), so
 * `org_id = ? OR 1` scopes nothing. Statements other than SELECT/INSERT/UPDATE/DELETE/WITH/
 * REPLACE/VALUES (DDL, PRAGMA, transaction control) read no rows and are not checked.
 */

/**
 * Marks a statement the check's own tests send to be refused: it is refused like any other, and
 * recorded apart, so it does not fail the run (it can never run, so it hides nothing).
 */
export const PLANTED = "/* tenant-check: planted */";

type Kind = "word" | "name" | "string" | "number" | "param" | "punct";

interface Token {
  kind: Kind;
  /** Identifiers unquoted and lower-cased; everything else as written. */
  text: string;
  /** Parenthesis depth. */
  depth: number;
  /** The select block (top level or a parenthesised sub-select) the token belongs to. */
  block: number;
}

export interface TableRef {
  table: string;
  alias: string | null;
  block: number;
  insertColumns: string[] | null;
}

export interface Unscoped {
  table: string;
  alias: string | null;
}

const TOKEN =
  /\s+|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|'(?:[^']|'')*'?|"(?:[^"]|"")*"?|`[^`]*`?|\[[^\]]*\]?|\?\d*|[:@$#][A-Za-z_0-9]+|[A-Za-z_\u0080-\uffff][A-Za-z_0-9$\u0080-\uffff]*|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|==|!=|<>|<=|>=|\|\||[^\s]/gy;

export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  let block = 0;
  let blocks = 0;
  const stack: number[] = [];
  const raw: { kind: Kind; text: string }[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(sql); m; m = TOKEN.exec(sql)) {
    const t = m[0];
    const c = t[0] as string;
    if (/\s/.test(c) || t.startsWith("--") || t.startsWith("/*")) continue;
    if (c === "'") raw.push({ kind: "string", text: t });
    else if (c === '"') raw.push({ kind: "name", text: t.slice(1, -1).replaceAll('""', '"').toLowerCase() });
    else if (c === "`" || c === "[") raw.push({ kind: "name", text: t.slice(1, -1).toLowerCase() });
    else if (c === "?" || /^[:@$#]/.test(t)) raw.push({ kind: "param", text: t });
    else if (/\d/.test(c)) raw.push({ kind: "number", text: t });
    else if (/[A-Za-z_\u0080-\uffff]/.test(c)) raw.push({ kind: "word", text: t.toLowerCase() });
    else raw.push({ kind: "punct", text: t });
  }
  for (let i = 0; i < raw.length; i++) {
    const r = raw[i] as { kind: Kind; text: string };
    if (r.text === "(" && r.kind === "punct") {
      tokens.push({ ...r, depth, block });
      depth++;
      stack.push(block);
      const next = raw[i + 1];
      if (next?.kind === "word" && (next.text === "select" || next.text === "with" || next.text === "values")) block = ++blocks;
      continue;
    }
    if (r.text === ")" && r.kind === "punct") {
      depth = Math.max(0, depth - 1);
      block = stack.pop() ?? 0;
    }
    tokens.push({ ...r, depth, block });
  }
  return tokens;
}

/** Words that end a table reference instead of naming its alias. */
const NOT_ALIAS = new Set(
  "where on using join left right full inner cross natural outer group order limit having window union except intersect set values default select returning indexed not as from offset".split(
    " ",
  ),
);
/** Words that close the group a predicate belongs to (besides its parentheses). */
const CLAUSE = new Set(
  "select from where on join group order having limit union except intersect returning set values case when then else end".split(" "),
);
const CHECKED = new Set(["select", "insert", "update", "delete", "with", "replace", "values"]);

/** The table name given to a derived table (`FROM (SELECT …) x`). */
const DERIVED = "(select)";

const isIdent = (t: Token | undefined): t is Token => t !== undefined && (t.kind === "word" || t.kind === "name");

/** The table references of a statement (every block). */
export function tableRefs(tokens: Token[]): TableRef[] {
  const refs: TableRef[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind !== "word" || !["from", "join", "update", "into"].includes(t.text)) continue;
    let j = i + 1;
    if (t.text === "update") {
      if (tokens[j]?.text === "set") continue; // ON CONFLICT … DO UPDATE SET
      if (tokens[j]?.text === "or") j += 2;
    }
    for (;;) {
      const first = tokens[j];
      if (first?.text === "(" && first.kind === "punct" && tokens[j + 1]?.block !== first.block) {
        // A derived table, `(SELECT …) alias`: its own references are checked where they stand.
        const close = tokens.findIndex((x, k) => k > j && x.text === ")" && x.depth === first.depth);
        if (close < 0) break;
        j = close + 1;
        if (tokens[j]?.text === "as") j++;
        const alias = tokens[j];
        if (isIdent(alias) && !(alias.kind === "word" && NOT_ALIAS.has(alias.text))) {
          refs.push({ table: DERIVED, alias: alias.text, block: first.block, insertColumns: null });
          j++;
        }
        if (t.text !== "from" || tokens[j]?.text !== ",") break;
        j++;
        continue;
      }
      if (!isIdent(first) || (first.kind === "word" && NOT_ALIAS.has(first.text))) break;
      let table = first.text;
      j++;
      if (tokens[j]?.text === "." && isIdent(tokens[j + 1])) {
        table = (tokens[j + 1] as Token).text;
        j += 2;
      }
      if (tokens[j]?.text === "(" && t.text !== "into") break; // a table-valued function
      let alias: string | null = null;
      if (tokens[j]?.text === "as" && isIdent(tokens[j + 1])) {
        alias = (tokens[j + 1] as Token).text;
        j += 2;
      } else {
        const next = tokens[j];
        if (isIdent(next) && !(next.kind === "word" && NOT_ALIAS.has(next.text))) {
          alias = next.text;
          j++;
        }
      }
      if (tokens[j]?.text === "indexed") j += 3;
      else if (tokens[j]?.text === "not" && tokens[j + 1]?.text === "indexed") j += 2;
      let insertColumns: string[] | null = null;
      if (t.text === "into") {
        insertColumns = [];
        if (tokens[j]?.text === "(") {
          for (j++; j < tokens.length && tokens[j]?.text !== ")"; j++) {
            const col = tokens[j] as Token;
            if (isIdent(col)) insertColumns.push(col.text);
          }
        }
      }
      refs.push({ table, alias, block: first.block, insertColumns });
      if (t.text !== "from" || tokens[j]?.text !== ",") break;
      j++;
    }
  }
  return refs;
}

type Operand = { column: string; qualifier: string | null } | { value: true } | null;

function operandBefore(tokens: Token[], i: number): Operand {
  const a = tokens[i - 1];
  if (!a) return null;
  if (a.kind === "param" || a.kind === "string" || a.kind === "number") return { value: true };
  if (!isIdent(a)) return null;
  if (tokens[i - 2]?.text === "." && isIdent(tokens[i - 3])) return { column: a.text, qualifier: (tokens[i - 3] as Token).text };
  return { column: a.text, qualifier: null };
}

function operandAfter(tokens: Token[], i: number): Operand {
  const a = tokens[i + 1];
  if (!a) return null;
  if (a.kind === "param" || a.kind === "string" || a.kind === "number") return { value: true };
  if (!isIdent(a)) return null;
  if (tokens[i + 2]?.text === "." && isIdent(tokens[i + 3])) return { column: (tokens[i + 3] as Token).text, qualifier: a.text };
  if (tokens[i + 2]?.text === "(") return null; // a function call
  return { column: a.text, qualifier: null };
}

/**
 * True when the `=` at `i` is a condition: it governs rows from a WHERE, ON or HAVING clause
 * (not a SET assignment, a projection or a CASE branch), and no OR shares its group.
 */
function isCondition(tokens: Token[], i: number): boolean {
  const own = (tokens[i] as Token).depth;
  let depth = own;
  let clause: string | null = null;
  for (let j = i - 1; j >= 0 && clause === null; j--) {
    const t = tokens[j] as Token;
    if (t.depth > depth) continue;
    depth = t.depth;
    if (t.kind === "word" && CLAUSE.has(t.text)) clause = t.text;
  }
  if (clause !== "where" && clause !== "on" && clause !== "having") return false;
  for (const step of [-1, 1]) {
    for (let j = i + step; j >= 0 && j < tokens.length; j += step) {
      const t = tokens[j] as Token;
      if (t.depth < own) break;
      if (t.depth > own || t.kind !== "word") continue;
      if (t.text === "or") return false;
      if (CLAUSE.has(t.text)) break;
    }
  }
  return true;
}

interface Equality {
  left: Operand;
  right: Operand;
  block: number;
}

/** Blocks enclosing each block (innermost first), to resolve correlated names. */
function blockParents(tokens: Token[]): Map<number, number> {
  const parents = new Map<number, number>();
  for (let i = 1; i < tokens.length; i++) {
    const prev = tokens[i - 1] as Token;
    const t = tokens[i] as Token;
    if (t.block !== prev.block && !parents.has(t.block) && prev.text === "(") parents.set(t.block, prev.block);
  }
  return parents;
}

/**
 * The unscoped references to org-owned tables in `sql`. `orgTables` lists the tables with an
 * `org_id` column; `organizations` is scoped by its `id`.
 */
export function unscopedReferences(
  sql: string,
  orgTables: ReadonlySet<string>,
  columns?: ReadonlyMap<string, ReadonlySet<string>>,
): Unscoped[] {
  const tokens = tokenize(sql);
  const lead = tokens[0];
  if (lead?.kind !== "word" || !CHECKED.has(lead.text)) return [];
  const allRefs = tableRefs(tokens);
  const refs = allRefs.filter((r) => orgTables.has(r.table) || r.table === "organizations");
  if (refs.length === 0) return [];
  const parents = blockParents(tokens);
  const cteNames = new Set(
    tokens
      .filter((t, i) => isIdent(t) && tokens[i + 1]?.text === "as" && tokens[i + 2]?.text === "(" && tokens[i + 3]?.text === "select")
      .map((t) => t.text),
  );
  const sources = new Set(allRefs.filter((r) => (cteNames.has(r.table) || r.table === DERIVED) && !refs.includes(r)));
  /** Whether `ref` may have `column` (unknown for CTEs and derived tables, or without the schema's columns). */
  const mayHave = (ref: TableRef, column: string) => columns?.get(ref.table)?.has(column) ?? true;
  const keyColumn = (r: TableRef) => (r.table === "organizations" ? "id" : "org_id");

  /** The references a column operand names, searching its block, then the enclosing ones. */
  const resolve = (op: { column: string; qualifier: string | null }, block: number): TableRef[] => {
    for (let b: number | undefined = block; b !== undefined; b = parents.get(b)) {
      const inBlock = allRefs.filter((r) => r.block === b);
      if (op.qualifier === null) {
        // As SQLite resolves it: the tables of its own select that have the column, else the enclosing select's.
        const owners = inBlock.filter((r) => mayHave(r, op.column));
        if (owners.length === 0) continue;
        // An unqualified `org_id` is every org-owned table's of its select; another column, the lone owner's.
        return op.column === "org_id" ? owners.filter((r) => refs.includes(r)) : owners.length === 1 ? owners : [];
      }
      const hits = inBlock.filter((r) => (r.alias ?? r.table) === op.qualifier);
      if (hits.length) return hits;
    }
    return [];
  };

  const equalities: Equality[] = [];
  tokens.forEach((t, i) => {
    if (t.kind !== "punct" || (t.text !== "=" && t.text !== "==")) return;
    if (!isCondition(tokens, i)) return;
    equalities.push({ left: operandBefore(tokens, i), right: operandAfter(tokens, i), block: t.block });
  });

  const scoped = new Set<TableRef>();
  for (const r of refs) {
    if (r.insertColumns?.includes(keyColumn(r))) scoped.add(r);
  }
  for (const { left, right, block } of equalities) {
    for (const [col, other] of [
      [left, right],
      [right, left],
    ] as const) {
      if (!col || !("column" in col) || !other || !("value" in other)) continue;
      for (const r of resolve(col, block)) if (refs.includes(r) && col.column === keyColumn(r)) scoped.add(r);
    }
  }
  // Reaching a reference through a scoped one, until nothing changes.
  for (let changed = true; changed; ) {
    changed = false;
    for (const { left, right, block } of equalities) {
      if (!left || !right || !("column" in left) || !("column" in right)) continue;
      const a = resolve(left, block);
      const b = resolve(right, block);
      if (a.length !== 1 || b.length !== 1) continue;
      const [ra, rb] = [a[0] as TableRef, b[0] as TableRef];
      const reach = (from: TableRef, to: TableRef) => {
        if (!(scoped.has(from) || sources.has(from)) || scoped.has(to) || !refs.includes(to)) return;
        scoped.add(to);
        changed = true;
      };
      reach(ra, rb);
      reach(rb, ra);
    }
  }
  return refs.filter((r) => !scoped.has(r)).map((r) => ({ table: r.table, alias: r.alias }));
}
