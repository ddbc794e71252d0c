import { FEATURE_FIELD_PREFIX, imovelDefinition } from "../../../shared/resources/imoveis.ts";
import { DomainError } from "../context.ts";

/**
 * Optimistic locking of a draft's autosave (ADR 037): the client sends `versao`, the
 * atualizadoEm of the copy its edit started from; the write only passes while the row still has
 * it, and every draft write moves it forward.
 */

export const DRAFT_CONFLICT_MESSAGE =
  "O rascunho foi alterado em outra aba ou aparelho depois que você começou a editar. Nada foi gravado: escolha qual versão manter.";

/** One field whose saved value differs from the one sent. */
export interface DraftConflictField {
  campo: string;
  rotulo: string;
}

/** The server's copy is newer than the one the edit started from: nothing was written. */
export class DraftConflict extends DomainError {
  override name = "DraftConflict";
  /** The server copy's version, to send back as `versao` to keep one's own. */
  readonly versao: string;
  /** Who saved the server's copy (their name), when known. */
  readonly por: string | null;
  readonly campos: DraftConflictField[];
  constructor(versao: string, por: string | null, campos: DraftConflictField[]) {
    super(DRAFT_CONFLICT_MESSAGE, 409);
    this.versao = versao;
    this.por = por;
    this.campos = campos;
  }
}

/** `versao` from a body: absent (an API client that does not lock), or the ISO instant it read. */
export function draftBase(value: unknown): Date | null {
  if (value === undefined || value === null || value === "") return null;
  const at = typeof value === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/.test(value) ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) {
    throw new DomainError("Versão do rascunho inválida: envie em versao o atualizadoEm da cópia que você editou.", 400, "versao");
  }
  return at;
}

/** Compares values from a form and from a row alike: empty is empty, lists in any order, text trimmed. */
function comparable(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return JSON.stringify(value.map(String).sort());
  return String(value).trim();
}

const LABELS = new Map(imovelDefinition.fields.map((f) => [f.name, f.label]));

/**
 * The fields of the body whose value differs from the saved copy's, in the form's order. `mine`
 * and `saved` hold each field as it would be stored (or as typed, when invalid); features are
 * compared one checkbox at a time.
 */
export function differingFields(
  sent: readonly string[],
  mine: Record<string, unknown>,
  saved: Record<string, unknown>,
  mineFeatures: readonly string[],
  savedFeatures: readonly string[],
): DraftConflictField[] {
  const sentSet = new Set(sent);
  const out: DraftConflictField[] = [];
  for (const field of imovelDefinition.fields) {
    if (!sentSet.has(field.name)) continue;
    let differs: boolean;
    if (field.name.startsWith(FEATURE_FIELD_PREFIX)) {
      const feature = field.name.slice(FEATURE_FIELD_PREFIX.length);
      differs = mineFeatures.includes(feature) !== savedFeatures.includes(feature);
    } else {
      differs = comparable(mine[field.name]) !== comparable(saved[field.name]);
    }
    if (differs) out.push({ campo: field.name, rotulo: LABELS.get(field.name) ?? field.name });
  }
  return out;
}
