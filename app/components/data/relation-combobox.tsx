import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { RelationPickerProps } from "./relation-picker.tsx";
import { pickerInputClass } from "./styles.ts";
import type { RelationOption } from "./types.ts";
import { normalizeText } from "../../../shared/search.ts";

/** The interactive picker (see `relation-picker.tsx`), loaded once a screen shows one. */

const DEBOUNCE_MS = 250;
const MAX_OPTIONS = 50;

function isOption(value: unknown): value is RelationOption {
  if (typeof value !== "object" || value === null) return false;
  const { id, title } = value as Record<string, unknown>;
  return typeof id === "string" && typeof title === "string";
}

/** The suggestions for `q`, from the related resource's options endpoint. */
export async function fetchRelationOptions(relation: string, q: string, signal: AbortSignal): Promise<RelationOption[]> {
  const res = await fetch(`/api/${encodeURIComponent(relation)}/options?q=${encodeURIComponent(q)}`, {
    signal,
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as { data?: unknown };
  return Array.isArray(body.data) ? body.data.filter(isOption).slice(0, MAX_OPTIONS) : [];
}

type Status = "idle" | "loading" | "done" | "error";

/** The fixed list's options whose title holds every typed word (accents and case ignored). */
export function searchChoices(choices: readonly RelationOption[], q: string): RelationOption[] {
  const terms = normalizeText(q).split(" ").filter(Boolean);
  const found = terms.length ? choices.filter((o) => terms.every((t) => normalizeText(o.title).includes(t))) : choices;
  return found.slice(0, MAX_OPTIONS);
}

/** The fixed list's matches, then what the typed text suggests (none repeating an option). */
async function localOptions(
  choices: readonly RelationOption[],
  typed: RelationPickerProps["typed"],
  q: string,
  signal: AbortSignal,
): Promise<RelationOption[]> {
  const found = searchChoices(choices, q);
  if (!typed || !q) return found;
  const seen = new Set(found.map((o) => normalizeText(o.id)));
  const extra = (await typed(q, signal)).filter((o) => !seen.has(normalizeText(o.id)));
  return [...found, ...extra];
}

export default function Combobox({
  id,
  name,
  relation,
  label,
  multiple = false,
  defaultSelected,
  initialOptions,
  placeholder,
  invalid,
  describedBy,
  required,
  choices,
  typed,
  onPick,
}: RelationPickerProps) {
  const listId = `${id}-opcoes`;
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [selected, setSelected] = useState<readonly RelationOption[]>(defaultSelected);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<readonly RelationOption[]>(initialOptions ?? []);
  const [loadedFor, setLoadedFor] = useState<string | null>(initialOptions ? "" : null);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<Status>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  // Tell the form once the hidden inputs hold a new selection (not the initial one).
  const picked = useRef(onPick);
  picked.current = onPick;
  const told = useRef(selected);
  useEffect(() => {
    if (told.current === selected) return;
    told.current = selected;
    picked.current?.(selected, input.current?.form ?? null);
  }, [selected]);

  const search = (q: string, delay = DEBOUNCE_MS) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setStatus("loading");
      try {
        const found = choices
          ? await localOptions(choices, typed, q, controller.signal)
          : await fetchRelationOptions(relation, q, controller.signal);
        if (controller.signal.aborted) return;
        setOptions(found);
        setLoadedFor(q);
        setActive(-1);
        setStatus("done");
      } catch {
        if (controller.signal.aborted) return;
        setOptions([]);
        setStatus("error");
      }
    }, delay);
  };

  const chosen = new Set(selected.map((o) => normalizeText(o.id)));
  const shown = multiple ? options.filter((o) => !chosen.has(normalizeText(o.id))) : options;
  const optionId = (i: number) => `${id}-opcao-${i}`;

  const openList = () => {
    setOpen(true);
    if (loadedFor !== text.trim()) search(text.trim(), 0);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (option: RelationOption) => {
    // The chip reads the option's title; its note ("novo bairro") belonged to the suggestion only.
    const chip = { id: option.id, title: option.title };
    setSelected((prev) => (multiple ? (prev.some((s) => s.id === option.id) ? prev : [...prev, chip]) : [chip]));
    setText("");
    if (loadedFor !== "") search("", 0);
    close();
    input.current?.focus();
  };
  const remove = (option: RelationOption) => {
    setSelected((prev) => prev.filter((s) => s.id !== option.id));
    input.current?.focus();
  };

  // Keep the option the keyboard moved to visible in the scrolling list (not the one under the
  // pointer, which is visible already and would make the list jump under the mouse).
  const movedByKeyboard = useRef(false);
  useEffect(() => {
    if (!open || active < 0 || !movedByKeyboard.current) return;
    movedByKeyboard.current = false;
    document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp" || event.key === "Home" || event.key === "End") {
      movedByKeyboard.current = true;
    }
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) openList();
        else setActive((i) => Math.min(i + 1, shown.length - 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (open) setActive((i) => Math.max(i - 1, 0));
        break;
      case "Home":
      case "End":
        if (open && shown.length) {
          event.preventDefault();
          setActive(event.key === "Home" ? 0 : shown.length - 1);
        }
        break;
      case "Enter": {
        const option = open ? shown[active] : undefined;
        if (option) {
          // Picking, not submitting the form.
          event.preventDefault();
          pick(option);
        }
        break;
      }
      case "Escape":
        if (open) {
          event.preventDefault();
          close();
        } else if (text) {
          event.preventDefault();
          setText("");
        }
        break;
      case "Backspace": {
        const last = selected.at(-1);
        if (multiple && text === "" && last) remove(last);
        break;
      }
      case "Tab":
        close();
        break;
    }
  };

  const message =
    status === "loading"
      ? "Buscando…"
      : status === "error"
        ? "Não foi possível buscar agora. Tente de novo."
        : open && status === "done"
          ? shown.length === 0
            ? "Nenhum resultado."
            : `${shown.length} ${shown.length === 1 ? "resultado" : "resultados"}. Use as setas para escolher.`
          : "";

  return (
    <div className="relative space-y-1.5">
      {multiple ? (
        selected.map((o) => <input key={o.id} type="hidden" name={name} value={o.id} />)
      ) : (
        <input type="hidden" name={name} value={selected[0]?.id ?? ""} />
      )}
      {selected.length ? (
        <ul aria-label={`${label}: ${multiple ? "escolhidos" : "escolhido"}`} className="flex flex-wrap gap-1.5">
          {selected.map((o) => (
            <li
              key={o.id}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-accent-soft py-0.5 pr-1 pl-2.5 text-sm text-fg"
            >
              <span className="truncate">{o.title}</span>
              <button
                type="button"
                className="grid size-5 shrink-0 place-items-center rounded-full text-fg-soft hover:bg-surface hover:text-fg"
                aria-label={`Remover ${o.title}`}
                onClick={() => remove(o)}
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-3" fill="none" stroke="currentColor" strokeWidth="3">
                  <path d="M6 6l12 12M18 6L6 18" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={[describedBy, statusId].filter(Boolean).join(" ")}
        aria-required={required || undefined}
        data-field-input={name}
        autoComplete="off"
        value={text}
        placeholder={placeholder ?? (selected.length && !multiple ? "Buscar outro" : "Digite para buscar")}
        className={pickerInputClass}
        onChange={(e) => {
          const q = e.currentTarget.value;
          setText(q);
          setOpen(true);
          search(q.trim());
        }}
        // Load the first suggestions while the person is here; the list opens on a click, a
        // keystroke or ArrowDown (not on Tab, which would cover the next fields).
        onFocus={() => loadedFor !== text.trim() && search(text.trim(), 0)}
        onClick={() => !open && openList()}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!open || shown.length === 0}
        className="absolute z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-line bg-surface py-1 shadow-lg"
      >
        {shown.map((o, i) => (
          // The options take no focus: the input keeps it and points at the active one
          // (aria-activedescendant); the keyboard works through the input's onKeyDown.
          // biome-ignore lint/a11y/useFocusableInteractive: see above
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above
          <div
            key={o.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-accent-soft text-fg" : "hover:bg-muted"}`}
            // Keep the focus in the input while the pointer picks.
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => {
              movedByKeyboard.current = false;
              setActive(i);
            }}
            onClick={() => pick(o)}
          >
            {o.title}
            {o.note ? <span className="ml-1.5 text-xs text-fg-soft">({o.note})</span> : null}
          </div>
        ))}
      </div>
      <p id={statusId} role="status" className="sr-only">
        {message}
      </p>
    </div>
  );
}
