import { useState } from "react";
import { Button } from "../ui/button.tsx";

/**
 * "Choose one, then Adicionar": a labelled select and its button, used by the finish panel for
 * services performed, products consumed and products sold. The button is off until a choice.
 */
export function AddPicker({
  label,
  placeholder,
  options,
  button = "Adicionar",
  onAdd,
}: {
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  button?: string;
  onAdd: (value: string) => void;
}) {
  const [chosen, setChosen] = useState("");
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      <label className="flex min-w-0 flex-1 flex-col text-xs font-semibold">
        {label}
        <select
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          className="mt-1 w-full rounded-lg border border-line bg-surface px-2 py-1.5 text-sm"
        >
          <option value="">{placeholder}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <Button
        type="button"
        variant="secondary"
        disabled={!chosen}
        onClick={() => {
          onAdd(chosen);
          setChosen("");
        }}
      >
        {button}
      </Button>
    </div>
  );
}
