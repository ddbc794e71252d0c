import { RANGE_FROM, RANGE_TO } from "./list-params.ts";
import type { FilterView } from "./types.ts";

const control =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm text-fg focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none";

/** Values a boolean filter puts in the URL (`f.<key>=sim` / `nao`). */
export const BOOLEAN_FILTER_VALUES = { yes: "sim", no: "nao" } as const;

/**
 * One control per filterable column, named `f.<key>` so the GET form writes the URL the
 * loader reads. A date range is two inputs (`f.<key>.de`, `f.<key>.ate`) joined into
 * `f.<key>=de..ate` by `normalizeListParams`.
 */
export function FilterControls({ filters, idPrefix }: { filters: readonly FilterView[]; idPrefix: string }) {
  return (
    <div className="space-y-4">
      {filters.map((f) => {
        const id = `${idPrefix}-filtro-${f.key}`;
        const name = `f.${f.key}`;
        switch (f.type) {
          case "enum":
            return (
              <div key={f.key} className="space-y-1.5">
                <label htmlFor={id} className="block text-sm font-medium">
                  {f.label}
                </label>
                <select id={id} name={name} defaultValue={f.values[0] ?? ""} className={control}>
                  <option value="">Todos</option>
                  {f.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
            );
          case "boolean":
            return (
              <div key={f.key} className="space-y-1.5">
                <label htmlFor={id} className="block text-sm font-medium">
                  {f.label}
                </label>
                <select id={id} name={name} defaultValue={f.values[0] ?? ""} className={control}>
                  <option value="">Todos</option>
                  <option value={BOOLEAN_FILTER_VALUES.yes}>Sim</option>
                  <option value={BOOLEAN_FILTER_VALUES.no}>Não</option>
                </select>
              </div>
            );
          case "multi-enum":
            return (
              <fieldset key={f.key} className="space-y-1.5">
                <legend className="text-sm font-medium">{f.label}</legend>
                <div className={`grid gap-x-3 gap-y-1.5 ${f.options.length > 8 ? "grid-cols-4" : "grid-cols-2"}`}>
                  {f.options.map((o) => (
                    <label key={o.value} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name={name}
                        value={o.value}
                        defaultChecked={f.values.includes(o.value)}
                        className="size-4 accent-[var(--c-accent)]"
                      />
                      {o.label}
                    </label>
                  ))}
                </div>
              </fieldset>
            );
          case "date-range": {
            const [from = "", to = ""] = (f.values[0] ?? "").split("..");
            return (
              <fieldset key={f.key} className="space-y-1.5">
                <legend className="text-sm font-medium">{f.label}</legend>
                <div className="grid grid-cols-2 gap-2">
                  <div className="space-y-1">
                    <label htmlFor={`${id}-de`} className="block text-xs text-fg-soft">
                      De
                    </label>
                    <input id={`${id}-de`} type="date" name={`${name}${RANGE_FROM}`} defaultValue={from} className={control} />
                  </div>
                  <div className="space-y-1">
                    <label htmlFor={`${id}-ate`} className="block text-xs text-fg-soft">
                      Até
                    </label>
                    <input id={`${id}-ate`} type="date" name={`${name}${RANGE_TO}`} defaultValue={to} className={control} />
                  </div>
                </div>
              </fieldset>
            );
          }
          default:
            return (
              <div key={f.key} className="space-y-1.5">
                <label htmlFor={id} className="block text-sm font-medium">
                  {f.label}
                </label>
                <input id={id} type="text" name={name} defaultValue={f.values[0] ?? ""} className={control} />
              </div>
            );
        }
      })}
    </div>
  );
}
