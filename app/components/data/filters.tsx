import type { ReactNode } from "react";
import { Link } from "react-router";
import { completeMoneyInput, maskDecimalInput, onMoneyInput } from "../ui/number-input.ts";
import { MONEY_FROM, MONEY_TO, RANGE_FROM, RANGE_TO } from "./list-params.ts";
import { RelationPicker } from "./relation-picker.tsx";
import type { FilterView } from "./types.ts";

const control =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm text-fg focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none";

/** Values a boolean filter puts in the URL (`f.<key>=sim` / `nao`). */
export const BOOLEAN_FILTER_VALUES = { yes: "sim", no: "nao" } as const;

type Of<T extends FilterView["type"]> = Extract<FilterView, { type: T }>;

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/** Two inputs, "De" and "Até", named so `normalizeListParams` joins them into `f.<key>=de..ate`. */
function RangeInputs({
  id,
  label,
  names,
  values,
  input,
  children,
}: {
  id: string;
  label: string;
  names: [string, string];
  values: [string, string];
  input: (props: { id: string; name: string; defaultValue: string }) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium">{label}</legend>
      <div className="grid grid-cols-2 gap-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-de`} className="block text-xs text-fg-soft">
            De
          </label>
          {input({ id: `${id}-de`, name: names[0], defaultValue: values[0] })}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-ate`} className="block text-xs text-fg-soft">
            Até
          </label>
          {input({ id: `${id}-ate`, name: names[1], defaultValue: values[1] })}
        </div>
      </div>
      {children}
    </fieldset>
  );
}

function closeMenu(target: Element) {
  target.closest("details")?.removeAttribute("open");
}

/** "Hoje", "Esta semana", "Este mês", "Mês passado": links to the list with that range. */
function DatePresets({ filter }: { filter: Of<"date-range"> }) {
  return (
    <ul className="flex flex-wrap gap-1.5 pt-1" aria-label={`Períodos de ${filter.label.toLowerCase()}`}>
      {filter.presets.map((p) => (
        <li key={p.value}>
          <Link
            to={p.href}
            preventScrollReset
            aria-current={p.current ? "true" : undefined}
            onClick={(e) => closeMenu(e.currentTarget)}
            className={`inline-block rounded-full border px-2.5 py-1 text-xs font-semibold ${
              p.current ? "border-accent bg-accent text-accent-fg" : "border-line hover:border-accent hover:bg-accent-soft"
            }`}
          >
            {p.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function FilterControl({ filter: f, idPrefix }: { filter: FilterView; idPrefix: string }) {
  const id = `${idPrefix}-filtro-${f.key}`;
  const name = `f.${f.key}`;
  switch (f.type) {
    case "enum":
      return (
        <Labelled id={id} label={f.label}>
          <select id={id} name={name} defaultValue={f.values[0] ?? ""} className={control}>
            <option value="">Todos</option>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Labelled>
      );
    case "boolean": {
      const current = f.values[0] ?? "";
      const choices = [
        { value: BOOLEAN_FILTER_VALUES.yes, label: f.yes },
        { value: BOOLEAN_FILTER_VALUES.no, label: f.no },
        { value: "", label: "Todos" },
      ];
      return (
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium">{f.label}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1.5">
            {choices.map((c) => (
              <label key={c.label} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={name}
                  value={c.value}
                  defaultChecked={current === c.value}
                  className="size-4 accent-[var(--c-accent)]"
                />
                {c.label}
              </label>
            ))}
          </div>
        </fieldset>
      );
    }
    case "multi-enum":
      return (
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium">{f.label}</legend>
          {/* As many columns as labels of ~9rem fit: a long label ("Casa em condomínio") wraps
              between its words beside its box, never under it, at 390 px as in a wide popover. */}
          <div className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-x-3 gap-y-1.5">
            {f.options.map((o) => (
              <label key={o.value} className="flex min-w-0 items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name={name}
                  value={o.value}
                  defaultChecked={f.values.includes(o.value)}
                  className="mt-0.5 size-4 shrink-0 accent-[var(--c-accent)]"
                />
                <span className="min-w-0 [overflow-wrap:normal] [word-break:normal]">{o.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      );
    case "date-range":
      return (
        <RangeInputs
          id={id}
          label={f.label}
          names={[`${name}${RANGE_FROM}`, `${name}${RANGE_TO}`]}
          values={[f.from, f.to]}
          input={(props) => <input type="date" className={control} {...props} />}
        >
          <DatePresets filter={f} />
        </RangeInputs>
      );
    case "number-range":
      return (
        <RangeInputs
          id={id}
          label={f.label}
          names={[`${name}${RANGE_FROM}`, `${name}${RANGE_TO}`]}
          values={[f.from, f.to]}
          input={(props) => (
            <input
              type="text"
              inputMode="decimal"
              autoComplete="off"
              className={`${control} tabular-nums`}
              onInput={(e) => {
                e.currentTarget.value = maskDecimalInput(e.currentTarget.value, 6);
              }}
              {...props}
            />
          )}
        />
      );
    case "money-range":
      return (
        <RangeInputs
          id={id}
          label={f.label}
          names={[`${name}${MONEY_FROM}`, `${name}${MONEY_TO}`]}
          values={[f.from, f.to]}
          input={(props) => (
            <div className="relative">
              <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-fg-soft">
                R$
              </span>
              <input
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0,00"
                className={`${control} pl-9 tabular-nums`}
                onInput={(e) => onMoneyInput(e, { prefix: false })}
                onBlur={(e) => completeMoneyInput(e.currentTarget, { prefix: false })}
                {...props}
              />
            </div>
          )}
        />
      );
    case "relation":
      return (
        <Labelled id={id} label={f.label}>
          <RelationPicker id={id} name={name} relation={f.relation} label={f.label} multiple defaultSelected={f.selected} />
        </Labelled>
      );
    default:
      if (f.options?.length) {
        // Picked from the loader's values (several: any of them), searched as typed; kept in the URL as `f.<key>`.
        const choices = f.options.map((o) => ({ id: o.value, title: o.label }));
        return (
          <Labelled id={id} label={f.label}>
            <RelationPicker
              id={id}
              name={name}
              relation=""
              label={f.label}
              multiple
              choices={choices}
              defaultSelected={f.values.map((v) => choices.find((c) => c.id === v) ?? { id: v, title: v })}
              placeholder="Digite para escolher"
            />
          </Labelled>
        );
      }
      return (
        <Labelled id={id} label={f.label}>
          <input id={id} type="text" name={name} defaultValue={f.values[0] ?? ""} className={control} />
        </Labelled>
      );
  }
}

/**
 * One control per filterable column, named `f.<key>` so the GET form writes the URL the loader
 * reads. Ranges are two inputs joined into `f.<key>=de..ate` by `normalizeListParams` (money
 * typed in reais becomes centavos there).
 */
export function FilterControls({ filters, idPrefix }: { filters: readonly FilterView[]; idPrefix: string }) {
  return (
    <div className="space-y-4">
      {filters.map((f) => (
        <FilterControl key={f.key} filter={f} idPrefix={idPrefix} />
      ))}
    </div>
  );
}
