import { lazy, Suspense } from "react";
import { useHydrated } from "../ui/hydrated.ts";
import { pickerInputClass } from "./styles.ts";
import type { RelationOption } from "./types.ts";

/**
 * Picks records of another resource by searching them: a text input (`role="combobox"`) whose
 * suggestions come from `GET /api/<relation>/options?q=` (same origin, the session cookie
 * authenticates it), 250 ms after the last keystroke, a stale request aborted. Arrow keys move
 * through the suggestions, Enter picks, Escape closes. The chosen records are chips with a
 * remove button, submitted as hidden inputs named `name` (one per record, or one holding the id
 * or nothing when `multiple` is off).
 *
 * Without JavaScript a search cannot run: the list filter keeps its chosen records as ticked
 * boxes; the form field is a `<select>` of the options the loader sent. The server and the
 * hydration render that form, synchronously; the combobox (`relation-combobox.tsx`) is loaded
 * afterwards, only by screens that show a picker, so the others do not pay its JavaScript.
 */

export interface RelationPickerProps {
  /** The text input's id (the `<label htmlFor>`). */
  id: string;
  /** Submitted name: `f.fornecedor` in a filter, `fornecedorId` in a form. */
  name: string;
  /** The API segment of the related resource (`companies`, `produtos`). */
  relation: string;
  /** The field's label, used in the chips' and list's accessible names. */
  label: string;
  /** Several records (a filter's "any of") or one (a form field). */
  multiple?: boolean;
  defaultSelected: readonly RelationOption[];
  /** Suggestions shown before anything is typed (else the first page is fetched on focus). */
  initialOptions?: readonly RelationOption[];
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string | undefined;
  required?: boolean | undefined;
  /**
   * A fixed list searched here (accent- and case-insensitive) instead of `/api/<relation>/options`:
   * the chosen value is the option's id.
   */
  choices?: readonly RelationOption[];
  /** Suggestions made from the typed text itself (a new entry, a CEP's place), after the list's. */
  typed?: (text: string, signal: AbortSignal) => Promise<readonly RelationOption[]>;
  /** After the selection changed and its hidden inputs were written (the form validates then). */
  onPick?: (selected: readonly RelationOption[], form: HTMLFormElement | null) => void;
}

const Combobox = lazy(() => import("./relation-combobox.tsx"));

export function RelationPicker(props: RelationPickerProps) {
  const hydrated = useHydrated();
  if (!hydrated) return <Fallback {...props} />;
  return (
    <Suspense fallback={<Fallback {...props} />}>
      <Combobox {...props} />
    </Suspense>
  );
}

function Fallback({
  id,
  name,
  label,
  multiple,
  defaultSelected,
  initialOptions = [],
  invalid,
  describedBy,
  required,
  choices,
}: RelationPickerProps) {
  if (choices) {
    // Without JavaScript a fixed list is typed: the server reads the text (and the chosen ones).
    return (
      <div className="space-y-1.5">
        <input
          id={id}
          name={name}
          defaultValue={defaultSelected.map((o) => o.id).join("; ")}
          className={pickerInputClass}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      </div>
    );
  }
  if (!multiple) {
    const options = [...defaultSelected, ...initialOptions.filter((o) => !defaultSelected.some((s) => s.id === o.id))];
    return (
      <select
        id={id}
        name={name}
        defaultValue={defaultSelected[0]?.id ?? ""}
        className={pickerInputClass}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        required={required}
      >
        <option value="">{required ? "Selecione" : "Não informado"}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.title}
          </option>
        ))}
      </select>
    );
  }
  return (
    <div className="space-y-1.5">
      <input id={id} disabled placeholder="A busca precisa de JavaScript" className={pickerInputClass} />
      {defaultSelected.length ? (
        <ul aria-label={`${label}: escolhidos`} className="space-y-1">
          {defaultSelected.map((o) => (
            <li key={o.id}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name={name} value={o.id} defaultChecked className="size-4 accent-[var(--c-accent)]" />
                {o.title}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
