import { useId } from "react";
import { formatCep } from "../../../shared/documents.ts";
import { formatPlace, type InterestPlace, parsePlace } from "../../../shared/real-estate/places.ts";
import type { FilterOption } from "../../../shared/resources/types.ts";
import { invokeFunction } from "../../lib/functions.ts";
import { ErrorText, Hint, Label } from "./form-fields.tsx";
import { RelationPicker } from "./relation-picker.tsx";
import type { RelationOption } from "./types.ts";

/**
 * Fields whose values come from a list, so a typo cannot slip in: `ChoicesField` ticks options of
 * a fixed list (kinds of property, features: the property form's own lists); `PlacesField` picks
 * places from those the organização knows, or adds one typed or found by CEP.
 */

interface ListFieldProps {
  label: string;
  name: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** The values chosen now (option values; places as "bairro, cidade - UF"). */
  chosen: readonly string[];
  onChanged?: () => void;
}

/** A group of checkboxes named `name`, one per option: the browser sends the ticked values. */
export function ChoicesField({
  label,
  name,
  hint,
  error,
  chosen,
  options,
  onChanged,
}: ListFieldProps & { options: readonly FilterOption[] }) {
  const id = `${name}-${useId()}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  // A stored value the list no longer has still shows (ticked), so saving keeps it visible to fix.
  const extra = chosen.filter((v) => !options.some((o) => o.value === v)).map((v) => ({ value: v, label: v }));
  return (
    <fieldset className="space-y-1.5" aria-describedby={describedBy} data-field-input={name}>
      <legend className="text-sm font-medium">{label}</legend>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-x-3 gap-y-2 rounded-lg border border-line bg-surface p-3">
        {[...options, ...extra].map((o) => (
          <label key={o.value} className="flex min-w-0 items-start gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={chosen.includes(o.value)}
              aria-invalid={error ? true : undefined}
              onChange={() => onChanged?.()}
              className="mt-0.5 size-4 shrink-0 accent-[var(--c-accent)]"
            />
            <span className="min-w-0">{o.label}</span>
          </label>
        ))}
      </div>
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </fieldset>
  );
}

const SMALL_WORDS = new Set(["de", "da", "do", "das", "dos", "e"]);

/** "vila madalena" → "Vila Madalena" (a name typed all in lower case reads as names do). */
export function titleCase(text: string): string {
  if (text !== text.toLocaleLowerCase("pt-BR")) return text;
  return text.replace(/\p{L}+/gu, (word, offset: number) =>
    offset > 0 && SMALL_WORDS.has(word) ? word : word.charAt(0).toLocaleUpperCase("pt-BR") + word.slice(1),
  );
}

function placeOption(place: InterestPlace, note?: string): RelationOption {
  const text = formatPlace(place);
  return { id: text, title: text, ...(note ? { note } : {}) };
}

type CepAnswer = { bairro?: string | null; cidade?: string | null; uf?: string | null } | { indisponivel: true } | null;

/** The place of a CEP (the same lookup as the address forms); null when unknown or unreachable. */
async function placeOfCep(digits: string, signal: AbortSignal): Promise<InterestPlace | null> {
  try {
    const res = await invokeFunction<{ data?: CepAnswer } | CepAnswer>("consultar-cep", { cep: digits }, { signal });
    const body = res.data;
    const answer = (body && typeof body === "object" && "data" in body ? body.data : body) as CepAnswer | undefined;
    if (!answer || "indisponivel" in answer || !answer.cidade) return null;
    return { cidade: answer.cidade, ...(answer.bairro ? { bairro: answer.bairro } : {}), ...(answer.uf ? { uf: answer.uf } : {}) };
  } catch {
    return null;
  }
}

/**
 * What a typed text offers besides the known places: a CEP's bairro; "bairro, cidade - UF" as
 * typed; a bare name as a new bairro of each city the organização works in, or as a whole city.
 */
export async function typedPlaces(text: string, cities: readonly InterestPlace[], signal: AbortSignal): Promise<RelationOption[]> {
  const digits = text.replace(/\D/g, "");
  if (/^\d{5}-?\d{3}$/.test(text.trim())) {
    const place = await placeOfCep(digits, signal);
    if (!place) return [];
    const note = `CEP ${formatCep(digits)}`;
    const whole = { cidade: place.cidade, ...(place.uf ? { uf: place.uf } : {}) };
    return place.bairro ? [placeOption(place, note), placeOption(whole, "cidade inteira")] : [placeOption(whole, note)];
  }
  const parsed = parsePlace(titleCase(text));
  if (!parsed || parsed === "uf") return [];
  if (parsed.bairro || parsed.uf) return [placeOption(parsed, "novo")];
  const asBairro = cities.slice(0, 3).map((city) => placeOption({ ...city, bairro: parsed.cidade }, "novo bairro"));
  return [...asBairro, placeOption(parsed, "nova cidade")];
}

/** The cities of the known places, most used first (the known list comes sorted so). */
function citiesOf(known: readonly string[]): InterestPlace[] {
  const seen = new Set<string>();
  const out: InterestPlace[] = [];
  for (const text of known) {
    const place = parsePlace(text);
    if (!place || place === "uf") continue;
    const key = `${place.cidade}|${place.uf ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ cidade: place.cidade, ...(place.uf ? { uf: place.uf } : {}) });
  }
  return out;
}

/**
 * Places as chips, picked from the organização's known places (its imóveis' bairros and cities),
 * or typed: a bairro name, "bairro, cidade - UF" or a CEP. Each chip is sent as one `name` value.
 */
export function PlacesField({ label, name, hint, error, chosen, known, onChanged }: ListFieldProps & { known: readonly FilterOption[] }) {
  const id = `${name}-${useId()}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const choices = known.map((o) => {
    const place = parsePlace(o.value);
    const whole = place && place !== "uf" && !place.bairro;
    return { id: o.value, title: o.label, ...(whole ? { note: "cidade inteira" } : {}) };
  });
  const cities = citiesOf(known.map((o) => o.value));
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id} label={label} />
      <RelationPicker
        id={id}
        name={name}
        relation=""
        label={label}
        multiple
        choices={choices}
        typed={(text, signal) => typedPlaces(text, cities, signal)}
        defaultSelected={chosen.map((text) => ({ id: text, title: text }))}
        placeholder="Digite um bairro, uma cidade ou um CEP"
        invalid={Boolean(error)}
        describedBy={describedBy}
        onPick={() => onChanged?.()}
      />
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </div>
  );
}
