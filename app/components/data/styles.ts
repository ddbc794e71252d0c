/** A secondary button in the danger colour (buttonClass("secondary") sets its own text colour). */
export const dangerOutlineClass =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-line bg-surface px-4 py-2.5 text-sm font-semibold text-danger transition hover:bg-danger-soft disabled:cursor-not-allowed disabled:opacity-60";

/** The same without the border, for a quieter place. */
export const dangerGhostClass =
  "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold text-danger transition hover:bg-danger-soft";

/** The relation picker's text input, shared by its server-rendered form and the lazily loaded combobox. */
export const pickerInputClass =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm text-fg placeholder:text-fg-soft/70 focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none aria-[invalid=true]:border-danger disabled:opacity-60";
