/**
 * Unsent draft changes kept on this device (localStorage), so a lost connection loses nothing.
 * Keyed by user and property: a shared phone never mixes two people's drafts. The server copy
 * is the truth once a save succeeds, and the local copy is then dropped.
 */

/** The form's values as the inputs show them: text as typed, checkboxes as booleans. */
export type DraftValues = Record<string, string | boolean>;

export interface LocalDraft {
  values: DraftValues;
  /** When the person last typed here (ISO): compared with the server's atualizadoEm on reopen. */
  editedAt: string;
  /** The server version these edits started from (its atualizadoEm): sent as `versao` (ADR 037). */
  base?: string | undefined;
}

const PREFIX = "alicerce:rascunho-imovel:";

function key(userId: string, propertyId: string): string {
  return `${PREFIX}${userId}:${propertyId}`;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Private mode or storage disabled: autosave still works online.
    return null;
  }
}

export function readLocalDraft(userId: string, propertyId: string): LocalDraft | null {
  const raw = storage()?.getItem(key(userId, propertyId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<LocalDraft>;
    if (typeof parsed.editedAt !== "string" || typeof parsed.values !== "object" || parsed.values === null) return null;
    return { values: parsed.values, editedAt: parsed.editedAt, base: typeof parsed.base === "string" ? parsed.base : undefined };
  } catch {
    return null;
  }
}

export function writeLocalDraft(userId: string, propertyId: string, draft: LocalDraft): boolean {
  try {
    storage()?.setItem(key(userId, propertyId), JSON.stringify(draft));
    return true;
  } catch {
    // Quota full: the form keeps retrying the server.
    return false;
  }
}

export function clearLocalDraft(userId: string, propertyId: string): void {
  storage()?.removeItem(key(userId, propertyId));
}

/** A form's values, the last of each name (a checkbox sends a hidden "off" then "on"). */
export function formValues(form: HTMLFormElement): DraftValues {
  const out: DraftValues = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string") out[name] = value;
  }
  for (const el of Array.from(form.elements)) {
    if (el instanceof HTMLInputElement && el.type === "checkbox" && el.name) out[el.name] = el.checked;
  }
  return out;
}

/** The autosave body: what the API's draft validation reads (checkboxes as "on"/"off"). */
export function draftBody(values: DraftValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) out[name] = typeof value === "boolean" ? (value ? "on" : "off") : value;
  return out;
}
